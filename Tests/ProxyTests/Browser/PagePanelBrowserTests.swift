import FixtureSupport
import Foundation
import Subscriptions
import Testing

/// In Chromium, through the real `limot serve`: the bar's "N blocked" opens
/// the page's panel; its "allow" lets a blocked ad reach its host on the
/// next load, its "block" stops a loaded one; pausing the site lets the
/// page's ads through and resuming stops them again. The fixture server
/// counts each host's requests: the proof of what the proxy fetched.
@Suite(.serialized) struct PagePanelBrowserTests {
    static let adHost = "ad.doubleclick.net"

    /// Opens the home page and waits for its late ads; the requests
    /// `adHost` got meanwhile.
    static func adRequests(opening url: String, in browser: BrowserSession, testbed: ProxyTestbed) throws -> Int {
        let before = try testbed.fixtures.hits()[adHost] ?? 0
        try browser.open(url)
        try browser.wait(until: "return document.documentElement.dataset.lazyAds === 'tried'", "the lazy ad loader")
        Thread.sleep(forTimeInterval: 1)
        return (try testbed.fixtures.hits()[adHost] ?? 0) - before
    }

    /// Clicks the panel's button labelled `label` (an exact match).
    static func clickButton(_ label: String, in browser: BrowserSession) throws {
        let found = try browser.run("""
            const b = Array.from(document.querySelectorAll('main button')).find(b => b.textContent === arguments[0]);
            if (!b) return false; b.id = 'limot-test-target'; b.scrollIntoView({block: 'center'}); return true;
            """, [label]) as? Bool
        let page = (try? browser.url) ?? "?"
        try #require(found == true, "no button \(label) on \(page)")
        try browser.click("#limot-test-target")
    }

    @Test func thePanelListsTheBlockedAdWithItsRuleAndAllowThenBlockDecideItsNextLoad() throws {
        // A fixture server of its own: the shared one's ad hosts must get nothing (BrowsingTests).
        let testbed = try ProxyTestbed.dedicated()
        let proxy = testbed.proxy
        let store = UserRuleStore(dataDirectory: proxy.dataDir)
        let browser = try RealBrowserTests.browser(testbed)
        let origin = "http://127.0.0.1:\(proxy.port)"

        #expect(try Self.adRequests(opening: origin + "/", in: browser, testbed: testbed) == 0, "the shipped rules let the ad through")
        try browser.click("#limot-bar .limot-stats")
        try browser.wait(until: "return location.pathname.startsWith('/_limot/page/')", "the panel to open")
        let panel = try RealBrowserTests.text(browser)
        #expect(panel.contains("https://\(Self.adHost)/"), "the panel does not list the ad: \(panel)")
        #expect(panel.contains("limot-ads"), "the panel does not name the shipped list: \(panel)")
        #expect(!panel.contains(".json"), "the panel names a file: \(panel)")
        _ = try PageInspection.keep(browser.screenshot(), as: "panel-before-allow.png")

        try Self.clickButton("Allow \(Self.adHost)", in: browser)
        try browser.wait(until: "return document.body.innerText.includes('Allowed on this site')", "the allow to be added")
        let added = try store.load().active
        #expect(added.count == 1 && added.first?.note?.kind == .allow)
        #expect(added.first?.json.contains("if-domain") == true, "the allow is not scoped to the site: \(added)")
        #expect(try Self.adRequests(opening: origin + "/", in: browser, testbed: testbed) > 0, "allowed, the ad still did not load")

        // The panel of the new load lists the ad as allowed by your rules; block it there.
        try browser.click("#limot-bar .limot-stats")
        try browser.wait(until: "return document.body.innerText.includes('Allowed by an exception')", "the panel to list the exception")
        #expect(try RealBrowserTests.text(browser).contains("your rules"))
        try Self.clickButton("Block \(Self.adHost)", in: browser)
        try browser.wait(until: "return document.body.innerText.includes('Blocked: the rule is in your rules')", "the block to be added")
        #expect(try Self.adRequests(opening: origin + "/", in: browser, testbed: testbed) == 0, "blocked again, the ad still loaded")

        // The rules page counts what the two rules did.
        try browser.open(origin + "/_limot/rules")
        let rules = try RealBrowserTests.text(browser)
        #expect(rules.contains("allow "), "no allow hits on the rules page: \(rules)")
        #expect(rules.contains("block "), "no block hits on the rules page: \(rules)")
    }

    @Test func pausingTheSiteLetsItsAdsThroughAndResumingStopsThem() throws {
        let testbed = try ProxyTestbed.dedicated()
        let proxy = testbed.proxy
        let browser = try RealBrowserTests.browser(testbed)
        let origin = "http://127.0.0.1:\(proxy.port)"

        #expect(try Self.adRequests(opening: origin + "/", in: browser, testbed: testbed) == 0)
        try browser.click("#limot-bar .limot-pause")
        try browser.wait(until: "return location.pathname === '/_limot/pause'", "the pause page")
        try Self.clickButton("Pause on the whole site www.loghatnameh.de", in: browser)
        try browser.wait(until: "return location.pathname === '/'", "back to the page")
        #expect(try Self.adRequests(opening: origin + "/", in: browser, testbed: testbed) > 0, "paused, the ads did not reach their host")
        try browser.click("#limot-bar .limot-pause")
        try browser.wait(until: "return location.pathname === '/_limot/pause'", "the pause page")
        try Self.clickButton("Resume filtering on www.loghatnameh.de", in: browser)
        try browser.wait(until: "return location.pathname === '/'", "back to the page")
        #expect(try Self.adRequests(opening: origin + "/", in: browser, testbed: testbed) == 0, "resumed, the ads still reached their host")
    }

    /// The panel and the rules page in both themes, kept as artefacts to be looked at.
    @Test(arguments: ["dark", "light"]) func screenshots(theme: String) throws {
        let testbed = try ProxyTestbed.get()
        let proxy = try testbed.startProxy(["--theme", theme])
        let store = UserRuleStore(dataDirectory: proxy.dataDir)
        _ = try store.change { (list: inout UserRules) throws(UserRuleError) in
            list.active.append(UserRule(json: try UserRuleInput.rules(from: "||ad.doubleclick.net^")[0],
                                        note: UserRuleNote(kind: .block, page: "https://www.loghatnameh.de/", filter: "||ad.doubleclick.net^")))
            list.active.append(UserRule(json: try UserRuleInput.rules(from: "www.loghatnameh.de##.تبلیغ-بنر")[0],
                                        note: UserRuleNote(kind: .hide, filter: "www.loghatnameh.de##.تبلیغ-بنر")))
        }
        let browser = try RealBrowserTests.browser(testbed)
        let origin = "http://127.0.0.1:\(proxy.port)"
        try browser.open(origin + "/search?q=Haus")
        try browser.click("#limot-bar .limot-stats")
        try browser.wait(until: "return location.pathname.startsWith('/_limot/page/')", "the panel to open")
        let contrast = try #require(browser.run(PageInspection.contrastFailures) as? [Any])
        #expect((contrast[1] as? [String] ?? []).isEmpty, "panel, \(theme): below WCAG AA contrast: \(contrast[1])")
        _ = try PageInspection.keep(browser.screenshot(), as: "panel-\(theme).png")
        try browser.open(origin + "/_limot/rules")
        _ = try PageInspection.keep(browser.screenshot(), as: "rules-\(theme).png")
    }
}
