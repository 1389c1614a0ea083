import FixtureSupport
import Foundation
import Subscriptions
import Testing

/// In Chromium: the bar's "hide this" picks an ad slot the shipped rules
/// miss, proposes stable selectors (wider, narrower, same kind), and saves
/// through limot's confirmation page: hidden at once, hidden after a reload
/// by the proxy's own rule, and the list passes `limot rules check`. A site
/// page's script that tries to save a rule itself changes nothing.
@Suite(.serialized) struct PickerBrowserTests {
    static let slot = ".partner-teaser__inner"
    static let page = "/picker/sponsor.html"

    static func isShown(_ browser: BrowserSession, _ selector: String) throws -> Bool {
        // Hidden by an ancestor too: its own computed display stays, its boxes go.
        try browser.run("return document.querySelector(arguments[0]).checkVisibility()", [selector]) as? Bool ?? false
    }

    /// The picker's proposal: its selector and how many elements it matches.
    static func proposal(_ browser: BrowserSession) throws -> (String, Int) {
        try browser.wait(until: "return document.querySelector('limot-picker')?.dataset.state === 'proposed'", "a proposal")
        let value = try browser.run("const p = document.querySelector('limot-picker'); return [p.dataset.selector, p.dataset.count]") as? [Any] ?? []
        return (value.first as? String ?? "", Int(value.last as? String ?? "") ?? -1)
    }

    static func startPicking(_ browser: BrowserSession) throws {
        try browser.click("#limot-bar .limot-hide")
        try browser.wait(until: "return document.querySelector('limot-picker')?.dataset.state === 'picking'", "the picker to open")
    }

    @Test func theReaderPicksAnAdSlotTheShippedRulesMissAndSavesIt() throws {
        let testbed = try ProxyTestbed.get()
        let proxy = try testbed.startProxy([])
        let store = UserRuleStore(dataDirectory: proxy.dataDir)
        let browser = try RealBrowserTests.browser(testbed)
        let origin = "http://127.0.0.1:\(proxy.port)"

        try browser.open(origin + Self.page)
        #expect(try Self.isShown(browser, Self.slot), "control: the shipped rules leave the slot on the page")
        try Self.startPicking(browser)
        try browser.click(Self.slot)
        // Its own authored class, not the generated sc-… beside it; both slots match.
        #expect(try Self.proposal(browser) == (".partner-teaser__inner", 2))
        #expect(try browser.url == origin + Self.page, "the click picked, it did not follow anything")
        try browser.press("w")
        #expect(try Self.proposal(browser) == (".partner-teaser", 2), "the parent: not its hex id, not css-1x2y3z")
        try browser.press("w")
        #expect(try Self.proposal(browser) == (".partner-rail", 1))
        try browser.press("n")
        #expect(try Self.proposal(browser) == (".partner-teaser", 2), "narrower goes back toward the element clicked")
        try browser.press("s")
        #expect(try Self.proposal(browser) == (".partner-rail > .partner-teaser", 2), "the siblings that share its class")
        try browser.press("n")
        #expect(try Self.proposal(browser) == (".partner-teaser", 2))
        #expect(try Self.isShown(browser, Self.slot), "proposing hides nothing yet")

        let window = try browser.handle
        try browser.press("\u{E007}")  // Save…
        try browser.wait(until: "return document.querySelector('limot-picker')?.dataset.state === 'previewed'", "the preview")
        #expect(!(try Self.isShown(browser, Self.slot)), "hidden on the page at once")
        #expect(try store.load().active.isEmpty, "the picker itself saves nothing")
        let confirmation = try #require(try browser.handles.first { $0 != window }, "the confirmation page opens in a window")
        try browser.switchTo(confirmation)
        try browser.wait(until: "return !!document.querySelector(\"form[action='/_limot/hide'] button\")", "the confirmation page")
        let text = try RealBrowserTests.text(browser)
        #expect(text.contains("www.loghatnameh.de##.partner-teaser"), "the AdBlock filter")
        #expect(text.contains(#""if-domain":["*www.loghatnameh.de"]"#), "the WebKit rule, scoped to the site")
        #expect(text.contains("It matched 2 elements"))
        // Where a person would scroll it: above the bar, not under it.
        try browser.run("document.querySelector(\"form[action='/_limot/hide'] button\").scrollIntoView({block: 'center'})")
        try browser.click("form[action='/_limot/hide'] button")
        try browser.wait(until: "return !!document.getElementById('limot-hide-saved')", "the saved notice")

        let rules = try store.load().active
        #expect(rules.count == 1)
        #expect(rules.first?.json == #"{"trigger":{"url-filter":".*","if-domain":["*www.loghatnameh.de"]},"action":{"type":"css-display-none","selector":".partner-teaser"}}"#)
        #expect(rules.first?.note?.kind == .hide)
        #expect(rules.first?.note?.page == "https://www.loghatnameh.de/picker/sponsor.html")

        try browser.switchTo(window)
        try browser.wait(until: "return document.querySelector('limot-picker')?.dataset.state === 'saved'", "the picker to hear of the save")
        try browser.refresh()
        #expect(try browser.run("return document.querySelector('limot-picker') === null && document.adoptedStyleSheets.length === 0") as? Bool == true,
                "a new page: no preview left")
        #expect(!(try Self.isShown(browser, Self.slot)), "hidden after a reload, by the proxy's rule")
        #expect(!(try Self.isShown(browser, ".partner-teaser")))
        #expect(try Self.isShown(browser, ".definition"), "the rest of the page stays")

