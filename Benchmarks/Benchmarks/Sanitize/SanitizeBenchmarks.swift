import Benchmark
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
    let engine = ShippedRules.engine(repository: repository)
    let site = try! WebURL("https://www.loghatnameh.de/")
    let context = SanitizeContext(
        documentURL: try! WebURL("https://www.loghatnameh.de/search?q=Haus"),
        engine: engine, urlMap: ProxyURLMap(site: site)
    )
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

/// The fixture result page for "Haus" with its results repeated up to the
/// target size: real markup of the kind the dictionary serves, ads included.
/// Each copy links other words (`?q=Haus` becomes `?q=Haus7` in the 7th), as
/// a long page of distinct results would, so the sanitizer's per-page memo of
/// attribute URLs is hit only where a real page repeats itself (its icons).
enum DictionaryPage {
    static func make(repository: URL, targetBytes: Int) -> [UInt8] {
        let file = repository.appendingPathComponent("Tests/Fixtures/sites/www.loghatnameh.de/search/Haus.html")
        guard let html = try? String(contentsOf: file, encoding: .utf8),
              let start = html.range(of: "<main"), let end = html.range(of: "</main>") else {
            fatalError("cannot read \(file.path)")
        }
        let main = String(html[start.lowerBound..<end.upperBound])
        var body = ""
        var copy = 0
        while html.utf8.count - main.utf8.count + body.utf8.count < targetBytes {
            copy += 1
            body += copy == 1 ? main : distinctLinks(main, copy: copy)
        }
        return Array(html.replacingCharacters(in: start.lowerBound..<end.upperBound, with: body).utf8)
    }

    /// `main` with the word of every `?q=` link followed by `copy`.
    static func distinctLinks(_ main: String, copy: Int) -> String {
        var out = ""
        var rest = Substring(main)
        while let query = rest.range(of: "?q=") {
            out += rest[..<query.upperBound]
            rest = rest[query.upperBound...]
            let wordEnd = rest.firstIndex { $0 == "\"" || $0 == "&" || $0 == "#" } ?? rest.endIndex
            out += rest[..<wordEnd] + String(copy)
            rest = rest[wordEnd...]
        }
        return out + rest
    }
}

/// The result pages of the fixture site (`search/*.html`), without the
/// redirect stubs (under 1 KB) beside them.
enum FixtureResultPages {
    static func load(repository: URL) -> [[UInt8]] {
        let folder = repository.appendingPathComponent("Tests/Fixtures/sites/www.loghatnameh.de/search")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            fatalError("cannot list \(folder.path)")
        }
        return names.filter { $0.hasSuffix(".html") }.sorted()
            .compactMap { FileManager.default.contents(atPath: folder.appendingPathComponent($0).path).map(Array.init) }
            .filter { $0.count >= 1000 }
    }
}

/// The lists in the checkout's `Rules/`.
enum ShippedRules {
    static func engine(repository: URL) -> ContentRuleEngine {
        let folder = repository.appendingPathComponent("Rules").path
        let lists = RuleFileLoader.expand([folder]).compactMap { RuleFileLoader.load($0).list }
        return try! ContentRuleEngine(lists: lists)
    }
}
