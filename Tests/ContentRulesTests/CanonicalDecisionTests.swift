import Testing
import WebURL
@testable import ContentRules

/// `decide(canonical:as:page:hosts:)` decides a load from the bytes of its
/// canonical URL (`CanonicalHTTPBytes`), never reading the request's own
/// `url`: held to the plain `decide(_:)` of the request with that URL, on
/// the real lists and request corpus and on the made hosts and rules of
/// `PageHostMemoTests` (first and third party, domain conditions,
/// make-https), with the request's `url` set to another load's so that a
/// decision that read it would differ.
@Suite("a decision from a canonical URL's bytes")
struct CanonicalDecisionTests {
    private func expectSame(_ fromBytes: Decision, _ plain: Decision, _ text: @autoclosure () -> String) {
        #expect(fromBytes.applied == plain.applied, "\(text()) applied")
        #expect(fromBytes.discarded == plain.discarded, "\(text()) discarded")
        #expect(fromBytes.isBlocked == plain.isBlocked, "\(text()) blocked")
        #expect(fromBytes.makesHTTPS == plain.makesHTTPS, "\(text()) make-https")
        #expect(fromBytes.isDocument == plain.isDocument, "\(text()) document")
    }

    /// Decides `request` from its URL's bytes, where the shortcut reads them,
    /// with `stale` as the request's own URL; nil where it does not.
    private func decideFromBytes(_ engine: ContentRuleEngine, _ request: ResourceRequest, stale: WebURL, page: PreparedPage,
                                 hosts: inout PageHostMemo) -> Decision? {
        var bytes = Array(request.url.serialization.utf8)
        bytes.append(0)  // room for a `/` after a host, never needed: the serialisation has its path
        return bytes.withUnsafeMutableBufferPointer { room -> Decision? in
            let url = UnsafeBufferPointer(rebasing: room[..<(room.count - 1)])
            guard let canonical = WebURL.canonicalHTTPBytes(url, room: room) else { return nil }
            var other = request
            other.url = stale
            return engine.decide(canonical: canonical, as: other, page: page, hosts: &hosts)
        }
    }

    @Test("the request corpus decides as from its URLs")
    func requestCorpus() throws {
        let engine = try ContentRuleEngine(lists: try RequestCorpus.lists())
        let requests = try RequestCorpus.requests().map(\.request).filter { $0.pageURL != nil && !$0.url.hasFragment }
        var decided = 0, blocked = 0
        var hosts = PageHostMemo()
        var stale = try WebURL("https://stale.example:8080/ads/banner.png")
        for request in requests {
            let page = engine.prepare(page: request.pageURL!)
            guard let fromBytes = decideFromBytes(engine, request, stale: stale, page: page, hosts: &hosts) else { continue }
            let plain = engine.decide(request)
            expectSame(fromBytes, plain, "\(request.url) page \(request.pageURL!) type \(request.type)")
            decided += 1
            if plain.isBlocked { blocked += 1 }
            stale = request.url
        }
        // Most of the corpus's URLs are canonical, and many are blocked.
        #expect(decided > 1000)
        #expect(blocked > 500)
    }

    /// Rules that read the host (anchored, first and third party), a page's
    /// domain, the port (make-https upgrades only a URL without one) and the
    /// load's type.
    private static let rules = #"""
    [{"trigger":{"url-filter":"^https?://([^/]+\\.)?ads\\.example[/:]"},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^https?://cdn\\.site\\.example/x/","load-type":["third-party"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^https?://([^/]+\\.)?site\\.example/y","load-type":["first-party"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^https?://([^/]+\\.)?other\\.example[/:]","if-domain":["*page.example"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^http://([^/]+\\.)?plain\\.example/"},"action":{"type":"make-https"}},
     {"trigger":{"url-filter":"pixel","resource-type":["image"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":"frame","resource-type":["document"]},"action":{"type":"block"}}]
    """#

    @Test("made hosts and paths decide as from their URLs")
    func madeURLs() throws {
        let engine = try ContentRuleEngine(lists: [try #require(RuleListParser.parse(Self.rules, source: "t").list)])
        let hosts = ["ads.example", "www.ads.example", "cdn.site.example", "www.site.example", "site.example", "other.example",
                     "plain.example", "www.plain.example", "page.example", "x.page.example", "site.example.", "a_b.example"]
        let paths = ["/", "/x/1.png", "/y", "/pixel", "/frame?q=1", "/x/", "/a/b?c=d&e=f"]
        let pages = ["https://page.example/", "https://www.site.example/a", "http://site.example./", "https://x.page.example/p?q"]
        // A stale URL with a port: a decision that read the request's URL
        // would not upgrade `plain.example`'s.
        let stale = try WebURL("http://plain.example:8080/frame")
        var decided = 0, upgraded = 0
        var memo = PageHostMemo()
        for pageText in pages {
            let page = try WebURL(pageText)
            let prepared = engine.prepare(page: page)
            for scheme in ["https", "http"] {
                for host in hosts {
                    for path in paths {
                        let url = try WebURL("\(scheme)://\(host)\(path)")
                        for type in [ResourceTypes.image, .script, .childDocument] {
                            let request = ResourceRequest(url: url, type: type, pageURL: page, frameURL: page)
                            let fromBytes = try #require(decideFromBytes(engine, request, stale: stale, page: prepared, hosts: &memo))
                            let plain = engine.decide(request)
                            expectSame(fromBytes, plain, "\(url) page \(page) \(type)")
                            decided += 1
                            if plain.makesHTTPS { upgraded += 1 }
                        }
                    }
                }
            }
        }
        #expect(decided > 1000)
        #expect(upgraded > 10)
    }
}
