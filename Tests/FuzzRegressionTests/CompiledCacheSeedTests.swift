import Foundation
import Testing
import FuzzChecks

/// The compiled-cache fuzzer's seeds (Fuzz/Corpus/compiled-cache) are the
/// rule-list fuzzer's seeds compiled and encoded by a limot: a change to the
/// cache's format makes them stale, and stale seeds would fuzz only the
/// decoder's first refusal. `LIMOT_FUZZ_SEEDS_RECORD=1 swift test --filter
/// CompiledCacheSeed` writes them again. (The bytes differ from one process
/// to the next, as hash tables are filled in `Dictionary` order; what must
/// hold is that this limot decodes them.)
@Suite("Compiled-cache fuzz seeds")
struct CompiledCacheSeedTests {
    static let ruleLists = FuzzRegressionTests.fuzzFolder.appendingPathComponent("Corpus/rule-list")
    static let seeds = FuzzRegressionTests.fuzzFolder.appendingPathComponent("Corpus/compiled-cache")

    @Test("each rule-list seed that compiles has its engine's payload as a seed, and this limot decodes it")
    func seedsAreCurrent() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.ruleLists.path).filter { $0.hasSuffix(".json") }.sorted()
        let record = ProcessInfo.processInfo.environment["LIMOT_FUZZ_SEEDS_RECORD"] == "1"
        var compiled = 0
        for name in names {
            let list = Array(try Data(contentsOf: Self.ruleLists.appendingPathComponent(name)))
            guard let payload = CompiledCacheCheck.seed(compiling: list) else { continue }
            compiled += 1
            #expect(CompiledCacheCheck.decodes(payload), "\(name)'s engine reads back")
            let seed = Self.seeds.appendingPathComponent((name as NSString).deletingPathExtension + ".payload")
            if record { try Data(payload).write(to: seed) }
            let stored = try? Data(contentsOf: seed)
            #expect(stored.map { CompiledCacheCheck.decodes(Array($0)) } == true,
                    "\(seed.lastPathComponent) is missing or stale: LIMOT_FUZZ_SEEDS_RECORD=1 writes it again")
        }
        #expect(compiled >= 3, "the rule-list seeds give the compiled-cache fuzzer engines of every kind to start from")
    }
}
