import FixtureSupport
import Foundation
import Synchronization
import Testing

/// The final proof: headless Chromium (Debian's, driven by chromedriver)
/// browses the fixture dictionary through the real `limot serve`, and the
/// tests check what a person would see. The browser can reach the fixture ad
/// and tracker hosts by their real names (`--host-rules`), so anything that
/// slipped past the proxy would be counted there.
@Suite(.serialized) struct RealBrowserTests {
    private static let driver = Mutex<Result<ChromeDriver, any Error>?>(nil)

    /// One chromedriver for the browser suites; each test has its own browser.
    static func session(hostMap: String) throws -> BrowserSession {
        let driver = try Self.driver.withLock { driver in
            if driver == nil { driver = Result { try ChromeDriver() } }
            return try driver!.get()
        }
        return try driver.newSession(hostMap: hostMap)
    }

    static func browser(_ testbed: ProxyTestbed) throws -> BrowserSession {
        // The fixture hosts go to the fixture server; any other name fails to
        // resolve, so Chromium's own background requests (updates, sign-in)
        // reach nobody and the fixture logs hold only what pages caused.
        let fixtures = testbed.fixtures
        let rules = ProxyTestbed.siteHosts.flatMap { host in
            ["MAP \(host):443 127.0.0.1:\(fixtures.port)", "MAP \(host):80 127.0.0.1:\(fixtures.plainPort)"]
        } + ["MAP * ~NOTFOUND", "EXCLUDE 127.0.0.1"]
        return try session(hostMap: rules.joined(separator: ", "))
    }

    static func text(_ browser: BrowserSession) throws -> String {
        try browser.run("return document.body.innerText") as? String ?? ""
    }

    @Test func theDictionaryShowsAndSearchWorksFromTheSiteAndTheBar() throws {
        let testbed = try ProxyTestbed.get()
        let browser = try Self.browser(testbed)
        let origin = "http://127.0.0.1:\(testbed.proxy.port)"
        try browser.open(origin + "/")
        #expect(try browser.run("return document.title") as? String == "Wörterbuch Deutsch–Persisch · لغت‌نامهٔ آلمانی–فارسی – loghatnameh.de")
        // The site's own scripts run: the inline one with the nonce, the
        // first-party file through the proxy.
        #expect(try browser.run("return document.documentElement.dataset.siteScript") as? String == "ran")
        #expect(try browser.run("return document.documentElement.dataset.siteJs") as? String == "ran")

        // The site's own search form.
        try browser.type("#q", "Haus\u{E007}")
        try browser.wait(until: "return location.pathname === '/search'", "the site's form to search")
        #expect(try browser.url == origin + "/search?q=Haus")
        #expect(try Self.text(browser).contains("خانه"))

        // The bar's search field.
        try browser.type("#limot-bar .limot-query", "Buch")
        try browser.click("#limot-bar .limot-go")
        // The profile's search address: the word, and its direction by its script.
        try browser.wait(until: "return location.search === '?q=Buch&dir=de-fa'", "the bar to search")
        #expect(try Self.text(browser).contains("کتاب"))
        #expect(try browser.run("return document.querySelector('#limot-bar .limot-query').value") as? String == "Buch")
    }

    @Test func nothingLeavesTheProxyNotEvenAdsThatScriptsInsertLater() throws {
        let testbed = try ProxyTestbed.get()
        let before = try testbed.adHits()
        let browser = try Self.browser(testbed)
        let origin = "http://127.0.0.1:\(testbed.proxy.port)"
        var sent: [String] = []
        var refused: [String] = []
        var console: [String] = []
        for path in ["/", "/search?q=Haus", "/search?q=gehen", "/search?q=%D8%AE%D8%A7%D9%86%D9%87"] {
            try browser.open(origin + path)
            // The site's script adds ad tags after `load`; give them time.
            try browser.wait(until: "return document.documentElement.dataset.lazyAds === 'tried'", "the lazy ad loader on \(path)")
            Thread.sleep(forTimeInterval: 0.5)
            let activity = try browser.networkActivity()
            sent += activity.sent
            refused += activity.refusedByPolicy
            console += try browser.consoleMessages()
        }
        #expect(sent.contains(origin + "/search?q=Haus"))
        let elsewhere = sent.filter { !$0.hasPrefix(origin + "/") && !$0.hasPrefix("data:") }
        #expect(elsewhere.isEmpty, "the browser sent requests to \(elsewhere)")
        #expect(try testbed.adHits() == before, "ad and tracker hosts were reached")
        // limot's guard sent the late ad tags to the proxy, where the rules
        // blocked them (the frame too, which the CSP alone let Chromium
        // connect for): nothing reached the Content-Security-Policy.
        for (type, host) in [("script", "securepubads.g.doubleclick.net"), ("image", "ad.doubleclick.net"), ("fetch", "www.google-analytics.com"),
                             ("child-document", "googleads.g.doubleclick.net")] {
            #expect(sent.contains { $0.hasPrefix("\(origin)/_limot/sub/\(type)/https/\(host)/") }, "no \(type) of \(host) asked of the proxy: \(sent)")
        }
        #expect(refused.isEmpty, "\(refused)")
        let failedElsewhere = console.filter { $0.contains("Failed to load resource") && !$0.hasPrefix(origin) }
        #expect(failedElsewhere.isEmpty, "\(failedElsewhere)")
    }

