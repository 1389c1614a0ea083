import HTTPTypes

/// Collects the response header lines curl hands to the header callback, one
/// at a time, and enforces `FetchLimits.maxHeaderBytes` as they arrive.
struct ResponseHeaderParser: Sendable {
    /// Header fields of the latest response (interim 1xx answers are
    /// replaced), in order, repeated fields kept. A line whose name is not a
    /// token (a broken or hostile server's) is skipped.
    private(set) var headers = HTTPFields()
    /// Bytes of all header lines of this hop so far, status lines included.
    private(set) var byteCount = 0
    /// False after a skipped line, so that its folded continuation is skipped
    /// too instead of joining the field before it.
    private var lastLineKept = true
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Headers describing the wire, not the decoded body handed to callers.
    static let wireHeaders: Set<HTTPField.Name> = [.contentEncoding, .contentLength, .transferEncoding]

    /// Adds one line as curl delivers it (with its CRLF). Returns false when
    /// the headers have grown past `limit`.
    mutating func consume(_ line: UnsafeRawBufferPointer) -> Bool {
        byteCount += line.count
        guard byteCount <= limit else { return false }
        var end = line.count
        while end > 0, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
        let bytes = UnsafeRawBufferPointer(rebasing: line[0..<end])
        if bytes.isEmpty { return true }
        if bytes.starts(with: "HTTP/".utf8) {
            headers.removeAll(keepingCapacity: true)
            return true
        }
        if bytes[0] == 0x20 || bytes[0] == 0x09 {
            // Obsolete line folding: part of the previous value.
            if lastLineKept, !headers.isEmpty {
                headers[headers.count - 1].value += " " + Self.text(bytes).trimmingSpaces()
            }
            return true
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return true }
        guard let name = HTTPField.Name(Self.text(UnsafeRawBufferPointer(rebasing: bytes[0..<colon]))) else {
            lastLineKept = false
            return true
        }
        lastLineKept = true
        let value = Self.text(UnsafeRawBufferPointer(rebasing: bytes[(colon + 1)...])).trimmingSpaces()
        headers.append(HTTPField(name: name, value: value))
        return true
    }

    /// The headers to hand to callers: without those describing the wire.
    static func decodedBodyHeaders(_ headers: HTTPFields) -> HTTPFields {
        headers.filter { !wireHeaders.contains($0.name) }
    }

    /// Header bytes are UTF-8 when valid, else ISO-8859-1 as RFC 9110 allows.
    static func text(_ bytes: UnsafeRawBufferPointer) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}

extension String {
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return String(scalars[first...last])
    }
}
