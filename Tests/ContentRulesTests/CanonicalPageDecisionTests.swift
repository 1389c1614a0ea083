import Testing
import WebURL
@testable import ContentRules

/// `decide(canonicalPage:)` decides a navigation to a page from the bytes
/// of its canonical URL, the page being its own top page: held to the
/// plain `decide(_:)` of `ResourceRequest(url: page, type: .topDocument,
/// pageURL: page, method: .get)`, as the sanitizer asked it of a link to
/// another site, on the real lists with the request corpus's URLs (and
/// pages) as pages, and on made hosts and rules that read the page's
/// domain, first and third party, the type and make-https.
@Suite("a page's decision from its canonical URL's bytes")
struct CanonicalPageDecisionTests {
    /// The decision from the bytes of `url`'s serialisation, nil where the
    /// shortcut does not read them (or the URL has a fragment).
    private func decideFromBytes(_ engine: ContentRuleEngine, _ url: WebURL) -> Decision? {
        guard !url.hasFragment else { return nil }
        var bytes = Array(url.serialization.utf8)
        bytes.append(0)  // room for a `/` after a host, never needed: the serialisation has its path
        return bytes.withUnsafeMutableBufferPointer { room -> Decision? in
            guard let canonical = WebURL.canonicalHTTPBytes(UnsafeBufferPointer(rebasing: room[..<(room.count - 1)]), room: room) else { return nil }
            return engine.decide(canonicalPage: canonical)
        }
    }

    /// The plain decision of a navigation to `url` as its own page.
    private func plainDecision(_ engine: ContentRuleEngine, _ url: WebURL) -> Decision {
        engine.decide(ResourceRequest(url: url, type: .topDocument, pageURL: url, method: .get))
    }

    private func expectSame(_ fromBytes: Decision, _ plain: Decision, _ text: @autoclosure () -> String) {
        #expect(fromBytes.applied == plain.applied, "\(text()) applied")
        #expect(fromBytes.discarded == plain.discarded, "\(text()) discarded")
        #expect(fromBytes.isBlocked == plain.isBlocked, "\(text()) blocked")
        #expect(fromBytes.makesHTTPS == plain.makesHTTPS, "\(text()) make-https")
        #expect(fromBytes.isDocument == plain.isDocument, "\(text()) document")
        #expect(fromBytes.hiddenSelectors == plain.hiddenSelectors, "\(text()) hidden selectors")
    }

    @Test("the request corpus's URLs and pages decide as pages from their bytes")
    func requestCorpus() throws {
        let engine = try ContentRuleEngine(lists: try RequestCorpus.lists())
        var urls: [WebURL] = []
        for (_, _, request) in try RequestCorpus.requests() {
            urls.append(request.url)
            if let page = request.pageURL { urls.append(page) }
        }
        var decided = 0, blocked = 0
        for url in urls.prefix(12_000) {
            guard let fromBytes = decideFromBytes(engine, url) else { continue }
            let plain = plainDecision(engine, url)
            expectSame(fromBytes, plain, "\(url)")
            decided += 1
            if plain.isBlocked { blocked += 1 }
        }
        // Most of the corpus's URLs are canonical, and ad pages are blocked as documents too.
        #expect(decided > 5_000)
        #expect(blocked > 100)
    }

    /// Rules that read the page's domain (`if-domain`, the URL being its
    /// own page), the load type (a page is first party to itself), the
    /// resource type and make-https (http only).
    private static let rules = #"""
    [{"trigger":{"url-filter":"^https?://([^/]+\\.)?ads\\.example[/:]"},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^https?://([^/]+\\.)?site\\.example/y","load-type":["first-party"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^https?://([^/]+\\.)?site\\.example/z","load-type":["third-party"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":"other","if-domain":["*page.example"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":"kept","unless-domain":["kept.example"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^http://([^/]+\\.)?plain\\.example/"},"action":{"type":"make-https"}},
     {"trigger":{"url-filter":"pixel","resource-type":["image"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":"frame","resource-type":["document"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":".*","if-domain":["hidden.example"]},"action":{"type":"css-display-none","selector":".ad"}}]
    """#

    @Test("made hosts and paths decide as pages from their bytes")
    func madeURLs() throws {
        let engine = try ContentRuleEngine(lists: [try #require(RuleListParser.parse(Self.rules, source: "t").list)])
        let hosts = ["ads.example", "www.ads.example", "site.example", "www.site.example", "page.example", "x.page.example",
                     "kept.example", "plain.example", "hidden.example", "site.example.", "a_b.example"]
        let paths = ["/", "/y", "/z", "/other", "/kept", "/pixel", "/frame?q=1", "/a/b?c=d&e=f"]
        var decided = 0, blocked = 0, upgraded = 0, hidden = 0
        for scheme in ["https", "http"] {
            for host in hosts {
                for path in paths {
                    let url = try WebURL("\(scheme)://\(host)\(path)")
                    let fromBytes = try #require(decideFromBytes(engine, url), "\(url)")
                    let plain = plainDecision(engine, url)
                    expectSame(fromBytes, plain, "\(url)")
                    decided += 1
                    if plain.isBlocked { blocked += 1 }
                    if plain.makesHTTPS { upgraded += 1 }
                    if !plain.hiddenSelectors.isEmpty { hidden += 1 }
                }
            }
        }
        #expect(decided == 176)
        #expect(blocked > 20 && blocked < decided / 2)
        #expect(upgraded > 0 && hidden > 0)
    }
}
