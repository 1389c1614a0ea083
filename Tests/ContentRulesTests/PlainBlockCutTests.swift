import FixtureSupport
import Foundation
import Testing
@testable import ContentRules

/// A decision's plain universal block (the thousands of rules that match
/// every URL) is cut by the load's ignore rules with a binary search per
/// list (`Decision.blockRules(cutBy:surviving:)`) and merged with the load's
/// own rules by binary search (`Decision.merge`). Both are shortcuts: here
/// they must give exactly what testing each rule of the block against the
/// cuts, and sorting, gives, over the real lists and the request corpus.
@Suite("Plain block cut by ignore rules")
struct PlainBlockCutTests {
    /// Whether a rule of the block survives the load's ignore rules, rule by
    /// rule: an ignore-previous-rules of its list at or after it, or of the
    /// list applying after every list, discards it, as does an
    /// ignore-following-rules of its list at or before it.
    private static func survives(_ rule: Int32, _ outcome: Decision.IgnoreOutcome?, _ engine: ContentRuleEngine) -> Bool {
        guard let outcome else { return true }
        let list = engine.ruleList[Int(rule)], location = engine.ruleLocation[Int(rule)]
        if let ignore = outcome.ignoredByRule[list],
            engine.ruleList[Int(ignore)] != list || location <= engine.ruleLocation[Int(ignore)] { return false }
        if let stop = outcome.stoppedByRule[list], location >= engine.ruleLocation[Int(stop)] { return false }
        return true
    }

    /// `rules` in decision order (list and location, then rule number).
    private static func inDecisionOrder(_ rules: [Int32], _ engine: ContentRuleEngine) -> [Int32] {
        rules.sorted { (engine.ruleOrder[Int($0)], $0) < (engine.ruleOrder[Int($1)], $1) }
    }

    @Test("applied and discarded rules equal the rule-by-rule cut over the request corpus")
    func windowsEqualRuleByRule() throws {
        let engine = try ContentRuleEngine(lists: try RequestCorpus.lists())
        var cut = 0, withBlock = 0
        for (url, type, request) in try RequestCorpus.requests() {
            let decision = engine.decide(request)
            guard let block = decision.plainBlock else { continue }
            withBlock += 1
            let outcome = decision.ignoreOutcome
            if outcome != nil { cut += 1 }
            let kept = engine.universalUnless.filter { !block.excluded.contains($0) }
            let applied = Self.inDecisionOrder(decision.specificApplied + kept.filter { Self.survives($0, outcome, engine) }, engine)
            let discarded = Self.inDecisionOrder((outcome?.discarded ?? []) + kept.filter { !Self.survives($0, outcome, engine) }, engine)
            #expect(decision.applied == applied, "\(url) \(type)")
            #expect(decision.discarded == discarded, "\(url) \(type)")
            #expect(decision.isBlocked == applied.contains { engine.ruleActionKind[Int($0)] == .block }, "\(url) \(type)")
        }
        // The corpus must reach the shortcut, or equality proves nothing.
        #expect(withBlock > 8_000, "the real lists have a plain universal block for every load")
        #expect(cut > 100, "only \(cut) loads met an ignore rule")
    }
}
