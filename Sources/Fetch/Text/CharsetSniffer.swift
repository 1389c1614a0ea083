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
    static func contentTypeCharset(_ contentType: String) -> String? {
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
        let bytes = body.prefix(1024)
        var scanner = ByteScanner(bytes: Array(bytes))
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
        if let charset, !charset.trimmingSpaces().isEmpty { return charset.trimmingSpaces() }
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
