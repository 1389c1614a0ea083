import Testing
import WebURL
@testable import ContentRules

// WebKit's matching tests (Tools/TestWebKitAPI/Tests/WebCore/ContentExtensions.cpp),
// transcribed in file order; the § marks and group numbers count its matching tests.
//
// Request helpers mirror WebKit's test helpers, quirks included: every request
// is made in load-context child-frame (mainFrameContext = false) with no
// request method, unless the group passes one.
//
// Expected actions are written as WebKit reports them, one per action
// location, in WebKit's order; `Decision.actions` must equal that list (as a
// multiset across several lists, whose order WebKit leaves unspecified).
// `Decision.outcomes` must account for the same actions, each with at least
// one contributing rule.

// MARK: - Checking

/// The spec's short name of an action.
func shortName(_ action: Action) -> String {
    switch action {
    case .block: return "block"
    case .blockCookies: return "cookies"
    case .makeHTTPS: return "https"
    case .cssDisplayNone(let selector): return "css(\(selector))"
    case .notify(let text): return "notify(\(text))"
    case .ignorePreviousRules: return "ignore-previous-rules"
    case .ignoreFollowingRules: return "ignore-following-rules"
    case .redirect, .modifyHeaders: return action.summary
    }
}

private func lists(of group: MatchGroup) throws -> [RuleList] {
    try group.lists.enumerated().map { number, rules in
        let json = "[" + rules.joined(separator: ",") + "]"
        let parsed = RuleListParser.parse(json, source: group.lists.count == 1 ? "testFilter" : "testFilter\(number + 1)")
        try #require(parsed.errors.isEmpty, "\(group.name): the list does not parse: \(parsed.errors.map(\.description))")
        return try #require(parsed.list)
    }
}

private func request(_ request: TestRequest) throws -> ResourceRequest {
    ResourceRequest(
        url: try WebURL(request.url), type: request.type, pageURL: try request.page.map { try WebURL($0) },
        frameURL: try request.frame.map { try WebURL($0) }, method: request.method, loadContext: request.context)
}

@Suite("Matching (WebKit ContentExtensions.cpp)")
struct MatchingTests {
    @Test("WebKit matching", arguments: WebKitMatching.matchCases)
    func matching(_ testCase: MatchCase) throws {
        try check(testCase)
    }

    @Test("spec-derived matching", arguments: WebKitMatching.specCases)
    func specDerivedMatching(_ testCase: MatchCase) throws {
        try check(testCase)
    }

    /// make-https applies only to http: and ws: on their default port (spec §6).
    @Test("makesHTTPS", arguments: [
        ("http://a.com/x", true), ("ws://a.com/x", true), ("http://a.com:80/x", true), ("https://a.com/x", false),
        ("wss://a.com/x", false), ("http://a.com:8080/x", false), ("ws://a.com:81/x", false), ("ftp://a.com/x", false),
    ])
    func makesHTTPS(_ url: String, _ upgrades: Bool) throws {
        let ruleLists = try lists(of: MatchGroup("https", [WebKitMatching.https("x")], []))
        let engine = try ContentRuleEngine(lists: ruleLists)
        let decision = engine.decide(try request(WebKitMatching.S(url, WebKitMatching.page, .image)))
        #expect(decision.actions.map(shortName) == ["https"], "WebKit reports the action for every matching URL")
        #expect(decision.makesHTTPS == upgrades)
    }

