import Testing
import WebURL

/// `hasDomainHost` answers what matching `host` against `.domain` does,
/// for every kind of host the parser makes (and URLs without one), the
/// fast shortcut's URLs and the full parser's, a fragment removed or not.
@Suite struct DomainHostTests {
    static let urls = [
        "https://www.loghatnameh.de/", "http://Example.COM:8080/a", "https://bücher.de/x", "https://a@b.example/", "http://example.com./",
        "http://127.0.0.1/", "http://0x7f.1/", "http://[::1]/", "https://[2001:db8::1]:443/", "foo://opaque.Host/x", "foo://[::1]/",
        "file:///etc/passwd", "file://server/share", "mailto:a@b.example", "data:text/plain,x", "foo:", "foo:///x", "https://a.example/#frag",
    ]

    @Test(arguments: urls)
    func hasDomainHostIsHostIsDomain(_ text: String) throws {
        for url in [try WebURL(text), try WebURL(text).removingFragment] {
            let isDomain: Bool
            if case .domain? = url.host { isDomain = true } else { isDomain = false }
            #expect(url.hasDomainHost == isDomain, "\(url)")
        }
    }

    @Test("the hosts above are of every kind")
    func everyKind() throws {
        var kinds = Set<String>()
        for text in Self.urls {
            switch try WebURL(text).host {
            case .domain?: kinds.insert("domain")
            case .ipv4?: kinds.insert("ipv4")
            case .ipv6?: kinds.insert("ipv6")
            case .opaque?: kinds.insert("opaque")
            case .empty?: kinds.insert("empty")
            case nil: kinds.insert("none")
            }
        }
        #expect(kinds.count == 6, "\(kinds)")
    }
}
