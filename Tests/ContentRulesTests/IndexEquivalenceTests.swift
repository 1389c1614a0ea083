import Foundation
import FixtureSupport
import Testing
import WebURL
@testable import ContentRules

// The host index, the word index, the native domain conditions and the
// native scheme tests exist for speed only: the engine must decide exactly as
// it does with plain RE2 regexes. These tests compare
// `ContentRuleEngine(options: .init())` with `plainOptions` (every index off)
// on generated rules of the shapes converters emit, on many deterministic URLs
// built to sit on the edges of those shapes, and on a sample of real lists
// against a real request corpus.

/// Every index off: each url-filter and condition is decided by RE2.
private let plainOptions = ContentRuleEngine.Options(indexesHosts: false, indexesWords: false, indexesDomains: false, matchesSegmentsNatively: false)


/// One load to decide with both engines.
private struct Probe {
    var request: ResourceRequest
    var text: String
}

/// Decides every probe with both engines; returns descriptions of the differences.
private func differences(lists: [RuleList], probes: [Probe], limit: Int = 25) throws -> (mismatches: [String], count: Int, decided: Int, firing: Set<RuleReference>) {
    let indexed = try ContentRuleEngine(lists: lists, options: .init())
    let plain = try ContentRuleEngine(lists: lists, options: plainOptions)
    return differences(indexed, plain, probes: probes, limit: limit)
}

private func differences(_ indexed: ContentRuleEngine, _ plain: ContentRuleEngine, probes: [Probe], limit: Int = 25) -> (mismatches: [String], count: Int, decided: Int, firing: Set<RuleReference>) {
    var mismatches: [String] = []
    var count = 0
    var decided = 0
    var firing = Set<RuleReference>()
    for probe in probes {
        let a = indexed.decide(probe.request)
        let b = plain.decide(probe.request)
        let rulesA = a.decidingRules.map(\.description).sorted()
        let rulesB = b.decidingRules.map(\.description).sorted()
        if !a.actions.isEmpty { decided += 1 }
        firing.formUnion(b.decidingRules)
        if a.actions != b.actions || rulesA != rulesB {
            count += 1
            if mismatches.count < limit {
                mismatches.append("""
                    \(probe.text)
                      indexed: \(a.actions.map(shortName)) by \(rulesA)
                      plain:   \(b.actions.map(shortName)) by \(rulesB)
                    """)
            }
        }
    }
    return (mismatches, count, decided, firing)
}

// MARK: - Generated rules

private let ruleHosts = [
    "ads.example.com", "example.com", "sub.ads.example.com", "tracker.net", "metrics.tracker.net", "cdn-1.stats.co.uk",
    "x0.y-z.io", "a.b", "w.x",
]

