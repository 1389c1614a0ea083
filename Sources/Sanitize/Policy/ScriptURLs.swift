/// The URLs an inline script names in its text: absolute `http(s)://…` and
/// protocol-relative `//host/…` in quotes, also with JSON's escaped slashes
/// (`https:\/\/…`), as ad loaders write them. What the script computes from
/// pieces is not here: limot's guard script catches that in the browser.
///
/// A scan for `//` with a look back for the scheme or the opening quote, so
/// a script without URLs costs `memchr` passes over its text and allocates
/// nothing.
enum ScriptURLs {
    /// Each URL in `text`, with escaped slashes unescaped; protocol-relative
    /// ones as written (`//host/path`), for the caller to resolve.
    static func urls(in text: UnsafeBufferPointer<UInt8>) -> [String] {
        var found: [String] = []
        let slash = UInt8(ascii: "/"), backslash = UInt8(ascii: "\\")
        var index = 0
        // Only a `/` or a `\` can start the slashes: the scan goes from one
        // to the next with `memchr` (the next `\` is remembered, scripts
        // have few), not byte by byte (the fixture pages' inline scripts
        // took about 11,000 instructions a page, callgrind).
        var nextBackslash = -1
        while index + 1 < text.count {
            if nextBackslash < index { nextBackslash = ByteSearch.index(of: backslash, in: text, from: index) }
            index = min(ByteSearch.index(of: slash, in: text, from: index), nextBackslash)
            guard index + 1 < text.count else { break }
            // Two slashes, or `\/\/`: where a URL's authority starts.
            let start: Int
            if text[index] == slash, text[index + 1] == slash {
                start = index
            } else if text[index] == backslash, index + 3 < text.count, text[index + 1] == slash,
                      text[index + 2] == backslash, text[index + 3] == slash {
                start = index
            } else {
                index += 1
                continue
            }
            let afterSlashes = start + (text[start] == slash ? 2 : 4)
            guard let prefix = prefix(before: start, in: text) else {
                index = afterSlashes
                continue
            }
            var end = afterSlashes
            var url = prefix
            while end < text.count {
                let byte = text[end]
                if byte == backslash, end + 1 < text.count, text[end + 1] == slash {
                    url.append(slash)
                    end += 2
                    continue
                }
                if Self.endsURL(byte) { break }
                url.append(byte)
                end += 1
            }
            // A host is needed: `//` alone or `//"` is a comment or a regex.
            if end > afterSlashes, !Self.endsURL(text[afterSlashes]), text[afterSlashes] != slash {
                found.append(String(decoding: url, as: UTF8.self))
            }
            index = max(end, afterSlashes)
        }
        return found
    }

    /// What stands before the slashes at `start`: `http:`/`https:` (any
    /// case) gives that scheme and the slashes, a quote gives just the
    /// slashes (protocol-relative); anything else is no URL.
    private static func prefix(before start: Int, in text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard start > 0 else { return nil }
        let before = text[start - 1]
        if isQuote(before) { return Array("//".utf8) }
        guard before == UInt8(ascii: ":") else { return nil }
        var schemeStart = start - 1
        while schemeStart > 0, isSchemeLetter(text[schemeStart - 1]) { schemeStart -= 1 }
        let scheme = String(decoding: text[schemeStart..<(start - 1)].map { $0 | 0x20 }, as: UTF8.self)
        guard scheme.hasSuffix("http") || scheme.hasSuffix("https") else { return nil }
        return Array((scheme.hasSuffix("https") ? "https://" : "http://").utf8)
    }

    @inline(__always)
    private static func isQuote(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`")
    }

    @inline(__always)
    private static func isSchemeLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// Bytes that cannot be part of a URL written in a string literal.
    @inline(__always)
    private static func endsURL(_ byte: UInt8) -> Bool {
        switch byte {
        case 0...0x20, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"), UInt8(ascii: "<"), UInt8(ascii: ">"),
             UInt8(ascii: "\\"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "|"),
             UInt8(ascii: "^"):
            return true
        default:
            return false
        }
    }
}
