import Testing
@testable import WebURL

/// The canonical shortcut reads a host, a path, a query and a fragment four
/// bytes at a time: a byte it must stop at is found wherever it stands in
/// the word, and at the ragged end. Whole generated URLs of every length,
/// with such bytes at every offset, against the full parser.
@Suite("WebURL: the canonical shortcut's scan, at every offset")
struct CanonicalScanTests {
    /// Host bytes the shortcut keeps, and (now and then) those it must stop at.
    static let hostPieces = ["a", "b", "z", "9", "0", "-", ".", "_", "xn--", "1", "ab", "abc"]
    static let hostStops = ["A", "é", " ", "%", "\"", ":", "@", "\t"]
    /// Path bytes the shortcut keeps, and those it must stop at or refuse
    /// (dot segments, bytes a percent-encode set holds; `?` and `#` start
    /// the query and the fragment, where other sets apply).
    static let pathPieces = ["/", "a", "Z", "9", "&", "=", "'", "~", "%41", "-", "abc", "/x"]
    static let pathStops = [".", "..", "%2e", "?", "#", "`", "{", "\"", " ", "\\", "é", "\t", "<", "|", "^", "'"]

    @Test("wherever the shortcut answers on a generated URL, it answers as the full parser")
    func agreesAtEveryOffset() throws {
        var random = (state: UInt64(0x29), count: 0)
        func next(below bound: Int) -> Int {
            random.state &+= 0x9E37_79B9_7F4A_7C15
            var z = (random.state ^ (random.state >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        var answered = 0
        func piece(_ plain: [String], _ stops: [String]) -> String {
            next(below: 8) == 0 ? stops[next(below: stops.count)] : plain[next(below: plain.count)]
        }
        for round in 0..<8_000 {
            var url = round % 2 == 0 ? "https://" : "http://"
            for _ in 0..<(1 + next(below: 12)) { url += piece(Self.hostPieces, Self.hostStops) }
            // Mostly a path, now and then the URL ends with its host.
            if next(below: 8) > 0 {
                url += "/"
                for _ in 0..<next(below: 16) { url += piece(Self.pathPieces, Self.pathStops) }
            }
            guard let fast = WebURL(canonicalHTTP: url) else { continue }
            answered += 1
            let bytes = Array(url.utf8).withUnsafeBufferPointer { WebURL(canonicalHTTP: $0) }
            #expect(bytes.map(CanonicalHTTPTests.components) == CanonicalHTTPTests.components(fast), "\(url.debugDescription)")
            let full: WebURL
            do {
                full = try WebURL(fullyParsing: url)
            } catch {
                Issue.record("\(url.debugDescription): the shortcut answers, the full parser refuses (\(error))")
                continue
            }
            #expect(CanonicalHTTPTests.components(fast) == CanonicalHTTPTests.components(full), "\(url.debugDescription)")
            #expect(fast.host == full.host, "\(url.debugDescription)")
        }
        #expect(answered > 1_500, "only \(answered) URLs taken: the generator no longer makes canonical ones")
    }

    @Test("a plain URL of any length is taken, however its parts fall in words")
    func takesPlainURLsOfEveryLength() throws {
        for hostLength in 1...13 {
            for pathLength in 0...13 {
                let host = String(repeating: "h", count: hostLength) + ".de"
                let path = "/" + String(repeating: "p", count: pathLength)
                for url in ["https://\(host)\(path)", "http://\(host)\(path)?\(String(repeating: "q", count: pathLength))",
                            "https://\(host)\(path)#\(String(repeating: "f", count: hostLength))"] {
                    let fast = try #require(WebURL(canonicalHTTP: url), "\(url)")
                    #expect(CanonicalHTTPTests.components(fast) == CanonicalHTTPTests.components(try WebURL(fullyParsing: url)), "\(url)")
                }
            }
        }
    }
}
