import FixtureSupport
import Foundation
import Testing
import WebURL
@testable import ContentRules

/// `Decision.blockingRules` is the sanitizer's shortcut to the rules behind
/// a blocked load: it must name exactly the rules, in the same order, that
/// the block actions of `outcomes` name; `blockingRuleNames` names the
/// same rules by their source and index.
@Suite("Decision.blockingRules")
struct BlockingRulesTests {
    /// What `blockingRuleNames` is checked with: a name that tells every source and index apart.
    private static func name(_ source: String, _ index: Int) -> String { "\(source)#\(index)" }

    private static func viaOutcomes(_ decision: Decision) -> [RuleReference] {
        decision.outcomes.flatMap { outcome in outcome.actions.filter { $0.action == .block }.flatMap(\.rules) }
    }

    @Test("names the rules outcomes names, over the real lists and the request corpus")
    func realListsAndCorpus() throws {
        let engine = try ContentRuleEngine(lists: try RequestCorpus.lists())
        var blocked = 0, ignored = 0
        for (url, type, request) in try RequestCorpus.requests() {
            let decision = engine.decide(request)
            let rules = decision.blockingRules
            #expect(rules == Self.viaOutcomes(decision), "\(url) \(type)")
            #expect(rules.isEmpty == !decision.isBlocked, "\(url) \(type)")
            #expect(decision.blockingRuleNames(Self.name) == rules.map { Self.name($0.source, $0.index) }, "\(url) \(type)")
            // Made the first time a rule blocks, then from the engine's memo: both times the same.
            for _ in 0..<2 { #expect(decision.blockingRecordNames == rules.map { "\($0.source)#\($0.index)" }, "\(url) \(type)") }
            if decision.isBlocked { blocked += 1 }
            if decision.ignoreOutcome != nil { ignored += 1 }
        }
        // The corpus must reach blocks and ignore rules, or equality proves little.
        #expect(blocked > 100, "only \(blocked) loads blocked")
        #expect(ignored > 100, "only \(ignored) loads met an ignore rule")
    }

    /// Blocks before and after ignore rules (the URLs' host, b.test, has no
    /// x or y), two blocks sharing an action
    /// location, and a later list whose ignore rule applies after every list.
    static let first = """
        [{"trigger":{"url-filter":"x"},"action":{"type":"block"}},
         {"trigger":{"url-filter":"y"},"action":{"type":"block"}},
         {"trigger":{"url-filter":"x/keep"},"action":{"type":"ignore-previous-rules"}},
         {"trigger":{"url-filter":"x/late"},"action":{"type":"block"}},
         {"trigger":{"url-filter":"x/late"},"action":{"type":"block"}},
         {"trigger":{"url-filter":"stop"},"action":{"type":"ignore-following-rules"}},
         {"trigger":{"url-filter":"x"},"action":{"type":"block"}},
         {"trigger":{"url-filter":".*"},"action":{"type":"block"}}]
        """
    static let second = """
        [{"trigger":{"url-filter":"y"},"action":{"type":"block"}},
         {"trigger":{"url-filter":"y/ok"},"action":{"type":"ignore-previous-rules"}},
         {"trigger":{"url-filter":"y/ok/no"},"action":{"type":"block"}}]
        """

    @Test("names the rules outcomes names around ignore rules", arguments: [false, true])
    func ignoreRules(secondAppliesAfterEveryList: Bool) throws {
        let first = try #require(RuleListParser.parse(Self.first, source: "first").list)
        var second = try #require(RuleListParser.parse(Self.second, source: "second").list)
        second.appliesAfterEveryList = secondAppliesAfterEveryList
        let engine = try ContentRuleEngine(lists: [first, second])
        let page = try WebURL("https://page.example/")
        let paths = ["a", "a/stop", "x", "y", "x/y", "x/keep", "x/keep/y", "x/late", "x/keep/late", "x/stop", "x/stop/late",
                     "y/ok", "x/y/ok", "y/ok/no", "x/keep/y/ok/no", "stop/x/late/y/ok"]
        var sawBlock = false, sawNoBlock = false
        for path in paths {
            let request = ResourceRequest(url: try WebURL("https://b.test/" + path), type: .script, pageURL: page, frameURL: page,
                                          method: nil, loadContext: .topFrame)
            let decision = engine.decide(request)
            #expect(decision.blockingRules == Self.viaOutcomes(decision), "\(path)")
            #expect(decision.blockingRuleNames(Self.name) == decision.blockingRules.map { Self.name($0.source, $0.index) }, "\(path)")
            for _ in 0..<2 { #expect(decision.blockingRecordNames == decision.blockingRules.map { "\($0.source)#\($0.index)" }, "\(path)") }
            if decision.isBlocked { sawBlock = true } else { sawNoBlock = true }
        }
        #expect(sawBlock && sawNoBlock)
    }

    /// The record names' memo is the engine's, shared by the threads that
    /// ask it: every thread gets each load's names right whoever made them.
    @Test("names a blocked load's rules alike from many threads at once")
    func recordNamesFromManyThreads() async throws {
        let engine = try ContentRuleEngine(lists: try RequestCorpus.lists())
        let requests = try RequestCorpus.requests().map(\.request)
        let expected = requests.map { engine.decide($0).blockingRules.map { "\($0.source)#\($0.index)" } }
        #expect(expected.filter { !$0.isEmpty }.count > 100, "the corpus no longer blocks enough loads")
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    // Each worker in another order, so that they make different names first.
                    let order = worker % 2 == 0 ? Array(requests.indices) : requests.indices.reversed()
                    return order.filter { engine.decide(requests[$0]).blockingRecordNames != expected[$0] }.count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
