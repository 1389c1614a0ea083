import Testing
@testable import WebURL

/// `WebURL(canonicalHTTP:rootPath:)` joins a root path to an origin read
/// once: it must answer exactly as `WebURL(canonicalHTTP:)` on the origin's
/// bytes followed by the path's, nil where that is nil, and the URL then
/// as the full parser gives it.
@Suite("WebURL: a root path joined to a canonical origin")
struct CanonicalOriginTests {
    static let origins = ["https://www.loghatnameh.de", "http://a.example", "https://xn--bcher-kva.example.", "http://a_b-c.9z"]

    /// Path bytes the scan decides on: dot segments spelled every way, the
    /// query and fragment marks, and bytes each percent-encode set holds.
    static let pieces = ["/", "/", "a", "Z", "9", ".", "..", "%2e", "%2E", "%41", "?", "#", "&", "=", "'", "`", "{", "\"", " ", "\\",
                         "é", "\t", "<", "|", "^", "~"]

    @Test(arguments: origins)
    func answersAsTheWholeURL(_ originString: String) throws {
        let origin = try #require(CanonicalHTTPOrigin(Array(originString.utf8)))
        var state: UInt64 = 0x27
        func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        var answered = 0
        for _ in 0..<20_000 {
            var rootPath = "/"
            for _ in 0..<next(below: 9) { rootPath += Self.pieces[next(below: Self.pieces.count)] }
            let joined = Array(rootPath.utf8).withUnsafeBufferPointer { WebURL(canonicalHTTP: origin, rootPath: $0) }
            let whole = WebURL(canonicalHTTP: originString + rootPath)
            #expect(joined.map(CanonicalHTTPTests.components) == whole.map(CanonicalHTTPTests.components), "\(rootPath)")
            #expect(joined?.host == whole?.host, "\(rootPath)")
            if let joined {
                answered += 1
                let full = try WebURL(fullyParsing: originString + rootPath)
                #expect(CanonicalHTTPTests.components(joined) == CanonicalHTTPTests.components(full), "\(rootPath)")
            }
        }
        #expect(answered > 2_000, "only \(answered) paths joined: the generator no longer makes canonical ones")
    }

    @Test("an origin the shortcut would not take as a URL that ends with its host is none", arguments: [
        "https://www.loghatnameh.de/", "https://a.example:8080", "https://u@a.example", "https://1.2.3.4", "HTTPS://a.example",
        "https://A.example", "ws://a.example", "https://", "https://a.example?x", "https://bücher.example",
    ])
    func refusesOthers(_ originString: String) {
        #expect(CanonicalHTTPOrigin(Array(originString.utf8)) == nil)
    }

    @Test("a reference that is not a root path is not joined", arguments: ["", "a", "?x", "#x", " /a"])
    func refusesOtherReferences(_ reference: String) throws {
        let origin = try #require(CanonicalHTTPOrigin(Array("https://a.example".utf8)))
        #expect(Array(reference.utf8).withUnsafeBufferPointer { WebURL(canonicalHTTP: origin, rootPath: $0) } == nil)
    }
}
