import Testing
import WebURL
@testable import Sanitize

/// Links kept without parsing must be exactly the links the URL parser
/// would have kept: every generated link the shortcut takes is also kept
/// as written by the full way (parse, resolve, proxy path).
@Suite struct CanonicalSitePathTests {
    static let pieces = ["/", "/", ".", "..", "%", "%2e", "%2E", "%41", "?", "a", "Z", "9", "-", "_", "~", "q=", "&amp;", "&",
                         "#", "\\", " ", "\t", "'", "\"", "<", "`", "{", "|", "^", "[", "é", "خ", "\u{FFFD}", "\u{85}", "😀", "_limot", "@", ":", ";", "+", "(", "!"]

    static func isCanonical(_ link: String) -> Bool {
        Array(link.utf8).withUnsafeBufferPointer { CanonicalSitePath.isCanonical($0) }
    }

    @Test func everyLinkTheShortcutKeepsIsKeptByTheParserToo() {
        var policy = ResourcePolicy(context: Fixtures.context("https://www.loghatnameh.de/search?q=Haus"), base: Fixtures.url("https://www.loghatnameh.de/search?q=Haus"))
        #expect(policy.keepsCanonicalSitePaths)
        var random = SplitMix64(seed: 7)
        var kept = 0
        var refused = 0
        for _ in 0..<20_000 {
            let link = (random.next(below: 8) == 0 ? "" : "/") + random.text(from: Self.pieces, fewerThan: 8, plus: 1)
            guard Self.isCanonical(link) else {
                refused += 1
                continue
            }
            kept += 1
            #expect(policy.navigation(link) == .site(link), "\(link) is not kept as written by the parser")
        }
        #expect(kept > 1_000 && refused > 1_000, "kept \(kept), refused \(refused): the generator no longer tries both")
    }

    @Test func everyASCIIByteTheShortcutKeepsIsKeptByTheParserToo() {
        var policy = ResourcePolicy(context: Fixtures.context("https://www.loghatnameh.de/search?q=Haus"), base: Fixtures.url("https://www.loghatnameh.de/search?q=Haus"))
        var kept = 0
        for byte in UInt8(0x00)...UInt8(0x7F) {
            for link in ["/a\(Character(Unicode.Scalar(byte)))b", "/a?q=\(Character(Unicode.Scalar(byte)))b"] where Self.isCanonical(link) {
                kept += 1
                #expect(policy.navigation(link) == .site(link), "\(link) is not kept as written by the parser")
            }
        }
        // Letters, digits, -_~!$()*+,;=:@/, and here "." "?" "%" too.
        #expect(kept == 2 * (62 + 15 + 3))
    }

