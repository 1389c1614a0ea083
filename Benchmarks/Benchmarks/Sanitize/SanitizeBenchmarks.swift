import Benchmark
import ContentRules
import Foundation
import Sanitize
import WebURL

/// Sanitizing a fresh page: the work `limot serve` does for every page it has
/// not seen with the same bytes before (target: under 2 ms for 100 KB).
let benchmarks: @Sendable () -> Void = {
    let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let page = DictionaryPage.make(repository: repository, targetBytes: 100_000)
    let engine = ShippedRules.engine(repository: repository)
    let site = try! WebURL("https://www.loghatnameh.de/")
    let context = SanitizeContext(
        documentURL: try! WebURL("https://www.loghatnameh.de/search?q=Haus"),
        engine: engine, urlMap: ProxyURLMap(site: site)
    )
    let metrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident]

    Benchmark("Sanitize a fresh \(page.count / 1000) KB dictionary page", configuration: .init(metrics: metrics, maxDuration: .seconds(5))) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(HTMLSanitizer.sanitize(page, context: context))
        }
    }

    let document = HTMLSanitizer.sanitize(page, context: context)
    Benchmark("Render a sanitized page (nonce, theme, bar)", configuration: .init(metrics: metrics, maxDuration: .seconds(3))) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(document.render(nonce: "0123456789abcdef0123456789abcdef", headStart: "<style></style>", bodyEnd: "<nav></nav>"))
        }
    }
}

/// The fixture result page for "Haus" with its results repeated up to the
/// target size: real markup of the kind the dictionary serves, ads included.
enum DictionaryPage {
    static func make(repository: URL, targetBytes: Int) -> [UInt8] {
        let file = repository.appendingPathComponent("Tests/Fixtures/sites/www.loghatnameh.de/search/Haus.html")
        guard let html = try? String(contentsOf: file, encoding: .utf8),
              let start = html.range(of: "<main"), let end = html.range(of: "</main>") else {
            fatalError("cannot read \(file.path)")
        }
        let main = String(html[start.lowerBound..<end.upperBound])
        var body = ""
        while html.utf8.count - main.utf8.count + body.utf8.count < targetBytes { body += main }
        return Array(html.replacingCharacters(in: start.lowerBound..<end.upperBound, with: body).utf8)
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
