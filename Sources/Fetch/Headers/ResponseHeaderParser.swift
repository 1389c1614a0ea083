import HTTPTypes
import UTF8Check

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

    /// About as many fields as a site's answer has (nginx sends 6–10, a CDN more).
    static let usualFieldCount = 16

    /// Headers describing the wire, not the decoded body handed to callers.
    static let wireHeaders: [HTTPField.Name] = [.contentEncoding, .contentLength, .transferEncoding]

    /// Adds one line as curl delivers it (with its CRLF). Returns false when
    /// the headers have grown past `limit`.
    mutating func consume(_ line: UnsafeRawBufferPointer) -> Bool {
        byteCount += line.count
        guard byteCount <= limit else { return false }
        var end = line.count
        while end > 0, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
        let bytes = UnsafeRawBufferPointer(rebasing: line[0..<end])
        if bytes.isEmpty { return true }
        if Self.isStatusLine(bytes) {
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
        // Room for a usual answer's fields at once, not grown from one by doubling.
        if headers.isEmpty { headers.reserveCapacity(Self.usualFieldCount) }
        let nameBytes = UnsafeRawBufferPointer(rebasing: bytes[0..<colon])
        guard let name = CommonFieldNames.name(nameBytes) ?? HTTPField.Name(Self.text(nameBytes)) else {
            lastLineKept = false
            return true
        }
        lastLineKept = true
        // Trimmed as bytes, so that the value is made as a string once.
        var valueStart = colon + 1, valueEnd = bytes.count
        while valueStart < valueEnd, bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09 { valueStart += 1 }
        while valueEnd > valueStart, bytes[valueEnd - 1] == 0x20 || bytes[valueEnd - 1] == 0x09 { valueEnd -= 1 }
        let value = Self.text(UnsafeRawBufferPointer(rebasing: bytes[valueStart..<valueEnd]))
        headers.append(HTTPField(name: name, value: value))
        return true
    }

    /// Whether a line begins with `HTTP/` (a status line), told by its
    /// bytes: `starts(with: "HTTP/".utf8)` went through the generic
    /// sequence comparison for every line, some 110 instructions each.
    static func isStatusLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 5 && bytes[0] == UInt8(ascii: "H") && bytes[1] == UInt8(ascii: "T") && bytes[2] == UInt8(ascii: "T")
            && bytes[3] == UInt8(ascii: "P") && bytes[4] == UInt8(ascii: "/")
    }

    /// The headers to hand to callers: without those describing the wire,
    /// the others in their order.
    ///
    /// The wire's fields are taken out of a copy by name: filtering every
    /// field through a set of names hashed each field's name and built the
    /// result a field at a time through the collection's generic `append`:
    /// 7,400 -> 4,900 instructions a page (callgrind, 100 pages at new
    /// addresses).
    static func decodedBodyHeaders(_ headers: HTTPFields) -> HTTPFields {
        var decoded = headers
        for name in wireHeaders where decoded.contains(name) {
            decoded[fields: name] = []
        }
        return decoded
    }

    /// Header bytes are UTF-8 when valid, else ISO-8859-1 as RFC 9110 allows.
    ///
    /// Valid UTF-8 is told by the one check fetch and the sanitizer use
    /// (`UTF8Check`) and then decoded, which repairs nothing: the standard
    /// library's `String(validating:as:)` was not specialized for raw bytes
    /// and looked up generic metadata for every call: a page's header lines
    /// 24,600 -> 15,600 instructions (callgrind, 100 pages at new addresses).
    static func text(_ bytes: UnsafeRawBufferPointer) -> String {
        if UTF8Check.firstInvalidByte(in: bytes) == nil {
            return String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
        }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}

extension String {
    /// Without the spaces and tabs at either end; the string itself (no
    /// copy) when it has none.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })!
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }
}
