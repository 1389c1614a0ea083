#if canImport(Glibc)
import Glibc
#endif
import FixtureSupport
import Foundation
import Synchronization
import Testing

/// The real `limot serve` against the loopback fixture sites: the dictionary
/// and the ad and tracker hosts, over verified TLS with a test CA, reached by
/// their real names through `--connect-to`, as in production.
final class ProxyTestbed: Sendable {
    let fixtures: FixtureServer
    let authority: TestCertificateAuthority
    let proxy: LimotServe

    /// Every host with a folder in Tests/Fixtures/sites.
    static let siteHosts: [String] = {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: FixtureServer.defaultSites.path)) ?? []
        return folders.filter { $0.contains(".") && !$0.hasSuffix(".md") && !$0.hasSuffix(".json") }.sorted()
    }()
    /// The ad and tracker hosts of the fixture pages; they must get no request.
    /// (neu.loghatnameh.de is the dictionary itself, after a redesign moved its search.)
    static let adHosts = siteHosts.filter { !$0.hasSuffix("loghatnameh.de") && $0 != "fonts.gstatic.com" }

    private static let shared = Mutex<Result<ProxyTestbed, any Error>?>(nil)

    /// One testbed for the whole run (tests use their own browser sessions).
    static func get() throws -> ProxyTestbed {
        try shared.withLock { shared in
            if shared == nil { shared = Result { try ProxyTestbed() } }
            return try shared!.get()
        }
    }

    /// A testbed of its own: its own fixture server and its own `limot
    /// serve` (so that its memory, threads and descriptors are its own),
    /// with `timeout` as `--timeout`. Stopped on deinit.
    static func dedicated(timeout: Int = 3) throws -> ProxyTestbed {
        try ProxyTestbed(timeout: timeout)
    }

    private init(timeout: Int = 3) throws {
        authority = try TestCertificateAuthority(hosts: Self.siteHosts)
        fixtures = try FixtureServer.start(tls: (authority.certificateFile, authority.keyFile))
        proxy = try LimotServe.start(Self.upstreamArguments(fixtures, authority) + ["--timeout", "\(timeout)", "--max-body", "2"])
    }

    /// Trust in the test CA, and every fixture host mapped to the fixture
    /// server as `--connect-to` does it.
    private static func upstreamArguments(_ fixtures: FixtureServer, _ authority: TestCertificateAuthority) -> [String] {
        var arguments = ["--cacert", authority.caFile]
        for host in siteHosts {
            arguments += ["--connect-to", "\(host):443:127.0.0.1:\(fixtures.port)", "--connect-to", "\(host):80:127.0.0.1:\(fixtures.plainPort)"]
        }
        return arguments
    }

    /// Another `limot serve` on the same fixture sites, with other options
    /// (`--theme dark`, say).
    func startProxy(_ options: [String], dataDir: String? = nil) throws -> LimotServe {
        try LimotServe.start(Self.upstreamArguments(fixtures, authority) + options, dataDir: dataDir)
    }

    /// A fresh browser (its own cookie jar, so its own session).
    func browser() -> TestBrowser { TestBrowser(port: proxy.port) }

    /// Requests the ad and tracker hosts received so far: must stay empty.
    func adHits() throws -> [String: Int] {
        try fixtures.hits().filter { Self.adHosts.contains($0.key) }
    }
}

/// `limot serve --port 0 …` as a child process; the port is read from its
/// first line of output.
final class LimotServe: Sendable {
    let port: Int
    private let process: Process

    static var executable: URL { Bundle.main.bundleURL.appendingPathComponent("limot") }

    /// Each server keeps its store in a folder of its own, never the user's:
    /// `dataDir` when given (kept afterwards, for the next server: a restart),
    /// else a new temporary one, removed with the server.
    static func start(_ arguments: [String], dataDir: String? = nil) throws -> LimotServe {
        let directory = dataDir ?? FileManager.default.temporaryDirectory.appendingPathComponent("limot-proxy-\(UUID().uuidString)").path
        let (process, port, log) = try ChildProcesses.startServerWithLog(
            executable, ["serve", "--port", "0", "--log-level", "warning", "--data-dir", directory] + arguments,
            name: "limot serve", portPattern: #"127\.0\.0\.1:(\d+)/"#
        )
        return LimotServe(port: port, process: process, dataDir: directory, ownsDataDir: dataDir == nil, logFile: log)
    }

    let dataDir: String
    private let ownsDataDir: Bool
    private let logFile: URL

