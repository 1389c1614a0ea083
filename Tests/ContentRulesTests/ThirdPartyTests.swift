import Testing
import WebURL
@testable import ContentRules

/// `ResourceRequest.isThirdParty` reads the URLs' bytes for speed; these
/// tests hold it to the plain string definition (same registrable domain, or
/// the same host when there is none), as WebKit's `isThirdParty` compares.
@Suite("First and third party")
struct ThirdPartyTests {
    /// The definition, with strings.
    private func reference(_ url: WebURL, page: WebURL?) -> Bool {
        guard let page else { return true }
        let (pageHost, host) = (page.hostname, url.hostname)
        if pageHost.isEmpty || host.isEmpty { return pageHost != host }
        let site = PublicSuffixList.shared.registrableDomain(of: pageHost) ?? pageHost
        return !(host == site || host.hasSuffix("." + site))
    }

    /// Pure decisions: nothing here is fetched. Hosts are reserved `.example`
    /// names, except where the case is about a real public suffix of the
    /// list (`co.uk`, `github.io`), which only a real suffix can show.
    @Test("named cases", arguments: [
        ("http://cdn.page.example/x", "http://page.example/", false), ("http://page.example.evil.example/x", "http://page.example/", true),
        ("http://a.co.uk/x", "http://b.co.uk/", true), ("http://x.a.co.uk/x", "http://y.a.co.uk/", false),
        ("http://127.0.0.1:8080/x", "http://127.0.0.1/", false), ("http://127.0.0.2/x", "http://127.0.0.1/", true),
        ("http://[::1]/x", "http://[::1]:81/", false), ("https://co.uk/", "https://co.uk/", false), ("https://x.co.uk/", "https://co.uk/", false),
        ("http://a.example./x", "http://a.example/", true), ("http://x.a.example./", "http://a.example./", false), ("http://xa.example/", "http://a.example/", true),
        ("data:text/plain,x", "http://a.example/", true), ("foo:bar", "foo:baz", false), ("foo://Host/x", "foo://host/", true),
        ("https://foo.github.io/", "https://bar.github.io/", true), ("https://www.example.com/", "https://example.com/", false),
        // A load from the page's own host, answered without the Public Suffix
        // List; an opaque host with capitals still goes the long way, and
        // keeps its answer (a registrable domain is compared lower-cased).
        ("https://a.co.uk/x", "https://a.co.uk/y", false), ("https://co.uk/x", "https://co.uk/", false),
        ("http://a.example./x", "http://a.example./", false), ("http://[::1]/x", "http://[::1]/", false),
        ("foo://Host/x", "foo://Host/", false), ("foo://a.Host/x", "foo://a.Host/", true),
    ])
    func namedCase(_ url: String, _ page: String, _ thirdParty: Bool) throws {
        let request = ResourceRequest(url: try WebURL(url), type: .image, pageURL: try WebURL(page))
        #expect(request.isThirdParty(publicSuffixList: .shared) == thirdParty)
        #expect(reference(request.url, page: request.pageURL) == thirdParty)
    }

