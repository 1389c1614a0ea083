import Testing
@testable import Proxy

/// The proxy answers only to its own address, and only to paths.
struct RequestGuardTests {
    let guardOnLoopback = RequestGuard(bindHost: "127.0.0.1", port: 8080, allowRemote: false)

    @Test(arguments: ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080", "127.0.0.1"])
    func ownAddressesAreAccepted(host: String) {
        #expect(guardOnLoopback.check(method: "GET", target: "/", host: host) == nil)
    }

    @Test(arguments: ["evil.example:8080", "evil.example", "127.0.0.1.nip.io:8080", "10.0.0.5:8080", "localhost.evil:8080"])
    func otherNamesAreRefusedAgainstDNSRebinding(host: String) {
        let refusal = guardOnLoopback.check(method: "GET", target: "/", host: host)
        #expect(refusal?.status == 421)
    }

    @Test(arguments: ["127.0.0.1:9999", "localhost:80"])
    func aWrongPortIsRefused(host: String) {
        #expect(guardOnLoopback.check(method: "GET", target: "/", host: host)?.status == 421)
    }

    @Test(arguments: ["", "a b", "127.0.0.1:0", "127.0.0.1:99999", "127.0.0.1:80:80", "[::1", "x/y"])
    func malformedHostHeadersAreRefused(host: String) {
        #expect(guardOnLoopback.check(method: "GET", target: "/", host: host) != nil)
    }

    @Test func missingHostIsRefused() {
        #expect(guardOnLoopback.check(method: "GET", target: "/", host: nil)?.status == 400)
    }

    @Test func connectAndAbsoluteFormAreRefused() {
        #expect(guardOnLoopback.check(method: "CONNECT", target: "evil.example:443", host: "127.0.0.1:8080")?.status == 405)
        let absolute = guardOnLoopback.check(method: "GET", target: "http://evil.example/", host: "127.0.0.1:8080")
        #expect(absolute?.status == 400)
        #expect(absolute?.title == "Not an open proxy")
    }

    @Test func allowRemoteAcceptsIPLiteralsButNoOtherNames() {
        let remote = RequestGuard(bindHost: "0.0.0.0", port: 8080, allowRemote: true)
        #expect(remote.check(method: "GET", target: "/", host: "192.168.1.20:8080") == nil)
        #expect(remote.check(method: "GET", target: "/", host: "evil.example:8080")?.status == 421)
    }
}

/// A Host header read as bytes (`splitPlainName`, the usual case) is split
/// as the Character-wise `splitAnyHost` splits it.
struct HostSplittingTests {
    @Test func plainHostsAreSplitAsTheCharacterwiseDefinitionSplitsThem() {
        let pieces = ["localhost", "LocalHost", "127", ".", "0", "1", "9", "-", "_", ":", "::", "8080", "65535", "65536", "99999",
                      "00080", "+80", "-1", "[", "]", "[::1]", "a b", "/", "\u{212A}", "é", "İ", "\r\n", "\u{0}", "\t", "x"]
        var generator = SystemRandomNumberGenerator()
        var takenAsBytes = 0
        for _ in 0..<20_000 {
            let host = (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let split = RequestGuard.split(host: host)
            let definition = RequestGuard.splitAnyHost(host)
            #expect(split?.0 == definition?.0 && split?.1 == definition?.1, "\(host)")
            if let plain = RequestGuard.splitPlainName(host) {
                takenAsBytes += 1
                #expect(plain.0 == definition?.0 && plain.1 == definition?.1, "\(host)")
            }
        }
        #expect(takenAsBytes > 1_000, "enough hosts were plain")
        #expect(RequestGuard.splitPlainName("LOCALHOST:8080")?.0 == "localhost")
        #expect(RequestGuard.splitPlainName("127.0.0.1:8080")?.1 == 8080)
        #expect(RequestGuard.splitPlainName("127.0.0.1")?.1 == nil)
        for other in ["[::1]:8080", "127.0.0.1:+80", "127.0.0.1:0", "127.0.0.1:", ":8080", "\u{212A}:80", "a:b:80", ""] {
            #expect(RequestGuard.splitPlainName(other) == nil, "\(other) is left to splitAnyHost")
        }
        #expect(RequestGuard.split(host: "\u{212A}ocalhost:8080")?.0 == "kocalhost", "the Kelvin sign lower-cases to k, as before")
    }
}

/// Requests `RequestTargetMarker` marked before Hummingbird saw them.
struct MarkedRefusalTests {
    @Test func eachMarkGetsItsOwnAnswer() {
        let limits = RequestHeadLimits()
        #expect(RequestGuard.refusal(marker: "absolute-form", limits: limits).title == "Not an open proxy")
        #expect(RequestGuard.refusal(marker: "duplicate-host", limits: limits).status == 400)
        let tooLarge = RequestGuard.refusal(marker: "too-large", limits: limits)
        #expect(tooLarge.status == 431)
        #expect(tooLarge.detail.contains("16 KiB") && tooLarge.detail.contains("200 headers"))
        let smuggling = RequestGuard.refusal(marker: "malformed-unexpectedContentLength", limits: limits)
        #expect(smuggling.status == 400)
        #expect(smuggling.detail.contains("Transfer-Encoding"))
        #expect(RequestGuard.refusal(marker: "malformed-unknown", limits: limits).title == "Malformed request")
        #expect(RequestGuard.refusal(marker: "anything-else", limits: limits).status == 400)
    }
}

/// The theme toggle's return path stays on the proxy.
struct LocalPathTests {
    @Test(arguments: ["/", "/search?q=Haus", "/_limot/sub/image/https/www.loghatnameh.de/a.png", "/a\\b", "/%09/x"])
    func localPathsAreKept(path: String) {
        #expect(ProxyCore.localPath(path) == path)
    }

    @Test(arguments: ["//evil.example/", "/\\evil.example/", "/\t/evil.example/", "/\n/evil.example/", "/\r/evil.example/",
                      " /x", "/x y", "/\u{0}/x", "/\u{7F}", "/\u{85}/x", "/\u{3000}/x", "https://evil.example/", "evil.example", "", "javascript:alert(1)"])
    func otherDestinationsAreRefused(path: String) {
        #expect(ProxyCore.localPath(path) == nil)
    }
}
