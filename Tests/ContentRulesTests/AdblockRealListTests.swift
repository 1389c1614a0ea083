import FixtureSupport
import Foundation
import Testing
@testable import ContentRules

/// EasyList and EasyPrivacy converted end to end: counts, the JSON WebKit
/// would read, and decisions checked against adblock-rust's for the same
/// requests (recorded with PyPI `adblock` 0.6.0, see Benchmarks/convert_compare.py).
@Suite("AdBlock conversion of the real lists")
struct AdblockRealListTests {
    /// Converted once for the suite; a missing list fails every test that needs it.
    private static let converted = Result {
        AdblockConverter.convert(try ["easylist.txt", "easyprivacy.txt"].map { name in (source: name, text: try SharedData.text(name)) })
    }
    static var conversion: AdblockConversion { get throws { try converted.get() } }

    @Test("counts: well over 100,000 rules, within Safari's limit, under 1% of the filters skipped")
    func counts() throws {
        let conversion = try Self.conversion
        #expect(conversion.filterCount > 125_000)
        #expect(conversion.rules.count > 120_000)
        #expect(conversion.rules.count <= RuleListParser.maximumRuleCount)
        #expect(conversion.skipped.count * 100 < conversion.filterCount)
        let categories = Set(conversion.skippedByCategory.map(\.category))
        #expect(categories.contains("option $redirect (WebKit has no equivalent)"))
        #expect(categories.contains("scriptlet injection (##+js)"))
        let actions = Dictionary(grouping: conversion.rules, by: \.action.typeName).mapValues(\.count)
        #expect(actions["block", default: 0] > 100_000)
        #expect(actions["css-display-none", default: 0] > 20_000)
        #expect(actions["ignore-previous-rules", default: 0] > 1_000)
    }

    @Test("the JSON reads back with no error and the same rules")
    func json() throws {
        let parsed = RuleListParser.parse(RuleListJSON.json(try Self.conversion.rules), source: "converted.json")
        #expect(parsed.errors.isEmpty, "\(parsed.errors.prefix(3))")
        let list = try #require(parsed.list)
        #expect(try list.rules.count == Self.conversion.rules.count)
        #expect(try list.rules.map(\.trigger) == Self.conversion.rules.map(\.trigger))
    }

    @Test("decisions agree with adblock-rust's on a sample", arguments: [
        ("https://www.google-analytics.com/analytics.js", "script", "https://www.example.org/", true),
        ("https://www.google-analytics.com/analytics.js", "script", "https://www.unicef.de/", false),
        ("https://ad.doubleclick.net/ddm/trackimp/x", "image", "https://www.history.com/", false),
        ("https://ad.doubleclick.net/ddm/trackimp/x", "image", "https://www.example.org/", true),
        ("https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js", "script", "https://www.loghatnameh.de/", true),
        ("https://www.loghatnameh.de/search?q=Haus", "xmlhttprequest", "https://www.loghatnameh.de/", false),
        ("https://www.loghatnameh.de/static/app.js", "script", "https://www.loghatnameh.de/", false),
        ("https://cdn.example.org/ads/banner728x90.gif", "image", "https://news.example.org/", true),
        ("https://z.moatads.com/x.js", "script", "https://www.nascar.com/", false),
        ("https://z.moatads.com/x.js", "script", "https://www.example.org/", true),
        ("https://connect.facebook.net/en_US/fbevents.js", "script", "https://shop.example.org/", true),
        ("https://www.googletagmanager.com/gtm.js?id=GTM-1", "script", "https://shop.example.org/", true),
        ("https://example.org/wp-content/plugins/ad-inserter/x.js", "script", "https://example.org/", false),
        ("https://static.criteo.net/js/ld/publishertag.js", "script", "https://news.example.org/", true),
    ])
    func decisions(_ url: String, _ type: String, _ page: String, _ blocked: Bool) throws {
        let engine = try Self.engine()
        let decision = engine.decide(try ResourceRequest(url: url, type: type, page: page, frame: nil, method: nil))
        #expect(decision.isBlocked == blocked)
    }

    @Test("the converter's shapes decide natively as their regexes do (a sample, on the corpus)")
    func nativeShapesMatchTheirRegexes() throws {
        // Every 10th rule with `||host^` or a final `^`, and every exception, in order.
        var picked: [Rule] = []
        var shaped = 0
        for rule in try Self.conversion.rules {
            let filter = rule.trigger.urlFilter
            if case .ignorePreviousRules = rule.action {
                picked.append(rule)
            } else if filter.hasSuffix(AdblockURLFilter.hostEnd) || filter.hasSuffix(AdblockURLFilter.separatorOrEnd) {
                shaped += 1
                if shaped % 10 == 0 { picked.append(rule) }
            }
        }
        for index in picked.indices { picked[index].index = index }
        let list = RuleList(source: "sample", rules: picked)
        let indexed = try ContentRuleEngine(lists: [list])
        let plain = try ContentRuleEngine(lists: [list], options: .init(indexesHosts: false, indexesWords: false, indexesDomains: false, matchesSegmentsNatively: false))
        var compared = 0, blocked = 0
        for (url, type, request) in try RequestCorpus.requests() {
            let expected = plain.decide(request).isBlocked
            #expect(indexed.decide(request).isBlocked == expected, "\(url) \(type)")
            compared += 1
            if expected { blocked += 1 }
        }
        #expect(compared > 8_000)
        #expect(blocked > 50, "the sample must block some requests, or the comparison proves nothing")
    }

    /// Compiled once for all the sample's cases.
    private static let compiled = Result { try ContentRuleEngine(lists: [conversion.ruleList(source: "easylist+easyprivacy")]) }

    private static func engine() throws -> ContentRuleEngine {
        try compiled.get()
    }
}
