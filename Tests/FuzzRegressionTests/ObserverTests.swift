import Sanitize
import Testing
@testable import FuzzChecks

/// The checks are only as good as their observers: each must see the
/// violation it exists for, or a passing fuzz run means nothing.
@Suite("Fuzz check observers")
struct ObserverTests {
    @Test("a script, and a load inside a proxied element, that leave the proxy are seen")
    func leakingPageLoads() {
        let script = ProxyObservation.leakingLoads(ofPage: Array(#"<script src="https://evil.example/x.js"></script>"#.utf8))
        #expect(script.map(\.url) == ["https://evil.example/x.js"])
        let nested = ProxyObservation.leakingLoads(ofPage: Array(#"""
            <video src="/_limot/sub/media/https/www.loghatnameh.de/v.mp4"><source src="//evil.example/v.mp4"></video>
            """#.utf8))
        #expect(nested.map(\.url) == ["http://evil.example/v.mp4"])
    }

    @Test("proxy subresource paths are not leaks; every load is still seen")
    func proxiedPageLoads() {
        let page = Array(#"<img src="/_limot/sub/image/https/cdn.example/x.png"><a href="https://other.example/">x</a>"#.utf8)
        #expect(ProxyObservation.leakingLoads(ofPage: page).isEmpty)
        #expect(ProxyObservation.loads(ofPage: page).map(\.url) == ["http://127.0.0.1:8080/_limot/sub/image/https/cdn.example/x.png"])
    }

    @Test("style sheet loads off the proxy are seen")
    func sheetLoads() {
        #expect(ProxyObservation.leakingLoads(ofSheet: "a{b:url(https://evil.example/x.png)}").count == 1)
        #expect(ProxyObservation.leakingLoads(ofSheet: #"a{b:url("/_limot/sub/image/https/cdn.example/x.png")}"#).isEmpty)
    }

    @Test("a proxied host the output does not report is a violation")
    func unreportedHost() {
        let loads = ProxyObservation.loads(ofSheet: #"a{b:url("/_limot/sub/image/https/cdn.example/x.png")}"#)
        #expect(throws: InvariantViolation.self) {
            try ProxyObservation.checkProxied(loads, subresourceHosts: ["www.loghatnameh.de"], target: .cssRewriter, output: "")
        }
        #expect(throws: Never.self) {
            try ProxyObservation.checkProxied(loads, subresourceHosts: ["cdn.example"], target: .cssRewriter, output: "")
        }
    }

    @Test("a proxy path is a load when the page's structure makes it one, not when an SVG element holds it")
    func proxyPathLoads() {
        let load = BlockedResource(url: "http://127.0.0.1:8080/_limot/sub/", type: .media, rules: [])
        // An HTML video loads it; after `<table>` stopped `</video>`, the SVG is still open and its `<video>` loads nothing.
        #expect(ProxyObservation.routesAsLoad(load, ofPage: Array("<p>x</p><video src=_limot/sub/>".utf8)))
        #expect(!ProxyObservation.routesAsLoad(load, ofPage: Array("<video src=g><table><svg></video><video src=_limot/sub/>".utf8)))
        // A URL with characters the rules' regular expressions give a meaning to.
        let odd = BlockedResource(url: "http://127.0.0.1:8080/_limot/sub/a.b?c=(d)*+[e]", type: .media, rules: [])
        #expect(ProxyObservation.routesAsLoad(odd, ofPage: Array("<video src='/_limot/sub/a.b?c=(d)*+[e]'>".utf8)))
    }

    @Test("RE2 refusals are reported")
    func re2Refusal() {
        #expect(RE2Compilation.error(compiling: "(", caseSensitive: true) != nil)
        #expect(RE2Compilation.error(compiling: "^a\\x2e(?:b)*$", caseSensitive: false) == nil)
    }
}
