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

    /// The pane's text now.
    func capture() throws -> String {
        Self.text(try tmux(["capture-pane", "-p", "-t", "limot"]).output)
    }

    /// The pane's text once the program has ended (or the time is up).
    func screenWhenDone(within seconds: TimeInterval = 60) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var screen = try capture()
        while !screen.contains(Self.doneMarker) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            screen = try capture()
        }
        return screen
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
