import Foundation
import FixtureSupport
import Testing
import WebURL
@testable import ContentRules

// The host index, the word index, the native domain conditions and the
// native scheme tests exist for speed only: the engine must decide exactly as
// it does with plain RE2 regexes. These tests compare
// `ContentRuleEngine(options: .init())` with `plainOptions` (every index off)
// on generated rules of the shapes converters emit, on many deterministic URLs
// built to sit on the edges of those shapes, and on a sample of real lists
// against a real request corpus.
//
// The generated rules and URLs are in IndexEquivalence+Generators.swift; the
// cache form and the real lists have their tests in the extensions
// IndexEquivalenceTests+CacheForm.swift and IndexEquivalenceTests+RealLists.swift.

/// Every index off: each url-filter and condition is decided by RE2.
let plainOptions = ContentRuleEngine.Options(indexesHosts: false, indexesWords: false, indexesDomains: false, matchesSegmentsNatively: false)


/// One load to decide with both engines.
struct Probe {
    var request: ResourceRequest
    var text: String
}

/// Decides every probe with both engines; returns descriptions of the differences.
func differences(lists: [RuleList], probes: [Probe], limit: Int = 25) throws -> (mismatches: [String], count: Int, decided: Int, firing: Set<RuleReference>) {
    let indexed = try ContentRuleEngine(lists: lists, options: .init())
    let plain = try ContentRuleEngine(lists: lists, options: plainOptions)
    return differences(indexed, plain, probes: probes, limit: limit)
}

func differences(_ indexed: ContentRuleEngine, _ plain: ContentRuleEngine, probes: [Probe], limit: Int = 25) -> (mismatches: [String], count: Int, decided: Int, firing: Set<RuleReference>) {
    var mismatches: [String] = []
    var count = 0
    var decided = 0
    var firing = Set<RuleReference>()
    for probe in probes {
        let a = indexed.decide(probe.request)
        let b = plain.decide(probe.request)
        let rulesA = a.decidingRules.map(\.description).sorted()
        let rulesB = b.decidingRules.map(\.description).sorted()
        if !a.actions.isEmpty { decided += 1 }
        firing.formUnion(b.decidingRules)
        if a.actions != b.actions || rulesA != rulesB {
            count += 1
            if mismatches.count < limit {
                mismatches.append("""
                    \(probe.text)
                      indexed: \(a.actions.map(shortName)) by \(rulesA)
                      plain:   \(b.actions.map(shortName)) by \(rulesB)
                    """)
            }
        }
    }
    return (mismatches, count, decided, firing)
}

@Suite("Index equivalence: the indexes and native checks decide as plain RE2")
struct IndexEquivalenceTests {
    @Test func generatedRulesAndURLs() throws {
        let lists = try generatedLists()
        let (probes, unparsable) = generatedProbes(count: 3_000, seed: 2024)
        #expect(probes.count >= 6_000, "\(unparsable) generated URLs did not parse")
        let result = try differences(lists: lists, probes: probes)
        #expect(result.count == 0, "\(result.count) of \(probes.count) loads decided differently; first ones:\n\(result.mismatches.joined(separator: "\n"))")
        // The probes must exercise the rules, or equality would prove nothing.
        let ruleCount = lists.reduce(0) { $0 + $1.rules.count }
        #expect(result.decided > probes.count / 4, "only \(result.decided) of \(probes.count) loads had any action")
        #expect(result.firing.count * 10 >= ruleCount * 8, "only \(result.firing.count) of \(ruleCount) rules ever applied")
    }

    /// The comparison itself can fail: an engine missing one host rule and one
    /// domain rule is told apart from the full one on the same probes.
    @Test func comparisonDetectsADifference() throws {
        let lists = try generatedLists()
        var weakened = lists
        weakened[0].rules.remove(at: 0)
        weakened[1].rules.remove(at: 0)
        let probes = generatedProbes(count: 1_000, seed: 7).probes
        let result = differences(try ContentRuleEngine(lists: lists), try ContentRuleEngine(lists: weakened, options: plainOptions), probes: probes)
        #expect(result.count > 0)
    }

