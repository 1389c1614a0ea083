import FixtureSupport
import Foundation
import Subscriptions
import Testing

/// `/_limot/rules` and `/_limot/pause` on the real `limot serve`: the
/// reader's list shown as the store has it (escaped), changed with the
/// page's forms, applied to the next request; and every change refused
/// unless it is a POST from this browser session's page, on the proxy's
/// own origin, as a navigation (not a script's request).
@Suite("the rules page")
struct RulesPageTests {
    /// A proxy of its own on the shared fixture sites, with a data directory of its own.
    static func withProxy(_ body: (_ proxy: LimotServe, _ store: UserRuleStore) throws -> Void) throws {
        let testbed = try ProxyTestbed.get()
        let proxy = try testbed.startProxy([])
        try body(proxy, UserRuleStore(dataDirectory: proxy.dataDir))
    }

    /// The token in a control page's forms.
    static func token(in page: RawHTTPResponse) throws -> String {
        let match = try #require(page.text.firstMatch(of: /name="token" value="([0-9a-f]{64})"/), "no token on the page")
        return String(match.output.1)
    }

    /// What a browser sends when the reader presses a button of a page on `port`.
    static func formHeaders(port: Int) -> [(String, String)] {
        [("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "http://127.0.0.1:\(port)"),
         ("Sec-Fetch-Site", "same-origin"), ("Sec-Fetch-Mode", "navigate"), ("Sec-Fetch-Dest", "document")]
    }

    static func form(_ fields: [(String, String)]) -> [UInt8] {
        let allowed = CharacterSet.alphanumerics
        return Array(fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&").utf8)
    }

    static let filter = "||www.loghatnameh.de/impressum.html^$document"

    @Test("a change without the session's token, from another origin or from a script is refused; the page's own is made and applies to the next request")
    func changesNeedTheSessionsTokenAndOrigin() throws {
        try Self.withProxy { proxy, store in
            let reader = TestBrowser(port: proxy.port)
            let token = try Self.token(in: try reader.request("/_limot/rules"))
            let other = TestBrowser(port: proxy.port)
            let othersToken = try Self.token(in: try other.request("/_limot/rules"))
            #expect(othersToken != token, "each session has its own token")
            let headers = Self.formHeaders(port: proxy.port)
            func post(_ token: String?, extra: [(String, String)] = [], replacing: String? = nil) throws -> Int {
                let sent = headers.filter { $0.0 != replacing } + extra
                let fields = (token.map { [("token", $0)] } ?? []) + [("filter", Self.filter)]
                return try reader.request("/_limot/rules/add", method: "POST", headers: sent, body: Self.form(fields)).status
            }
            #expect(try post(nil) == 403, "no token")
            #expect(try post(othersToken) == 403, "another session's token")
            #expect(try post(token, extra: [("Origin", "https://evil.example")], replacing: "Origin") == 403, "another origin")
            #expect(try post(token, extra: [("Sec-Fetch-Site", "cross-site")], replacing: "Sec-Fetch-Site") == 403, "another site")
            #expect(try post(token, extra: [("Sec-Fetch-Mode", "cors")], replacing: "Sec-Fetch-Mode") == 403, "a script's fetch")
            let viaGet = try reader.request("/_limot/rules/add?token=\(token)&filter=\(Self.filter.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
            #expect(viaGet.status == 405, "opening the address changes nothing")
            #expect(try store.load().active.isEmpty, "no refused request changed the list")
            #expect(try reader.request("/impressum.html").status == 200, "control: the page loads before the rule")

            let made = try reader.request("/_limot/rules/add", method: "POST", headers: headers,
                                          body: Self.form([("token", token), ("filter", Self.filter)]))
            #expect(made.status == 303)
            #expect(made.header("Location") == "/_limot/rules?done=add")
            let rules = try store.load()
            #expect(rules.active.count == 1)
            #expect(rules.active.first?.note?.filter == Self.filter)
            // Applied at once (the proxy recompiles), not after serve's two-second watch.
            #expect(try reader.request("/impressum.html").status == 403, "the next request is decided by the new rule")
            let page = try reader.request("/_limot/rules?done=add")
            #expect(page.text.contains("Added."))
            #expect(page.text.contains(Self.filter), "the filter it was made from")
            #expect(page.text.contains("</td><td>block 1</td><td><form"), "the page the rule blocked is counted as its hit")
        }
    }

    @Test("switch off, on, delete and undo change the list as the page shows it; a bad filter is refused in place, escaped")
    func buttonsChangeTheList() throws {
        try Self.withProxy { proxy, store in
            let reader = TestBrowser(port: proxy.port)
            let headers = Self.formHeaders(port: proxy.port)
            let token = try Self.token(in: try reader.request("/_limot/rules"))
            func press(_ action: String, _ fields: [(String, String)]) throws -> RawHTTPResponse {
                try reader.request("/_limot/rules/\(action)", method: "POST", headers: headers, body: Self.form([("token", token)] + fields))
            }
            #expect(try press("add", [("filter", Self.filter)]).status == 303)
            let json = try #require(try store.load().active.first?.json)
            #expect(try press("disable", [("rule", "0"), ("json", json)]).status == 303)
            var rules = try store.load()
            #expect(rules.active.isEmpty && rules.disabled.map(\.json) == [json])
            #expect(try reader.request("/impressum.html").status == 200, "a rule switched off decides nothing")
            #expect(try press("enable", [("rule", "0"), ("json", json)]).status == 303)
            #expect(try store.load().active.map(\.json) == [json])
            #expect(try press("delete", [("rule", "0"), ("json", "{\"other\":1}")]).status == 422, "a rule the page did not show is not deleted")
            #expect(try press("delete", [("rule", "0"), ("json", json)]).status == 303)
            #expect(try store.load().active.isEmpty)
            #expect(try press("undo", []).status == 303)
            rules = try store.load()
            #expect(rules.active.map(\.json) == [json], "undo puts the deleted rule back")

            let bad = try press("add", [("filter", "example.org##<script>\"x\"")])
            #expect(bad.status == 422)
            #expect(bad.text.contains("&lt;script&gt;&quot;x&quot;"), "the refused filter is shown again, escaped")
            #expect(!bad.text.contains("<script>\"x\""))
            #expect(try store.load().active.count == 1, "a refused filter changes nothing")
            _ = try store.change { (_: inout UserRules) throws(UserRuleError) in }
            #expect(try store.undo().active.isEmpty, "a change that changed nothing is no step: undo takes back the one before (the undo, so the delete is redone)")
        }
    }

    @Test("a selector with <script> and quotes, added by the store, is shown as text")
    func selectorsAreEscaped() throws {
        try Self.withProxy { proxy, store in
            let selector = #".ad[title="</code><script>alert('x')</script>"]"#
            let escapedSelector = selector.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            let rule = #"{"trigger":{"url-filter":".*"},"action":{"type":"css-display-none","selector":"\#(escapedSelector)"}}"#
            try store.change { (list: inout UserRules) throws(UserRuleError) in
                list.active.append(UserRule(json: rule, note: UserRuleNote(kind: .hide, page: "https://www.loghatnameh.de/?q=<b>\"x\"</b>")))
            }
            let page = try TestBrowser(port: proxy.port).request("/_limot/rules")
            #expect(page.status == 200)
            #expect(!page.text.contains("<script>alert"), "no markup from the rule reaches the page")
            #expect(page.text.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
            #expect(page.text.contains("q=&lt;b&gt;&quot;x&quot;&lt;/b&gt;"), "the page it was made on, escaped")
        }
    }

    @Test("the rules page is shown to a navigation only: not to a script's fetch, not in a frame, not to another window")
    func controlPagesAreTopLevelOnly() throws {
        try Self.withProxy { proxy, _ in
            let reader = TestBrowser(port: proxy.port)
            for (name, value) in [("Sec-Fetch-Mode", "cors"), ("Sec-Fetch-Dest", "iframe"), ("Sec-Fetch-Dest", "empty")] {
                let refused = try reader.request("/_limot/rules", headers: [(name, value)])
                #expect(refused.status == 403, "\(name): \(value)")
                #expect(refused.text.firstMatch(of: /name="token"/) == nil, "no token for \(name): \(value)")
            }
            let shown = try reader.request("/_limot/rules", headers: [("Sec-Fetch-Mode", "navigate"), ("Sec-Fetch-Dest", "document"), ("Sec-Fetch-Site", "none")])
            #expect(shown.status == 200)
            #expect(shown.headers.contains { $0.name.lowercased() == "cross-origin-opener-policy" && $0.value == "same-origin" })
            #expect(shown.headers.contains { $0.name.lowercased() == "content-security-policy" && $0.value == "frame-ancestors 'none'" })
        }
    }

    @Test("pause on the site from the bar's page, the bar says so, resume puts filtering back")
    func pauseAndResume() throws {
        try Self.withProxy { proxy, store in
            let reader = TestBrowser(port: proxy.port)
            let home = try reader.request("/impressum.html")
            #expect(home.status == 200)
            #expect(home.text.contains("/_limot/pause?page="), "the bar links to pause")
            #expect(home.text.firstMatch(of: /name="token"/) == nil, "the site's pages carry no token")
            let pausePage = try reader.request("/_limot/pause?page=https%3A%2F%2Fwww.loghatnameh.de%2Fimpressum.html&return=%2Fimpressum.html")
            #expect(pausePage.status == 200)
            let token = try Self.token(in: pausePage)
            let headers = Self.formHeaders(port: proxy.port)
            let fields: [(String, String)] = [("token", token), ("scope", "site"), ("page", "https://www.loghatnameh.de/impressum.html"), ("return", "/impressum.html")]
            let paused = try reader.request("/_limot/pause", method: "POST", headers: headers, body: Self.form(fields))
            #expect(paused.status == 303)
            #expect(paused.header("Location") == "/impressum.html")
            #expect(try store.load().active.first?.note?.kind == .pause)
            #expect(try reader.request("/impressum.html").text.contains("filtering paused on this site — resume"))
            let resumed = try reader.request("/_limot/resume", method: "POST", headers: headers, body: Self.form(fields))
            #expect(resumed.status == 303)
            #expect(try store.load().active.isEmpty)
            #expect(!(try reader.request("/impressum.html").text.contains("filtering paused")))
            #expect(try reader.request("/_limot/resume", method: "POST", headers: headers, body: Self.form(fields.filter { $0.0 != "token" })).status == 403)
        }
    }
}
