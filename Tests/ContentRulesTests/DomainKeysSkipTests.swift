import Testing
import WebURL
@testable import ContentRules

/// An engine whose rules read no domain keys (no domain condition, nothing
/// indexed by domain) skips extracting the page's keys: it must decide
/// exactly as an engine that extracts them, on pages prepared and not.
@Suite("Domain keys skipped when no rule reads them")
struct DomainKeysSkipTests {
    /// The generated lists without their domain-conditioned rules.
    static func listsReadingNoKeys() throws -> [RuleList] {
        try generatedLists().map { list in
            var list = list
            list.rules.removeAll { $0.trigger.condition?.kind.isDomainList == true }
            return list
        }
    }

    /// A list whose one rule has a domain condition no probe's page meets and
    /// a filter no probe's URL has: it makes the engine read keys, and never applies.
    static let neverApplies = RuleListParser.parse(#"""
        [{"trigger":{"url-filter":"never-in-any-probe-url","if-domain":["never.invalid"]},"action":{"type":"block"}}]
        """#, source: "never.json").list!

    @Test func decidesAsAnEngineThatReadsKeys() throws {
        let lists = try Self.listsReadingNoKeys()
        let skipping = try ContentRuleEngine(lists: lists)
        let reading = try ContentRuleEngine(lists: lists + [Self.neverApplies])
        #expect(!skipping.readsDomainKeys)
        #expect(reading.readsDomainKeys)
        let (probes, _) = generatedProbes(count: 3_000, seed: 2026)
        let result = differences(skipping, reading, probes: probes)
        #expect(result.count == 0, "\(result.count) of \(probes.count) loads decided differently; first ones:\n\(result.mismatches.joined(separator: "\n"))")
        #expect(result.decided > probes.count / 4, "only \(result.decided) of \(probes.count) loads had any action")
        // On prepared pages too.
        var prepared = 0
        for probe in probes {
            guard let page = probe.request.pageURL else { continue }
            let a = skipping.decide(probe.request, page: skipping.prepare(page: page))
            let b = reading.decide(probe.request, page: reading.prepare(page: page))
            #expect(a.actions == b.actions && a.decidingRules == b.decidingRules, "\(probe.text)")
            prepared += 1
        }
        #expect(prepared > probes.count / 2)
    }
}
