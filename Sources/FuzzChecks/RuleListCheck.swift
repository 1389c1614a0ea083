import ContentRules
import WebURL

/// The rule-list JSON parser on arbitrary bytes, and the compiler on every
/// list the parser accepts.
///
/// What must hold: the parser answers with a list exactly when it reports no
/// error; a list it accepts compiles (the compiler treats a failure on a
/// validated list as a bug in the parser); and the engine's indexes, which
/// exist for speed only, decide every probe exactly as plain regexes do.
public enum RuleListCheck {
    public static func check(_ input: [UInt8]) throws(InvariantViolation) {
        let parsed = RuleListParser.parse(input, source: "fuzz.json")
        guard let list = parsed.list else {
            if parsed.errors.isEmpty {
                throw violation("a refused list names an error", "no list and no error; diagnostics: \(parsed.diagnostics)")
            }
            return
        }
        if !parsed.errors.isEmpty {
            throw violation("an accepted list has no errors", "errors: \(parsed.errors)")
        }
        let indexed: ContentRuleEngine
        let plain: ContentRuleEngine
        do {
            indexed = try ContentRuleEngine(lists: [list])
            plain = try ContentRuleEngine(lists: [list], options: .init(indexesHosts: false, indexesWords: false, indexesDomains: false, matchesSegmentsNatively: false))
        } catch {
            throw violation("an accepted list compiles", "\(error)")
        }
        for request in probes(for: list) {
            let fast = indexed.decide(request)
            let slow = plain.decide(request)
            // The order of the deciding rules is not part of the decision.
            if fast.actions != slow.actions || Set(fast.decidingRules) != Set(slow.decidingRules) {
                throw violation(
                    "indexed and plain engines decide alike",
                    "\(request.type) \(request.url.serialization) on \(request.pageURL?.serialization ?? "no page"): indexed \(fast.actions) by \(fast.decidingRules), plain \(slow.actions) by \(slow.decidingRules)")
            }
        }
    }

    private static func violation(_ invariant: String, _ detail: String) -> InvariantViolation {
        InvariantViolation(target: .ruleList, invariant: invariant, detail: detail)
    }

    /// A few fixed loads, and loads built from the list's own url-filters and
    /// domains, so that rules have a chance to fire.
    static func probes(for list: RuleList) -> [ResourceRequest] {
        var urls = fixedURLs
        var pages = fixedURLs.prefix(2).map { $0 }
        for rule in list.rules.prefix(8) {
            if let url = url(fromFilter: rule.trigger.urlFilter) { urls.append(url) }
            for value in rule.trigger.condition?.values.prefix(2) ?? [] {
                let host = value.hasPrefix("*") ? "www." + value.dropFirst() : Substring(value)
                if let page = try? WebURL(value.contains("://") ? value : "https://\(host)/") { pages.append(page) }
            }
        }
        var requests: [ResourceRequest] = []
        for url in urls {
            for page in pages.prefix(4) {
                for type in [ResourceTypes.script, .image, .topDocument] {
                    requests.append(ResourceRequest(url: url, type: type, pageURL: type == .topDocument ? url : page))
                }
            }
        }
        return requests
    }

    private static let fixedURLs = [
        "https://www.loghatnameh.de/dict?query=Haus",
        "http://ads.example.com/banner.js?id=1",
        "https://cdn.tracker.net/p.gif",
    ].map { try! WebURL($0) }

    /// The url-filter with its regex syntax dropped, read as a URL: a crude
    /// guess at a URL the rule matches.
    static func url(fromFilter filter: String) -> WebURL? {
        let literal = String(filter.unicodeScalars.filter { !"^$\\()[]*+?|{}".unicodeScalars.contains($0) })
        if literal.hasPrefix("http"), let url = try? WebURL(literal) { return url }
        return try? WebURL("https://www.example.com/" + literal)
    }
}
