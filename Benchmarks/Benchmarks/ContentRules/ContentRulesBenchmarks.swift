import Benchmark
import ContentRules

// limot's rule engine on real data (see README.md beside Package.swift):
//
//   Compile   the three real WKContentRuleList files together, from bytes
//             (parse + validate + compile) and from parsed lists (compile only);
//             a synthetic 150,000-rule list (compile only).
//             Targets: < 0.5 s and < 500 MiB resident for the real lists,
//             < 2 s for 150,000 rules.
//   Decide    one request of the adblock-rust corpus per iteration, cycling
//             over its requests (8,222 of 8,276: 54 have a bare "http://" or
//             "https://" as URL, no host), so the percentiles are per-request
//             figures; with the URLs parsed in the iteration (as the CLI reads
//             them) and with requests built up front.
//             Targets: < 2 µs median, < 20 µs p99.
//   Overhead  an iteration that does nothing, to show what the harness adds
//             to each per-request figure.

let benchmarks: @Sendable () -> Void = {
    let compileConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .peakMemoryResidentDelta, .mallocCountTotal]
            + CompileShape.metrics,
        timeUnits: .milliseconds,
        warmupIterations: 1,  // loads the Public Suffix List once
        maxDuration: .seconds(20),
        maxIterations: 20
    )
    // One decision per iteration: a full cycle over the corpus to warm up
    // (limot compiles some regexes lazily, on first use), then 25 cycles.
    // 8,222: the corpus's 8,276 requests less 54 with no host (see RequestCorpus).
    let requestCount = 8_222
    let decideConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: requestCount,
        maxDuration: .seconds(20),
        maxIterations: requestCount * 25
    )

    Benchmark(
        "Compile 3 real lists (parse + compile)",
        configuration: compileConfiguration
    ) { (benchmark: Benchmark, files: [(name: String, bytes: [UInt8])]) in
        for _ in benchmark.scaledIterations {
            let lists = files.map { SharedData.parse($0.bytes, source: $0.name) }
            CompileShape.record(compile(lists), in: benchmark)
        }
    } setup: {
        SharedData.ruleFileBytes
    }

    Benchmark(
        "Compile 3 real lists (compile only)",
        configuration: compileConfiguration
    ) { (benchmark: Benchmark, lists: [RuleList]) in
        for _ in benchmark.scaledIterations {
            CompileShape.record(compile(lists), in: benchmark)
        }
    } setup: {
        SharedData.ruleLists
    }

    var syntheticConfiguration = compileConfiguration
    syntheticConfiguration.maxIterations = 10
    syntheticConfiguration.maxDuration = .seconds(40)
    Benchmark(
        "Compile 150,000 synthetic rules (compile only)",
        configuration: syntheticConfiguration
    ) { (benchmark: Benchmark, list: RuleList) in
        for _ in benchmark.scaledIterations {
            CompileShape.record(compile([list]), in: benchmark)
        }
    } setup: {
        SyntheticList.make(from: SharedData.ruleLists, count: 150_000)
    }

    Benchmark(
        "Decide 1 request (URL parsing included)",
        configuration: decideConfiguration
    ) { (benchmark: Benchmark, state: (engine: ContentRuleEngine, requests: [RequestStrings])) in
        let strings = state.requests[benchmark.currentIteration % state.requests.count]
        if let request = try? ResourceRequest(url: strings.url, type: strings.type, page: strings.page, frame: nil, method: nil) {
            blackHole(state.engine.decide(request).isBlocked)
        }
    } setup: { () -> (engine: ContentRuleEngine, requests: [RequestStrings]) in
        let requests = RequestCorpus.requests
        requests.forEach { _ = RequestCorpus.makeRequest($0) }  // every entry must be readable
        return (engine: compile(SharedData.ruleLists), requests: requests)
    }

    Benchmark(
        "Decide 1 request (URL parsing excluded)",
        configuration: decideConfiguration
    ) { (benchmark: Benchmark, state: (engine: ContentRuleEngine, requests: [ResourceRequest])) in
        let request = state.requests[benchmark.currentIteration % state.requests.count]
        blackHole(state.engine.decide(request).isBlocked)
    } setup: {
        (engine: compile(SharedData.ruleLists), requests: RequestCorpus.requests.map(RequestCorpus.makeRequest))
    }

    Benchmark(
        "Harness overhead (empty iteration)",
        configuration: decideConfiguration
    ) { benchmark in
        blackHole(benchmark.currentIteration % requestCount)
    }
}

/// Compiles lists into an engine, exiting if limot refuses them.
func compile(_ lists: [RuleList]) -> ContentRuleEngine {
    do {
        return try ContentRuleEngine(lists: lists)
    } catch {
        SharedData.fail("compiling \(lists.map(\.source)) failed: \(error)")
    }
}

/// What a compile produced, shown beside its timings (constant across
/// iterations) so that a change in how rules are matched is seen with the time
/// it costs or saves.
enum CompileShape {
    static let rules = BenchmarkMetric.custom("Rules compiled", useScalingFactor: false)
    static let hostIndexed = BenchmarkMetric.custom("Rules in the host index", useScalingFactor: false)
    static let regexSetPatterns = BenchmarkMetric.custom("Patterns in RE2 sets", useScalingFactor: false)
    static let metrics = [rules, hostIndexed, regexSetPatterns]

    static func record(_ engine: ContentRuleEngine, in benchmark: Benchmark) {
        let statistics = engine.statistics
        benchmark.measurement(rules, statistics.rules)
        benchmark.measurement(hostIndexed, statistics.hostIndexedRules)
        benchmark.measurement(regexSetPatterns, statistics.regexSetPatterns)
        blackHole(engine)
    }
}
