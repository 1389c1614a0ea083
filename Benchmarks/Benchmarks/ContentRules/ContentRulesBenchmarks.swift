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
//             over its 8,276 requests, so the percentiles are per-request
//             figures; with the URLs parsed in the iteration (as the CLI reads
//             them) and with requests built up front.
//             Targets: < 2 µs median, < 20 µs p99.
//   Overhead  an iteration that does nothing, to show what the harness adds
//             to each per-request figure.

let benchmarks: @Sendable () -> Void = {
    let compileConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .peakMemoryResidentDelta, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 1,  // loads the Public Suffix List once
        maxDuration: .seconds(20),
        maxIterations: 20
    )
    // One decision per iteration: a full cycle over the corpus to warm up
    // (limot compiles some regexes lazily, on first use), then 25 cycles.
    let requestCount = 8_276
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
    ) { benchmark, files in
        for _ in benchmark.scaledIterations {
            let lists = files.map { SharedData.parse($0.bytes, source: $0.name) }
            blackHole(compile(lists))
        }
    } setup: {
        SharedData.ruleFileBytes
    }

    Benchmark(
        "Compile 3 real lists (compile only)",
        configuration: compileConfiguration
    ) { benchmark, lists in
        for _ in benchmark.scaledIterations {
            blackHole(compile(lists))
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
    ) { benchmark, list in
        for _ in benchmark.scaledIterations {
            blackHole(compile([list]))
        }
    } setup: {
        SyntheticList.make(from: SharedData.ruleLists, count: 150_000)
    }

    Benchmark(
        "Decide 1 request (URL parsing included)",
        configuration: decideConfiguration
    ) { benchmark, state in
        let strings = state.requests[benchmark.currentIteration % state.requests.count]
        if let request = try? ResourceRequest(url: strings.url, type: strings.type, page: strings.page, frame: nil, method: nil) {
            blackHole(state.engine.decide(request).isBlocked)
        }
    } setup: {
        let requests = RequestCorpus.requests
        precondition(requests.count == requestCount, "the corpus has \(requests.count) requests, not \(requestCount)")
        requests.forEach { _ = RequestCorpus.makeRequest($0) }  // every entry must be readable
        return (engine: compile(SharedData.ruleLists), requests: requests)
    }

    Benchmark(
        "Decide 1 request (URL parsing excluded)",
        configuration: decideConfiguration
    ) { benchmark, state in
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
