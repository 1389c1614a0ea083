/// Escaping for everything limot writes into pages: text and attribute
/// values (a word in a URL is percent-encoded first, by
/// `WebURL.percentEncodedComponent`). Nothing user- or site-controlled
/// reaches a page without passing through it.
enum HTMLEscaping {
    /// Text content and double-quoted attribute values.
    static func escape(_ text: String) -> String {
        // Most of what the bar and the head escape (paths, the site's
        // origin, a word) has nothing to escape: then it is the text itself.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                                          || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
