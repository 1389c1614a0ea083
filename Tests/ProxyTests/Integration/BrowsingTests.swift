import FixtureSupport
import Foundation
import Testing

/// Browsing the fixture dictionary through the real proxy, as a user does.
@Suite(.serialized) struct BrowsingTests {
    /// Every proxy path a page makes the browser load (src, href of links
    /// to style sheets and icons, srcset, CSS url()).
    static func subresourcePaths(in html: String) -> [String] {
        var paths: [String] = []
        var rest = html[...]
        while let range = rest.range(of: "/_limot/sub/") {
            let tail = rest[range.lowerBound...]
            let end = tail.firstIndex { "\"' )>\n,".contains($0) } ?? tail.endIndex
            paths.append(String(tail[..<end]).replacingOccurrences(of: "&amp;", with: "&"))
            rest = tail[end...]
        }
        return Array(Set(paths)).sorted()
    }

    @Test func theHomePageShowsTheDictionaryWithoutAds() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        let page = try browser.open("/")
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        let html = page.text
        // The site's content, German and Persian, byte for byte (ZWNJ kept).
        #expect(html.contains("لغت‌نامهٔ"))
        // No ad or tracker URL is left for the browser to load.
        for host in ProxyTestbed.adHosts {
            #expect(!html.contains("src=\"https://\(host)"), "a reference to \(host) is left in the page")
        }
        // The theme first in the head, then the guard script before anything
        // of the site's; the bar last in the body.
        let head = try #require(html.range(of: "<head")).lowerBound
        let theme = try #require(html.range(of: "<meta name=\"color-scheme\"")).lowerBound
        #expect(html[head..<theme].count < 20, "the theme is not the first thing in <head>")
        let guardScript = try #require(html.range(of: #"<script src="/_limot/static/guard-"#)).lowerBound
        let firstScript = try #require(html.range(of: "<script")).lowerBound
        #expect(guardScript == firstScript, "a script comes before the guard")
        #expect(html[theme..<guardScript].count < 400)
        #expect(html.contains("<nav id=\"limot-bar\""))
        // A strict policy with a nonce, and the page's inline scripts carry it.
        let policy = try #require(page.header("Content-Security-Policy"))
        #expect(policy.contains("default-src 'self'"))
        let nonce = try #require(policy.range(of: #"'nonce-[0-9a-f]+'"#, options: .regularExpression)).self
        let value = policy[nonce].dropFirst("'nonce-".count).dropLast()
        #expect(html.contains("nonce=\"\(value)\""))
        // css-display-none of the shipped rules hides the AdSense slot.
        #expect(html.contains("ins.adsbygoogle"))
        #expect(page.header("Cache-Control") == "no-store")
    }

    @Test func subresourcesLoadThroughTheProxyAndAdHostsGetNothing() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        var loaded = 0
        for path in ["/", "/search?q=Haus", "/search?q=gehen"] {
            let page = try browser.open(path)
            #expect(page.status == 200)
            var queue = Self.subresourcePaths(in: page.text)
            var seen = Set<String>()
            while let next = queue.popLast() {
                guard seen.insert(next).inserted else { continue }
                let resource = try browser.request(next, headers: [("Referer", "http://127.0.0.1:\(testbed.proxy.port)\(path)")])
                #expect(resource.status == 200, "\(next) answered \(resource.status): \(resource.text.prefix(200))")
                loaded += 1
                if resource.header("Content-Type")?.hasPrefix("text/css") == true {
                    queue += Self.subresourcePaths(in: resource.text)
                }
            }
        }
        #expect(loaded >= 5)
        let adHits = try testbed.adHits()
        #expect(adHits.isEmpty, "ad and tracker hosts were reached: \(adHits)")
        // The legitimate webfont host was reached through the proxy.
        #expect((try testbed.fixtures.hits()["fonts.gstatic.com"] ?? 0) > 0)
    }

    @Test func searchingWorksFromTheSiteFormAndFromTheBar() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        let fromForm = try browser.open("/search?q=Haus")
        #expect(fromForm.status == 200)
        #expect(fromForm.text.contains("خانه"))
        let redirect = try browser.request("/_limot/search?q=" + "خانه".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(redirect.status == 303)
        let fromBar = try browser.open(try #require(redirect.header("Location")))
        #expect(fromBar.status == 200)
        #expect(fromBar.text.contains("Haus"))
        #expect(fromBar.text.contains("dir=\"rtl\""))
        // The bar's field shows the word searched for.
        #expect(fromBar.text.contains("value=\"خانه\""))
    }

    @Test func theLookupPageShowsTheEntriesLimotLookupPrints() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        let page = try browser.open("/_limot/lookup?q=Haus")
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.text.contains(#"<span lang="de">Haus</span>"#))
        #expect(page.text.contains(#"<span lang="fa" dir="rtl">خانه"#))
        // A link to the dictionary's own page, through the proxy.
        #expect(page.text.contains(#"href="/search?q=Haus&amp;dir=de-fa""#))
        // The bar is there, as on every page of the proxy.
        #expect(page.text.contains("limot-search"))
        // Persian by its script.
        let persian = try browser.open("/_limot/lookup?q=" + "خانه".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(persian.status == 200)
        #expect(persian.text.contains("fa-de"))
        #expect(try testbed.adHits().isEmpty)
    }

    @Test func wordsReadThroughTheProxyAreKeptInTheNotebook() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        #expect(try browser.open("/search?q=Buch").status == 200)
        #expect(try browser.open("/_limot/lookup?q=gehen").status == 200)
        // What `limot history` shows for the server's data folder.
        let process = Process()
        process.executableURL = LimotServe.executable
        process.arguments = ["history", "list", "--json", "--data-dir", testbed.proxy.dataDir]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let kept = entries.compactMap { entry -> String? in
            guard entry["origin"] as? String == "proxy" else { return nil }
            return entry["query"] as? String
        }
        #expect(kept.contains("Buch"))
        #expect(kept.contains("gehen"))
    }

    @Test func theLookupPageOffersTheSuggestionsAndEscapesTheWord() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        let payload = "<script>alert(1)</script>"
        let page = try browser.open("/_limot/lookup?q=" + payload.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(page.status == 404)
        #expect(!page.text.contains(payload))
        #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.text.contains(#"<a href="/_limot/lookup?q=Haus">"#))
    }

    @Test func theBarMovesThroughHistoryLikeABrowser() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        let first = try browser.open("/")
        #expect(first.text.contains(#"<span class="limot-btn limot-back" aria-disabled="true""#))
        _ = try browser.open("/search?q=Haus")
        let third = try browser.open("/search?q=Buch")
        #expect(third.text.contains(#"<a class="limot-btn limot-back""#))
        #expect(third.text.contains(#"<span class="limot-btn limot-forward" aria-disabled="true""#))

        let back = try browser.request("/_limot/nav/back")
        #expect(back.status == 303)
        #expect(back.header("Location") == "/search?q=Haus")
        let shown = try browser.open("/search?q=Haus")
        #expect(shown.text.contains(#"<a class="limot-btn limot-forward""#))

        let forward = try browser.request("/_limot/nav/forward")
        #expect(forward.header("Location") == "/search?q=Buch")
        _ = try browser.open("/search?q=Buch")

        // The browser's own back button: it asks for the previous page again.
        let browserBack = try browser.open("/search?q=Haus")
        #expect(browserBack.text.contains(#"<a class="limot-btn limot-forward""#))

        // Navigating from there drops the forward entries.
        let other = try browser.open("/search?q=gehen")
        #expect(other.text.contains(#"<span class="limot-btn limot-forward" aria-disabled="true""#))

        let home = try browser.request("/_limot/nav/home")
        #expect(home.header("Location") == "/")
        let reload = try browser.request("/_limot/nav/reload")
        #expect(reload.header("Location") == "/search?q=gehen")
    }

    @Test func sessionsDoNotShareHistory() throws {
        let testbed = try ProxyTestbed.get()
        let alice = testbed.browser()
        let bob = testbed.browser()
        _ = try alice.open("/")
        _ = try alice.open("/search?q=Haus")
        let bobsPage = try bob.open("/search?q=Buch")
        #expect(bobsPage.text.contains(#"<span class="limot-btn limot-back" aria-disabled="true""#))
        #expect(try alice.request("/_limot/nav/back").header("Location") == "/")
    }

    @Test func theThemeToggleIsRemembered() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        let auto = try browser.open("/")
        #expect(auto.text.contains(#"media="(prefers-color-scheme: dark)""#))
        // The theme's file is served, cacheable for good (its name changes with it).
        let themePath = try #require(auto.text.range(of: #"/_limot/static/dark-[0-9a-f]+\.css"#, options: .regularExpression))
        let css = try browser.request(String(auto.text[themePath]))
        #expect(css.status == 200)
        #expect(css.header("Content-Type") == "text/css; charset=utf-8")
        #expect(css.header("Cache-Control")?.contains("immutable") == true)
        #expect(css.text.contains("#limot-bar") && css.text.contains("color-scheme"))
        let toggle = try browser.request("/_limot/theme?set=dark&return=%2Fsearch%3Fq%3DHaus")
        #expect(toggle.status == 303)
        #expect(toggle.header("Location") == "/search?q=Haus")
        let dark = try browser.open("/search?q=Haus")
        #expect(dark.text.contains(#"<meta name="color-scheme" content="dark"><link rel="stylesheet" id="limot-theme" href="/_limot/static/dark-"#))
        #expect(dark.text.contains("set=light"))
        _ = try browser.request("/_limot/theme?set=light&return=/")
        let light = try browser.open("/")
        #expect(!light.text.contains("id=\"limot-theme\""))
        // A return address elsewhere is not followed.
        let away = try browser.request("/_limot/theme?set=dark&return=//evil.example/")
        #expect(away.header("Location") == "/")
    }

    @Test func theSitesCookiesWorkAndLimotsStayHome() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        _ = try browser.open("/")
        let set = try browser.request("/_fixture/set-cookie?sid=abc123")
        let cookie = try #require(set.headers.first { $0.name.lowercased() == "set-cookie" && $0.value.hasPrefix("sid=") }?.value)
        #expect(!cookie.lowercased().contains("domain="))
        #expect(!cookie.lowercased().contains("secure"))
        let echo = try browser.request("/_fixture/echo")
        #expect(echo.text.contains("sid=abc123"))
        #expect(!echo.text.contains("limot_session"))
    }

    @Test func blockCookiesStripsCookiesBothWays() throws {
        let testbed = try ProxyTestbed.get()
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("limot-cookie-rules-\(UUID().uuidString).json")
        try #"[{"trigger": {"url-filter": "_fixture/echo"}, "action": {"type": "block-cookies"}}]"#.write(to: rules, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: rules) }
        let server = try LimotServe.start(["--rules", rules.path, "--cacert", testbed.authority.caFile,
                                           "--connect-to", "www.loghatnameh.de:443:127.0.0.1:\(testbed.fixtures.port)"])
        let browser = TestBrowser(port: server.port)
        _ = try browser.request("/_fixture/set-cookie?sid=kept")
        #expect(browser.cookies["sid"] == "kept")
        let echo = try browser.request("/_fixture/echo")
        #expect(echo.status == 200)
        #expect(!echo.text.contains("sid=kept"), "block-cookies let the cookie through: \(echo.text)")
        _ = server.stop()
    }

    @Test func formsArePostedToTheSite() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        let form = Array("q=Stra%C3%9Fe&dir=de-fa".utf8)
        let echo = try browser.request("/_fixture/echo", method: "POST",
                                       headers: [("Content-Type", "application/x-www-form-urlencoded")], body: form)
        #expect(echo.status == 200)
        #expect(echo.text.contains(#""method": "POST""#) || echo.text.contains(#""method":"POST""#))
        #expect(echo.text.contains("q=Stra%C3%9Fe&dir=de-fa"))
        #expect(echo.text.contains("application/x-www-form-urlencoded"))
        // A form larger than the limit is refused, and said so.
        let huge = try browser.request("/_fixture/echo", method: "POST", body: Array(repeating: UInt8(ascii: "a"), count: 2 << 20))
        #expect(huge.status == 413)
    }

    @Test func aRedirectLoopIsAPageThatNamesTheAddress() throws {
        let browser = try ProxyTestbed.get().browser()
        let loop = try browser.request("/_fixture/redirect-cycle/2/0")
        #expect(loop.status == 502)
        #expect(loop.text.contains("Redirect loop"), "\(loop.text.prefix(600))")
        #expect(loop.text.contains("the site redirects in a circle: https://www.loghatnameh.de/_fixture/redirect-cycle/2/0 → "
                                   + "https://www.loghatnameh.de/_fixture/redirect-cycle/2/1 → https://www.loghatnameh.de/_fixture/redirect-cycle/2/0"),
                "\(loop.text.prefix(600))")
    }

    /// An image of the page whose address redirects to an ad host is
    /// refused at that hop, and the page's panel and the report say so as
    /// they would for the ad's own address.
    @Test func aRedirectToABlockedAddressIsOnThePagesPanel() throws {
        let browser = try ProxyTestbed.get().browser()
        let page = try browser.open("/search?q=Haus")
        let panel = try #require(page.text.firstMatch(of: #/_limot/page/([A-Za-z0-9_-]+)/#)?.output.0)
        let ad = "https://pagead2.googlesyndication.com/redirected-ad.png"
        let image = try browser.request("/_limot/sub/image/https/www.loghatnameh.de/_fixture/redirect?to="
                                        + ad.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
                                        headers: [("Referer", "http://127.0.0.1/search?q=Haus")])
        #expect(image.status == 403, "\(image.text.prefix(300))")
        let lines = try browser.open("/" + panel).text
        #expect(lines.contains(ad), "the blocked hop is on the page's panel")
        #expect(lines.contains("googlesyndication\\\\.com"), "with the rule that blocked it, by its text")
    }

    @Test func theReportListsWhatWasBlocked() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        let page = try browser.open("/search?q=Haus")
        #expect(page.text.range(of: #"[1-9][0-9]* blocked"#, options: .regularExpression) != nil)
        let report = try browser.open("/_limot/stats")
        #expect(report.status == 200)
        #expect(report.text.contains("pagead2.googlesyndication.com"))
        #expect(report.text.contains("limot-ads:"), "the shipped list is named by its base name")
        #expect(!report.text.contains("Rules/limot-ads.json"), "not by its file")
        #expect(report.text.contains("pagead2\\\\.googlesyndication"), "each rule by its text (its url-filter, as JSON)")
        #expect(report.text.range(of: #"limot-ads:\s*rule [0-9]"#, options: .regularExpression) == nil, "not by its number")
    }
}
