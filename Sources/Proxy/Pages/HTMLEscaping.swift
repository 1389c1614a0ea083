/// Escaping for everything limot writes into pages: text and attribute
/// values (a word in a URL is percent-encoded first, by
/// `WebURL.percentEncodedComponent`). Nothing user- or site-controlled
/// reaches a page without passing through it.
enum HTMLEscaping {
    /// Text content and double-quoted attribute values.
    static func escape(_ text: String) -> String {
        // Most of what the bar and the head escape (paths, the site's
        // origin, a word) has nothing to escape: then it is the text itself.
        // Looked for in the String's own bytes where it has them (a native
        // String always does): through the UTF8View's iterator the five
        // texts of a page took 5,800 instructions, now 1,500 (callgrind).
        let hasSpecial = text.utf8.withContiguousStorageIfAvailable { $0.contains(where: isSpecial) }
            ?? text.utf8.contains(where: isSpecial)
        guard hasSpecial else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        append(escaping: text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` escaped as `escape(_:)` escapes it, as UTF-8 bytes
    /// (the bar is written as bytes, see `NavigationBar.write`).
    static func append(escaping text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { append(escaping: $0, to: &out) }
    }

    /// Appends `bytes` (UTF-8) escaped as `escape(_:)` escapes text: byte
    /// by byte, since appending scalar by scalar to a String cost more than
    /// the rest of the bar; bytes with nothing to escape are copied whole.
    static func append(escaping bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard bytes.contains(where: isSpecial) else {
            out.append(contentsOf: bytes)
            return
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): out += "&amp;".utf8
            case UInt8(ascii: "<"): out += "&lt;".utf8
            case UInt8(ascii: ">"): out += "&gt;".utf8
            case UInt8(ascii: "\""): out += "&quot;".utf8
            case UInt8(ascii: "'"): out += "&#39;".utf8
            default: out.append(byte)
            }
        }
    }

    /// A byte `escape` replaces.
    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
