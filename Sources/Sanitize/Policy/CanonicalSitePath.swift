/// A link to a page of the site written the way the browser would write it
/// after parsing (`/search?q=Haus`, relative to a base on the site itself):
/// the proxy serves the site's pages at the same paths, so such a link is
/// kept as written without parsing it as a URL (issue 20: most links on a
/// result page are these, and the URL parser's copies were most of the
/// sanitizer's allocations). Anything the parser would change (dot segments,
/// bytes it percent-encodes or drops, `\`, character references, a
/// fragment, the proxy's own `/_limot` paths) goes the full way; a test
/// compares both ways on generated links.
enum CanonicalSitePath {
    /// Whether `raw` (an attribute's bytes, character references not yet
    /// decoded) is a path-absolute link that parses to itself.
    static func isCanonical(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        guard raw.count >= 1, raw[0] == UInt8(ascii: "/") else { return false }
        if raw.count >= 2, raw[1] == UInt8(ascii: "/") { return false }  // "//host": another origin
        if raw.starts(with: namespace) { return false }
        var inQuery = false
        var previous: UInt8 = 0
        for index in 0..<raw.count {
            let byte = raw[index]
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"),
                 UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
                 UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
                break
            case UInt8(ascii: "."):
                // A segment that starts with "." may be a dot segment.
                if !inQuery, previous == UInt8(ascii: "/") { return false }
            case UInt8(ascii: "%"):
                // "%2e" is a dot in a dot segment; other escapes stay as written.
                if !inQuery, index + 2 < raw.count, raw[index + 1] == UInt8(ascii: "2"), raw[index + 2] | 0x20 == UInt8(ascii: "e") {
                    return false
                }
            case UInt8(ascii: "?"):
                inQuery = true
            default:
                return false  // "&" (a reference), "#", "\", quotes, spaces, controls, non-ASCII…
            }
            previous = byte
        }
        return true
    }

    private static let namespace = Array("/_limot".utf8)
}