    @Test func darkThemeIsDarkAndReadable() throws {
        let testbed = try ProxyTestbed.get()
        let proxy = try testbed.startProxy(["--theme", "dark"])
        let browser = try Self.browser(testbed)
        let origin = "http://127.0.0.1:\(proxy.port)"
        for (path, artefact) in [("/", "home-dark.png"), ("/search?q=Haus", "result-dark.png")] {
            try browser.open(origin + path)
            let background = try #require(browser.run(PageInspection.pageBackground) as? [Any])
            let luminance = try #require(background.first as? Double)
            #expect(luminance < 0.05, "\(path): the page's background \(background[1]) is not dark")
            let contrast = try #require(browser.run(PageInspection.contrastFailures) as? [Any])
            #expect(contrast[0] as? Int ?? 0 > 20, "\(path): too few text elements checked")
            let failures = contrast[1] as? [String] ?? []
            #expect(failures.isEmpty, "\(path): below WCAG AA contrast:\n\(failures.joined(separator: "\n"))")
            let file = try PageInspection.keep(browser.screenshot(), as: artefact)
            #expect(try Data(contentsOf: file).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    @Test func lightThemeIsTheSitesOwn() throws {
        let testbed = try ProxyTestbed.get()
        let proxy = try testbed.startProxy(["--theme", "light"])
        let browser = try Self.browser(testbed)
        try browser.open("http://127.0.0.1:\(proxy.port)/search?q=Haus")
        // Tests/Fixtures/sites/www.loghatnameh.de/css/site.css: #fff and #222.
        let background = try #require(browser.run(PageInspection.pageBackground) as? [Any])
        #expect(background[1] as? String == "rgb(255, 255, 255)")
        #expect(try browser.run("return getComputedStyle(document.body).color") as? String == "rgb(34, 34, 34)")
        #expect(try browser.run("return document.getElementById('limot-theme')") is NSNull)
    }

    @Test func autoThemeFollowsTheBrowsersPreference() throws {
        let testbed = try ProxyTestbed.get()
        let proxy = try testbed.startProxy(["--theme", "auto"])
        let browser = try Self.browser(testbed)
        try browser.open("http://127.0.0.1:\(proxy.port)/search?q=Haus")
        for (scheme, dark) in [("dark", true), ("light", false), ("dark", true)] {
            try browser.devTools("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
            let background = try #require(browser.run(PageInspection.pageBackground) as? [Any])
            if dark {
                #expect(background[0] as? Double ?? 1 < 0.05, "prefers dark, but the background is \(background[1])")
            } else {
                #expect(background[1] as? String == "rgb(255, 255, 255)", "prefers light, but the background is \(background[1])")
            }
        }
    }

    @Test func theBarMovesThroughHistoryAndKeepsInStepWithTheBrowser() throws {
        let testbed = try ProxyTestbed.get()
        let browser = try Self.browser(testbed)
        let origin = "http://127.0.0.1:\(testbed.proxy.port)"
        func expectPage(_ search: String, back: Bool, forward: Bool, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let want = search.isEmpty ? "location.pathname === '/' && location.search === ''" : "location.search === '\(search)'"
            let buttons = "const s = (function () { \(PageInspection.barButtons) })(); return s.back === \(back) && s.forward === \(forward);"
            try browser.wait(until: "return document.readyState === 'complete' && \(want) && (function () { \(buttons) })()",
                             "\(step): page \(search.isEmpty ? "/" : search), back \(back ? "on" : "off"), forward \(forward ? "on" : "off"); at \((try? browser.url) ?? "?") with \(String(describing: try? browser.run(PageInspection.barButtons)))")
            let state = try browser.run(PageInspection.barButtons) as? [String: Bool] ?? [:]
            #expect(state["reload"] == true && state["home"] == true, "\(step): \(state)", sourceLocation: sourceLocation)
        }
        try browser.open(origin + "/")
        try expectPage("", back: false, forward: false, "first page")
        try browser.open(origin + "/search?q=Haus")
        try expectPage("?q=Haus", back: true, forward: false, "second page")
        try browser.open(origin + "/search?q=Buch")
        try expectPage("?q=Buch", back: true, forward: false, "third page")

        try browser.click("#limot-bar .limot-back")
        try expectPage("?q=Haus", back: true, forward: true, "bar back")
        try browser.click("#limot-bar .limot-back")
        try expectPage("", back: false, forward: true, "bar back again")
        try browser.click("#limot-bar .limot-forward")
        try expectPage("?q=Haus", back: true, forward: true, "bar forward")
        try browser.run("window.limotMarker = 1")
        try browser.click("#limot-bar .limot-reload")
        try expectPage("?q=Haus", back: true, forward: true, "bar reload")
        #expect(try browser.run("return window.limotMarker === undefined") as? Bool == true, "reload did not load the page again")

        // The browser's own buttons (the page may come from its back-forward
        // cache; the bar must still show the truth).
        try browser.open(origin + "/search?q=gehen")
        try expectPage("?q=gehen", back: true, forward: false, "a new page drops the forward history")
        try browser.back()
        try expectPage("?q=Haus", back: true, forward: true, "browser back")
        try browser.forward()
        try expectPage("?q=gehen", back: true, forward: false, "browser forward")
        try browser.back()
        try expectPage("?q=Haus", back: true, forward: true, "browser back again")
        try browser.click("#limot-bar .limot-forward")
        try expectPage("?q=gehen", back: true, forward: false, "bar forward after browser back")

        try browser.click("#limot-bar .limot-home")
        try browser.wait(until: "return location.pathname === '/' && location.search === ''", "home")
        let state = try browser.run(PageInspection.barButtons) as? [String: Bool] ?? [:]
        #expect(state["back"] == true, "home is a new page, with a way back: \(state)")
    }
}