    private init(port: Int, process: Process, dataDir: String, ownsDataDir: Bool, logFile: URL) {
        self.port = port
        self.process = process
        self.dataDir = dataDir
        self.ownsDataDir = ownsDataDir
        self.logFile = logFile
    }

    /// What the server has logged so far (its stderr).
    func log() -> String {
        (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        if ownsDataDir { try? FileManager.default.removeItem(atPath: dataDir) }
    }

    /// Kills the server at once (SIGKILL), as a crash or a power cut would.
    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    var isRunning: Bool { process.isRunning }

    /// The server's process id (for /proc/PID/…).
    var pid: Int32 { process.processIdentifier }

    /// Sends SIGTERM and waits; the exit status.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// A browser in miniature: keeps cookies, follows the proxy's redirects.
final class TestBrowser: @unchecked Sendable {
    let port: Int
    private(set) var cookies: [String: String] = [:]

    init(port: Int, cookies: [String: String] = [:]) {
        self.port = port
        self.cookies = cookies
    }

    /// One request, cookies sent and stored; no redirect followed.
    func request(_ path: String, method: String = "GET", headers: [(String, String)] = [], body: [UInt8]? = nil) throws -> RawHTTPResponse {
        var all = headers
        if !cookies.isEmpty {
            all.append(("Cookie", cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")))
        }
        let raw = RawHTTP.request(method: method, path: path, host: "127.0.0.1:\(port)", headers: all, body: body)
        let response = try RawHTTP.exchange(port: port, raw: raw, timeout: .seconds(20))
        for (name, value) in response.headers where name.lowercased() == "set-cookie" {
            let pair = value.split(separator: ";").first ?? ""
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { cookies[parts[0].trimmingCharacters(in: .whitespaces)] = String(parts[1]) }
        }
        return response
    }

    /// A navigation: follows 3xx redirects to the proxy's own paths.
    func open(_ path: String, headers: [(String, String)] = []) throws -> RawHTTPResponse {
        var response = try request(path, headers: headers)
        var hops = 0
        while (300..<400).contains(response.status), let location = response.header("Location"), hops < 5 {
            #expect(location.hasPrefix("/"), "the proxy redirects to its own paths only, not \(location)")
            response = try request(location, headers: headers)
            hops += 1
        }
        return response
    }
}

/// Servers started by the tests, killed when the test process exits (a
/// shared testbed is never deinitialised).
enum ChildProcesses {
    /// Runs a server that prints the port it chose, and reads that port from
    /// its standard output: the first number `portPattern` captures. Its
    /// stderr goes to a temporary file, not the test runner's own stderr (a
    /// server that outlived the run would keep `swift test` waiting for that
    /// pipe to close), and is quoted when the server does not start.
    static func startServer(_ executable: URL, _ arguments: [String], name: String, portPattern: String) throws -> (Process, Int) {
        let (process, port, _) = try startServerWithLog(executable, arguments, name: name, portPattern: portPattern)
        return (process, port)
    }

    /// `startServer`, and the file its stderr goes to.
    static func startServerWithLog(_ executable: URL, _ arguments: [String], name: String, portPattern: String) throws -> (Process, Int, URL) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("limot-test-\(executable.lastPathComponent)-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        register(process.processIdentifier)
        let pattern = try Regex(portPattern)
        var text = ""
        let handle = output.fileHandleForReading
        while true {
            if let match = text.firstMatch(of: pattern), match.count > 1, let digits = match[1].substring, let port = Int(digits) {
                return (process, port, log)
            }
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        process.terminate()
        let errors = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw FixtureServerError("\(name) did not start: \(text)\(errors)")
    }

    private static let pids = Mutex<[Int32]>([])
    private static let installed = Mutex(false)

    static func register(_ pid: Int32) {
        pids.withLock { $0.append(pid) }
        installed.withLock { installed in
            guard !installed else { return }
            installed = true
            atexit {
                for pid in ChildProcesses.pids.withLock({ $0 }) { kill(pid, SIGKILL) }
            }
        }
    }
}

/// Runs another `limot` command (a lookup beside the server, say) to its end.
enum LimotCommand {
    struct Result {
        var status: Int32
        var standardError: String
    }

    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = LimotServe.executable
        process.arguments = arguments
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("limot-command-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        let handle = try FileHandle(forWritingTo: errors)
        defer { try? handle.close() }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, standardError: (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
    }
}