    /// The engine's own test (in `decide`) agrees: a page decided as a load
    /// of its own, as the sanitizer decides every link, is first party
    /// unless its opaque host has capitals; with a prepared page too.
    @Test func aPageIsFirstPartyToItself() throws {
        let parsed = RuleListParser.parse(#"[{"trigger":{"url-filter":".*","load-type":["third-party"]},"action":{"type":"block"}}]"#, source: "t")
        let engine = try ContentRuleEngine(lists: [try #require(parsed.list)])
        for (address, thirdParty) in [("https://a.co.uk/x", false), ("https://co.uk/", false), ("http://a.example./", false),
                                      ("http://[::1]/", false), ("foo://Host/x", false), ("foo://a.Host/x", true)] {
            let url = try WebURL(address)
            let request = ResourceRequest(url: url, type: .topDocument, pageURL: url)
            #expect(engine.decide(request).isBlocked == thirdParty, "\(address)")
            #expect(engine.decide(request, page: engine.prepare(page: url)).isBlocked == thirdParty, "\(address), prepared")
        }
    }

    @Test func noPageIsThirdParty() throws {
        #expect(ResourceRequest(url: try WebURL("https://a.example/"), type: .image, pageURL: nil).isThirdParty(publicSuffixList: .shared))
    }

    /// Every pair of a few hundred hosts around shared suffixes agrees with the definition.
    @Test func agreesWithTheDefinition() throws {
        let labels = ["a", "www", "ads", "co", "uk", "com", "github", "io", "example", "b-c", "x1", "xn--bcher-kva"]
        var hosts: [String] = []
        for first in labels {
            for second in labels { hosts += ["\(first).\(second)", "\(first).\(second).com", "\(first).\(second).co.uk"] }
        }
        let urls = try hosts.map { try WebURL("https://\($0)/") } + [try WebURL("http://10.0.0.1/"), try WebURL("mailto:x@y")]
        var checked = 0
        for url in urls {
            for page in urls where url.hostname.hasSuffix(page.hostname.split(separator: ".").last.map(String.init) ?? "") {
                let request = ResourceRequest(url: url, type: .script, pageURL: page)
                #expect(request.isThirdParty(publicSuffixList: .shared) == reference(url, page: page), "\(url) on \(page)")
                checked += 1
            }
        }
        #expect(checked > 10_000)
    }

    /// `isOnAnotherSiteByAnyList`, which answers without the Public Suffix
    /// List, says "another site" only where the definition says third party,
    /// for every pair of hosts around shared and unshared suffixes (trailing
    /// dots, IP addresses, public suffixes, an opaque host with capitals);
    /// and a prepared page, which looks the list up only when the shortcut
    /// cannot answer, decides every pair as the definition does.
    @Test func shortcutAndPreparedPagesAgreeWithTheDefinition() throws {
        let labels = ["a", "www", "co", "uk", "com", "github", "io", "example"]
        var hosts: [String] = []
        for first in labels {
            for second in labels { hosts += ["\(first).\(second)", "\(first).\(second).com", "\(first).\(second).co.uk", "\(first).\(second).com."] }
        }
        let urls = try hosts.map { try WebURL("https://\($0)/") }
            + ["http://10.0.0.1/", "http://0.1/", "http://[::1]/", "https://com/", "https://co.uk/", "foo://a.Host/", "foo://b.a.Host/", "foo://x.host/"]
            .map { try WebURL($0) }
        let parsed = RuleListParser.parse(#"[{"trigger":{"url-filter":"x"},"action":{"type":"block"}}]"#, source: "t")
        let engine = try ContentRuleEngine(lists: [try #require(parsed.list)])
        var (checked, answered) = (0, 0)
        for page in urls {
            let prepared = engine.prepare(page: page)
            for url in urls {
                let request = ResourceRequest(url: url, type: .script, pageURL: page)
                let thirdParty = reference(url, page: page)
                var (pageText, text) = (page.serialization, url.serialization)
                let shortcut = pageText.withUTF8 { pageBytes in
                    text.withUTF8 { bytes in
                        ResourceRequest.isOnAnotherSiteByAnyList(host: UnsafeBufferPointer(rebasing: bytes[url.hostnameRange]),
                                                                  pageHost: UnsafeBufferPointer(rebasing: pageBytes[page.hostnameRange]))
                    }
                }
                if shortcut {
                    #expect(thirdParty, "\(url) on \(page): the shortcut says another site")
                    answered += 1
                }
                #expect(request.isThirdParty(page: prepared) == thirdParty, "\(url) on \(page), prepared")
                #expect(request.isThirdParty(publicSuffixList: .shared) == thirdParty, "\(url) on \(page)")
                checked += 1
            }
        }
        #expect(checked > 50_000)
        #expect(answered > 30_000)
    }
}