        let check = try Self.limot(["rules", "check", store.rulesFile])
        #expect(check.status == 0, "limot rules check: \(check.output)")
    }

    @Test func aSitesScriptCannotSaveARule() throws {
        let testbed = try ProxyTestbed.get()
        let proxy = try testbed.startProxy([])
        let store = UserRuleStore(dataDirectory: proxy.dataDir)
        let browser = try RealBrowserTests.browser(testbed)
        let origin = "http://127.0.0.1:\(proxy.port)"

        try browser.open(origin + "/hostile/picker.html")
        try browser.wait(until: "return document.title.includes('Form expired')", timeout: .seconds(20), "the script's form to be refused")
        let report = try browser.run("return sessionStorage.getItem('limot-attack')") as? String ?? ""
        #expect(!report.contains(#""popup":"button""#), "the script reached the confirmation page's button: \(report)")
        #expect(report.contains(#""popupClosed":true"#), "the confirmation page is in a browsing context group of its own: \(report)")
        #expect(report.contains(#""fetchPost":403"#), "a script's post is refused: \(report)")
        #expect(report.contains(#""submitted":true"#), "the script got as far as the form: \(report)")
        #expect(try store.load().active.isEmpty, "the site's script changed the reader's rules")
    }

    /// The picker open on the slot and the confirmation page, in both
    /// themes, on a desktop window and a phone's: PNGs to look at, kept as
    /// test artefacts (`LIMOT_TEST_ARTEFACTS=/tmp/screens` puts them there).
    @Test func screenshotsOfThePickerAndTheConfirmationPage() throws {
        let testbed = try ProxyTestbed.get()
        let proxy = try testbed.startProxy([])
        let browser = try RealBrowserTests.browser(testbed)
        let origin = "http://127.0.0.1:\(proxy.port)"
        let window = try browser.handle
        for theme in ["light", "dark"] {
            for (size, width, height) in [("desktop", 1280, 900), ("phone", 360, 780)] {
                try browser.switchTo(window)
                try browser.resize(width: width, height: height)
                try browser.open(origin + "/_limot/theme?set=\(theme)&return=%2Fpicker%2Fsponsor.html")
                try browser.wait(until: "return location.pathname === '\(Self.page)' && document.readyState === 'complete'", "the page in the \(theme) theme")
                try Self.startPicking(browser)
                try browser.click(Self.slot)
                try browser.press("w")
                _ = try Self.proposal(browser)
                _ = try PageInspection.keep(try browser.screenshot(), as: "picker-\(theme)-\(size).png")
                guard size == "desktop" else { continue }
                let known = try browser.handles
                try browser.press("\u{E007}")
                try browser.wait(until: "return document.querySelector('limot-picker')?.dataset.state === 'previewed'", "the preview")
                let confirmation = try #require(try browser.handles.first { !known.contains($0) })
                try browser.switchTo(confirmation)
                try browser.resize(width: 720, height: 780)
                try browser.wait(until: "return !!document.querySelector(\"form[action='/_limot/hide'] button\")", "the confirmation page")
                _ = try PageInspection.keep(try browser.screenshot(), as: "picker-confirm-\(theme).png")
            }
        }
    }

    /// `limot` itself, run as the reader would.
    static func limot(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = LimotServe.executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
