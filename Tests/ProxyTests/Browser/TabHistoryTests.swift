import FixtureSupport
import Foundation
import Testing

/// Each tab keeps its own history: the bar's back and forward follow the tab
/// they are in, in step with the browser's own buttons, however the tab was
/// opened (chromedriver's new window, a middle click on a link).
@Suite(.serialized) struct TabHistoryTests {
    /// Where a tab is and what its bar offers.
    private struct TabState: Equatable, CustomStringConvertible {
        var search: String
        var back: Bool
        var forward: Bool
        var description: String { "\(search) back \(back) forward \(forward)" }
    }

    private static func state(_ browser: BrowserSession) throws -> TabState {
        let buttons = try browser.run(PageInspection.barButtons) as? [String: Bool] ?? [:]
        let search = try browser.run("return location.pathname + location.search") as? String ?? "?"
        return TabState(search: search, back: buttons["back"] ?? false, forward: buttons["forward"] ?? false)
    }

    /// Waits until the tab shows `want` (the bar is drawn when the page is shown).
    private static func expect(_ browser: BrowserSession, _ want: TabState, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        var seen = try? state(browser)
        while seen != want, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            seen = try? state(browser)
        }
        #expect(seen == want, "\(step): \(seen.map(String.init(describing:)) ?? "?") instead of \(want)", sourceLocation: sourceLocation)
    }

    @Test func twoTabsKeepTheirOwnHistory() throws {
        let testbed = try ProxyTestbed.get()
        let browser = try RealBrowserTests.browser(testbed)
        let origin = "http://127.0.0.1:\(testbed.proxy.port)"
        let tabA = try browser.handle
        try browser.open(origin + "/")
        try browser.open(origin + "/search?q=Haus")
        try Self.expect(browser, TabState(search: "/search?q=Haus", back: true, forward: false), "tab A, second page")

        // Tab B, a new window of its own.
        let tabB = try browser.newTab()
        try browser.switchTo(tabB)
        try browser.open(origin + "/search?q=Buch")
        try Self.expect(browser, TabState(search: "/search?q=Buch", back: false, forward: false), "tab B starts a history of its own")
        try browser.open(origin + "/search?q=gehen")
        try Self.expect(browser, TabState(search: "/search?q=gehen", back: true, forward: false), "tab B, second page")

        // Back in tab A: the bar's back goes to A's page, not B's.
        try browser.switchTo(tabA)
        try Self.expect(browser, TabState(search: "/search?q=Haus", back: true, forward: false), "tab A as it was")
        try browser.click("#limot-bar .limot-back")
        try Self.expect(browser, TabState(search: "/", back: false, forward: true), "tab A, bar back")
        try browser.forward()
        try Self.expect(browser, TabState(search: "/search?q=Haus", back: true, forward: false), "tab A, browser forward")

        // Tab B did not move; its bar and the browser's buttons agree.
        try browser.switchTo(tabB)
        try Self.expect(browser, TabState(search: "/search?q=gehen", back: true, forward: false), "tab B unchanged")
        try browser.back()
        try Self.expect(browser, TabState(search: "/search?q=Buch", back: false, forward: true), "tab B, browser back")
        try browser.click("#limot-bar .limot-forward")
        try Self.expect(browser, TabState(search: "/search?q=gehen", back: true, forward: false), "tab B, bar forward")
        try browser.run("window.limotMarker = 1")
        try browser.click("#limot-bar .limot-reload")
        try Self.expect(browser, TabState(search: "/search?q=gehen", back: true, forward: false), "tab B, bar reload")
        #expect(try browser.run("return window.limotMarker === undefined") as? Bool == true, "reload did not load the page again")

        // A link opened in a new tab (middle click) starts that tab's history there.
        try browser.switchTo(tabA)
        let before = Set(try browser.handles)
        try browser.middleClick(#"footer a[href="/impressum.html"]"#)
        var opened: String?
        let deadline = ContinuousClock.now + .seconds(10)
        while opened == nil, ContinuousClock.now < deadline {
            opened = try browser.handles.first { !before.contains($0) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let tabC = try #require(opened, "the middle click opened no tab")
        try browser.switchTo(tabC)
        try Self.expect(browser, TabState(search: "/impressum.html", back: false, forward: false), "tab C, opened from a link")
        try browser.switchTo(tabA)
        try Self.expect(browser, TabState(search: "/search?q=Haus", back: true, forward: false), "tab A after the middle click")
        try browser.click("#limot-bar .limot-back")
        try Self.expect(browser, TabState(search: "/", back: false, forward: true), "tab A, bar back after tab C opened")
    }
}