    @Test func thePlainBytesAreTheListedBytes() {
        let listed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_~!$()*+,;=:@/".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(CanonicalSitePath.isPlain(byte) == listed.contains(byte), "byte \(byte)")
        }
    }

    @Test func everyPathTheShortcutMakesIsThePathTheParserMakes() {
        var policy = ResourcePolicy(context: Fixtures.context("https://www.loghatnameh.de/search?q=Haus"), base: Fixtures.url("https://www.loghatnameh.de/search?q=Haus"))
        var random = SplitMix64(seed: 8)
        var encoded = 0
        var refused = 0
        for _ in 0..<20_000 {
            let link = (random.next(below: 8) == 0 ? "" : "/") + random.text(from: Self.pieces, fewerThan: 8, plus: 1)
            guard let path = CanonicalSitePath.path(of: link) else {
                refused += 1
                continue
            }
            if path != link { encoded += 1 }
            #expect(policy.navigation(link) == .site(path), "\(link) becomes \(path), not what the parser makes")
        }
        #expect(encoded > 1_000 && refused > 1_000, "encoded \(encoded), refused \(refused): the generator no longer tries both")
        #expect(CanonicalSitePath.path(of: "/search?q=خانه&page=2") == "/search?q=%D8%AE%D8%A7%D9%86%D9%87&page=2")
    }

    /// A link written with `&amp;` that the shortcut keeps as written: the
    /// full way (decode, parse, proxy path) keeps it too, and the writer
    /// writes its decoded value back as the same bytes.
    @Test func everyLinkWrittenWithAmpTheShortcutKeepsIsKeptTheFullWay() {
        var policy = ResourcePolicy(context: Fixtures.context("https://www.loghatnameh.de/search?q=Haus"), base: Fixtures.url("https://www.loghatnameh.de/search?q=Haus"))
        let pieces = Self.pieces + ["&amp;", "&amp;", "&amp;", "&amp", "&ampx;", "&amp;amp;", "&AMP;", "&lt;", "&#38;", "/.", "%2", "e"]
        var random = SplitMix64(seed: 11)
        var kept = 0
        var refused = 0
        for _ in 0..<40_000 {
            let link = (random.next(below: 8) == 0 ? "" : "/") + random.text(from: pieces, fewerThan: 8, plus: 1)
            let raw = Array(link.utf8)
            let shape = raw.withUnsafeBufferPointer { CanonicalSitePath.shape(of: $0, referencesDecoded: false) }
            let decoded = raw.withUnsafeBufferPointer { CharacterReferences.decodeAttribute($0) }
            guard shape == .canonicalWrittenWithAmp else {
                if link.contains("&amp;") { refused += 1 }
                continue
            }
            kept += 1
            #expect(policy.navigation(decoded) == .site(decoded), "\(link) is not kept as written by the parser")
            var writer = MarkupWriter(capacity: 0)
            writer.writeAttributeValue(decoded)
            #expect(writer.written == raw, "\(link) is not written back as it came")
            let routed = raw.withUnsafeBufferPointer { policy.navigation(attribute: $0) }
            guard case .keep(external: false) = routed else {
                Issue.record("\(link) is not kept: \(routed)")
                continue
            }
        }
        #expect(kept > 1_000 && refused > 1_000, "kept \(kept), refused \(refused): the generator no longer tries both")
        // The shortcut's own answer and the other shapes: a link with `&amp;` and non-ASCII goes the full way.
        for (link, expected) in [("/search?q=Haus&amp;page=2", CanonicalSitePath.Shape.canonicalWrittenWithAmp), ("/search?q=خ&amp;p=2", nil),
                                 ("/a&amp;b", .canonicalWrittenWithAmp), ("/a&amp", nil), ("/a&amp;/../b", nil), ("/search?q=Haus", .canonical)] {
            #expect(Array(link.utf8).withUnsafeBufferPointer { CanonicalSitePath.shape(of: $0, referencesDecoded: false) } == expected, "\(link)")
        }
    }

    /// `https://www.loghatnameh.de` and a canonical path: routed to that
    /// path without parsing, where the parser sends it too.
    @Test func linksWithTheSitesOriginGoWhereTheParserSendsThem() {
        var policy = ResourcePolicy(context: Fixtures.context("https://www.loghatnameh.de/search?q=Haus"), base: Fixtures.url("https://www.loghatnameh.de/search?q=Haus"))
        var random = SplitMix64(seed: 9)
        var shortcut = 0
        for _ in 0..<5_000 {
            let path = "/" + random.text(from: Self.pieces, fewerThan: 8, plus: 1)
            guard Self.isCanonical(path) else { continue }
            shortcut += 1
            let link = "https://www.loghatnameh.de" + path
            #expect(policy.navigation(link) == .site(path), "\(link) is not sent to \(path) by the parser")
            let routed = Array(link.utf8).withUnsafeBufferPointer { policy.navigation(attribute: $0) }
            guard case .replace(path, external: false) = routed else {
                Issue.record("\(link) is not routed to \(path) without parsing: \(routed)")
                continue
            }
        }
        #expect(shortcut > 250, "only \(shortcut) canonical paths: the generator no longer makes them")
    }

    @Test func linksTheParserWouldChangeGoTheFullWay() {
        for link in ["/a/../b", "/a/./b", "/.", "/%2e%2E/x", "//ads.example/x", "/_limot/stats", "/a#top", "/a b", "/search?q=x&amp;p=2",
                     "/ä", "\\a", "search?q=x", "/a\\b", "/q?x='y'", ""] {
            #expect(!Self.isCanonical(link), "\(link)")
        }
        for link in ["/", "/search?q=Haus", "/search?q=%D8%AE", "/a./b", "/search?q=a.b/../c", "/impressum", "/?", "/a?b?c", "/%zz"] {
            #expect(Self.isCanonical(link), "\(link)")
        }
    }

    @Test func onlyOnTheSitesOwnHTTPSPages() {
        let other = ResourcePolicy(context: Fixtures.context("https://example.org/x"), base: Fixtures.url("https://example.org/x"))
        #expect(!other.keepsCanonicalSitePaths)
        let plain = ResourcePolicy(context: Fixtures.context("http://www.loghatnameh.de/x"), base: Fixtures.url("http://www.loghatnameh.de/x"))
        #expect(!plain.keepsCanonicalSitePaths)
        let withCredentials = ResourcePolicy(context: Fixtures.context(), base: Fixtures.url("https://user@www.loghatnameh.de/x"))
        #expect(!withCredentials.keepsCanonicalSitePaths)
    }
}
