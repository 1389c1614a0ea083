import ContentRules
import Foundation
import Sanitize
import WebURL

/// The pages and rules the sanitizer's benchmarks and its profiling driver
/// share, so that both measure the same bytes.

/// The fixture result page for "Haus" with its results repeated up to the
/// target size: real markup of the kind the dictionary serves, ads included.
/// Each copy links other words (`?q=Haus` becomes `?q=Haus7` in the 7th), as
/// a long page of distinct results would, so the sanitizer's per-page memo of
/// attribute URLs is hit only where a real page repeats itself (its icons).
public enum DictionaryPage {
    public static func make(repository: URL, targetBytes: Int) -> [UInt8] {
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
public enum FixtureResultPages {
    public static func load(repository: URL) -> [[UInt8]] {
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
public enum ShippedRules {
    public static func engine(repository: URL) -> ContentRuleEngine {
        let folder = repository.appendingPathComponent("Rules").path
        let lists = RuleFileLoader.expand([folder]).compactMap { RuleFileLoader.load($0).list }
        return try! ContentRuleEngine(lists: lists)
    }
}

/// The context every sanitizer benchmark runs in: the shipped rules, a result
/// page of the dictionary as the document, every URL routed through the proxy.
public enum DictionaryContext {
    public static func make(repository: URL) -> SanitizeContext {
        let site = try! WebURL("https://www.loghatnameh.de/")
        return SanitizeContext(
            documentURL: try! WebURL("https://www.loghatnameh.de/search?q=Haus"),
            engine: ShippedRules.engine(repository: repository), urlMap: ProxyURLMap(site: site)
        )
    }
}
