import Benchmark
import BenchmarkPages
import ContentRules
import Foundation
import Sanitize
import WebURL

/// Sanitizing a fresh page: the work `limot serve` does for every page it has
/// not seen with the same bytes before (issue 20: 400 MB/s per core, 0.25 ms
/// per 100 KB). Each benchmark reports megabytes of input per second (`MB/s`,
/// wall-clock time over the iterations of one sample, one thread: per core
/// on an idle machine) beside the time per page.
let benchmarks: @Sendable () -> Void = {
    let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let context = DictionaryContext.make(repository: repository)
    let megabytesPerSecond = BenchmarkMetric.custom("MB/s", polarity: .prefersLarger, useScalingFactor: false)
    let metrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, megabytesPerSecond, .mallocCountTotal, .peakMemoryResident]

    for targetBytes in [100_000, 1_000_000] {
        let page = DictionaryPage.make(repository: repository, targetBytes: targetBytes)
        Benchmark("Sanitize a fresh \(page.count / 1000) KB dictionary page", configuration: .init(metrics: metrics, maxDuration: .seconds(5))) { benchmark in
            let start = ContinuousClock.now
            for _ in benchmark.scaledIterations {
                blackHole(HTMLSanitizer.sanitize(page, context: context))
            }
            let seconds = (ContinuousClock.now - start) / .seconds(1)
            benchmark.measurement(megabytesPerSecond, Int(Double(page.count * benchmark.scaledIterations.count) / 1_000_000 / seconds))
        }
    }

    // The fixture's result pages as the site serves them (5–10 KB each), all
    // in one iteration: what a reader's lookups cost, fixed per-page work included.
    let results = FixtureResultPages.load(repository: repository)
    let resultBytes = results.reduce(0) { $0 + $1.count }
    Benchmark("Sanitize the \(results.count) fixture result pages (\(resultBytes / 1000) KB)", configuration: .init(metrics: metrics, maxDuration: .seconds(5))) { benchmark in
        let start = ContinuousClock.now
        for _ in benchmark.scaledIterations {
            for page in results { blackHole(HTMLSanitizer.sanitize(page, context: context)) }
        }
        let seconds = (ContinuousClock.now - start) / .seconds(1)
        benchmark.measurement(megabytesPerSecond, Int(Double(resultBytes * benchmark.scaledIterations.count) / 1_000_000 / seconds))
    }

    let page = DictionaryPage.make(repository: repository, targetBytes: 100_000)
    let document = HTMLSanitizer.sanitize(page, context: context)
    Benchmark("Render a sanitized page (nonce, theme, bar)", configuration: .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal], maxDuration: .seconds(3))) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(document.render(nonce: "0123456789abcdef0123456789abcdef", headStart: "<style></style>", bodyEnd: "<nav></nav>"))
        }
    }
}
