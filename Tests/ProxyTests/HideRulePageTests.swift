import Foundation
import Subscriptions
import Testing
@testable import Proxy

/// The picker's confirmation page shows what the address brings (the page
/// and the selector, both chosen by whoever made the link) as text only, and
/// offers Save only for a rule `limot rules check` accepts; the bar agrees
/// with the engine on where a site's pause applies.
struct HideRulePageTests {
    static let hostile = #".ad[title="</code><script>alert('x')</script>"]"#
    static let page = #"https://www.loghatnameh.de/?q=<b>"x"</b>"#

    static func page(selector: String, saved: Bool = false) -> String {
        let rules = Result { () throws(UserRuleError) in
            try UserRuleInput.rules(from: HideRulePage.filter(host: "www.loghatnameh.de", selector: selector))
        }
        return HideRulePage(page: page, host: "www.loghatnameh.de", selector: selector, count: 3, rules: rules,
                            saved: saved, token: "0123abcd", failure: nil).html.render(headStart: "", bar: "")
    }

    @Test func aHostileSelectorIsShownAsTextAndSavedOnlyThroughTheForm() {
        let html = Self.page(selector: Self.hostile)
        #expect(!html.contains("<script>alert"), "no markup from the address reaches the page")
        #expect(!html.contains("<b>"))
        #expect(html.contains("&lt;/code&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(html.contains("q=&lt;b&gt;&quot;x&quot;&lt;/b&gt;"), "the page it was picked on, escaped")
        #expect(html.contains(#"<input type="hidden" name="selector" value=".ad[title=&quot;&lt;/code&gt;&lt;script&gt;"#), "the form posts the selector as it was")
        #expect(html.contains(#"<input type="hidden" name="token" value="0123abcd">"#))
        #expect(html.contains(#"&quot;if-domain&quot;:[&quot;*www.loghatnameh.de&quot;]"#), "the WebKit rule, scoped to the site's pages")
        #expect(html.contains("It matched 3 elements"))
    }

    @Test func aSelectorWebKitWouldSkipIsRefusedInPlaceWithoutASaveButton() {
        let html = Self.page(selector: #"div:has-text(<img src=x onerror=alert(1)>)"#)
        #expect(html.contains("Not a rule limot can save"))
        #expect(!html.contains("<img"))
        #expect(!html.contains(#"action="/_limot/hide""#), "nothing to save")
        #expect(html.contains(#"href="/_limot/rules?filter="#), "the reader can write it by hand")
    }

    @Test func aSavedRuleTellsThePickerWithoutAForm() {
        let html = Self.page(selector: Self.hostile, saved: true)
        #expect(html.contains(#"id="limot-hide-saved" data-selector=".ad[title=&quot;&lt;/code&gt;"#))
        #expect(!html.contains(#"action="/_limot/hide""#), "saved: no second Save")
    }

    @Test func theBarOffersHideThisOnTheSitesPagesAndLoadsThePickerUnderTheNonce() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let source = try String(contentsOf: root.appendingPathComponent("Stylesheets/picker.js"), encoding: .utf8)
        let sheets = Stylesheets(dark: "", bar: "", picker: source)
        let served = try #require(sheets.files[sheets.pickerPath])
        #expect(served.type == "text/javascript; charset=utf-8")
        #expect(String(decoding: served.bytes, as: UTF8.self) == sheets.pickerScript)
        #expect(sheets.pickerScript.contains("attachShadow({ mode: \"closed\" })") && !sheets.pickerScript.contains("\n//"))

        var bar = NavigationBar(canGoBack: false, canGoForward: false, currentPath: "/", theme: .light, blockedOnPage: 0,
                                page: (address: #"https://www.loghatnameh.de/?q="><b>"#, pause: PauseState(page: "https://www.loghatnameh.de/", rules: UserRules())),
                                pickerScript: sheets.pickerPath)
        let html = bar.html(nonce: "n0nce")
        #expect(html.contains(#"<a class="limot-stats limot-hide" href="/_limot/picker?page=https%3A%2F%2Fwww.loghatnameh.de%2F%3Fq%3D%22%3E%3Cb%3E""#))
        #expect(html.contains(#"<script src="\#(sheets.pickerPath)" nonce="n0nce" defer></script>"#))
        bar.page = nil
        #expect(!bar.html(nonce: "n0nce").contains("limot-hide"), "limot's own pages have nothing to hide")
    }

    @Test func aPauseOfADomainShowsOnItsSubdomainsAsTheEngineAppliesIt() throws {
        let rule = try UserRuleInput.pauseRule(site: "example.org").rule
        let rules = UserRules(active: [UserRule(json: rule)])
        #expect(PauseState(page: "https://example.org/a", rules: rules).pausedSite == "example.org")
        #expect(PauseState(page: "https://www.example.org/a", rules: rules).pausedSite == "example.org")
        #expect(PauseState(page: "https://a.b.example.org/", rules: rules).pausedSite == "example.org")
        #expect(PauseState(page: "https://notexample.org/", rules: rules).pausedSite == nil, "another domain ending in the same letters")
        #expect(PauseState(page: "https://example.org.evil.example/", rules: rules).pausedSite == nil)
        #expect(PauseState(page: "https://www.example.org/a", rules: UserRules()).isPaused == false)
    }
}
