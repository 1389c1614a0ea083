import Foundation
import Synchronization

/// A running `Tests/Fixtures/fixture_server.py`: the loopback stand-in for
/// www.loghatnameh.de, the ad hosts and misbehaving servers. Each test starts
/// its own (they are cheap) so that hit counters never mix between tests.
///
/// Point real host names at it with a connect-to mapping
/// ("www.loghatnameh.de:80:127.0.0.1:\(server.port)"); the Host header
/// chooses the site. The endpoints are documented at the top of the script.
public final class FixtureServer: Sendable {
    /// The port to send requests to (HTTPS when started with `tls`).
    public let port: Int
    /// A plain-HTTP port serving the same sites and counters: `port` itself
    /// without TLS. The control calls below go through it.
    public let plainPort: Int
    /// Whether `port` speaks HTTPS.
    public let isTLS: Bool
    private let child: ChildProcess

    /// The script, found relative to this source file.
    public static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fixture_server.py")

    /// `Tests/Fixtures/sites`: one folder per host name.
    public static let defaultSites = script.deletingLastPathComponent().appendingPathComponent("sites")

    private init(port: Int, plainPort: Int, isTLS: Bool, child: ChildProcess) {
        self.port = port
        self.plainPort = plainPort
        self.isTLS = isTLS
        self.child = child
    }

    deinit {
        child.stop()
    }

    /// Starts a server on a free port on 127.0.0.1 and waits until it listens.
    ///
    /// - Parameters:
    ///   - sites: the folder of sites (default `Tests/Fixtures/sites`).
    ///   - tls: PEM files of the certificate (chain) and key; `port` then speaks HTTPS.
    ///   - timeout: how long to wait for the server to announce its port.
    /// - Throws: `FixtureServerError` with the server's stderr when it does not start.
    public static func start(
        sites: URL? = nil, tls: (cert: String, key: String)? = nil, timeout: Duration = .seconds(30)
    ) throws -> FixtureServer {
        var arguments = ["python3", script.path, "--sites", (sites ?? defaultSites).path, "--port", "0", "--parent-watch"]
        if let tls { arguments += ["--tls-cert", tls.cert, "--tls-key", tls.key] }
        let child = try ChildProcess(arguments: arguments)
        do {
            let line = try child.readLine(timeout: timeout)
            struct Announcement: Decodable {
                var port: Int
                var plain_port: Int?
            }
            let announcement = try JSONDecoder().decode(Announcement.self, from: Data(line.utf8))
            return FixtureServer(
                port: announcement.port, plainPort: announcement.plain_port ?? announcement.port,
                isTLS: tls != nil, child: child)
        } catch {
            child.stop()
            throw FixtureServerError("the fixture server did not start: \(error)\(child.errorOutput())")
        }
    }

    /// Requests per host name since the start or the last `reset()`
    /// (not counting `/_fixture/` endpoints).
    public func hits() throws -> [String: Int] {
        try JSONDecoder().decode([String: Int].self, from: control("GET", "/_fixture/hits"))
    }

    /// The recent requests (at most 500), oldest first.
    public func requests() throws -> [FixtureRequest] {
        try JSONDecoder().decode([FixtureRequest].self, from: control("GET", "/_fixture/requests"))
    }

    /// Clears the hit counters and the recorded requests.
    public func reset() throws {
        _ = try control("POST", "/_fixture/reset")
    }

    /// Stops the server (SIGTERM, then SIGKILL after 5 s) and waits for it.
    /// Also done on deinit.
    public func stop() {
        child.stop()
    }

    func control(_ method: String, _ path: String, body: [UInt8]? = nil) throws -> Data {
        let raw = RawHTTP.request(method: method, path: path, host: "fixture.control", body: body ?? (method == "POST" ? [] : nil))
        let response = try RawHTTP.exchange(port: plainPort, raw: raw, timeout: .seconds(10))
        guard response.status == 200 else {
            throw FixtureServerError("\(method) \(path) answered \(response.status): \(response.text)")
        }
        return Data(response.body)
    }
}

/// A request as the fixture server recorded it.
public struct FixtureRequest: Sendable, Decodable {
    /// The Host header, lower-cased, without the port.
    public var host: String
    public var method: String
    /// Path and query, as sent.
    public var path: String
    /// Lower-cased names; repeated headers joined by ", ".
    public var headers: [String: String]
    /// Every header line as sent, in order.
    public var headerList: [[String]]
    /// The body as UTF-8.
    public var body: String

    enum CodingKeys: String, CodingKey {
        case host, method, path, headers, body
        case headerList = "header_list"
    }

    /// The value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}

/// Why the fixture server could not be started or asked.
public struct FixtureServerError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension FixtureServer {
    /// How `serveList` answers a list's path.
    public enum ListMode: String, Sendable {
        /// 200 with an ETag and Last-Modified; 304 to a request that sends them back.
        case ok
        /// 500.
        case error
        /// A Content-Length twice the body's, half the body, then the connection closes.
        case truncated
    }

    /// From now on `GET path` on any host answers with `list` as `mode` says
    /// (the subscription tests' rule lists).
    public func serveList(at path: String, _ list: String, mode: ListMode = .ok) throws {
        let query = path.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "/._-"))) ?? path
        _ = try control("PUT", "/_fixture/list?path=\(query)&mode=\(mode.rawValue)", body: Array(list.utf8))
    }
}
