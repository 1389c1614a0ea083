/// Escaping for everything limot writes into pages: text and attribute
/// values (a word in a URL is percent-encoded first, by
/// `WebURL.percentEncodedComponent`). Nothing user- or site-controlled
/// reaches a page without passing through it.
enum HTMLEscaping {
    /// Text content and double-quoted attribute values.
    static func escape(_ text: String) -> String {
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
