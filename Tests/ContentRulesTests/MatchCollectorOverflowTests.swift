import Testing
import WebURL
@testable import ContentRules

/// A decision keeps its first sixteen matched rules and sixteen evaluated
/// conditions inline and the rest in `OverflowBuffer`s it frees itself.
/// Held to a hand-written expectation on a load that matches eighty rules,
/// forty of them behind forty different `if-top-url` conditions, half of
/// which the page meets.
@Suite("match collector overflow")
struct MatchCollectorOverflowTests {
    /// Rule 2k matches every load; rule 2k+1 only on a page whose URL its
    /// condition matches: for even k pages at page.example, for odd k pages
    /// at other.example (each condition spelled differently, so that none
    /// is shared).
    private static func rules() -> String {
        var rules: [String] = []
        for k in 0..<40 {
            rules.append(#"{"trigger":{"url-filter":"overflow"},"action":{"type":"block"}}"#)
            let host = k % 2 == 0 ? "page" : "other"
            let pattern = "^https://\(host)\\\\.example/p" + String(repeating: "x?", count: k)
            rules.append(#"{"trigger":{"url-filter":"overflow","if-top-url":[""# + pattern + #""]},"action":{"type":"block"}}"#)
        }
        return "[" + rules.joined(separator: ",") + "]"
    }

    @Test("eighty matched rules and forty conditions decide as written")
    func manyRulesAndConditions() throws {
        let parsed = RuleListParser.parse(Self.rules(), source: "t")
        try #require(parsed.errors.isEmpty, "\(parsed.errors.map(\.description))")
        let engine = try ContentRuleEngine(lists: [try #require(parsed.list)])
        let url = try WebURL("https://cdn.example/overflow.png")
        for (pageText, conditionedApplies) in [("https://page.example/p", 0), ("https://other.example/p", 1)] {
            let page = try WebURL(pageText)
            // Every unconditioned rule, and the conditioned ones of the page's
            // host (compared as sets: the decision orders rules by action
            // location, which the conditioned rules do not share).
            let expected = (0..<80).filter { $0 % 2 == 0 || ($0 / 2) % 2 == conditionedApplies }
            let request = ResourceRequest(url: url, type: .image, pageURL: page)
            var hosts = PageHostMemo()
            let prepared = engine.prepare(page: page)
            // Twice each way: nothing is left over from a decision for the next.
            for _ in 0..<2 {
                #expect(engine.decide(request).decidingRules.map(\.index).sorted() == expected, "\(pageText)")
                #expect(engine.decide(request, page: prepared, hosts: &hosts).decidingRules.map(\.index).sorted() == expected, "\(pageText)")
            }
        }
    }
}
