import Testing
@testable import ContentRules

// An engine written to the compiled rule cache's form and read back, against
// the engine it was written from, on the generated rules and URLs.

extension IndexEquivalenceTests {
    /// An engine written to the compiled rule cache's form and read back
    /// decides as the one compiled: with every index (hosts, words,
    /// literals, native domains and segments) and with none (every filter
    /// and condition in RE2, whose sets are compiled again on reading).
    @Test func enginesReadBackFromTheCacheFormDecideAsCompiled() throws {
        let lists = try generatedLists()
        let probes = generatedProbes(count: 2_000, seed: 99).probes
        for options in [ContentRuleEngine.Options(), plainOptions] {
            let compiled = try ContentRuleEngine(lists: lists, options: options)
            var writer = BinaryWriter()
            EngineCoding.encode(compiled, into: &writer)
            let tables = try writer.bytes.withUnsafeBytes { bytes in
                var reader = BinaryReader(bytes)
                return try EngineCoding.decode(from: &reader, sources: lists.map(\.source))
            }
            let readBack = ContentRuleEngine(tables)
            let result = differences(readBack, compiled, probes: probes)
            #expect(result.count == 0, "\(result.count) of \(probes.count) loads decided differently; first ones:\n\(result.mismatches.joined(separator: "\n"))")
            #expect(result.decided > probes.count / 4)
            #expect(readBack.statistics.regexSetPatterns == compiled.statistics.regexSetPatterns)
        }
    }
}
