import ContentRules
import FixtureSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Subscriptions
import Testing
import WebURL
@testable import Proxy

/// The bar's panel: the per-page record (bounds, attribution), the panel
/// and the privacy report (escaping, the token on every form, rules named
/// as a reader knows them), the rules behind its buttons as the engine
/// decides with them, and its routes' refusals.
struct PagePanelTests {
    static let session = "0123456789abcdef0123456789abcdef"

    static func load(_ what: String, _ outcome: PageLoad.Outcome, rules: [RuleName] = []) -> PageLoad {
        PageLoad(what: what, type: "image", outcome: outcome, rules: rules)
    }

    @Test func loadsGoToTheNewestPageOfTheirSessionAndAddress() {
        let log = PageLog()
        let first = log.begin(session: "a", address: "https://site.example/one", loads: [])
        let second = log.begin(session: "a", address: "https://site.example/one", loads: [])
        log.begin(session: "b", address: "https://site.example/one", loads: [])
        #expect(log.record(Self.load("https://cdn.example/x.png", .loaded), session: "a", address: "https://site.example/one"))
        #expect(!log.record(Self.load("https://cdn.example/y.png", .loaded), session: "a", address: "https://site.example/other"),
                "a page the session never opened gets nothing")
        #expect(log.page(id: first, session: "a")?.loads.isEmpty == true)
        #expect(log.page(id: second, session: "a")?.loads.map(\.what) == ["https://cdn.example/x.png"])
        #expect(log.page(id: second, session: "b") == nil, "another session cannot open this page's record")
        #expect(log.recent(session: "b").first?.loads.isEmpty == true)
    }

    @Test func memoryIsBoundedPerSessionPerPageAndInSessions() throws {
        var limits = PageLog.Limits()
        (limits.pagesPerSession, limits.sessions, limits.linesPerOutcome) = (2, 2, 3)
        let log = PageLog(limits: limits)
        let ids = (0..<3).map { log.begin(session: "a", address: "https://site.example/\($0)", loads: []) }
        #expect(log.recent(session: "a").map(\.id) == [ids[2], ids[1]], "the oldest page is forgotten")
        for number in 0..<5 {
            log.record(Self.load("https://cdn.example/\(number).png", .loaded), session: "a", address: "https://site.example/2")
        }
        log.record(Self.load("https://cdn.example/0.png", .loaded), session: "a", address: "https://site.example/2")
        log.record(Self.load("https://ads.example/0.png", .blocked), session: "a", address: "https://site.example/2")
        let page = try #require(log.page(id: ids[2], session: "a"))
        #expect(page.loads(.loaded).count == 3)
        #expect(page.loads(.loaded).first?.count == 2, "the same load again is one line, counted")
        #expect(page.loads(.blocked).count == 1, "a full outcome leaves room for the others")
        log.record(Self.load("https://cdn.example/" + String(repeating: "x", count: limits.lineBytes), .blocked), session: "a", address: "https://site.example/2")
        #expect(try #require(log.page(id: ids[2], session: "a")).dropped == 3, "an overlong address is left out")
        #expect(page.dropped == 2)
        log.begin(session: "b", address: "https://site.example/", loads: [])
        log.begin(session: "c", address: "https://site.example/", loads: [])
        #expect(log.recent(session: "a").isEmpty, "the least recently used session is forgotten")
        #expect(log.recent(session: "c").count == 1)
    }

    /// Many pages begun in a few sessions, against a plain model: each
    /// session's newest pages within the limit, the least recently begun
    /// sessions forgotten beyond theirs.
    @Test func sessionsAndTheirPagesAreKeptAsThePlainModelSays() {
        var limits = PageLog.Limits()
        (limits.pagesPerSession, limits.sessions) = (3, 4)
        let log = PageLog(limits: limits)
        var order: [String] = []  // least recently begun first
        var pages: [String: [String]] = [:]
        var random = SeededGenerator(seed: 32)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        for step in 0..<3_000 {
            let session = "session-\(next(7))"
            let id = log.begin(session: session, address: "https://site.example/\(step)", loads: [], id: "page-\(step)")
            order.removeAll { $0 == session }
            order.append(session)
            pages[session, default: []].append(id)
            if pages[session]!.count > 3 { pages[session]!.removeFirst() }
            while order.count > 4 { pages[order.removeFirst()] = nil }
            for other in (0..<7).map({ "session-\($0)" }) {
                #expect(log.recent(session: other).map(\.id) == Array((pages[other] ?? []).reversed()), "step \(step), \(other)")
            }
        }
    }

    @Test func rulesAreNamedByListAndTextNeverByPath() throws {
        let shipped = try #require(RuleName(logged: "/opt/limot/Rules/limot-ads.json#0"))
        #expect(shipped.listLabel == "limot-ads")
        #expect(shipped.ruleLabel == "rule 0")
        let lined = try #require(RuleName(logged: "easylist:12: rule 7"))
        #expect((lined.list, lined.index) == ("easylist", 7))
        let readers = UserRules(active: [UserRule(json: #"{"trigger":{"url-filter":"x"},"action":{"type":"block"}}"#),
                                         UserRule(json: "{}", note: UserRuleNote(kind: .block, filter: "||ads.example^"))])
        let own = try #require(RuleName(logged: "your rules:3: rule 1")).withReadersText(readers)
        #expect(own.ruleLabel == "||ads.example^")
        let report = StatsPage(total: 1, pages: 1, hosts: [BlockLog.HostEntry(host: "ads.example", count: 1, rules: ["/opt/limot/Rules/limot-ads.json#0": 1])]).page.bodyHTML
        #expect(report.contains("limot-ads"))
        #expect(!report.contains("/opt/limot"), "the report shows a path on disk")
    }

    /// The pages name a subscribed or shipped list's rule by its text, read
    /// back from the list's file once per set of rules: the AdBlock filter it
    /// came from, a hiding rule's selector, else its JSON.
    @Test func listRulesAreNamedByTheTextInTheirFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limot-rule-texts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let adblock = folder.appendingPathComponent("easylist.txt").path
        try Data("[Adblock Plus 2.0]\n! Title: fixture\n||ads.example^$third-party\r\n\n  example.org##.ad-slot\n".utf8).write(to: URL(fileURLWithPath: adblock))
        let json = folder.appendingPathComponent("limot-ads.json").path
        try Data(#"[{"trigger":{"url-filter":"ads\\.example"},"action":{"type":"block"}},{"trigger":{"url-filter":".*","if-domain":["*site.example"]},"action":{"type":"css-display-none","selector":".banner"}}]"#.utf8)
            .write(to: URL(fileURLWithPath: json))
        let engine = try ContentRuleEngine(lists: [])
        let rules = RuleEngineSlot.Rules(engine: engine, fingerprint: "one", listFiles: ["easylist": adblock, "limot-ads": json])
        let cache = RuleTextCache()
        let names = [RuleName(list: "easylist", index: 0), RuleName(list: "easylist", index: 1), RuleName(list: "limot-ads", index: 0),
                     RuleName(list: "limot-ads", index: 1), RuleName(list: "limot-ads", index: 9), RuleName(list: "elsewhere", index: 0),
                     RuleName(list: "limot-ads", index: 0, text: "kept")]
        let named = cache.named(names, rules: rules).map(\.ruleLabel)
        // The converter puts hiding rules first, as WebKit orders them.
        #expect(named == ["example.org##.ad-slot", "||ads.example^$third-party", #"{"trigger":{"url-filter":"ads\\.example"},"action":{"type":"block"}}"#,
                          ".banner", "rule 9", "rule 0", "kept"])
        // The file changes under the same rules: the texts read stay (they
        // name the rules the engine has); new rules read the file again.
        try Data("||other.example^\n".utf8).write(to: URL(fileURLWithPath: adblock))
        #expect(cache.named([RuleName(list: "easylist", index: 1)], rules: rules).map(\.ruleLabel) == ["||ads.example^$third-party"])
        let swapped = RuleEngineSlot.Rules(engine: engine, fingerprint: "two", listFiles: rules.listFiles)
        #expect(cache.named([RuleName(list: "easylist", index: 0)], rules: swapped).map(\.ruleLabel) == ["||other.example^"])
        let report = StatsPage(total: 1, pages: 1, hosts: [BlockLog.HostEntry(host: "ads.example", count: 1, rules: ["easylist:3: rule 0": 1])],
                               ruleNames: ["easylist:3: rule 0": RuleName(list: "easylist", index: 0, text: "||ads.example^<b>")]).page.bodyHTML
        #expect(report.contains("||ads.example^&lt;b&gt;"), "the rule's text, escaped")
    }

    @Test func thePanelEscapesWhatItShowsAndEveryFormCarriesTheToken() throws {
        let log = PageLog()
        let hostile = #"https://ads.example/"><script>alert(1)</script>.png"#
        let id = log.begin(session: "a", address: "https://site.example/", loads: [
            Self.load(hostile, .blocked, rules: [RuleName(list: "your rules", index: 0, text: #"||ads.example^$domain=<b>"#)]),
            PageLoad(what: #"div[title="<img src=x>"]"#, type: "selector", outcome: .hidden, rules: [RuleName(list: "limot-ads", index: 2, text: "div")]),
        ])
        log.record(Self.load("https://cdn.example/pic.png", .loaded), session: "a", address: "https://site.example/")
        let record = try #require(log.page(id: id, session: "a"))
        let html = PagePanel(record: record, token: "feedface", pagePath: "/").page.bodyHTML
        #expect(!html.contains("<script>"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("&lt;script&gt;"))
        let forms = html.components(separatedBy: "<form").dropFirst()
        #expect(forms.count == 4, "allow (address, host) for the blocked line, block (address, host) for the loaded one")
        for form in forms {
            #expect(form.contains(#"method="post""#))
            #expect(form.contains(#"name="token" value="feedface""#))
        }
        #expect(forms.filter { $0.contains(#"value="allow""#) }.allSatisfy { $0.contains("ads.example") })
        #expect(forms.filter { $0.contains(#"value="block""#) }.allSatisfy { $0.contains("cdn.example") })
    }

    /// The panel's allow undoes a shipped block on the page's site only;
    /// its block blocks on every site.
    @Test func anAllowBeatsTheShippedBlockOnItsSiteAndABlockBlocks() throws {
        let shipped = try #require(RuleListParser.parse(#"[{"trigger":{"url-filter":"^https?://ads\\.example/"},"action":{"type":"block"}}]"#, source: "limot-ads").list)
        let allow = try UserRuleInput.allowRule("https://ads.example/banner.js?x=1", scope: .host, onSite: "https://www.site.example/page")
        let allowOne = try UserRuleInput.allowRule("https://ads.example/one.js?x=(1)", scope: .address, onSite: "https://other.example/")
        let block = try UserRuleInput.blockRule("https://cdn.example/lib.js?v=1.2", scope: .address)
        var readers = try #require(RuleListParser.parse("[\(allow),\(allowOne),\(block)]", source: UserRuleStore.listName).list)
        readers.appliesAfterEveryList = true
        let engine = try ContentRuleEngine(lists: [shipped, readers])
        func blocked(_ url: String, on page: String) throws -> Bool {
            engine.decide(ResourceRequest(url: try WebURL(url), type: .script, pageURL: try WebURL(page))).isBlocked
        }
        #expect(try !blocked("https://ads.example/other.js", on: "https://www.site.example/"))
        #expect(try blocked("https://ads.example/other.js", on: "https://elsewhere.example/"), "the allow is for its site only")
        #expect(try !blocked("https://ads.example/one.js?x=(1)", on: "https://other.example/"))
        #expect(try blocked("https://ads.example/one.js?x=(2)", on: "https://other.example/"), "an address allow is that address alone")
        #expect(try blocked("https://cdn.example/lib.js?v=1.2", on: "https://elsewhere.example/"))
        #expect(try !blocked("https://cdn.example/lib.js?v=1.3", on: "https://elsewhere.example/"))
    }

    @Test func hitsCountOnlyDecisionsOfTheRulesInUseAndStartAgainWhenTheyChange() {
        let hits = RuleHits()
        let rule = RuleName(list: "your rules", index: 0)
        hits.record(.block, rules: [rule], decidedWith: "one", current: "one")
        hits.record(.allow, rules: [rule], decidedWith: "one", current: "one")
        hits.record(.block, rules: [rule], decidedWith: "one", current: "one")
        #expect(hits.counts(list: "your rules").byRule[0] == [.block: 2, .allow: 1])
        hits.record(.block, rules: [rule], decidedWith: "one", current: "two")
        #expect(hits.counts(list: "your rules").byRule[0] == [.block: 2, .allow: 1], "a decision of replaced rules is not counted")
        hits.record(.hide, rules: [rule], decidedWith: "two", current: "two")
        #expect(hits.counts(list: "your rules").byRule[0] == [.hide: 1], "rule 0 of the new rules may be another rule")
    }

    @Test func thePanelIsForTheReadersNavigationOnlyAndItsButtonsNeedTheToken() async throws {
        let core = try RouterTests.core()
        let id = core.pageLog.begin(session: Self.session, address: "https://www.loghatnameh.de/", loads: [Self.load("https://ads.example/a.png", .blocked)])
        let cookie = "limot_session=\(Self.session)"
        try await Application(router: core.router()).test(.router) { client in
            try await client.execute(uri: "/_limot/page/\(id)", method: .get, headers: [.cookie: cookie]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains(core.controlToken.token(for: Self.session)))
                #expect(response.headers[values: .contentSecurityPolicy].contains("frame-ancestors 'none'"))
            }
            let script: HTTPFields = [.cookie: cookie, HTTPField.Name("Sec-Fetch-Mode")!: "cors", HTTPField.Name("Sec-Fetch-Dest")!: "empty"]
            try await client.execute(uri: "/_limot/page/\(id)", method: .get, headers: script) { response in
                #expect(response.status == .forbidden)
                #expect(!String(buffer: response.body).contains(core.controlToken.token(for: Self.session)))
            }
            try await client.execute(uri: "/_limot/page/\(id)", method: .get, headers: [.cookie: "limot_session=ffffffffffffffffffffffffffffffff"]) { response in
                #expect(response.status == .notFound, "another session's page")
            }
            let form = "verdict=allow&scope=host&url=https%3A%2F%2Fads.example%2Fa.png"
            let post: HTTPFields = [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"]
            try await client.execute(uri: "/_limot/page/\(id)/rule", method: .post, headers: post, body: ByteBuffer(string: form)) { response in
                #expect(response.status == .forbidden, "no token")
            }
            let token = core.controlToken.token(for: Self.session)
            var foreign = post
            foreign[.origin] = "http://evil.example"
            try await client.execute(uri: "/_limot/page/\(id)/rule", method: .post, headers: foreign, body: ByteBuffer(string: form + "&token=\(token)")) { response in
                #expect(response.status == .forbidden, "another origin")
            }
            // With the token the check passes; this core has no data directory to keep the rule in.
            try await client.execute(uri: "/_limot/page/\(id)/rule", method: .post, headers: post, body: ByteBuffer(string: form + "&token=\(token)")) { response in
                #expect(response.status == .conflict)
            }
        }
    }
}
