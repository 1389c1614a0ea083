import ContentRules
import Foundation
import WebURL
@testable import Sanitize

/// Pages, rule engines and contexts the tests sanitize with.
enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The lists in Rules/, which `limot serve` uses by default.
    static let shippedEngine: ContentRuleEngine = {
        let folder = repository.appendingPathComponent("Rules").path
        let lists = RuleFileLoader.expand([folder]).compactMap { RuleFileLoader.load($0).list }
        return try! ContentRuleEngine(lists: lists)
    }()

    /// An engine from rule-list JSON written in a test.
    static func engine(_ json: String, source: String = "test.json") -> ContentRuleEngine {
        let parsed = RuleListParser.parse(json, source: source)
        guard let list = parsed.list else { fatalError("invalid test rules: \(parsed.errors)") }
        return try! ContentRuleEngine(lists: [list])
    }

    static let noRules = try! ContentRuleEngine(lists: [])

    static let site = try! WebURL("https://www.loghatnameh.de/")
    static let urlMap = ProxyURLMap(site: site)
    static let entryURL = "https://www.loghatnameh.de/dict?query=Haus"

    static func url(_ string: String) -> WebURL {
        try! WebURL(string)
    }

    static func context(_ document: String = entryURL, top: String? = nil, engine: ContentRuleEngine = shippedEngine) -> SanitizeContext {
        SanitizeContext(documentURL: url(document), topURL: top.map(url), engine: engine, urlMap: urlMap)
    }

    /// A page from Tests/SanitizeTests/Pages.
    static func page(_ name: String) -> [UInt8] {
        guard let file = Bundle.module.url(forResource: name, withExtension: "html", subdirectory: "Pages"),
            let data = try? Data(contentsOf: file)
        else { fatalError("no page \(name).html") }
        return Array(data)
    }

    static let nonce = "bm9uY2U0VGVzdA=="
    static let headMarker = "<!--limot:head-->"
    static let barMarker = "<!--limot:bar-->"

    /// Sanitizes and renders with recognisable holes.
    static func sanitize(_ html: [UInt8], context: SanitizeContext = context()) -> (document: SanitizedDocument, html: String) {
        let document = HTMLSanitizer.sanitize(html, context: context)
        let rendered = document.render(nonce: nonce, headStart: headMarker, bodyEnd: barMarker)
        return (document, String(decoding: rendered, as: UTF8.self))
    }

    static func sanitize(_ html: String, context: SanitizeContext = context()) -> (document: SanitizedDocument, html: String) {
        sanitize(Array(html.utf8), context: context)
    }

    /// The proxy path of a subresource.
    static func proxied(_ url: String, _ type: ResourceTypes) -> String {
        urlMap.subresourcePath(for: Fixtures.url(url), type: type)!
    }
}

extension String {
    /// The start tag that contains `marker` (an id or attribute), from its
    /// `<` to its `>`; nil when no tag contains it.
    func tag(containing marker: String) -> String? {
        guard let hit = range(of: marker), let open = self[..<hit.lowerBound].lastIndex(of: "<"),
            let close = self[hit.upperBound...].firstIndex(of: ">")
        else { return nil }
        return String(self[open...close])
    }

    /// How often `needle` occurs.
    func occurrences(of needle: String) -> Int {
        components(separatedBy: needle).count - 1
    }
}
