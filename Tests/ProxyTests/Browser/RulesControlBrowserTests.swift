import FixtureSupport
import Foundation
import Subscriptions
import Testing

/// In Chromium: the reader's own form on `/_limot/rules` works (the
/// `Sec-Fetch-*` and `Origin` Chromium sends pass), and a site page whose
/// script tries every way to the control pages changes nothing.
@Suite(.serialized) struct RulesControlBrowserTests {
    @Test func theReadersFormAddsARuleAndTheSitesScriptsCannot() throws {
        let testbed = try ProxyTestbed.get()
        let proxy = try testbed.startProxy([])
        let store = UserRuleStore(dataDirectory: proxy.dataDir)
        let browser = try RealBrowserTests.browser(testbed)
        let origin = "http://127.0.0.1:\(proxy.port)"

        try browser.open(origin + "/hostile/control.html")
        try browser.wait(until: "return document.title.includes('Form expired')", timeout: .seconds(20), "the script's form to be refused")
        let report = try browser.run("return sessionStorage.getItem('limot-attack')") as? String ?? ""
        #expect(report.contains(#""fetchPage":403"#), "a script's fetch gets no rules page: \(report)")
        #expect(report.contains(#""token":"none""#), "the script found no token: \(report)")
        #expect(report.contains(#""fetchPost":403"#), "a script's post is refused: \(report)")
        #expect(report.contains(#""fetchPanel":403"#), "a script's fetch gets no panel: \(report)")
        #expect(report.contains(#""panelPost":403"#), "a script's post to the panel is refused: \(report)")
        #expect(report.contains(#""submitted":true"#), "the script got as far as the form: \(report)")
        #expect(try store.load().active.isEmpty, "the site's script changed the reader's rules")

        // Control: the reader, on limot's page, adds a filter with the form.
        try browser.open(origin + "/_limot/rules")
        try browser.type("textarea[name=filter]", "||www.loghatnameh.de/impressum.html^$document")
        try browser.click("form[action='/_limot/rules/add'] button")
        try browser.wait(until: "return document.body.innerText.includes('Added.')", "the rule to be added")
        #expect(try store.load().active.count == 1)
    }
}