    private func check(_ testCase: MatchCase) throws {
        let group = testCase.group
        let row = testCase.row
        let ruleLists = try lists(of: group)
        let load = try request(row.request)
        for options in [ContentRuleEngine.Options(), ContentRuleEngine.Options(indexesHosts: false, indexesDomains: false)] {
            let mode = options.indexesHosts ? "indexed" : "plain"
            let engine = try ContentRuleEngine(lists: ruleLists, options: options)
            let decision = engine.decide(load)
            let actual = decision.actions.map(shortName)
            if group.lists.count == 1 {
                #expect(actual == row.expected, "[\(mode)] actions")
            } else {
                #expect(actual.sorted() == row.expected.sorted(), "[\(mode)] actions as a multiset")
            }
            // The per-list account reports the same actions, each with its rules.
            let accounted = decision.outcomes.flatMap(\.actions)
            #expect(accounted.map { shortName($0.action) }.sorted() == actual.sorted(), "[\(mode)] outcomes' actions")
            #expect(accounted.allSatisfy { !$0.rules.isEmpty }, "[\(mode)] every outcome action names its rules")
            // WebKit's stylesheet count: lists that did not see ignore-previous-rules.
            let ignored = decision.outcomes.filter { $0.ignoredBy != nil }.count
            let stylesheets = row.stylesheets ?? group.lists.count
            #expect(group.lists.count - ignored == stylesheets,
                    "[\(mode)] lists that saw ignore-previous-rules: \(decision.outcomes.filter { $0.ignoredBy != nil }.map(\.source))")
            // The global stylesheet, and the selectors hidden on the page.
            #expect(engine.lists.map(\.globalSelectors) == group.globalSelectors, "[\(mode)] global stylesheet selectors")
            var hidden: [String] = []
            if row.request.type == .topDocument || row.request.type == .childDocument {
                for (number, outcomeList) in engine.lists.enumerated()
                where !decision.outcomes.contains(where: { $0.source == outcomeList.source && $0.ignoredBy != nil }) {
                    hidden += group.globalSelectors[number]
                }
            }
            for case .cssDisplayNone(let selector) in decision.actions { hidden.append(selector) }
            #expect(decision.hiddenSelectors.sorted() == hidden.sorted(), "[\(mode)] hidden selectors")
            // What `rules match` prints is WebKit's list: the global stylesheet is not among a load's actions.
            let printed = decision.actionSummaries.filter { $0.hasPrefix("css-display-none:") }
                .flatMap { $0.dropFirst("css-display-none:".count).split(separator: ",") }
            let expectedCSS = row.expected.filter { $0.hasPrefix("css(") }.flatMap { $0.dropFirst(4).dropLast().split(separator: ",") }
            #expect(printed.sorted() == expectedCSS.sorted(), "[\(mode)] css-display-none printed by rules match")
            if group.lists.count == 1 && !group.globalSelectors[0].isEmpty {
                // WebKit's stylesheet count: the list's stylesheet is off exactly when it saw ignore-previous-rules.
                #expect(decision.globalStylesheetsSwitchedOff == (stylesheets == 1 ? [] : ["testFilter"]), "[\(mode)] global stylesheet switched off")
            }
            // The convenience flags agree with the actions.
            #expect(decision.isBlocked == row.expected.contains("block"), "[\(mode)] isBlocked")
            #expect(decision.blocksCookies == row.expected.contains("cookies"), "[\(mode)] blocksCookies")
        }
    }

    /// A request-method rule applies to loads of its method and no other:
    /// rules and loads number methods alike (`RequestMethod.gateNumber`),
    /// and no two methods share a number.
    @Test("request-method applies to its own method only", arguments: RequestMethod.allCases)
    func requestMethodAppliesToItsMethodOnly(_ ruleMethod: RequestMethod) throws {
        let ruleLists = try lists(of: MatchGroup("method", [WebKitMatching.block(".*", #""request-method": ""# + ruleMethod.rawValue + #"""#)], []))
        let engine = try ContentRuleEngine(lists: ruleLists)
        for loadMethod in RequestMethod.allCases {
            let url = "http://a.com/x"
            let decision = engine.decide(try request(WebKitMatching.I(url, url, url, .fetch, method: loadMethod)))
            #expect(decision.isBlocked == (loadMethod == ruleMethod), "a \(ruleMethod.rawValue) rule, a \(loadMethod.rawValue) load")
        }
    }

    /// WebKit ignores data: URLs entirely.
    @Test func dataURLsAreNeverMatched() throws {
        let ruleLists = try lists(of: MatchGroup("data", [WebKitMatching.block(".*"), WebKitMatching.block("data"), WebKitMatching.css(".x", ".*")], []))
        let engine = try ContentRuleEngine(lists: ruleLists)
        let decision = engine.decide(try request(WebKitMatching.M("data:text/html,hello")))
        #expect(decision.actions.isEmpty)
        #expect(!decision.isBlocked)
    }

    /// The ignore bookkeeping in outcomes names the right rules (group 61, /ABAD).
    @Test func outcomesNameIgnoringAndOverriddenRules() throws {
        let ruleLists = try lists(of: MatchGroup("61", [WebKitMatching.block("A*D"), WebKitMatching.ignorePrevious("A*BA+"), WebKitMatching.https("A*BC")], []))
        let engine = try ContentRuleEngine(lists: ruleLists)
        let decision = engine.decide(try request(WebKitMatching.M("http://webkit.org/ABAD")))
        #expect(decision.actions.isEmpty)
        let outcome = try #require(decision.outcomes.first)
        #expect(outcome.ignoredBy?.index == 1)
        #expect(outcome.overridden.map(\.index) == [0])
        let cut = engine.decide(try request(WebKitMatching.M("http://webkit.org/ABCAD")))
        #expect(cut.outcomes.first?.actions.map { $0.rules.map(\.index) } == [[0], [2]])
    }
}
