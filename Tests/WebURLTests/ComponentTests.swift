import Testing
import WebURL

@Suite("Components, origin and modification")
struct ComponentTests {
    @Test func allComponentsOfAFullURL() throws {
        let url = try WebURL("https://user:pa ss@EXAMPLE.com:8443/p/a/t/h?query=1#frag")
        #expect(url.serialization == "https://user:pa%20ss@example.com:8443/p/a/t/h?query=1#frag")
        #expect(url.description == url.serialization)
        #expect(url.scheme == "https")
        #expect(url.isSpecial)
        #expect(url.username == "user")
        #expect(url.password == "pa%20ss")
        #expect(url.host == .domain("example.com"))
        #expect(url.hostname == "example.com")
        #expect(url.port == 8443)
        #expect(url.effectivePort == 8443)
        #expect(url.path == "/p/a/t/h")
        #expect(url.query == "query=1")
        #expect(url.fragment == "frag")
        #expect(url.pathAndQuery == "/p/a/t/h?query=1")
        #expect(url.origin == "https://example.com:8443")
        #expect(url.removingFragment.serialization == "https://user:pa%20ss@example.com:8443/p/a/t/h?query=1")
        #expect(url.removingFragment.fragment == nil)
        #expect(url.removingFragment.query == "query=1")
    }

    @Test func minimalSpecialURL() throws {
        let url = try WebURL("http://example.com")
        #expect(url.username == "")
        #expect(url.password == "")
        #expect(url.port == nil)
        #expect(url.effectivePort == 80)
        #expect(url.path == "/")
        #expect(url.query == nil)
        #expect(url.fragment == nil)
        #expect(url.pathAndQuery == "/")
        #expect(url.origin == "http://example.com")
        #expect(url.removingFragment == url)
    }

    @Test func emptyQueryAndFragmentAreNotNil() throws {
        let url = try WebURL("http://example.com/x?#")
        #expect(url.query == "")
        #expect(url.fragment == "")
        #expect(url.pathAndQuery == "/x?")
        #expect(url.removingFragment.serialization == "http://example.com/x?")
    }

    /// `hasFragment` says whether there is a fragment as `fragment` does (an
    /// empty one too), that is, whether `removingFragment` is another URL,
    /// for every shape the parser and the canonical shortcut make.
    @Test func hasFragmentAsFragmentSays() throws {
        let texts = ["http://example.com", "http://example.com/x?#", "https://a.b/c#d", "https://a.b/c?d#", "https://a.b/c?d",
                     "sc://h/p#f", "mailto:a@b#x", "data:,x", "https://a.b/#", "HTTPS://A.B/c#d e"]
        for text in texts {
            for url in [try WebURL(text), WebURL(canonicalHTTP: text)].compactMap({ $0 }) {
                #expect(url.hasFragment == (url.fragment != nil), "\(text)")
                #expect(url.hasFragment == (url.removingFragment != url), "\(text)")
            }
        }
    }

    @Test func defaultPortIsRemovedButEffective() throws {
        let url = try WebURL("https://example.com:443/")
        #expect(url.port == nil)
        #expect(url.effectivePort == 443)
        #expect(try WebURL("ftp://h/").effectivePort == 21)
        #expect(try WebURL("wss://h:444/").effectivePort == 444)
        #expect(try WebURL("sc://h/").effectivePort == nil)
        #expect(try WebURL("sc://h:7/").port == 7)
    }

    @Test func nonSpecialComponents() throws {
        let url = try WebURL("sc://h")
        #expect(!url.isSpecial)
        #expect(url.host == .opaque("h"))
        #expect(url.path == "")
        #expect(url.pathAndQuery == "")
        #expect(url.origin == "null")

        let dotted = try WebURL("web+demo:/.//not-a-host/")
        #expect(dotted.host == nil)
        #expect(dotted.hostname == "")
        #expect(dotted.path == "//not-a-host/")

        let data = try WebURL("data:text/plain,hi?x#y")
        #expect(data.host == nil)
        #expect(data.hasOpaquePath)
        #expect(data.path == "text/plain,hi")
        #expect(data.query == "x")
        #expect(data.fragment == "y")
        #expect(data.origin == "null")

        #expect(try WebURL("sc:///x").host == .empty)
        #expect(try WebURL("mailto:x@y").host == nil)
        #expect(try !WebURL("sc:/x").hasOpaquePath)
    }

    @Test func hostKinds() throws {
        #expect(try WebURL("http://[::1]:8080/").host == .ipv6([0, 0, 0, 0, 0, 0, 0, 1]))
        #expect(try WebURL("http://[::1]:8080/").hostname == "[::1]")
        #expect(try WebURL("http://127.0.0.1/").host == .ipv4(0x7F00_0001))
        #expect(try WebURL("file:///x").host == .empty)
        #expect(try WebURL("http://[::1]/").host?.description == "[::1]")
        #expect(try WebURL("http://1.2.3.4/").host?.description == "1.2.3.4")
    }

    @Test(arguments: [
        ("https://example.com/a", "https://example.com"),
        ("http://example.com:8080/", "http://example.com:8080"),
        ("ws://[::1]:80/", "ws://[::1]"),
        ("ftp://u:p@h/", "ftp://h"),
        ("file:///etc/hosts", "null"),
        ("blob:https://example.com:443/uuid", "https://example.com"),
        ("blob:http://example.com:81/uuid", "http://example.com:81"),
        ("blob:sc://x/", "null"),
        ("blob:ftp://x/", "null"),
        ("about:blank", "null"),
        ("data:,x", "null"),
    ])
    func origin(_ input: String, _ expected: String) throws {
        #expect(try WebURL(input).origin == expected)
    }

