/// Translates the pattern of an AdBlock network filter (what stands before
/// `$`) into a WebKit url-filter.
///
/// AdBlock patterns are globs over the URL: `*` is any text, `^` a separator
/// (any character but a letter, a digit or `_ - . %`, or the end of the
/// address), `|` anchors at the start or end, `||` at the start of the host or
/// after a dot in it. `/…/` is a regular expression, accepted when it fits
/// WebKit's subset (after rewriting `\d`, `\w`, `(?:` and bounded repetitions,
/// which WebKit lacks but can say another way).
enum AdblockURLFilter {
    /// `^` in the middle of a pattern: one separator character.
    static let separator = "[^a-zA-Z0-9_.%-]"
    /// `^` at the end of a pattern: a separator and anything, or the end.
    /// limot's compiler matches this natively.
    static let separatorOrEnd = "([^a-zA-Z0-9_.%-].*)?$"
    /// `||`: the scheme, `//`, and any subdomains. This is the prefix limot's
    /// host index recognises (`HostAnchoredFilter`), so such filters are found
    /// by their host and never run as regexes.
    static let hostPrefix = "^[^:]+:(//)?([^/]+\\.)?"
    /// `^` right after the host of `||host^`: in a canonical URL a host is
    /// followed by its port, its path, or (for other schemes) nothing else a
    /// filter cares about.
    static let hostEnd = "[/:]"

    struct Translation: Equatable {
        /// The url-filter; a regex with disjunctions needs several, one rule each.
        var urlFilters: [String]
        var urlFilter: String { urlFilters[0] }
        /// The host, when the pattern is exactly `||host^` (or `||host`):
        /// page conditions can then use `if-domain` instead of a regex.
        var host: String?
    }

    /// The url-filter for `pattern`, or why there is none.
    static func translate(_ pattern: String, matchCase: Bool) throws(AdblockSkipReason) -> Translation {
        guard pattern.utf8.allSatisfy({ $0 < 0x80 }) else { throw .nonASCII }
        if pattern.utf8.count > 2, pattern.hasPrefix("/"), pattern.hasSuffix("/") {
            // A regex keeps its case: `\D` and `\W` are not `\d` and `\w`.
            let body = Array(pattern.utf8.dropFirst().dropLast())
            guard let alternatives = alternatives(of: body) else {
                throw .regexOutsideSubset("a disjunction of more than \(maximumAlternatives) alternatives")
            }
            var filters: [String] = []
            for alternative in alternatives { filters.append(try regex(alternative[...])) }
            return Translation(urlFilters: filters, host: nil)
        }
        let bytes = Array(pattern.utf8).map { !matchCase && $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 32)
        var index = 0
        var end = bytes.count
        var host: String?
        let endAnchored = end > 0 && bytes[end - 1] == UInt8(ascii: "|") && !(end == 2 && bytes[0] == UInt8(ascii: "|"))
        if endAnchored { end -= 1 }
        var anchored = false
        if bytes.starts(with: [UInt8(ascii: "|"), UInt8(ascii: "|")]) {
            index = 2
            anchored = true
            output += hostPrefix.utf8
            var hostEnd = index
            while hostEnd < end, isHostByte(bytes[hostEnd]) { hostEnd += 1 }
            let name = bytes[index..<hostEnd].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            let caret = hostEnd < end && bytes[hostEnd] == UInt8(ascii: "^")
            if !name.isEmpty, caret, !(endAnchored && hostEnd + 1 == end) {
                for byte in name { appendEscaped(byte, to: &output) }
                output += Self.hostEnd.utf8
                index = hostEnd + 1
                if index == end && !endAnchored && name.contains(UInt8(ascii: ".")) { host = String(decoding: name, as: UTF8.self) }
            }
        } else if bytes.first == UInt8(ascii: "|") {
            index = 1
            anchored = true
            output.append(UInt8(ascii: "^"))
        }
        if !endAnchored {
            while end > index, bytes[end - 1] == UInt8(ascii: "*") { end -= 1 }
        }
        if !anchored {
            while index < end, bytes[index] == UInt8(ascii: "*") { index += 1 }
        }
        var closed = false
        var position = index
        while position < end {
            let byte = bytes[position]
            let isLast = position == end - 1
            switch byte {
            case UInt8(ascii: "*"):
                if !output.ends(with: [UInt8(ascii: "."), UInt8(ascii: "*")]) { output += [UInt8(ascii: "."), UInt8(ascii: "*")] }
            case UInt8(ascii: "^"):
                if isLast && !endAnchored {
                    output += separatorOrEnd.utf8
                    closed = true
                } else if isLast {
                    // `^|`: a separator as the last character, or the end itself.
                    output += separator.utf8
                    output += [UInt8(ascii: "?"), UInt8(ascii: "$")]
                    closed = true
                } else {
                    output += separator.utf8
                }
            default:
                appendEscaped(byte, to: &output)
            }
            position += 1
        }
        if endAnchored && !closed { output.append(UInt8(ascii: "$")) }
        let text = output.isEmpty ? ".*" : String(decoding: output, as: UTF8.self)
        do {
            _ = try URLFilterParser.parse(text)
        } catch {
            throw .malformed("\(error)")
        }
        return Translation(urlFilters: [text], host: host)
    }

    /// Whether `byte` can be part of a host name in a pattern (`_` appears in real ones).
    static func isHostByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x2D || byte == 0x2E || byte == 0x5F
    }

    /// A literal made safe for WebKit's regex syntax.
    static func escaped(_ text: String) -> String {
        var output: [UInt8] = []
        for byte in text.utf8 { appendEscaped(byte, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends a literal byte, escaped for WebKit's regex syntax where needed.
    private static func appendEscaped(_ byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: "+"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\\"),
            UInt8(ascii: "$"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "*"):
            output += [UInt8(ascii: "\\"), byte]
        default:
            output.append(byte)
        }
    }
}

extension Array where Element == UInt8 {
    /// Whether the array ends with `suffix`.
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
