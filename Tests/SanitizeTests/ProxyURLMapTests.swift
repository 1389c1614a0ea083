import ContentRules
import Testing
import WebURL
@testable import Sanitize

/// The proxy's URL space: every page and subresource link the sanitizer
/// writes must lead the browser back to exactly the upstream URL it stood for.
@Suite("Proxy URL map")
struct ProxyURLMapTests {
    let map = Fixtures.urlMap

    @Test("site pages sit at the root and map back", arguments: [
        "https://www.loghatnameh.de/",
        "https://www.loghatnameh.de/dict?query=Haus",
        "https://www.loghatnameh.de/dict?query=%D8%AE%D8%A7%D9%86%D9%87&dir=fa-de",
        "https://www.loghatnameh.de/a%2Fb/c%20d?x=%26&y=",
        "https://www.loghatnameh.de/_limotte/is-not-the-namespace",
        "https://www.loghatnameh.de/?",
    ])
    func documentRoundTrip(_ string: String) throws {
        let url = Fixtures.url(string)
        let path = try #require(map.documentPath(for: url))
        #expect(path == url.pathAndQuery)
        #expect(map.target(ofProxyPath: path) == ProxyTarget(url: url, kind: .document))
    }

    @Test("a site path inside /_limot/ stays reachable under /_limot/doc", arguments: [
        ("https://www.loghatnameh.de/_limot/sub/image/https/a/b", "/_limot/doc/_limot/sub/image/https/a/b"),
        ("https://www.loghatnameh.de/_limot", "/_limot/doc/_limot"),
        ("https://www.loghatnameh.de/_limot?x=1", "/_limot/doc/_limot?x=1"),
        ("https://www.loghatnameh.de/_limot/doc/x", "/_limot/doc/_limot/doc/x"),
    ])
    func namespaceEscape(_ string: String, _ expected: String) throws {
        let url = Fixtures.url(string)
        #expect(map.documentPath(for: url) == expected)
        #expect(map.target(ofProxyPath: expected) == ProxyTarget(url: url, kind: .document))
    }

    @Test("navigation paths drop the fragment, which browsers never send")
    func documentFragment() {
        #expect(map.documentPath(for: Fixtures.url("https://www.loghatnameh.de/dict?query=Haus#bedeutung-2")) == "/dict?query=Haus")
    }

    @Test("only the site's exact origin is a site page", arguments: [
        "http://www.loghatnameh.de/dict", "https://loghatnameh.de/dict", "https://www.loghatnameh.de:8443/dict",
        "https://example.org/dict", "https://user:pw@www.loghatnameh.de/dict", "mailto:info@loghatnameh.de",
    ])
    func otherOrigins(_ string: String) {
        #expect(map.documentPath(for: Fixtures.url(string)) == nil)
    }

    @Test("subresources of any host map back with their type", arguments: [
        ("https://www.loghatnameh.de/static/site.css?v=42", ResourceTypes.styleSheet, "/_limot/sub/style-sheet/https/www.loghatnameh.de/static/site.css?v=42"),
        ("http://cdn.example.org:8080/lib/a.js", .script, "/_limot/sub/script/http/cdn.example.org:8080/lib/a.js"),
        ("https://[2001:db8::1]:8443/img/a.png?size=2", .image, "/_limot/sub/image/https/[2001:db8::1]:8443/img/a.png?size=2"),
        ("http://192.0.2.7/font.woff2", .font, "/_limot/sub/font/http/192.0.2.7/font.woff2"),
        ("https://media.example.org/%D8%AE%D8%A7%D9%86%D9%87.mp3?a=%20b", .media, "/_limot/sub/media/https/media.example.org/%D8%AE%D8%A7%D9%86%D9%87.mp3?a=%20b"),
        ("https://example.org/a%2Fb", .childDocument, "/_limot/sub/child-document/https/example.org/a%2Fb"),
        ("https://example.org/", .svgDocument, "/_limot/sub/svg-document/https/example.org/"),
        ("https://example.org?q", .fetch, "/_limot/sub/fetch/https/example.org/?q"),
        ("https://example.org/p", .ping, "/_limot/sub/ping/https/example.org/p"),
        ("https://example.org/ws", .websocket, "/_limot/sub/websocket/https/example.org/ws"),
        ("https://example.org/o", .other, "/_limot/sub/other/https/example.org/o"),
        // Characters a host may have and a path may not (found by Fuzz/HTMLSanitizerFuzzer).
        ("https://a`b{c}d\"e.example/x", .image, "/_limot/sub/image/https/a%60b%7Bc%7Dd%22e.example/x"),
    ])
    func subresourceRoundTrip(_ string: String, _ type: ResourceTypes, _ expected: String) {
        let url = Fixtures.url(string)
        #expect(map.subresourcePath(for: url, type: type) == expected)
        #expect(map.target(ofProxyPath: expected) == ProxyTarget(url: url, kind: .subresource(type)))
    }

    @Test("the type segment is the WebKit trigger name, for every single type")
    func typeNames() throws {
        let url = Fixtures.url("https://example.org/x")
        for (name, types) in ResourceTypes.triggerNames where types.rawValue.nonzeroBitCount == 1 {
            let path = try #require(map.subresourcePath(for: url, type: types))
            #expect(path == "/_limot/sub/\(name)/https/example.org/x")
            #expect(map.target(ofProxyPath: path)?.kind == .subresource(types))
        }
    }

