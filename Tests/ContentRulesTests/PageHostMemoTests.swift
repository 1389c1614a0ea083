import Testing
import WebURL
@testable import ContentRules

/// `decide(_:page:hosts:)` answers a load's first-party test and host probes
/// from what an earlier load of the page at the same host found
/// (`PageHostMemo`). Held to the plain `decide(_:)`, which works everything
/// out for each load: on the real lists and the real request corpus, each
/// page's loads decided twice with one memo (the second time every host is
/// known), and on hosts made to differ from each other in every part the
/// memo's key holds (case, credentials, ports, trailing dots, schemes, IP
/// addresses), more of them than the memo keeps.
@Suite("page host memo")
struct PageHostMemoTests {
    /// Every part of the decision the sanitizer and `rules match` read.
    private func expectSame(_ memoized: Decision, _ plain: Decision, _ text: @autoclosure () -> String) {
        #expect(memoized.applied == plain.applied, "\(text()) applied")
        #expect(memoized.discarded == plain.discarded, "\(text()) discarded")
        #expect(memoized.isBlocked == plain.isBlocked, "\(text()) blocked")
        #expect(memoized.makesHTTPS == plain.makesHTTPS, "\(text()) make-https")
        #expect(memoized.isDocument == plain.isDocument, "\(text()) document")
    }

    @Test("the request corpus decides as without the memo, each page's loads twice")
    func requestCorpus() throws {
        let engine = try ContentRuleEngine(lists: try RequestCorpus.lists())
        let requests = try RequestCorpus.requests().filter { $0.request.pageURL != nil }
        try #require(requests.count > 1000)
        // The corpus's requests by page, in corpus order.
        var byPage: [String: [ResourceRequest]] = [:]
        var pageOrder: [String] = []
        for entry in requests {
            let page = entry.request.pageURL!.serialization
            if byPage[page] == nil { pageOrder.append(page) }
            byPage[page, default: []].append(entry.request)
        }
        var blocked = 0
        var hosts = PageHostMemo()
        for page in pageOrder {
            let loads = byPage[page]!
            let prepared = engine.prepare(page: loads[0].pageURL!)
            // In order, then backwards: the second pass finds every host kept
            // (unless the page has more hosts than the memo keeps).
            for request in loads + loads.reversed() {
                let plain = engine.decide(request)
                if plain.isBlocked { blocked += 1 }
                expectSame(engine.decide(request, page: prepared, hosts: &hosts), plain,
                           "\(request.url) page \(page) type \(request.type)")
            }
        }
        // The corpus blocks many of its loads by host: the memo's probes are exercised.
        #expect(blocked > 1000)
    }

    /// Rules that read each thing the memo keeps: host-anchored filters with
    /// and without a tail, at a subdomain or the host's start, first and
    /// third party, and a domain condition on the page; `x.a.b.c.d.example`
    /// finds five keys, more than the memo keeps probes of.
    private static let rules = #"""
    [{"trigger":{"url-filter":"^https?://([^/]+\\.)?ads\\.example[/:]"},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^https?://([^/]+\\.)?track\\.example/pixel"},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^https?://cdn\\.site\\.example/x/","load-type":["third-party"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^https?://([^/]+\\.)?site\\.example/y","load-type":["first-party"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^https?://([^/]+\\.)?other\\.example[/:]","if-domain":["*page.example"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^http://([^/]+\\.)?plain\\.example/"},"action":{"type":"make-https"}},
     {"trigger":{"url-filter":"^https?://([^/]+\\.)?a\\.b\\.c\\.d\\.example[/:]"},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^https?://([^/]+\\.)?b\\.c\\.d\\.example[/:]"},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^https?://([^/]+\\.)?c\\.d\\.example/z"},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^https?://([^/]+\\.)?d\\.example/w"},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^https?://([^/]+\\.)?x\\.a\\.b\\.c\\.d\\.example/v"},"action":{"type":"block"}},
     {"trigger":{"url-filter":"^https?://10\\.0\\.0\\.1/"},"action":{"type":"block"}}]
    """#

    @Test("made hosts decide as without the memo, past the hosts it keeps")
    func madeHosts() throws {
        let engine = try ContentRuleEngine(lists: [try #require(RuleListParser.parse(Self.rules, source: "t").list)])
        let labels = ["ads.example", "www.ads.example", "track.example", "cdn.site.example", "www.site.example", "site.example",
                      "other.example", "plain.example", "a.b.c.d.example", "x.a.b.c.d.example", "b.c.d.example", "c.d.example",
                      "d.example", "ADS.example", "Site.Example", "site.example.", "10.0.0.1", "[::1]", "page.example",
                      "x.page.example", "u:p@ads.example", "u@site.example", "ads.example:8080", "site.example:443",
                      "a-label-long-enough-to-pass-sixty-four-bytes-of-its-own-at-least.ads.example"]
        // More hosts than the memo keeps, each named once.
        let many = (0..<3 * PageHostMemo.capacity).map { "h\($0).site.example" }
        let paths = ["/", "/x/1.png", "/y", "/pixel", "/z/a", "/w", "/v", "/pixel?q=1", "/x/"]
        var urls: [WebURL] = []
        for scheme in ["https", "http"] {
            for host in labels + many {
                for path in paths { urls.append(try WebURL("\(scheme)://\(host)\(path)")) }
            }
        }
        let pages = ["https://page.example/", "https://www.site.example/a", "http://site.example./", "https://10.0.0.1/", "https://x.page.example/"]
        var decided = 0
        var hosts = PageHostMemo()
        for pageText in pages {
            let page = try WebURL(pageText)
            let prepared = engine.prepare(page: page)
            // Hosts in turn, then each host's URLs together, so that both the
            // last host and the others are found.
            let byHost = urls.sorted { ($0.hostname, $0.serialization) < ($1.hostname, $1.serialization) }
            for url in urls + byHost {
                for type in [ResourceTypes.image, .script, .childDocument] {
                    let request = ResourceRequest(url: url, type: type, pageURL: page)
                    expectSame(engine.decide(request, page: prepared, hosts: &hosts), engine.decide(request), "\(url) page \(page) \(type)")
                    decided += 1
                }
            }
        }
        #expect(decided > 10000)
    }
}