    @Test(arguments: [
        ("http://a/", "https", "https://a/"),
        ("http://a:443/", "https", "https://a/"),
        ("http://a:8080/x?y#z", "https", "https://a:8080/x?y#z"),
        ("http://u:p@a/x", "https", "https://u:p@a/x"),
        ("https://a/", "http", "http://a/"),
        ("https://a:80/", "http", "http://a/"),
        ("http://a/", "HTTPS:", "https://a/"),
        ("http://a/", "ws", "ws://a/"),
        ("http://a/", "sc", "http://a/"),
        ("sc://a/", "http", "sc://a/"),
        ("sc://a/", "other", "other://a/"),
        ("http://u@a/", "file", "http://u@a/"),
        ("http://a:81/", "file", "http://a:81/"),
        ("http://a/", "file", "file://a/"),
        ("file:///x", "http", "file:///x"),
        ("file://h/x", "http", "http://h/x"),
        ("http://a/", "1x", "http://a/"),
        ("http://a/", "", "http://a/"),
    ])
    func withScheme(_ input: String, _ scheme: String, _ expected: String) throws {
        let url = try WebURL(input).withScheme(scheme)
        #expect(url.serialization == expected)
        // The result must be exactly what parsing its serialisation gives.
        #expect(try WebURL(url.serialization) == url)
        #expect(try WebURL(url.serialization).port == url.port)
    }

    @Test("isHTTP, isHTTPS and hasCredentials answer as the components' Strings do, however the URL was made")
    func schemeAndCredentialShortcuts() throws {
        let base = try WebURL("https://www.example.org/dir/page?q=1")
        var urls: [WebURL] = []
        for input in [
            "http://a/", "https://a/", "HTTPS://A:443/x", "hTtP://u@a/", "https://:p@a/", "https://u:p@a/x",
            "http://@a/", "https://:@a/", "ws://a/", "wss://u@a/", "ftp://a/", "file:///x", "data:,x",
            "mailto:x@y", "javascript:void(0)", "httpx://a/", "http:a", "https:/a", "blob:https://a/b", "sc://u:p@h/",
        ] {
            urls.append(try WebURL(input))
        }
        for relative in ["/x", "//other.example/y", "z?w#v", "http://u@h/", "mailto:q"] {
            urls.append(try WebURL(relative, relativeTo: base))
        }
        // The canonical shortcut's layout, and a changed scheme's.
        for input in ["https://www.example.org/a?b", "http://a.example/"] {
            urls.append(try #require(WebURL(canonicalHTTP: input)))
        }
        urls += urls.map { $0.withScheme("http") } + urls.map { $0.withScheme("https") } + urls.map { $0.withScheme("ws") }
        for url in urls {
            #expect(url.isHTTP == (url.scheme == "http"), "\(url)")
            #expect(url.isHTTPS == (url.scheme == "https"), "\(url)")
            #expect(url.hasCredentials == (!url.username.isEmpty || !url.password.isEmpty), "\(url)")
        }
        #expect(urls.contains(where: \.isHTTP) && urls.contains(where: \.isHTTPS) && urls.contains(where: \.hasCredentials))
    }

    @Test func equalityAndHashingUseTheSerialisation() throws {
        let a = try WebURL("HTTP://Example.COM:80/a/../b")
        let b = try WebURL("http://example.com/b")
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        #expect(try WebURL("http://example.com/b#x") != b)
    }

    @Test func reparsingTheSerialisationIsStable() throws {
        for input in [
            "http://u:p@[::ffff:1.2.3.4]:99/a%20b?c d#e f", "web+demo:/.//x", "file:///C:/a/..",
            "sc://ä/ö?ü#ß", "data:foo ?x", "http://xn--bcher-kva.de/",
        ] {
            let once = try WebURL(input)
            #expect(try WebURL(once.serialization).serialization == once.serialization, "\(input)")
        }
    }
}

@Suite("Errors")
struct ErrorTests {
    @Test(arguments: [
        ("foo", WebURLError.Reason.missingScheme),
        ("//host/x", .missingScheme),
        ("http://", .hostMissing),
        ("http://user@/", .hostMissing),
        ("http://a:65536/", .portOutOfRange),
        ("http://a:1x/", .invalidPort),
        ("http://1.2.3.256/", .invalidIPv4Address),
        ("http://0x1.0x100.1.1/", .invalidIPv4Address),
        ("http://[1::2::3]/", .invalidIPv6Address),
        ("http://[::1/", .unclosedIPv6Address),
        ("sc://a b/", .forbiddenHostCodePoint),
        ("http://a%25b/", .forbiddenDomainCodePoint),
        ("http://a\u{3000}b/", .forbiddenDomainCodePoint),
        ("http://xn--a.bücher/", .invalidDomain),
        ("http://%C2%AD/", .invalidDomain),
    ])
    func reason(_ input: String, _ reason: WebURLError.Reason) {
        #expect(throws: WebURLError(input: input, reason: reason)) { try WebURL(input) }
    }

    @Test func descriptionSaysWhatAndWhere() {
        do {
            _ = try WebURL("http://[1::2::3]/")
            Issue.record("should have failed")
        } catch {
            #expect(error.description == "invalid IPv6 address in 'http://[1::2::3]/'")
            #expect(error.input == "http://[1::2::3]/")
        }
        #expect(
            WebURLError(input: "x", reason: .missingScheme).description
                == "missing scheme (not an absolute URL and no usable base URL) in 'x'")
    }

    @Test func relativeWithOpaqueBaseFails() throws {
        let base = try WebURL("about:blank")
        #expect(throws: WebURLError(input: "x", reason: .missingScheme)) { try WebURL("x", relativeTo: base) }
    }
}
