import FixtureSupport
import Foundation

/// A program running in a tmux server of its own (own socket, no
/// configuration file, UTF-8), for tests of what a terminal shows. The
/// program runs as an argv through /bin/sh, not through $SHELL (CI's login
/// shell may not run commands at all); ``doneMarker`` is echoed after it
/// ends, and the pane then stays for 60 s to be captured.
///
/// The client that starts the server is not waited for: Foundation learns of
/// a child's exit through a descriptor the new server inherits, so that wait
/// would last as long as the server. `has-session` is polled instead.
struct TmuxScreen {
    static let doneMarker = "LIMOT-DONE"
    let folder: URL
    let socket: String

    init(folder: URL, columns: Int, rows: Int, command: [String]) throws {
        self.folder = folder
        socket = folder.appendingPathComponent("tmux-\(UUID().uuidString.prefix(8)).socket").path
        let line = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
            + "; echo \(Self.doneMarker); sleep 60"
        let started = try tmux(["new-session", "-d", "-s", "limot", "-x", "\(columns)", "-y", "\(rows)", "--", "/bin/sh", "-c", line],
                               wait: false)
        let deadline = Date().addingTimeInterval(30)
        while try tmux(["has-session", "-t", "limot"]).process.terminationStatus != 0 {
            guard Date() < deadline else {
                throw FixtureServerError("tmux new-session did not start: \(Self.text(started.output))")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// The pane's text now; `joined` joins the rows a long line wrapped
    /// onto, `scrollback` adds what scrolled off the top.
    func capture(joined: Bool = false, scrollback: Bool = false) throws -> String {
        Self.text(try tmux(["capture-pane", "-p", "-t", "limot"] + (joined ? ["-J"] : []) + (scrollback ? ["-S", "-"] : [])).output)
    }

    /// Types `text` as it is, character by character.
    func type(_ text: String) throws {
        _ = try tmux(["send-keys", "-t", "limot", "-l", text])
    }

    /// Presses keys by tmux's names for them: "Enter", "Up", "C-r", "Home".
    func press(_ keys: String...) throws {
        _ = try tmux(["send-keys", "-t", "limot"] + keys)
    }

    func resize(columns: Int, rows: Int) throws {
        _ = try tmux(["resize-window", "-t", "limot", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The pane's text (captured as `capture` says) once `condition` holds
    /// for it, or when the time is up (the caller's expectation then fails
    /// with the screen in its message).
    func screen(joined: Bool = false, scrollback: Bool = false, within seconds: TimeInterval = 30,
                when condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var screen = try capture(joined: joined, scrollback: scrollback)
        while !condition(screen) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            screen = try capture(joined: joined, scrollback: scrollback)
        }
        return screen
    }

    /// The pane's text once the program has ended (or the time is up).
    func screenWhenDone(within seconds: TimeInterval = 60) throws -> String {
        try screen(within: seconds) { $0.contains(Self.doneMarker) }
    }

    func stop() {
        _ = try? tmux(["kill-server"])
    }

    /// Runs tmux on this server; `wait` waits for it to exit.
    private func tmux(_ arguments: [String], wait: Bool = true) throws -> (process: Process, output: URL) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-u", "-f", "/dev/null", "-S", socket] + arguments
        let outputFile = folder.appendingPathComponent("tmux-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputFile)
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        try process.run()
        if wait { process.waitUntilExit() }
        return (process, outputFile)
    }

    private static func text(_ file: URL) -> String {
        (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }
}
