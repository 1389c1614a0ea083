/// Where a body's charset is declared, checked in the order browsers use.
enum CharsetSniffer {
    /// The charset a byte-order mark announces, and the mark's length.
    static func byteOrderMark(_ body: [UInt8]) -> (charset: String, length: Int)? {
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { return ("utf-8", 3) }
        if body.starts(with: [0xFE, 0xFF]) { return ("utf-16be", 2) }
        if body.starts(with: [0xFF, 0xFE]) { return ("utf-16le", 2) }
        return nil
    }

    /// The `charset` parameter of a Content-Type value
    /// ("text/html; charset=\"windows-1256\"" → "windows-1256").
    ///
    /// An ASCII value (every one a server sends in practice) is read as
    /// bytes (`asciiContentTypeCharset`): split by Characters, a page's
    /// "text/html" took some 4,300 instructions (callgrind, a request at a
    /// new address). In ASCII every Character is one byte but CR LF, which
    /// is neither a separator nor a quote nor a space, so the bytes give the
    /// same parameters; any other value is read by Characters as before.
    static func contentTypeCharset(_ contentType: String) -> String? {
        var text = contentType
        let ascii: String?? = text.withUTF8 { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? .some(asciiContentTypeCharset(bytes)) : nil
        }
        if let ascii { return ascii }
        return contentTypeCharsetByCharacters(contentType)
    }

    /// `contentTypeCharset` of an ASCII value, read byte by byte: the
    /// non-empty parts between semicolons after the first (as `split`
    /// makes them), each `name=value` with spaces and tabs trimmed, the
    /// name compared without case, a value's enclosing quotes removed.
    private static func asciiContentTypeCharset(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var partStart = 0
        var seenFirst = false
        for index in 0...bytes.count {
            guard index == bytes.count || bytes[index] == UInt8(ascii: ";") else { continue }
            defer { partStart = index + 1 }
            guard index > partStart else { continue }  // an empty part, which `split` leaves out
            guard seenFirst else {
                seenFirst = true  // the media type
                continue
            }
            guard let equals = bytes[partStart..<index].firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = trimmedSpaces(bytes, partStart..<equals)
            guard name.count == 7, zip(bytes[name], "charset".utf8).allSatisfy({ asciiLowercased($0) == $1 }) else { continue }
            var value = trimmedSpaces(bytes, (equals + 1)..<index)
            if value.count >= 2, bytes[value.lowerBound] == UInt8(ascii: "\""), bytes[value.upperBound - 1] == UInt8(ascii: "\"") {
                value = (value.lowerBound + 1)..<(value.upperBound - 1)
            }
            return value.isEmpty ? nil : String(decoding: UnsafeBufferPointer(rebasing: bytes[value]), as: UTF8.self)
        }
        return nil
    }

    /// `range` without the spaces and tabs at its ends (`trimmingSpaces`).
    private static func trimmedSpaces(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, bytes[lower] == UInt8(ascii: " ") || bytes[lower] == UInt8(ascii: "\t") { lower += 1 }
        while upper > lower, bytes[upper - 1] == UInt8(ascii: " ") || bytes[upper - 1] == UInt8(ascii: "\t") { upper -= 1 }
        return lower..<upper
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
    }

    /// `contentTypeCharset` by Characters: for a value that is not ASCII,
    /// and the tests' reference for the bytes' reading.
    static func contentTypeCharsetByCharacters(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            guard let equals = parameter.firstIndex(of: "=") else { continue }
            let name = String(parameter[..<equals]).trimmingSpaces().lowercased()
            guard name == "charset" else { continue }
            var value = String(parameter[parameter.index(after: equals)...]).trimmingSpaces()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The charset of a `<meta charset>` or `<meta http-equiv="Content-Type"
    /// content="…; charset=…">` within the first 1024 bytes: a simplified form
    /// of the HTML standard's prescan, which skips comments and other tags so
    /// that a "charset" inside them is not taken.
    static func metaCharset(_ body: [UInt8]) -> String? {
        var scanner = ByteScanner(bytes: body, limit: 1024)
        while scanner.skip(to: UInt8(ascii: "<")) {
            if scanner.consume("<!--") {
                _ = scanner.skip(past: "-->")
            } else if scanner.consumeCaseInsensitive("<meta"), let next = scanner.peek, next.isSpaceOrSlash {
                if let charset = metaElementCharset(&scanner) { return charset }
            } else {
                scanner.advance()
                _ = scanner.skip(to: UInt8(ascii: ">"))
            }
        }
        return nil
    }

    private static func metaElementCharset(_ scanner: inout ByteScanner) -> String? {
        var httpEquivContentType = false
        var charset: String?
        var content: String?
        while let (name, value) = scanner.attribute() {
            switch name {
            case "charset" where charset == nil: charset = value
            case "content" where content == nil: content = value
            case "http-equiv": httpEquivContentType = value.lowercased() == "content-type"
            default: break
            }
        }
        if let charset = charset?.trimmingSpaces(), !charset.isEmpty { return charset }
        if httpEquivContentType, let content { return charsetInMetaContent(content) }
        return nil
    }

    /// The HTML standard's "extracting a character encoding from a meta element".
    static func charsetInMetaContent(_ content: String) -> String? {
        var scanner = ByteScanner(bytes: Array(content.utf8))
        while scanner.skipCaseInsensitive(past: "charset") {
            scanner.skipSpaces()
            guard scanner.consume("=") else { continue }
            scanner.skipSpaces()
            guard let first = scanner.peek else { return nil }
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                scanner.advance()
                return scanner.take(until: { $0 == first }, requireEnd: true)
            }
            return scanner.take(until: { $0.isHTMLSpace || $0 == UInt8(ascii: ";") }, requireEnd: false)
        }
        return nil
    }
}
