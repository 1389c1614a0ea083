/// A url-filter that looks at nothing but the URL's scheme, such as
/// AdGuard's `^[htpsw]+://` under an `if-domain`.
///
/// Real lists carry a few dozen such rules ("on these sites, block every
/// script"). In an RE2 set they match nearly every URL, so each request paid
/// for their domain conditions one by one. Recognised here, they are indexed
/// with the rules that match every URL, and the scheme is tested once per
/// request, natively, with exactly the regex's result.
struct SchemeTest: OptionSet, Sendable, Hashable {
    let rawValue: UInt8

    /// `^[htpsw]+://`: a scheme of the letters h, t, p, s and w, then `://`.
    static let schemeLetters = SchemeTest(rawValue: 1)
    /// `^https?://`.
    static let http = SchemeTest(rawValue: 2)
    /// `^wss?://`.
    static let webSocket = SchemeTest(rawValue: 8)
    /// `^[^:]+:(//)?([^/]+\.)?`: Brave's host prefix with no host, true of
    /// every URL with a non-empty scheme.
    static let anyScheme = SchemeTest(rawValue: 4)

    /// The url-filters of each test, as lists write them (slashes escaped or not).
    private static let spellings: [(String, SchemeTest)] = [
        ("^[htpsw]+://", .schemeLetters), (#"^[htpsw]+:\/\/"#, .schemeLetters),
        ("^https?://", .http), (#"^https?:\/\/"#, .http),
        ("^wss?://", .webSocket), (#"^wss?:\/\/"#, .webSocket),
        (#"^[^:]+:(//)?([^/]+\.)?"#, .anyScheme), (#"^[^:]+:(\/\/)?([^\/]+\.)?"#, .anyScheme),
    ]

    /// The test a url-filter is, or nil. Case-sensitive filters are left to
    /// RE2: the native tests compare ASCII case-insensitively (real lists
    /// have no case-sensitive scheme-only filter).
    static func recognize(_ urlFilter: String, caseSensitive: Bool) -> SchemeTest? {
        if caseSensitive { return nil }
        return spellings.first { $0.0 == urlFilter }?.1
    }

    /// `https://` and `http://` (and a byte after it), first byte lowest: the
    /// schemes of nearly every URL, known from one eight-byte load.
    private static let httpsPrefix: UInt64 = 0x2F2F_3A73_7074_7468
    private static let httpPrefix: UInt64 = 0x002F_2F3A_7074_7468

    /// The tests a URL passes.
    static func passed(by url: UnsafeBufferPointer<UInt8>) -> SchemeTest {
        let count = url.count
        // http(s) passes all but the WebSocket test (the scan below, about 120 instructions a decision, finds as much).
        if count >= 8 {
            let head = ASCIIChunk.lowercased(ASCIIChunk.load(UnsafeRawPointer(url.baseAddress!), 0))
            if head == httpsPrefix || head & 0x00FF_FFFF_FFFF_FFFF == httpPrefix { return [.anyScheme, .schemeLetters, .http] }
        }
        var passed: SchemeTest = []
        var colon = 0
        while colon < count, url[colon] != 0x3A { colon += 1 }
        guard colon > 0, colon < count else { return passed }
        passed.insert(.anyScheme)
        guard colon + 2 < count, url[colon + 1] == 0x2F, url[colon + 2] == 0x2F else { return passed }
        var letters = true
        for index in 0..<colon {
            switch url[index] | 0x20 {
            case UInt8(ascii: "h"), UInt8(ascii: "t"), UInt8(ascii: "p"), UInt8(ascii: "s"), UInt8(ascii: "w"): continue
            default: letters = false
            }
            if !letters { break }
        }
        if letters { passed.insert(.schemeLetters) }
        if (colon == 4 || colon == 5) && url[0] | 0x20 == 0x68 && url[1] | 0x20 == 0x74 && url[2] | 0x20 == 0x74
            && url[3] | 0x20 == 0x70 && (colon == 4 || url[4] | 0x20 == 0x73)
        {
            passed.insert(.http)
        }
        if (colon == 2 || colon == 3) && url[0] | 0x20 == 0x77 && url[1] | 0x20 == 0x73 && (colon == 2 || url[2] | 0x20 == 0x73) {
            passed.insert(.webSocket)
        }
        return passed
    }
}
