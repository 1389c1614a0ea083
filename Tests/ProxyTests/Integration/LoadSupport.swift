import FixtureSupport
import Foundation

/// `wrk` (Debian package `wrk`) with `Tests/Fixtures/wrk_report.lua`, which
/// ends each run with one `WRK-REPORT {json}` line: errors, answers outside
/// 2xx by status, requests, latency percentiles.
enum Wrk {
    /// `wrk` from PATH, nil when it is not installed.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("wrk")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    static let script = FixtureServer.script.deletingLastPathComponent().appendingPathComponent("wrk_report.lua")

    /// What one run measured.
    struct Report: Decodable, Sendable, CustomStringConvertible {
        var requests: Int
        var durationMicroseconds: Int
        var bytes: Int
        var connectErrors: Int
        var readErrors: Int
        var writeErrors: Int
        var timeouts: Int
        /// Answers outside 200–299, and how many of each status.
        var non2xx: Int
        var statuses: [String: Int]
        var p50Microseconds: Int
        var p90Microseconds: Int
        var p99Microseconds: Int
        var maxMicroseconds: Int

        enum CodingKeys: String, CodingKey {
            case requests, bytes, timeouts, non2xx, statuses
            case durationMicroseconds = "duration_us"
            case connectErrors = "connect_errors", readErrors = "read_errors", writeErrors = "write_errors"
            case p50Microseconds = "p50_us", p90Microseconds = "p90_us", p99Microseconds = "p99_us", maxMicroseconds = "max_us"
        }

        /// Socket errors and timeouts together.
        var errors: Int { connectErrors + readErrors + writeErrors + timeouts }

        var requestsPerSecond: Double {
            Double(requests) / max(Double(durationMicroseconds) / 1e6, 1e-6)
        }

        var description: String {
            let rate = String(format: "%.0f", requestsPerSecond)
            let ms = { (us: Int) in String(format: "%.1f ms", Double(us) / 1000) }
            return "\(requests) requests, \(rate) req/s, p50 \(ms(p50Microseconds)), p90 \(ms(p90Microseconds)), "
                + "p99 \(ms(p99Microseconds)), max \(ms(maxMicroseconds)); errors: connect \(connectErrors), "
                + "read \(readErrors), write \(writeErrors), timeout \(timeouts); non-2xx \(non2xx) \(statuses)"
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `wrk -t2 -c<connections> -d<seconds>s` against 127.0.0.1:`port``path`,
    /// with the request headers `headers` ("Name: value"). wrk's own request
    /// timeout is `requestTimeout`: a slower answer counts as an error.
    static func run(
        port: Int, path: String, connections: Int, seconds: Int,
        headers: [String] = [], requestTimeout: Int = 30
    ) async throws -> Report {
        guard let executable else { throw Failure(description: "wrk is not installed (Debian package wrk)") }
        let folder = FileManager.default.temporaryDirectory
        let output = folder.appendingPathComponent("limot-wrk-\(UUID().uuidString).out")
        let errors = folder.appendingPathComponent("limot-wrk-\(UUID().uuidString).err")
        for file in [output, errors] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        defer { for file in [output, errors] { try? FileManager.default.removeItem(at: file) } }

        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "-t2", "-c\(connections)", "-d\(seconds)s", "--timeout", "\(requestTimeout)s",
            "-s", script.path, "http://127.0.0.1:\(port)\(path)", "--",
        ] + headers
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: output)
        // Never the runner's own stderr (see LimotServe.start).
        process.standardError = try FileHandle(forWritingTo: errors)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                continuation.resume()
                return
            }
            ChildProcesses.register(process.processIdentifier)
            // wrk ends on its own after `seconds`; this only stops a hung one.
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds + requestTimeout + 60)) {
                if process.isRunning { kill(pid, SIGKILL) }
            }
        }
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        let problems = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        guard process.terminationReason == .exit, process.terminationStatus == 0,
              let line = text.split(separator: "\n").last(where: { $0.hasPrefix("WRK-REPORT ") }) else {
            throw Failure(description: "wrk failed (status \(process.terminationStatus)):\n\(text)\(problems)")
        }
        return try JSONDecoder().decode(Report.self, from: Data(line.dropFirst("WRK-REPORT ".count).utf8))
    }
}

/// What /proc tells about a running process.
struct ProcessUsage: Sendable, CustomStringConvertible {
    /// VmRSS.
    var residentKiB: Int
    /// Threads (the Threads: line).
    var threads: Int
    /// Entries of /proc/PID/fd.
    var descriptors: Int

    init(pid: Int32) throws {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        func field(_ name: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return -1 }
            let words = line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" })
            return words.first.flatMap { Int($0) } ?? -1
        }
        residentKiB = field("VmRSS")
        threads = field("Threads")
        descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
    }

    var residentMiB: Double { Double(residentKiB) / 1024 }

    var description: String {
        String(format: "RSS %.1f MiB, %d threads, %d descriptors", residentMiB, threads, descriptors)
    }
}

/// A plain-text record of a load test for the CI log and for people:
/// `.build/test-artefacts/NAME.txt` in the package (printed too).
struct LoadReport {
    let name: String
    private(set) var lines: [String] = []

    init(name: String) { self.name = name }

    mutating func add(_ line: String) {
        lines.append(line)
        print("[\(name)] \(line)")
    }

    /// Writes the file; its path.
    @discardableResult
    func write() -> String {
        let folder = FixtureServer.script
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/test-artefacts")
        let file = folder.appendingPathComponent("\(name).txt")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
            print("[\(name)] report: \(file.path)")
        } catch {
            print("[\(name)] could not write \(file.path): \(error)")
        }
        return file.path
    }
}
