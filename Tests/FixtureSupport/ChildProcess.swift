import Foundation
import Synchronization

/// A helper process for tests: started through `/usr/bin/env` (so `python3`
/// comes from PATH), its stdout read line by line with a deadline, its stderr
/// kept in a file for error messages, and its stdin held open so that it can
/// notice (with `--parent-watch`) when the test process dies.
final class ChildProcess: Sendable {
    private let process: Process
    private let input: Pipe
    private let output: Pipe
    private let errorFile: URL
    private let stopped = Mutex(false)

    init(arguments: [String]) throws {
        process = Process()
        input = Pipe()
        output = Pipe()
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("limot-child-\(UUID().uuidString).stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        do {
            try process.run()
        } catch {
            throw FixtureServerError("could not run \(arguments.joined(separator: " ")): \(error)")
        }
    }

    /// The next line of stdout, without its newline.
    func readLine(timeout: Duration) throws -> String {
        let descriptor = output.fileHandleForReading.fileDescriptor
        let deadline = ContinuousClock.now + timeout
        var line: [UInt8] = []
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else {
                throw FixtureServerError("no output within \(timeout)")
            }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(clamping: remaining.components.seconds * 1000 + 1))
            if ready < 0 && errno != EINTR { throw FixtureServerError("poll failed: \(String(cString: strerror(errno)))") }
            if ready <= 0 { continue }
            var byte: UInt8 = 0
            let count = read(descriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                process.waitUntilExit()
                throw FixtureServerError("it exited with status \(process.terminationStatus)")
            }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
    }

    /// "\nits stderr:\n…" when the process wrote anything there, else "".
    func errorOutput() -> String {
        guard let data = FileManager.default.contents(atPath: errorFile.path), !data.isEmpty else { return "" }
        return "\nits stderr:\n" + String(decoding: data, as: UTF8.self)
    }

    /// SIGTERM, then SIGKILL after 5 s; waits for the exit. Idempotent.
    func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        // The end of stdin alone stops a server run with --parent-watch;
        // SIGTERM covers everything else.
        try? input.fileHandleForWriting.close()
        if process.isRunning {
            process.terminate()
            let deadline = ContinuousClock.now + .seconds(5)
            while process.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? output.fileHandleForReading.close()
        try? FileManager.default.removeItem(at: errorFile)
    }
}
