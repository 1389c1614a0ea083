/// A deliberately small HTTP/1.1 client over plain POSIX sockets, for tests
/// that talk to limot's own server (or the fixture server) byte by byte:
/// hostile requests, smuggling attempts, keep-alive, exact headers. It does
/// not depend on the `Fetch` module, so it can check the client too.
public enum RawHTTP {
    /// Sends `raw` as is to 127.0.0.1:`port` and reads one response; nil when
    /// the connection fails, closes without a complete response, or `timeout`
    /// passes. Use `exchange` to learn why.
    public static func send(port: Int, raw: [UInt8], timeout: Duration = .seconds(10)) -> RawHTTPResponse? {
        try? exchange(port: port, raw: raw, timeout: timeout)
    }

    /// `send` with the reason when there is no response.
    public static func exchange(port: Int, raw: [UInt8], address: String = "127.0.0.1", timeout: Duration = .seconds(10)) throws(RawHTTPError) -> RawHTTPResponse {
        let connection = try RawHTTPConnection(port: port, address: address, timeout: timeout)
        defer { connection.close() }
        try connection.write(raw)
        return try connection.readResponse(isHEAD: raw.starts(with: Array("HEAD ".utf8)))
    }

    /// A GET (or `method`) of `path` with `Host: host`, the given headers, and
    /// `Connection: close`.
    public static func get(
        port: Int, path: String, host: String = "127.0.0.1", headers: [(String, String)] = [],
        method: String = "GET", body: [UInt8]? = nil, timeout: Duration = .seconds(10)
    ) -> RawHTTPResponse? {
        send(port: port, raw: request(method: method, path: path, host: host, headers: headers, body: body), timeout: timeout)
    }

    /// The bytes of a well-formed request: `Host`, the headers as given,
    /// `Content-Length` when there is a body, `Connection: close` unless
    /// `headers` has its own `Connection`.
    public static func request(method: String = "GET", path: String, host: String, headers: [(String, String)] = [], body: [UInt8]? = nil) -> [UInt8] {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if let body, !headers.contains(where: { $0.0.lowercased() == "content-length" }) {
            text += "Content-Length: \(body.count)\r\n"
        }
        if !headers.contains(where: { $0.0.lowercased() == "connection" }) { text += "Connection: close\r\n" }
        text += "\r\n"
        return Array(text.utf8) + (body ?? [])
    }
}

/// Why a raw exchange produced no response.
public struct RawHTTPError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One parsed response.
public struct RawHTTPResponse: Sendable {
    /// "HTTP/1.1".
    public var version: String
    public var status: Int
    public var reason: String
    /// In the order received, names as sent.
    public var headers: [(name: String, value: String)]
    /// The body after removing chunked framing (never content-decoded).
    public var body: [UInt8]

    public init(version: String, status: Int, reason: String, headers: [(name: String, value: String)], body: [UInt8]) {
        self.version = version
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }

    /// The body as UTF-8 (invalid bytes replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The first value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of header `name` (case-insensitive), in order.
    public func headers(named name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }
}
