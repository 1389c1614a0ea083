import FixtureSupport
import Foundation
import Subscriptions
import Testing

/// `/_limot/hide` and `/_limot/picker` on the real `limot serve`: the
/// picker's rule is saved only by a POST with the session's token from
/// limot's own confirmation page (as every change, `ControlRequestCheck`),
/// and applies to the site's next page; the bar's "hide this" works as a
/// link without JavaScript.
@Suite("hide this")
struct HideRuleTests {
    static let address = "https://www.loghatnameh.de/picker/sponsor.html"
    static let query = "page=https%3A%2F%2Fwww.loghatnameh.de%2Fpicker%2Fsponsor.html&selector=.partner-teaser"

    @Test("the confirmation page saves with the session's token only, and the site's next page has the element hidden")
    func savingNeedsTheTokenAndAppliesAtOnce() throws {
        try RulesPageTests.withProxy { proxy, store in
            let reader = TestBrowser(port: proxy.port)
            let site = try reader.request("/picker/sponsor.html")
            #expect(site.text.contains(#"<a class="limot-stats limot-hide" href="/_limot/picker?page=https%3A%2F%2Fwww.loghatnameh.de%2Fpicker%2Fsponsor.html""#))
            #expect(site.text.contains("/_limot/static/picker-"), "the picker's script is on the site's page")
            #expect(site.text.firstMatch(of: /name="token"/) == nil, "but no token")
            #expect(!site.text.contains(".partner-teaser"), "control: no rule hides the slot yet")

            let confirmation = try reader.request("/_limot/hide?" + Self.query + "&count=2")
            #expect(confirmation.status == 200)
            #expect(confirmation.headers.contains { $0.name.lowercased() == "cross-origin-opener-policy" && $0.value == "same-origin" })
            #expect(confirmation.text.contains("www.loghatnameh.de##.partner-teaser"))
            let token = try RulesPageTests.token(in: confirmation)
            #expect(try reader.request("/_limot/hide?" + Self.query, headers: [("Sec-Fetch-Mode", "cors"), ("Sec-Fetch-Dest", "empty")]).status == 403,
                    "a script's fetch gets no confirmation page")

            let headers = RulesPageTests.formHeaders(port: proxy.port)
            let fields = [("page", Self.address), ("selector", ".partner-teaser")]
            func post(_ fields: [(String, String)], headers: [(String, String)]) throws -> RawHTTPResponse {
                try reader.request("/_limot/hide", method: "POST", headers: headers, body: RulesPageTests.form(fields))
            }
            #expect(try post(fields, headers: headers).status == 403, "no token")
            #expect(try post(fields + [("token", token)], headers: headers.filter { $0.0 != "Sec-Fetch-Site" } + [("Sec-Fetch-Site", "cross-site")]).status == 403)
            #expect(try post(fields + [("token", token)], headers: headers.filter { $0.0 != "Sec-Fetch-Mode" } + [("Sec-Fetch-Mode", "cors")]).status == 403)
            #expect(try store.load().active.isEmpty)

            let saved = try post(fields + [("token", token)], headers: headers)
            #expect(saved.status == 303)
            #expect(saved.header("Location") == "/_limot/hide?" + Self.query)
            let rule = try #require(try store.load().active.first)
            #expect(rule.json == #"{"trigger":{"url-filter":".*","if-domain":["*www.loghatnameh.de"]},"action":{"type":"css-display-none","selector":".partner-teaser"}}"#)
            #expect(rule.note?.filter == "www.loghatnameh.de##.partner-teaser")
            #expect(try reader.request("/_limot/hide?" + Self.query).text.contains(#"id="limot-hide-saved""#))
            #expect(try reader.request("/picker/sponsor.html").text.contains(".partner-teaser"), "the next page hides it")
            #expect(try post(fields + [("token", token)], headers: headers).status == 422, "saving it again adds nothing")
            #expect(try store.load().active.count == 1)
        }
    }

    @Test("without JavaScript, hide this says the picker needs it and leads to the add form, filled with the site")
    func withoutScriptTheLinkLeadsToTheForm() throws {
        try RulesPageTests.withProxy { proxy, _ in
            let reader = TestBrowser(port: proxy.port)
            let help = try reader.request("/_limot/picker?page=https%3A%2F%2Fwww.loghatnameh.de%2Fimpressum.html")
            #expect(help.status == 200)
            #expect(help.text.contains("Hide this needs JavaScript"))
            #expect(help.text.contains(#"href="/_limot/rules?filter=www.loghatnameh.de%23%23""#))
            let rules = try reader.request("/_limot/rules?filter=www.loghatnameh.de%23%23")
            #expect(rules.text.contains(#"<textarea name="filter" rows="3" cols="60" dir="ltr">www.loghatnameh.de##</textarea>"#))
        }
    }
}
