import Testing
import WebURL
@testable import Sanitize

/// The resolver's shortcut must give exactly the URL the full parse gives,
/// against every kind of base a page can have: generated references from
/// the pieces the shortcut decides on, and the cases it must refuse.
@Suite struct ReferenceResolverTests {
    static let bases = [
        "https://www.loghatnameh.de/search?q=Haus", "http://www.loghatnameh.de/a/b/c.html",
        "https://user:pw@www.loghatnameh.de/x", "http://127.0.0.1:8080/x", "http://example.org:8080/x",
        "https://[::1]/x", "file:///tmp/page.html", "about:blank", "https://xn--bcher-kva.example/",
    ]

    static let pieces = ["https://", "http://", "//", "/", "/", "HTTP://", "http:", "https:", "a", "Z", "9", ".", "..", "%2e", "%41",
                         "?", "#", "&", "=", " ", "\t", "\n", "\\", "é", "@", ":", "80", "443", "x.example", "1.2.3.4", "[::1]",
                         "_limot", "-", "~", "'", "\"", "<", "`", "{", "|"]

    /// With a base, WebURL always takes the full parse.
    static func fullParse(_ raw: String, base: WebURL) -> WebURL? {
        try? WebURL(raw, relativeTo: base)
    }

    /// Every component the policy reads, not only the serialisation
    /// (which is all `==` compares).
    static func parts(_ url: WebURL?) -> [String?]? {
        url.map { [$0.serialization, $0.scheme, $0.username, $0.password, $0.hostname, $0.port.map(String.init), $0.pathAndQuery, $0.query, $0.fragment, $0.origin] }
    }

    @Test(arguments: bases)
    func generatedReferencesResolveAsTheFullParse(_ baseString: String) throws {
        let base = try WebURL(baseString)
        let resolver = ReferenceResolver(base: base)
        var random = SplitMix64(seed: 11)
        var absolute = 0
        for _ in 0..<20_000 {
            let raw = random.text(from: Self.pieces, fewerThan: 7, plus: 1)
            if raw.hasPrefix("http") { absolute += 1 }
            #expect(Self.parts(resolver.resolve(raw)) == Self.parts(Self.fullParse(raw, base: base)), "\(raw) against \(baseString)")
        }
        #expect(absolute > 1_000, "only \(absolute) absolute references: the generator no longer makes them")
    }

    @Test func theShortcutsGiveTheFullParsesURLs() throws {
        let base = try WebURL("https://www.loghatnameh.de/search?q=Haus")
        let resolver = ReferenceResolver(base: base)
        for raw in ["/img/speaker.png", "/search?q=Buch#top", "//cdn.example/a.js?v=1", "https://pagead2.example/p/js?client=ca-1",
                    "https://example.org", "/", "//cdn.example", "/a/./b", "/a/%2e%2E/b", "/a b", "/a\tb", "/x ", "/\\evil.example/",
                    "https://EXAMPLE.org/", "https://example.org:443/", "https://u@example.org/", "http://1.2.3.4/", "/ä?q=خانه"] {
            #expect(Self.parts(resolver.resolve(raw)) == Self.parts(Self.fullParse(raw, base: base)), "\(raw)")
        }
    }

    static let schemePieces = ["mailto:", "MAILTO:", "data:", "javascript:", "tel:", "ftp:", "ws:", "file:", "http:", "HTTPS:", "https:",
                               "a", "Z", "9", "+", "-", ".", ":", " ", "\t", "\n", "\u{1}", "/", "//", "x.example", "?", "#", "é"]

    @Test(arguments: bases)
    func httpReferencesResolveAsTheFullParse(_ baseString: String) throws {
        let base = try WebURL(baseString)
        let resolver = ReferenceResolver(base: base)
        var random = SplitMix64(seed: 12)
        var skipped = 0
        for _ in 0..<5_000 {
            let raw = random.text(from: Self.schemePieces, fewerThan: 6, plus: 1)
            let full = Self.fullParse(raw, base: base).flatMap { $0.isHTTP || $0.isHTTPS ? $0 : nil }
            #expect(Self.parts(resolver.resolveHTTP(raw)) == Self.parts(full), "\(raw) against \(baseString)")
            var bytes = Array(raw.utf8)
            if bytes.withUnsafeMutableBufferPointer({ ReferenceResolver.namesOtherScheme(UnsafeBufferPointer($0)) }) { skipped += 1 }
        }
        #expect(skipped > 500, "only \(skipped) references named another scheme: the generator no longer writes them")
    }
}