private func escapedHost(_ host: String) -> String {
    host.replacingOccurrences(of: ".", with: #"\\."#)  // JSON text of the regex `\.`
}

/// The host-anchored shapes of real lists, as JSON text with HOST to fill in.
private let hostShapes: [String] = [
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
private func generatedLists() throws -> [RuleList] {
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
private func generatedProbes(count: Int, seed: UInt64) -> (probes: [Probe], unparsable: Int) {
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

// MARK: - Real lists and requests

/// The three WKContentRuleList files of ../shared/data (its README lists them).
private let realListNames = [
    "wkcontentrulelist-adguard-easylist-top1m.json",
    "wkcontentrulelist-adguard-easyprivacy-top1m.json",
    "wkcontentrulelist-brave-ios-block-ads.json",
]
private var realListPaths: [String] { realListNames.map { SharedData.directory.appendingPathComponent($0).path } }
private var requestCorpusPath: String { SharedData.directory.appendingPathComponent("requests-adblock-rust-matching-test.json").path }

/// The rules of each real list, parsed once.
private let realLists: [RuleList] = realListPaths.compactMap { path in
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return RuleListParser.parse([UInt8](data), source: URL(fileURLWithPath: path).lastPathComponent).list
}

private struct CorpusEntry: Decodable {
    var url: String
    var sourceUrl: String
    var type: String
}

/// adblock-rust request types in WebKit's terms.
private func resourceType(adblock type: String) -> ResourceTypes? {
    switch type {
    case "xmlhttprequest", "xhr", "fetch": return .fetch
    case "stylesheet": return .styleSheet
    case "subdocument": return .childDocument
    case "main_frame": return .topDocument
    case "image": return .image
    case "script": return .script
    case "font": return .font
    case "media": return .media
    case "websocket": return .websocket
    case "ping": return .ping
    case "other": return .other
    default: return nil
    }
}

private let corpusProbes: (probes: [Probe], skipped: [String]) = {
    guard let data = FileManager.default.contents(atPath: requestCorpusPath),
        let entries = try? JSONDecoder().decode([CorpusEntry].self, from: data)
    else { return ([], ["the request corpus could not be read"]) }
    var probes: [Probe] = []
    var skipped: [String] = []
    for entry in entries {
        guard let type = resourceType(adblock: entry.type) else {
            skipped.append("type \(entry.type)")
            continue
        }
        guard let url = try? WebURL(entry.url) else {
            skipped.append("url \(entry.url)")
            continue
        }
        let page = entry.sourceUrl == "http://" || entry.sourceUrl == "https://" ? nil : try? WebURL(entry.sourceUrl)
        probes.append(Probe(request: ResourceRequest(url: url, type: type, pageURL: page),
                            text: "url \(entry.url) page \(entry.sourceUrl) type \(entry.type)"))
    }
    return (probes, skipped)
}()

/// About `total` rules drawn from the real lists, each list keeping its order.
private func sampledLists(total: Int, seed: UInt64) -> [RuleList] {
    var random = SeededGenerator(seed: seed)
    let ruleCount = realLists.reduce(0) { $0 + $1.rules.count }
    return realLists.map { list in
        let share = total * list.rules.count / max(ruleCount, 1)
        let chosen = Array(list.rules.indices).shuffled(using: &random).prefix(share).sorted()
        return RuleList(source: list.source, rules: chosen.map { list.rules[$0] })
    }
}

@Suite("Index equivalence: the indexes and native checks decide as plain RE2")
struct IndexEquivalenceTests {
    @Test func generatedRulesAndURLs() throws {
        let lists = try generatedLists()
        let (probes, unparsable) = generatedProbes(count: 3_000, seed: 2024)
        #expect(probes.count >= 6_000, "\(unparsable) generated URLs did not parse")
        let result = try differences(lists: lists, probes: probes)
        #expect(result.count == 0, "\(result.count) of \(probes.count) loads decided differently; first ones:\n\(result.mismatches.joined(separator: "\n"))")
        // The probes must exercise the rules, or equality would prove nothing.
        let ruleCount = lists.reduce(0) { $0 + $1.rules.count }
        #expect(result.decided > probes.count / 4, "only \(result.decided) of \(probes.count) loads had any action")
        #expect(result.firing.count * 10 >= ruleCount * 8, "only \(result.firing.count) of \(ruleCount) rules ever applied")
    }

    /// An engine written to the compiled rule cache's form and read back
    /// decides as the one compiled: with every index (hosts, words,
    /// literals, native domains and segments) and with none (every filter
    /// and condition in RE2, whose sets are compiled again on reading).
    @Test func enginesReadBackFromTheCacheFormDecideAsCompiled() throws {
        let lists = try generatedLists()
        let probes = generatedProbes(count: 2_000, seed: 99).probes
        for options in [ContentRuleEngine.Options(), plainOptions] {
            let compiled = try ContentRuleEngine(lists: lists, options: options)
            var writer = BinaryWriter()
            EngineCoding.encode(compiled, into: &writer)
            let tables = try writer.bytes.withUnsafeBytes { bytes in
                var reader = BinaryReader(bytes)
                return try EngineCoding.decode(from: &reader, sources: lists.map(\.source))
            }
            let readBack = ContentRuleEngine(tables)
            let result = differences(readBack, compiled, probes: probes)
            #expect(result.count == 0, "\(result.count) of \(probes.count) loads decided differently; first ones:\n\(result.mismatches.joined(separator: "\n"))")
            #expect(result.decided > probes.count / 4)
            #expect(readBack.statistics.regexSetPatterns == compiled.statistics.regexSetPatterns)
        }
    }

    /// The comparison itself can fail: an engine missing one host rule and one
    /// domain rule is told apart from the full one on the same probes.
    @Test func comparisonDetectsADifference() throws {
        let lists = try generatedLists()
        var weakened = lists
        weakened[0].rules.remove(at: 0)
        weakened[1].rules.remove(at: 0)
        let probes = generatedProbes(count: 1_000, seed: 7).probes
        let result = differences(try ContentRuleEngine(lists: lists), try ContentRuleEngine(lists: weakened, options: plainOptions), probes: probes)
        #expect(result.count > 0)
    }

    /// The engines really use different paths for these rules.
    @Test func generatedRulesUseTheIndexes() throws {
        let lists = try generatedLists()
        let indexed = try ContentRuleEngine(lists: lists, options: .init())
        let plain = try ContentRuleEngine(lists: lists, options: plainOptions)
        #expect(indexed.statistics.hostIndexedRules >= ruleHosts.count * hostShapes.count * 2 / 2)
        #expect(plain.statistics.hostIndexedRules == 0)
        // Not the filters whose only words are common URL words (\.js, \.com/): the literal index takes those.
        #expect(indexed.statistics.wordIndexedRules >= 35)
        #expect(plain.statistics.wordIndexedRules == 0)
        #expect(indexed.statistics.literalIndexedRules >= 10)
        #expect(plain.statistics.literalIndexedRules == 0)
        // Seven scheme-only filters, each alone, with a type, and under two if-domain conditions.
        #expect(indexed.statistics.schemeOnlyRules == 7 * 4)
        #expect(plain.statistics.schemeOnlyRules == 0)
        #expect(indexed.statistics.regexSetPatterns < plain.statistics.regexSetPatterns)
        // Index candidates are confirmed natively, so the comparison covers the segment matcher too.
        #expect(indexed.statistics.nativePatterns >= 40)
        #expect(plain.statistics.nativePatterns == 0)
    }

    /// Hand-picked edge cases, so that a failure names a readable URL.
    @Test("edge URLs", arguments: [
        "http://ads.example.com/", "http://ADS.EXAMPLE.COM/", "http://www.ads.example.com/x", "http://a.b.ads.example.com/",
        "http://xads.example.com/", "http://ads.example.comx/", "http://ads.example.com.evil.com/", "http://ads.example.com:8080/",
        "http://ads.example.com@evil.com/", "http://user:pw@ads.example.com/", "http://evil.com/?u=https://ads.example.com/",
        "https://evil.com/#http://ads.example.com/", "ws://ads.example.com/path", "ftp://ads.example.com/", "sw://Ads.Example.com/path",
        "foo:ads.example.com", "mailto:x@ads.example.com", "foo:/x.ads.example.com/x", "data:text/html,ads.example.com",
        "http://example.com/", "http://sub.example.com:80/", "https://news.example.org/", "https://co.uk/", "https://x.co.uk/",
        "http://a.b/", "http://w.x/path", "http://www.w.x/path", "http://metrics.tracker.net/", "http://tracker.net./",
        "http://under_score.com/", "http://a+b.com/", "http://www.tesco.*/", "http://tesco.*:81/x", "http://tesco.com/", "http://127.0.0.1/", "foo://host?x.ads.example.com",
        // A leading empty label (found by Fuzz/RuleListFuzzer): no subdomain label precedes that dot.
        "http://.ads.example.com/", "https://..ads.example.com/", "foo:.ads.example.com", "http://x..ads.example.com/",
        // Word runs at the very start of the URL, shorter than eight bytes (no window before their end).
        "path:/x", "to:/x.js", "a:/path/to/x.js", "http://a.b/path/to/x.js", "http://w.x/a/b/c/path",
    ])
    func edgeURL(_ text: String) throws {
        let lists = try generatedLists()
        let url = try WebURL(text)
        var probes: [Probe] = []
        for page in [nil, text, "http://example.com/", "https://www.tracker.net/", "http://other.org/?u=https://a.b/", "HTTP://SUB.EXAMPLE.COM:81/"] {
            for type in [ResourceTypes.topDocument, .image, .script] {
                let pageURL = try page.map { try WebURL($0) }
                probes.append(Probe(request: ResourceRequest(url: url, type: type, pageURL: pageURL), text: "url \(text) page \(page ?? "none") type \(type.names)"))
                // The URL as the page, too, for the domain conditions.
                probes.append(Probe(request: ResourceRequest(url: try WebURL("https://cdn.net/r.js"), type: type, pageURL: url),
                                    text: "url https://cdn.net/r.js page \(text) type \(type.names)"))
            }
        }
        let result = try differences(lists: lists, probes: probes)
        #expect(result.count == 0, "\(result.mismatches.joined(separator: "\n"))")
    }

    /// One sample by default: the plain engine takes about 100 s for the
    /// corpus in a debug build. Add seeds for a wider search.
    @Test(arguments: [UInt64(1)])
    func realListSample(seed: UInt64) throws {
        for name in realListNames + ["requests-adblock-rust-matching-test.json"] { _ = try SharedData.file(name) }
        try #require(realLists.count == realListPaths.count, "a real list failed to parse")
        let lists = sampledLists(total: 2_000, seed: seed)
        let ruleCount = lists.reduce(0) { $0 + $1.rules.count }
        #expect(ruleCount >= 1_900 && ruleCount <= 2_000)
        let probes = corpusProbes.probes
        #expect(probes.count >= 8_000, "skipped: \(corpusProbes.skipped.prefix(10))")
        let result = try differences(lists: lists, probes: probes)
        #expect(result.count == 0, "\(result.count) of \(probes.count) requests decided differently; first ones:\n\(result.mismatches.joined(separator: "\n"))")
        #expect(result.decided > 0, "no request had any action: the comparison proves nothing")
    }
}
