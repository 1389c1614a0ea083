import ContentRules
import Testing
import WebURL
@testable import Sanitize

/// A link to another site's https page decided from its bytes
/// (`externalNavigation(canonical:)`) has the fate `navigate` gives it
/// from its `WebURL`: kept as written, written as its canonical URL, or
/// sent to the leave address (fragment included) when the shipped rules
/// block the page; and every other link is left to `navigate` (nil).
@Suite struct ExternalLinkTests {
    static let pieces = ["https://", "http://", "//", "/", "/", "de.wiktionary.org", "www.loghatnameh.de", "cdn.example", "ad.doubleclick.net",
                         "pagead2.googlesyndication.com", "wiki", "Haus", "a", "Z", "9", "?", "q=", "&", "#", "#top", "%D8", " ", "é", "..", ":8080"]

    /// The fate `navigate` gives a link (references decoded), as
    /// `attributeNavigation(written:)` compares it with the link.
    static func plainFate(_ written: String, policy: ResourcePolicy) -> String {
        switch policy.navigate(written) {
        case .unchanged: return "keep false"
        case .site(let path): return path == written ? "keep false" : "replace false \(path)"
        case .external(let url): return url == written ? "keep true" : "replace true \(url)"
        }
    }

    @Test(arguments: ["https://www.loghatnameh.de/search?q=Haus", "http://www.loghatnameh.de/a/b", "https://other.example/x"])
    func generatedLinksHaveTheFateNavigateGives(_ document: String) {
        let context = Fixtures.context(document)
        let policy = ResourcePolicy(context: context, base: Fixtures.url(document))
        var random = SplitMix64(seed: 35)
        var fates: [String: Int] = [:]
        for _ in 0..<4_000 {
            // Another site's https page, an ad's, another site's origin alone
            // (its canonical URL has a `/` more) or anything.
            let start = random.next(below: 8)
            let raw = start == 0 ? "https://de.wiktionary.org"
                : (start < 4 ? "https://de.wiktionary.org/" : start < 6 ? "https://ad.doubleclick.net/" : "")
                + random.text(from: Self.pieces, fewerThan: 6, plus: 1)
            let outcome = Array(raw.utf8).withUnsafeBufferPointer { policy.externalNavigation(canonical: $0) }
            guard let outcome else {
                fates["navigate", default: 0] += 1
                continue
            }
            let fate = AttributeURLTests.fate(outcome)
            #expect(fate == Self.plainFate(raw, policy: policy), "\(raw)")
            let kind = fate.hasPrefix("replace true /_limot/leave?to=") ? "leave" : String(fate.prefix(while: { $0 != " " }))
            fates[kind, default: 0] += 1
        }
        #expect(fates.count == 4 && fates.values.allSatisfy { $0 > 50 }, "\(fates): the generator no longer makes every fate")
    }

    @Test("the leave path of a URL's bytes is the leave path of the URL")
    func leavePathOfBytes() throws {
        for text in ["https://ad.doubleclick.net/ddm/clk/1?a=b&c=%D8#frag", "https://x.example/", "http://a.example:8080/é?q= x"] {
            let url = try WebURL(text)
            var serialization = url.serialization
            let fromBytes = serialization.withUTF8 { ProxyURLMap.leavePath(forSerialization: $0) }
            // Each byte as the documented escape: unreserved bytes as they are, every other `%XY`.
            let expected = "/_limot/leave?to=" + url.serialization.utf8.map { byte -> String in
                let unreserved = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || "-._~".utf8.contains(byte)
                return unreserved ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }.joined()
            #expect(fromBytes == expected, "\(text)")
            #expect(ProxyURLMap.leavePath(for: url) == expected, "\(text)")
        }
    }

    @Test("isSite of a URL's bytes is isSite of the URL")
    func isSiteOfBytes() throws {
        let map = Fixtures.urlMap
        for text in ["https://www.loghatnameh.de/", "https://www.loghatnameh.de/a?b", "https://www.loghatnameh.dex/", "http://www.loghatnameh.de/",
                     "https://www.loghatnameh.de:8443/", "https://a@www.loghatnameh.de/", "https://de.wiktionary.org/wiki/Haus"] {
            let url = try WebURL(text)
            var serialization = url.serialization
            let fromBytes = serialization.withUTF8 { map.isSite(serialization: $0) }
            // The site's origin compared as the documentation has it.
            #expect(fromBytes == (url.origin == "https://www.loghatnameh.de" && url.username.isEmpty && url.password.isEmpty), "\(text)")
            #expect(fromBytes == map.isSite(url), "\(text)")
        }
    }
}

private extension String {
    func leftPadded(to count: Int) -> String { String(repeating: "0", count: max(0, count - self.count)) + self }
}