    /// The engines really use different paths for these rules.
    @Test func generatedRulesUseTheIndexes() throws {
        let lists = try generatedLists()
        let indexed = try ContentRuleEngine(lists: lists, options: .init())
        let plain = try ContentRuleEngine(lists: lists, options: plainOptions)
        #expect(indexed.statistics.hostIndexedRules >= ruleHosts.count * hostShapes.count * 2 / 2)
        #expect(plain.statistics.hostIndexedRules == 0)
        // Not the filters whose only words are common URL words (\.js, \.com/): the literal index takes those.
        #expect(indexed.statistics.wordIndexedRules >= 35)
        #expect(plain.statistics.wordIndexedRules == 0)
        #expect(indexed.statistics.literalIndexedRules >= 10)
        #expect(plain.statistics.literalIndexedRules == 0)
        // Seven scheme-only filters, each alone, with a type, and under two if-domain conditions.
        #expect(indexed.statistics.schemeOnlyRules == 7 * 4)
        #expect(plain.statistics.schemeOnlyRules == 0)
        #expect(indexed.statistics.regexSetPatterns < plain.statistics.regexSetPatterns)
        // Index candidates are confirmed natively, so the comparison covers the segment matcher too.
        #expect(indexed.statistics.nativePatterns >= 40)
        #expect(plain.statistics.nativePatterns == 0)
    }

    /// Hand-picked edge cases, so that a failure names a readable URL.
    @Test("edge URLs", arguments: [
        "http://ads.example.com/", "http://ADS.EXAMPLE.COM/", "http://www.ads.example.com/x", "http://a.b.ads.example.com/",
        "http://xads.example.com/", "http://ads.example.comx/", "http://ads.example.com.evil.com/", "http://ads.example.com:8080/",
        "http://ads.example.com@evil.com/", "http://user:pw@ads.example.com/", "http://evil.com/?u=https://ads.example.com/",
        "https://evil.com/#http://ads.example.com/", "ws://ads.example.com/path", "ftp://ads.example.com/", "sw://Ads.Example.com/path",
        "foo:ads.example.com", "mailto:x@ads.example.com", "foo:/x.ads.example.com/x", "data:text/html,ads.example.com",
        "http://example.com/", "http://sub.example.com:80/", "https://news.example.org/", "https://co.uk/", "https://x.co.uk/",
        "http://a.b/", "http://w.x/path", "http://www.w.x/path", "http://metrics.tracker.net/", "http://tracker.net./",
        "http://under_score.com/", "http://a+b.com/", "http://www.tesco.*/", "http://tesco.*:81/x", "http://tesco.com/", "http://127.0.0.1/", "foo://host?x.ads.example.com",
        // A leading empty label (found by Fuzz/RuleListFuzzer): no subdomain label precedes that dot.
        "http://.ads.example.com/", "https://..ads.example.com/", "foo:.ads.example.com", "http://x..ads.example.com/",
        // Word runs at the very start of the URL, shorter than eight bytes (no window before their end).
        "path:/x", "to:/x.js", "a:/path/to/x.js", "http://a.b/path/to/x.js", "http://w.x/a/b/c/path",
    ])
    func edgeURL(_ text: String) throws {
        let lists = try generatedLists()
        let url = try WebURL(text)
        var probes: [Probe] = []
        for page in [nil, text, "http://example.com/", "https://www.tracker.net/", "http://other.org/?u=https://a.b/", "HTTP://SUB.EXAMPLE.COM:81/"] {
            for type in [ResourceTypes.topDocument, .image, .script] {
                let pageURL = try page.map { try WebURL($0) }
                probes.append(Probe(request: ResourceRequest(url: url, type: type, pageURL: pageURL), text: "url \(text) page \(page ?? "none") type \(type.names)"))
                // The URL as the page, too, for the domain conditions.
                probes.append(Probe(request: ResourceRequest(url: try WebURL("https://cdn.net/r.js"), type: type, pageURL: url),
                                    text: "url https://cdn.net/r.js page \(text) type \(type.names)"))
            }
        }
        let result = try differences(lists: lists, probes: probes)
        #expect(result.count == 0, "\(result.mismatches.joined(separator: "\n"))")
    }
}
