import FixtureSupport
import Foundation
import NIOCore
import Sanitize
import Subscriptions
import Testing
import WebURL
@testable import Proxy

/// Everything limot writes into pages is escaped; cookies cross safely.
struct PageTextTests {
    @Test func escapingNeutralisesMarkup() {
        #expect(HTMLEscaping.escape(#"<script>alert("x")</script>&'"#) == "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;")
        #expect(HTMLEscaping.escape("خانه Straße") == "خانه Straße")
    }

    /// Each character escaped is found wherever it stands, in a short text
    /// (kept inside the String itself) and in a long one.
    @Test func everyCharacterEscapedIsFoundAnywhere() {
        let escaped: [(String, String)] = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;")]
        for (character, entity) in escaped {
            for filler in ["", "ab", "خانه", String(repeating: "/search?q=Haus", count: 8)] {
                #expect(HTMLEscaping.escape(character + filler) == entity + filler)
                #expect(HTMLEscaping.escape(filler + character) == filler + entity)
                #expect(HTMLEscaping.escape(filler + character + filler) == filler + entity + filler)
            }
        }
        for plain in ["/search?q=Hausé", String(repeating: "/search?q=خانه", count: 8)] {
            #expect(HTMLEscaping.escape(plain) == plain)
        }
    }

    @Test func theBarEscapesTheQueryAndThePath() {
        let bar = NavigationBar(canGoBack: true, canGoForward: false, currentPath: #"/search?q="><script>"#,
                                theme: .dark, blockedOnPage: 2, query: #""><img src=x onerror=alert(1)>"#).html(nonce: "0123")
        #expect(!bar.contains("<script>"))
        #expect(!bar.contains("<img"))
        #expect(bar.contains(#"href="/_limot/nav/back""#))
        #expect(bar.contains(#"<span class="limot-btn limot-forward" aria-disabled="true""#))
        #expect(bar.contains("2 blocked"))
        #expect(bar.contains("set=light"))
    }

    /// The bar escapes its addresses a part at a time and keeps its buttons
    /// made once: the same markup as escaping each address whole and
    /// writing each button out, for addresses with every character the
    /// escaper changes (`'` survives percent-encoding) and each button state.
    @Test func theBarsAddressesAndButtonsAreAsEscapedWhole() {
        let addresses = ["/", "/search?q=Haus&n=1", #"/a'b"c<d>e&f"#, "/خانه?x='1'", "https://www.loghatnameh.de/it's?a=1&b=<2>"]
        for path in addresses {
            for address in addresses {
                for (back, forward) in [(true, false), (false, true)] {
                    let pause = PauseState(page: "https://www.loghatnameh.de/", rules: UserRules())
                    var bar = NavigationBar(canGoBack: back, canGoForward: forward, currentPath: path, theme: .light, blockedOnPage: 0)
                    bar.page = (address: address, pause: pause)
                    let html = bar.html(nonce: "n")
                    let returnPath = WebURL.percentEncodedComponent(path), page = WebURL.percentEncodedComponent(address)
                    #expect(html.contains(#"href=""# + HTMLEscaping.escape("/_limot/theme?set=dark&return=" + returnPath) + #"""#))
                    #expect(html.contains(#"href=""# + HTMLEscaping.escape("/_limot/pause?page=" + page + "&return=" + returnPath) + #"""#))
                    #expect(html.contains(#"href=""# + HTMLEscaping.escape("/_limot/picker?page=" + page) + #"""#))
                    for (name, label, icon, enabled) in [("back", "Back", "◀", back), ("forward", "Forward", "▶", forward),
                                                         ("reload", "Reload", "⟳", true), ("home", "Home", "⌂", true)] {
                        let button = enabled
                            ? #"<a class="limot-btn limot-\#(name)" href="/_limot/nav/\#(name)" title="\#(label)" aria-label="\#(label)">\#(icon)</a>"#
                            : #"<span class="limot-btn limot-\#(name)" aria-disabled="true" title="\#(label)" aria-label="\#(label)">\#(icon)</span>"#
                        #expect(html.contains(button), "\(name), enabled: \(enabled)")
                    }
                }
            }
        }
    }

    @Test func errorPagesEscapeTheURLAndCause() {
        let error = ProxyError(status: 502, title: "Broken", detail: "x", url: "https://www.loghatnameh.de/<b>", cause: "</code><script>")
        let html = error.page.render(headStart: "", bar: "")
        #expect(html.contains("https://www.loghatnameh.de/&lt;b&gt;"))
        #expect(!html.contains("<script>"))
    }

    @Test func ownCookiesStayAndSiteCookiesCross() {
        #expect(CookieForwarding.upstreamCookieHeader(["limot_session=abc; sid=1", "lang=de"]) == "sid=1; lang=de")
        #expect(CookieForwarding.upstreamCookieHeader(["limot_theme=dark"]) == nil)
        #expect(CookieForwarding.browserSetCookie("sid=1; Domain=.loghatnameh.de; Path=/; Secure; HttpOnly; SameSite=None")
                == "sid=1; Path=/; HttpOnly")
        #expect(CookieForwarding.browserSetCookie("limot_session=forged; Path=/") == nil)
        #expect(CookieForwarding.ownCookie("limot_theme", in: ["a=1; limot_theme=light"]) == "light")
    }

    @Test func theThemeReturnStaysOnTheProxy() {
        #expect(ProxyCore.localPath("/search?q=Haus") == "/search?q=Haus")
        #expect(ProxyCore.localPath("//evil.example/") == nil)
        #expect(ProxyCore.localPath("/\\evil.example/") == nil)
        #expect(ProxyCore.localPath("https://evil.example/") == nil)
        #expect(ProxyCore.localPath(nil) == nil)
    }

    @Test func aPageIsWrittenOnceIntoTheServersBufferAsTheSanitizerWouldRenderIt() {
        let sheets = Stylesheets(dark: "body{background:#000}", bar: "#limot-bar{}", guard: "(function(){})();")
        let heads = PageHeads(stylesheets: sheets, site: #"https://www.loghatnameh.de"&"#)
        let document = SanitizedDocument(
            segments: [.bytes(Array("<!DOCTYPE html><html><head>".utf8)), .headStart, .bytes(Array("<title>Haus – خانه</title><script nonce=\"".utf8)),
                       .nonce, .bytes(Array("\">x()</script></head><body>Haus".utf8)), .bodyEnd, .bytes(Array("</body></html>".utf8))],
            blocked: [], hiddenSelectors: [], subresourceHosts: [])
        for theme in Theme.allCases {
            for withBar in [false, true] {
                let body = PageBody.render(document, nonce: "abc123", head: heads.head(theme: theme, withBar: withBar), bodyEnd: Array("<nav>bar</nav>".utf8))
                let expected = document.render(
                    nonce: "abc123", headStart: sheets.headStart(theme: theme, withBar: withBar, nonce: "abc123", site: #"https://www.loghatnameh.de"&"#),
                    bodyEnd: "<nav>bar</nav>")
                #expect(Array(body.readableBytesView) == expected, "\(theme), bar: \(withBar)")
            }
        }
    }

    @Test func tokensAre128RandomBitsInLowercaseHex() {
        let tokens = (0..<64).map { _ in Exchange.newToken() }
        #expect(tokens.allSatisfy { $0.utf8.count == 32 && $0.allSatisfy { "0123456789abcdef".contains($0) } })
        #expect(Set(tokens).count == tokens.count)
        // Every digit turns up (1,024 random ones of each half of the tokens): no part is stuck.
        #expect(Set(tokens.flatMap { $0.prefix(16) }).count == 16)
        #expect(Set(tokens.flatMap { $0.suffix(16) }).count == 16)
    }

    /// Tokens, page ids and the control key come from `getrandom` a buffer
    /// at a time: every byte of it random, none left over.
    @Test func randomBytesFillTheWholeBuffer() {
        let words = (0..<64).map { _ in RandomBytes.word() }
        #expect(Set(words).count == words.count)
        #expect(words.reduce(0, |) == .max, "every bit turns up")
        let bytes = RandomBytes.bytes(1024)
        // 1,024 random bytes take some 255 of the 256 values; the last 8 likewise vary.
        #expect(Set(bytes).count > 240)
        #expect(Set((0..<16).map { _ in RandomBytes.bytes(300).suffix(8) }).count == 16)
        let pairs = (0..<64).map { _ in RandomBytes.twoWords() }
        #expect(pairs.map(\.1).reduce(0, |) == .max, "the second word is filled too")
    }

    /// Words come from a pool of 256 bytes drawn at once: across many
    /// draws of it (mixed sizes, so that some draws leave bytes unused),
    /// no word is handed out twice and none is zero.
    @Test func wordsFromThePoolAreNeverHandedOutTwice() {
        var words: [UInt64] = []
        for index in 0..<3_000 {
            if index % 3 == 0 {
                let (high, low) = RandomBytes.twoWords()
                words += [high, low]
            } else {
                words.append(RandomBytes.word())
            }
        }
        #expect(Set(words).count == words.count)
        #expect(!words.contains(0))
        #expect(words.reduce(0, |) == .max)
    }

    @Test func guardThenDarkThemeArriveFirstWithColorScheme() {
        let sheets = Stylesheets(dark: "body{background:#000}", bar: "#limot-bar{}", guard: "// why\n  (function () {\n  // more\n  })();\n")
        func head(_ theme: Theme, bar: Bool) -> String {
            sheets.headStart(theme: theme, withBar: bar, nonce: "abc123", site: "https://www.loghatnameh.de")
        }
        // The theme first, then the guard, under the nonce, told the site.
        let dark = head(.dark, bar: false)
        #expect(dark.hasPrefix(#"<meta name="color-scheme" content="dark"><link rel="stylesheet" id="limot-theme" href="/_limot/static/dark-"#))
        #expect(dark.hasSuffix(#"nonce="abc123" data-site="https://www.loghatnameh.de"></script>"#))
        #expect(dark.contains(#".css"><script src="/_limot/static/guard-"#))
        #expect(head(.auto, bar: false).contains(#"media="(prefers-color-scheme: dark)""#))
        #expect(!head(.light, bar: true).contains("limot-theme"))
        #expect(head(.light, bar: true).contains("/_limot/static/bar-"))
        // A site with a quote cannot break out of the attribute.
        #expect(sheets.headStart(theme: .light, withBar: false, nonce: "n", site: #"https://x"><img"#).contains(#"data-site="https://x&quot;&gt;&lt;img""#))
        // The linked files are the stylesheets and the guard, under names that change with them.
        let darkPath = sheets.files.keys.first { $0.hasPrefix("/_limot/static/dark-") }
        #expect(darkPath.flatMap { sheets.files[$0]?.bytes } == Array("body{background:#000}".utf8))
        #expect(Stylesheets(dark: "body{background:#111}", bar: "").files.keys.contains(darkPath ?? "") == false)
        // The guard is served without its comment lines and indentation, as JavaScript.
        let guardFile = sheets.files.first { $0.key.hasPrefix("/_limot/static/guard-") && $0.key.hasSuffix(".js") }?.value
        #expect(guardFile?.type == "text/javascript; charset=utf-8")
        #expect(guardFile.map { String(decoding: $0.bytes, as: UTF8.self) } == "(function () {\n})();")
    }

    @Test func theShippedGuardIsSmall() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let source = try String(contentsOf: root.appendingPathComponent("Stylesheets/guard.js"), encoding: .utf8)
        let sheets = Stylesheets(dark: "", bar: "", guard: source)
        let served = sheets.guardScript
        #expect(served.contains("navigation") && !served.contains("\n//"))
        // Under 4 KB as a browser gets it (deflated, once: it is cached for good).
        let file = try #require(sheets.files.first { $0.key.hasPrefix("/_limot/static/guard-") }?.value)
        let deflated = try #require(file.deflated)
        #expect(deflated.count < 4096, "\(deflated.count) bytes deflated (\(served.utf8.count) as written)")
        #expect(file.bytes == Array(served.utf8))
    }

    @Test func deflateOnlyWhenTheBrowserAsks() {
        #expect(Deflate.isAccepted(["gzip, deflate, br, zstd"]))
        #expect(Deflate.isAccepted(["gzip", "Deflate;q=0.5"]))
        #expect(!Deflate.isAccepted(["gzip, br"]))
        #expect(!Deflate.isAccepted(["deflate;q=0"]))
        #expect(!Deflate.isAccepted([]))
        // zlib's format, which browsers read for `deflate`: a 0x78 header.
        #expect(Deflate.compressed(Array(repeating: 65, count: 1000))?.first == 0x78)
    }
}

/// The privacy report counts blocked loads by the host of their URL.
struct BlockLogTests {
    @Test func hostsOfBlockedURLs() {
        #expect(BlockLog.host(ofURL: "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js") == "pagead2.googlesyndication.com")
        #expect(BlockLog.host(ofURL: "https://user:pw@ads.example:8443/x?y#z") == "ads.example")
        #expect(BlockLog.host(ofURL: "http://tracker.example?x=1") == "tracker.example")
        #expect(BlockLog.host(ofURL: "http://[2001:db8::1]:8080/p") == "[2001:db8::1]")
        #expect(BlockLog.host(ofURL: "https://xn--mgba3a4f16a.ir/") == "xn--mgba3a4f16a.ir")
        #expect(BlockLog.host(ofURL: "data:,x") == "data:,x")
        #expect(BlockLog.host(ofURL: "https://") == "")
        #expect(BlockLog.host(ofURL: "https://ads.example") == "ads.example")
        #expect(BlockLog.host(ofURL: "http://[::1") == "[::1")
        #expect(BlockLog.host(ofURL: "https://a@b@خانه.example:1/") == "خانه.example")
    }

    /// The host as the definition reads it, on arrays: after the first `:`
    /// when `//` follows, up to `/`, `?` or `#`, after the last `@`, up to
    /// the port's `:` or through an IPv6 literal's `]`.
    private static func plainHost(ofURL url: String) -> String {
        let bytes = Array(url.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[colon...].starts(with: Array("://".utf8)) else { return url }
        let afterSlashes = Array(bytes[(colon + 3)...])
        var authority = Array(afterSlashes.prefix { !"/?#".utf8.contains($0) })
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = Array(authority[(at + 1)...]) }
        if authority.first == UInt8(ascii: "[") {
            let close = authority.firstIndex(of: UInt8(ascii: "]")).map { $0 + 1 } ?? authority.count
            return String(decoding: authority[..<close], as: UTF8.self)
        }
        return String(decoding: authority.prefix { $0 != UInt8(ascii: ":") }, as: UTF8.self)
    }

    /// Seeded mixes of the characters that delimit the parts, letters and
    /// non-ASCII text: the same host as the plain reading.
    @Test func hostsAgreeWithThePlainReading() {
        let pieces = [":", "//", "/", "?", "#", "@", "[", "]", "http", "https://", "ads.example", "8443", "خانه", "ä", "::1", ".", ""]
        var random = SeededGenerator(seed: 32)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        for _ in 0..<20_000 {
            let url = (0..<next(9)).map { _ in pieces[next(pieces.count)] }.joined()
            #expect(BlockLog.host(ofURL: url) == Self.plainHost(ofURL: url), "\(url)")
        }
        for url in ["https:/", "https://", "x:", ":", "://", "a://@", "a://[", "a://[]", "a://x@[::1]:1@y", "a://[::1]x:1/"] {
            #expect(BlockLog.host(ofURL: url) == Self.plainHost(ofURL: url), "\(url)")
        }
    }

    @Test func blocksAreCountedByHostAndRule() {
        let log = BlockLog()
        log.record(host: "ads.example", rules: ["Rules/ads.json#0"])
        log.record(host: "ads.example", rules: ["Rules/ads.json#0", "Rules/ads.json#3"])
        log.record(host: "t.example", rules: [])
        log.recordPage()
        let (total, pages, hosts) = log.snapshot()
        #expect(total == 3 && pages == 1)
        #expect(hosts.map(\.host) == ["ads.example", "t.example"])
        #expect(hosts[0].rules == ["Rules/ads.json#0": 2, "Rules/ads.json#3": 1])
        #expect(hosts[1].rules == ["(unnamed rule)": 1])
    }
}
