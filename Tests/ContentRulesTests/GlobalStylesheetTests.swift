import Testing
import WebURL
@testable import ContentRules

/// A list's global stylesheet as `rules explain` reports it: which rules make
/// it, whether a load gets it, and which ignore rule switched it off.
@Suite("Global display-none stylesheet")
struct GlobalStylesheetTests {
    /// Rule 2 has flags and rule 5 follows the ignore rule: both stay per load.
    static let list = """
        [{"trigger":{"url-filter":".*"},"action":{"type":"css-display-none","selector":".a"}},
         {"trigger":{"url-filter":".*"},"action":{"type":"css-display-none","selector":".b"}},
         {"trigger":{"url-filter":".*","load-type":["third-party"]},"action":{"type":"css-display-none","selector":".c"}},
         {"trigger":{"url-filter":"/ads/"},"action":{"type":"block"}},
         {"trigger":{"url-filter":"/keep/"},"action":{"type":"ignore-previous-rules"}},
         {"trigger":{"url-filter":".*"},"action":{"type":"css-display-none","selector":".d"}}]
        """

    static func engine() throws -> ContentRuleEngine {
        let parsed = RuleListParser.parse(list, source: "list.json")
        return try ContentRuleEngine(lists: [try #require(parsed.list)])
    }

    static func document(_ url: String) throws -> ResourceRequest {
        let url = try WebURL(url)
        return ResourceRequest(url: url, type: .topDocument, pageURL: url, frameURL: url, method: nil, loadContext: .topFrame)
    }

    @Test("the stylesheet holds the plain universal rules before the ignore rule, and a document gets it")
    func documentGetsStylesheet() throws {
        let engine = try Self.engine()
        #expect(engine.lists[0].globalRules == [0, 1])
        let decision = engine.decide(try Self.document("https://a.example/"))
        let stylesheet = try #require(decision.globalStylesheets.first)
        #expect(stylesheet.selectors == [".a", ".b"])
        #expect(stylesheet.rules.map(\.index) == [0, 1])
        #expect(stylesheet.switchedOffBy == nil)
        #expect(decision.actionSummaries == ["css-display-none:.d"], "the stylesheet is not among the load's actions")
        #expect(decision.hiddenSelectors.sorted() == [".a", ".b", ".d"], "the proxy hides it all the same")
    }

    @Test("an ignore-previous-rules switches the stylesheet off, and says so")
    func ignoreRuleSwitchesItOff() throws {
        let engine = try Self.engine()
        let decision = engine.decide(try Self.document("https://a.example/keep/x"))
        #expect(decision.globalStylesheets.first?.switchedOffBy?.index == 4)
        #expect(decision.globalStylesheetsSwitchedOff == ["list.json"])
        #expect(decision.hiddenSelectors == [".d"])
        #expect(decision.explanation().contains("list.json: switched off by ignore-previous-rules  <- rule 4"))
    }

    @Test("a subresource gets no stylesheet and the report leaves it out")
    func subresourceGetsNone() throws {
        let engine = try Self.engine()
        let page = try WebURL("https://a.example/")
        let image = ResourceRequest(url: try WebURL("https://a.example/i.png"), type: .image, pageURL: page, frameURL: page,
                                    method: nil, loadContext: .topFrame)
        let decision = engine.decide(image)
        #expect(decision.globalStylesheets.isEmpty)
        #expect(decision.hiddenSelectors == [".d"])
        #expect(!decision.explanation().contains("global stylesheets"))
    }
}
