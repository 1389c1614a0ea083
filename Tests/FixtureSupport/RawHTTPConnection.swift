/// One connection for several exchanges (keep-alive, pipelining) or for
/// sending a request in pieces. Not shared between tasks.
public final class RawHTTPConnection {
    private let socket: LoopbackSocket

    /// Connects to `address`:`port`; every later read and write shares one
    /// deadline, `timeout` from now.
    public init(port: Int, address: String = "127.0.0.1", timeout: Duration = .seconds(10)) throws(RawHTTPError) {
        socket = try LoopbackSocket(address: address, port: port, timeout: timeout)
    }

    public func write(_ bytes: [UInt8]) throws(RawHTTPError) {
        try socket.write(bytes)
    }

    public func write(_ text: String) throws(RawHTTPError) {
        try socket.write(Array(text.utf8))
    }

    /// Tells the peer no more bytes follow (TCP half-close).
    public func finishWriting() {
        socket.shutdownWrite()
    }

    public func close() {
        socket.close()
    }

    /// Whether the peer closed the connection: true when nothing but the end
    /// of the stream follows.
    public func isClosedByPeer() -> Bool {
        (try? socket.readToEnd().isEmpty) ?? false
    }

    /// Reads the next response, skipping interim 1xx answers. The body is
    /// framed by chunked encoding, Content-Length, or the end of the stream;
    /// `isHEAD` (and 204, 304) means there is none.
    public func readResponse(isHEAD: Bool = false) throws(RawHTTPError) -> RawHTTPResponse {
        while true {
            guard let statusLine = try socket.readLine() else {
                throw RawHTTPError("the connection closed without a response")
            }
            let parts = String(decoding: statusLine, as: UTF8.self).split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
                throw RawHTTPError("not an HTTP status line: \(String(decoding: statusLine, as: UTF8.self))")
            }
            var headers: [(name: String, value: String)] = []
            while let line = try socket.readLine(), !line.isEmpty {
                let text = String(decoding: line, as: UTF8.self)
                guard let colon = text.firstIndex(of: ":") else { throw RawHTTPError("malformed header line: \(text)") }
                headers.append((String(text[..<colon]), text[text.index(after: colon)...].trimming(" \t")))
            }
            if (100..<200).contains(status) && status != 101 { continue }
            var response = RawHTTPResponse(
                version: String(parts[0]), status: status, reason: parts.count > 2 ? String(parts[2]) : "",
                headers: headers, body: [])
            if isHEAD || status == 204 || status == 304 || status == 101 { return response }
            if response.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
                response.body = try readChunkedBody()
            } else if let length = response.header("Content-Length") {
                guard let count = Int(length.trimming(" ")), count >= 0 else {
                    throw RawHTTPError("bad Content-Length: \(length)")
                }
                response.body = try socket.read(count: count)
            } else {
                response.body = try socket.readToEnd()
            }
            return response
        }
    }

    private func readChunkedBody() throws(RawHTTPError) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            guard let line = try socket.readLine() else { throw RawHTTPError("the connection closed inside a chunked body") }
            let sizeText = String(decoding: line, as: UTF8.self).split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimming(" "), radix: 16), size >= 0 else {
                throw RawHTTPError("bad chunk size line: \(String(decoding: line, as: UTF8.self))")
            }
            if size == 0 {
                while let trailer = try socket.readLine(), !trailer.isEmpty {}
                return body
            }
            body += try socket.read(count: size)
            _ = try socket.readLine()
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing characters from `set` (no Foundation needed).
    func trimming(_ set: String) -> String {
        let characters = Set(set)
        guard let first = firstIndex(where: { !characters.contains($0) }) else { return "" }
        let last = lastIndex(where: { !characters.contains($0) })!
        return String(self[first...last])
    }
}