    @Test("subresource paths drop the fragment")
    func subresourceFragment() {
        #expect(map.subresourcePath(for: Fixtures.url("https://example.org/icons.svg#star"), type: .image)
            == "/_limot/sub/image/https/example.org/icons.svg")
    }

    @Test("what a proxy path cannot carry is not proxied", arguments: [
        "data:image/png;base64,AAAA", "ftp://example.org/a.png", "wss://example.org/socket",
        "https://user:secret@example.org/a.png", "blob:https://example.org/1234",
        // Hosts that are dot segments: a browser would remove them from the path (found by fuzzing).
        "http:./evil.example/x.png", "https://../x.png",
    ])
    func notProxied(_ string: String) {
        #expect(map.subresourcePath(for: Fixtures.url(string), type: .image) == nil)
    }

    @Test("the proxy's own routes and garbage map to nothing", arguments: [
        "", "dict", "https://www.loghatnameh.de/", "/_limot/", "/_limot/stats", "/_limot/sub/",
        "/_limot/sub/image", "/_limot/sub/image/https", "/_limot/sub/image/https/example.org",
        "/_limot/sub/nonsense/https/example.org/x", "/_limot/sub/document/https/example.org/x",
        "/_limot/sub/image/ftp/example.org/x", "/_limot/sub/image/https//x",
        "/_limot/sub/image/https/user@evil.example/x", "/_limot/sub/image/https/evil.example\\@good.example/x",
        "/_limot/sub/image/https/example.org:99999/x", "/_limot/sub/image/https/example.org:443/x",
        "/_limot/sub/image/https/EXAMPLE.org/x", "/_limot/doc/dict?query=Haus", "/_limot/doc",
        "/dict#fragment",
    ])
    func garbage(_ path: String) {
        #expect(map.target(ofProxyPath: path) == nil)
    }

    @Test("a URL is the site's when its origin is, and has no credentials", arguments: [
        "https://www.loghatnameh.de/", "https://www.loghatnameh.de/dict?q=1#x", "https://www.loghatnameh.de:443/a",
        "http://www.loghatnameh.de/", "https://www.loghatnameh.de:8443/", "https://www.loghatnameh.de.evil.example/",
        "https://www.loghatnameh.de@evil.example/", "https://u:p@www.loghatnameh.de/", "https://WWW.LOGHATNAMEH.DE/x",
        "blob:https://www.loghatnameh.de/1234", "wss://www.loghatnameh.de/", "https://loghatnameh.de/",
    ])
    func isSite(_ string: String) {
        let url = Fixtures.url(string)
        let sameOrigin = url.origin == map.site.origin && url.username.isEmpty && url.password.isEmpty
            && (url.scheme == "http" || url.scheme == "https")
        #expect(map.isSite(url) == sameOrigin)
        #expect((map.documentPath(for: url) != nil) == sameOrigin)
    }

    @Test("a type's path name is its first WebKit name, for single types and sets")
    func typeNamesOfSets() {
        var types = (0..<32).map { ResourceTypes(rawValue: 1 << UInt32($0)) }
        types += [[.image, .script], [.styleSheet, .font], .all, ResourceTypes(rawValue: 0)]
        for type in types {
            #expect(ProxyURLMap.typeName(type) == type.names.first, "\(type.rawValue)")
        }
    }

    /// The pieces generated subresource URLs are made of: hosts with the
    /// bytes a path segment encodes, dot hosts, ports, credentials, queries
    /// with `&`, fragments, and text the parser encodes.
    static let generatedURLPieces = ["a", "z", "Q", "0", "9", "-", "_", ".", "..", "\"", "`", "{", "}", "&", "%41", "é", "xn--bcher-kva"]
    static let generatedPathPieces = ["/", "a", "/b.png", "?", "&", "=", "#", "%20", " ", "é", "'", "\"", "<", ".", ".."]

    /// `subresourcePath(for:type:)` written plainly, piece by piece from the
    /// URL's components: what the map's copy from the serialization must equal.
    static func plainSubresourcePath(for url: WebURL, type: ResourceTypes) -> String? {
        guard url.scheme == "http" || url.scheme == "https", url.username.isEmpty, url.password.isEmpty,
              let name = type.names.first else { return nil }
        let host = url.hostname
        guard !host.isEmpty, host != ".", host != ".." else { return nil }
        var segment = ""
        for scalar in host.unicodeScalars {
            switch scalar {
            case "\"": segment += "%22"
            case "`": segment += "%60"
            case "{": segment += "%7B"
            case "}": segment += "%7D"
            default: segment.unicodeScalars.append(scalar)
            }
        }
        let port = url.port.map { ":\($0)" } ?? ""
        return "/_limot/sub/" + name + "/" + url.scheme + "/" + segment + port + url.path + (url.query.map { "?" + $0 } ?? "")
    }

    @Test("a subresource's path is the plain one, on generated URLs of every shape the map copies or builds")
    func generatedSubresourcePaths() {
        var random = SplitMix64(seed: 27)
        let types: [ResourceTypes] = [.image, .script, .styleSheet, .childDocument, .font, [.image, .media]]
        var copied = 0
        for _ in 0..<20_000 {
            var string = random.next(below: 2) == 0 ? "https://" : "http://"
            if random.next(below: 10) == 0 { string += "u:p@" }
            string += random.text(from: Self.generatedURLPieces, fewerThan: 6, plus: 0)
            if random.next(below: 8) == 0 { string += [":8080", ":80", ":443"][random.next(below: 3)] }
            string += random.text(from: Self.generatedPathPieces, fewerThan: 8, plus: 0)
            guard let url = try? WebURL(string) else { continue }
            let type = types[random.next(below: types.count)]
            let path = map.subresourcePath(for: url, type: type)
            #expect(path == Self.plainSubresourcePath(for: url, type: type), "\(string) as \(url.serialization)")
            if path != nil, url.port == nil { copied += 1 }
        }
        #expect(copied > 5_000, "only \(copied) URLs took the copy from the serialization")
    }
}
