import Foundation
import FixtureSupport
import Testing
import WebURL
@testable import ContentRules

// The rules and URLs `IndexEquivalenceTests` decides with both engines:
// rules of the shapes converters emit, and URLs built to sit on the edges of
// those shapes. Deterministic: the rules from a fixed seed, the URLs from the
// seed each test gives.

// MARK: - Generated rules

let ruleHosts = [
    "ads.example.com", "example.com", "sub.ads.example.com", "tracker.net", "metrics.tracker.net", "cdn-1.stats.co.uk",
    "x0.y-z.io", "a.b", "w.x",
]

private func escapedHost(_ host: String) -> String {
    host.replacingOccurrences(of: ".", with: #"\\."#)  // JSON text of the regex `\.`
}

/// The host-anchored shapes of real lists, as JSON text with HOST to fill in.
let hostShapes: [String] = [
    #"^[htpsw]+://([a-z0-9-]+\\.)?HOST([/:&\\?].*)?$"#,
    #"^[htpsw]+:\\/\\/([a-z0-9-]+\\.)?HOST([/:&\\?].*)?$"#,
    #"^[htpsw]+://([a-z0-9-]+\\.)?HOST/path"#,
    #"^[htpsw]+://([a-z0-9-]+\\.)?HOST[/:]"#,
    #"^[^:]+:(//)?([^/]+\\.)?HOST"#,
    #"^[^:]+:(\\/\\/)?([^\\/]+\\.)?HOST"#,
    #"^[^:]+:(//)?([^/]+\\.)?HOST/x"#,
    #"^[^:]+:(//)?([^/]+\\.)?HOST[^a-z]"#,
    #"^https?://([^/]+\\.)?HOST[/:]"#,
    #"^https?:\\/\\/([^\\/]+\\.)?HOST[/:]"#,
    #"^https?://([^/]+\\.)?HOST/x"#,
]

private let conditionDomains = ["example.com", "tracker.net", "news.example.org", "a.b", "x0.y-z.io", "co.uk", "sub.ads.example.com", "under_score.com", "tesco.*"]

private func jsonRule(_ action: String, _ filter: String, _ trigger: String = "") -> String {
    #"{"action":"# + action + #","trigger":{"url-filter":""# + filter + #"""# + (trigger.isEmpty ? "" : "," + trigger) + "}}"
}

private func notifyAction(_ text: String) -> String { #"{"type":"notify","notification":""# + text + #""}"# }

/// Three lists: host-anchored rules, universal and domain-conditioned rules,
/// and a mixed list where ignore-previous-rules interacts with both.
func generatedLists() throws -> [RuleList] {
    var random = SeededGenerator(seed: 0x1140_7E57)
    var hostRules: [String] = []
    for (hostNumber, host) in ruleHosts.enumerated() {
        for (shapeNumber, shape) in hostShapes.enumerated() {
            let filter = shape.replacingOccurrences(of: "HOST", with: escapedHost(host))
            for caseSensitive in [false, true] {
                var trigger = caseSensitive ? #""url-filter-is-case-sensitive":true"# : ""
                // Some rules also carry flags or a domain condition.
                switch Int.random(in: 0..<8, using: &random) {
                case 0: trigger += (trigger.isEmpty ? "" : ",") + #""resource-type":["script","image"]"#
                case 1: trigger += (trigger.isEmpty ? "" : ",") + #""load-type":["third-party"]"#
                case 2: trigger += (trigger.isEmpty ? "" : ",") + #""if-domain":["*"# + conditionDomains.randomElement(using: &random)! + #""]"#
                case 3: trigger += (trigger.isEmpty ? "" : ",") + #""unless-domain":[""# + conditionDomains.randomElement(using: &random)! + #""]"#
                default: break
                }
                hostRules.append(jsonRule(notifyAction("h\(hostNumber)s\(shapeNumber)\(caseSensitive ? "cs" : "")"), filter, trigger))
            }
        }
    }
    // A few rules that go to the RE2 sets either way.
    hostRules.append(jsonRule(notifyAction("plain-ads"), "ads"))
    hostRules.append(jsonRule(notifyAction("plain-slash-x"), #"\\.com/x"#))
    hostRules.append(jsonRule(notifyAction("plain-anchored"), #"^https://example\\.com/$"#))

    var domainRules: [String] = []
    var number = 0
    func add(_ filter: String, _ trigger: String) {
        domainRules.append(jsonRule(notifyAction("d\(number)"), filter, trigger))
        number += 1
    }
    for domain in conditionDomains {
        for form in [domain, "*" + domain] {
            add(".*", #""if-domain":[""# + form + #""]"#)
            add(".*", #""unless-domain":[""# + form + #""]"#)
            add("^", #""if-domain":[""# + form + #""]"#)
            add(".*", #""if-domain":[""# + form + #""],"resource-type":["image"]"#)
            add(".*", #""unless-domain":[""# + form + #""],"load-type":["first-party"]"#)
            add("x", #""if-domain":[""# + form + #""]"#)
            add("/", #""unless-domain":[""# + form + #""]"#)
            add(".*", #""if-domain":[""# + form + #""],"top-url-filter-is-case-sensitive":true"#)
        }
    }
    // Filters that test only the scheme, with and without a domain condition (see `SchemeTest`).
    for (domainNumber, filter) in [#"^[htpsw]+://"#, #"^[htpsw]+:\\/\\/"#, #"^https?://"#, #"^https?:\\/\\/"#, #"^wss?://"#,
                             #"^[^:]+:(//)?([^/]+\\.)?"#, #"^[^:]+:(\\/\\/)?([^\\/]+\\.)?"#].enumerated() {
        add(filter, "")
        add(filter, #""resource-type":["script"]"#)
        add(filter, #""if-domain":[""# + conditionDomains[domainNumber] + #"","*tracker.net"]"#)
        add(filter, #""if-domain":["*"# + conditionDomains[domainNumber] + #""],"load-type":["third-party"]"#)
        add(filter, #""unless-domain":[""# + conditionDomains[domainNumber] + #""]"#)
        add(filter, #""url-filter-is-case-sensitive":true"#)
    }
    // Lists of several domains, wildcards mixed in, and one non-native domain.
    add(".*", #""if-domain":["example.com","*tracker.net","a.b"]"#)
    add(".*", #""unless-domain":["*example.com","tracker.net","*co.uk"]"#)
    add(".*", #""if-domain":["*a.b","x0.y-z.io","*news.example.org"]"#)
    add(".*", #""unless-domain":["a+b.com","example.com"]"#)
    add(".*", #""if-domain":["a+b.com","*example.com"]"#)
    domainRules.append(jsonRule(#"{"type":"css-display-none","selector":".dom"}"#, ".*", #""if-domain":["*example.com"]"#))
    domainRules.append(jsonRule(#"{"type":"css-display-none","selector":".undom"}"#, ".*", #""unless-domain":["tracker.net"]"#))
    domainRules.append(jsonRule(#"{"type":"css-display-none","selector":".everywhere"}"#, ".*"))

    let h = escapedHost
    let mixed = [
        jsonRule(#"{"type":"block"}"#, #"^[htpsw]+://([a-z0-9-]+\\.)?"# + h("ads.example.com") + #"([/:&\\?].*)?$"#),
        jsonRule(#"{"type":"block"}"#, #"^[^:]+:(//)?([^/]+\\.)?"# + h("tracker.net")),
        jsonRule(#"{"type":"block-cookies"}"#, ".*", #""unless-domain":["*a.b"]"#),
        jsonRule(#"{"type":"ignore-previous-rules"}"#, ".*", #""if-domain":["*example.com"]"#),
        jsonRule(#"{"type":"block"}"#, #"^https?://([^/]+\\.)?"# + h("cdn-1.stats.co.uk") + "[/:]"),
        jsonRule(#"{"type":"ignore-previous-rules"}"#, #"^[^:]+:(//)?([^/]+\\.)?"# + h("metrics.tracker.net")),
        jsonRule(#"{"type":"make-https"}"#, ".*", #""if-domain":["tracker.net","x0.y-z.io"]"#),
        jsonRule(#"{"type":"ignore-previous-rules"}"#, #"^[htpsw]+://([a-z0-9-]+\\.)?"# + h("w.x") + "/path"),
        jsonRule(#"{"type":"block"}"#, #"^[htpsw]+://([a-z0-9-]+\\.)?"# + h("a.b") + #"([/:&\\?].*)?$"#),
        jsonRule(#"{"type":"ignore-following-rules"}"#, ".*", #""if-domain":["co.uk"]"#),
        jsonRule(#"{"type":"block-cookies"}"#, #"^[^:]+:(//)?([^/]+\\.)?"# + h("example.com")),
    ]

    // Filters found through a word of the URL, with and without the characters around it.
    var wordRules: [String] = []
    let wordFilters = [
        "/path/", "/path", "path/", "path", #"\\.js"#, #"/x\\.js"#, #"x\\.js$"#, #"\\?u="#, "&b=", #"/a\\?b"#, "to/x", "/to/",
        #"^https?://[^/]+/path"#, #"^[a-z]+://[^/]*/x$"#, "/PATH/", "x.js", #"[/.]path[/.]"#, #"/path/.*\\.js"#, "://www", "com/",
        #"\\.com:8080/"#, "evil", #"/\\.example\\.org/"#, "user:pw@", "frag", "#frag", #"b=[a-z]+\\."#, "=https://",
        // Only common URL words (com): left to the literal index, with and without a regex.
        #"\\.com/"#, #"^[htpsw]+://([a-z0-9-]+\\.)?my-.*\\.com([/:&\\?].*)?$"#,
        // Runs longer than eight bytes, the word at their start, middle or end (`LiteralCheck`'s window).
        "/path/to/x.js", #"\\?u=https://"#, "path/to/x", "/to/x.js", "a=1&b=",
    ]
    for (number, filter) in wordFilters.enumerated() {
        wordRules.append(jsonRule(notifyAction("w\(number)"), filter))
        wordRules.append(jsonRule(notifyAction("w\(number)cs"), filter, #""url-filter-is-case-sensitive":true"#))
        wordRules.append(jsonRule(notifyAction("w\(number)img"), filter, #""resource-type":["image","script"],"if-domain":["*example.com"]"#))
        // The literal index asks a domain condition before comparing the literal: unless-domain too.
        wordRules.append(jsonRule(notifyAction("w\(number)un"), filter, #""unless-domain":["*tracker.net"]"#))
    }

    return try [("generated-hosts", hostRules), ("generated-domains", domainRules), ("generated-mixed", mixed), ("generated-words", wordRules)].map { source, rules in
        let parsed = RuleListParser.parse("[" + rules.joined(separator: ",") + "]", source: source)
        try #require(parsed.errors.isEmpty, "\(source): \(parsed.errors.prefix(5).map(\.description))")
        return try #require(parsed.list)
    }
}

// MARK: - Generated URLs

private let extraHosts = ["unrelated.org", "co.uk", "example.org", "news.example.org", "under_score.com", "a+b.com", "localhost", "127.0.0.1"]

/// Hosts equal to, under, above, and next to a rule host.
private func hostVariants(of host: String) -> [String] {
    let labels = host.split(separator: ".").map(String.init)
    var variants = [host, "www." + host, "a.b." + host, "x" + host, host + "x", host + ".evil.com", "my-" + host,
                    labels[0] + "s." + labels.dropFirst().joined(separator: "."), host.uppercased(), "WWW." + host.uppercased(),
                    host + ".", "-" + host, "0" + host]
    if labels.count > 1 { variants.append(labels.dropFirst().joined(separator: ".")) }
    if labels.count > 2 { variants.append(labels.dropFirst(2).joined(separator: ".")) }
    if let last = labels.last { variants.append(labels.dropLast().joined(separator: ".") + "." + last + "m") }
    return variants
}

private let allHostVariants: [String] = {
    var hosts: [String] = []
    for host in ruleHosts + conditionDomains.filter({ !ruleHosts.contains($0) }) { hosts += hostVariants(of: host) }
    return hosts + extraHosts
}()

/// A URL string built from random parts around the rule hosts.
private func randomURL(_ random: inout SeededGenerator) -> String {
    func pick<T>(_ items: [T]) -> T { items.randomElement(using: &random)! }
    let host = pick(allHostVariants)
    let other = pick(allHostVariants)
    switch Int.random(in: 0..<20, using: &random) {
    case 0: return "data:text/html," + host
    case 1: return "mailto:x@" + host
    case 2: return pick(["foo:", "sw:", "ws:", "javascript:"]) + host + pick(["", "/x", "/path"])
    case 3: return "foo:/x." + host + "/x"
    case 4: return "blob:https://" + host + "/uuid"
    default: break
    }
    let scheme = pick(["http", "http", "https", "https", "ws", "wss", "ftp", "sw", "hp", "foo", "file", "HTTP"])
    let userinfo = pick(["", "", "", "user@", "user:pw@", "u." + other + "@", other + ":x@"])
    let port = pick(["", "", "", ":8080", ":80", ":443", ":1"])
    let path = pick(["/", "/", "/path", "/x", "/path/to/x.js", "", "/PATH/X", "/a?b", "/." + other + "/"])
    let query = pick(["", "", "", "?u=https://" + other + "/", "?a=1&b=" + other, "?u=http://www." + other + ":81/x", "&" + other,
                      "?" + other + "/", "?u=ws://" + other + "/x", "?u=HTTPS://" + other.uppercased() + "/"])
    let fragment = pick(["", "", "", "#https://" + other + "/", "#frag", "#" + other])
    return scheme + "://" + userinfo + host + port + path + query + fragment
}

private let requestTypes: [ResourceTypes] = [.topDocument, .childDocument, .image, .script, .styleSheet, .fetch, .other, .ping]

/// Two probes for each of `count` generated URLs.
func generatedProbes(count: Int, seed: UInt64) -> (probes: [Probe], unparsable: Int) {
    var random = SeededGenerator(seed: seed)
    var probes: [Probe] = []
    var unparsable = 0
    while probes.count < count * 2 {
        let urlText = randomURL(&random)
        guard let url = try? WebURL(urlText) else {
            unparsable += 1
            if unparsable > count * 4 { break }
            continue
        }
        // Two pages for each URL: another generated page (or none), and the URL itself.
        for pageChoice in 0..<2 {
            var pageText: String?
            if pageChoice == 1 {
                pageText = urlText
            } else if Int.random(in: 0..<10, using: &random) > 0 {
                pageText = randomURL(&random)
            }
            let page = pageText.flatMap { try? WebURL($0) }
            let type = requestTypes.randomElement(using: &random)!
            probes.append(Probe(request: ResourceRequest(url: url, type: type, pageURL: page), text: "url \(url) page \(page?.description ?? "none") type \(type.names)"))
        }
    }
    return (probes, unparsable)
}
