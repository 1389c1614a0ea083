import Testing
@testable import ContentRules

/// The AdBlock → WKContentRuleList converter, one syntax feature or option at
/// a time: the url-filter it writes, and what the compiled rules decide.
@Suite("AdBlock conversion")
struct AdblockConverterTests {
    private func convert(_ text: String) -> AdblockConversion {
        AdblockConverter.convert(text, source: "test.txt")
    }

    private func urlFilter(_ filter: String) -> String? {
        convert(filter).rules.first?.trigger.urlFilter
    }

    private func engine(_ list: String) throws -> ContentRuleEngine {
        try ContentRuleEngine(lists: [convert(list).ruleList(source: "test.txt")])
    }

    private func blocked(_ engine: ContentRuleEngine, _ url: String, type: String = "script", page: String? = "https://news.example/") throws -> Bool {
        engine.decide(try ResourceRequest(url: url, type: type, page: page ?? "", frame: nil, method: nil)).isBlocked
    }

    @Test("patterns become url-filters", arguments: [
        ("||ads.example.com^", #"^[^:]+:(//)?([^/]+\.)?ads\.example\.com[/:]"#),
        ("||ads.example.com", #"^[^:]+:(//)?([^/]+\.)?ads\.example\.com"#),
        ("||example.com/banner/*.gif", #"^[^:]+:(//)?([^/]+\.)?example\.com/banner/.*\.gif"#),
        ("||example.com^*/ads/", #"^[^:]+:(//)?([^/]+\.)?example\.com[/:].*/ads/"#),
        ("/ads/banner", "/ads/banner"),
        ("-ad-300x250.", #"-ad-300x250\."#),
        ("*/ads/*", "/ads/"),
        ("|https://ads.", #"^https://ads\."#),
        (".swf|", #"\.swf$"#),
        ("/ad.js^", #"/ad\.js([^a-zA-Z0-9_.%-].*)?$"#),
        ("&ad_type=^banner", #"&ad_type=[^a-zA-Z0-9_.%-]banner"#),
        ("/Banner/*", "/banner/"),
        ("?q=(x)+[y]{z}", #"\?q=\(x\)\+\[y\]\{z\}"#),
        ("/banner[0-9]+\\.gif/", #"banner[0-9]+\.gif"#),
        (#"/ads\d{2,3}\/x/"#, "ads[0-9][0-9][0-9]?/x"),
        (#"/^https?:\/\/(?:www\.)?ads\./"#, #"^https?://(www\.)?ads\."#),
    ])
    func pattern(_ filter: String, _ expected: String) throws {
        #expect(urlFilter(filter) == expected)
        _ = try URLFilterParser.parse(expected)
    }

    @Test("||host^ is indexed by its host and decided without a regex")
    func hostAnchoredShape() throws {
        let text = try #require(urlFilter("||ads.example.com^"))
        let filter = try #require(HostAnchoredFilter.recognize(text, caseSensitive: false))
        #expect(filter.isPure)
        #expect(filter.hostEnd == .portOrPath)
        let rules = try engine("||ads.example.com^")
        #expect(try blocked(rules, "https://ads.example.com/x.js"))
        #expect(try blocked(rules, "https://cdn.ads.example.com:8443/x.js"))
        #expect(try blocked(rules, "http://ADS.example.com/"))
        #expect(try !blocked(rules, "https://ads.example.com.evil.net/x.js"))
        #expect(try !blocked(rules, "https://badads.example.com/x.js"))
        #expect(try !blocked(rules, "https://example.com/?u=ads.example.com/"))
    }

    @Test("^ is a separator or the end of the address")
    func separator() throws {
        let rules = try engine("/ad.js^\n&ad=^x")
        #expect(try blocked(rules, "https://a.com/ad.js"))
        #expect(try blocked(rules, "https://a.com/ad.js?v=1"))
        #expect(try !blocked(rules, "https://a.com/ad.jsx"))
        #expect(try !blocked(rules, "https://a.com/ad.js-x"))
        #expect(try blocked(rules, "https://a.com/?q=1&ad=/x"))
        #expect(try !blocked(rules, "https://a.com/?q=1&ad=_x"))
    }

    @Test("type options and their negations")
    func types() throws {
        let rules = try engine("/a1/$script\n/a2/$image,stylesheet\n/a3/$~script\n/a4/$subdocument\n/a5/$xmlhttprequest\n/a6/\n/a7/$popup\n/a8/$document\n/a9/$other\n/a10/$font,media,websocket,ping")
        #expect(try blocked(rules, "https://x.com/a1/", type: "script"))
        #expect(try !blocked(rules, "https://x.com/a1/", type: "image"))
        #expect(try blocked(rules, "https://x.com/a2/", type: "style-sheet"))
        #expect(try !blocked(rules, "https://x.com/a3/", type: "script"))
        #expect(try blocked(rules, "https://x.com/a3/", type: "image"))
        #expect(try blocked(rules, "https://x.com/a4/", type: "subdocument"))
        #expect(try !blocked(rules, "https://x.com/a4/", type: "top-document"))
        #expect(try blocked(rules, "https://x.com/a5/", type: "xhr"))
        #expect(try blocked(rules, "https://x.com/a6/", type: "fetch"))
        #expect(try !blocked(rules, "https://x.com/a6/", type: "top-document"), "no type options: not the page itself")
        #expect(try !blocked(rules, "https://x.com/a6/", type: "popup"), "no type options: not popups")
        #expect(try blocked(rules, "https://x.com/a7/", type: "popup"))
        #expect(try !blocked(rules, "https://x.com/a7/", type: "script"))
        #expect(try blocked(rules, "https://x.com/a8/", type: "top-document"))
        #expect(try blocked(rules, "https://x.com/a9/", type: "other"))
        #expect(try blocked(rules, "https://x.com/a10/", type: "media"))
        #expect(try blocked(rules, "https://x.com/a10/", type: "ping"))
    }

    @Test("third-party and first-party")
    func party() throws {
        let rules = try engine("/t3/$third-party\n/t1/$~third-party")
        #expect(try blocked(rules, "https://cdn.other.com/t3/", page: "https://news.example/"))
        #expect(try !blocked(rules, "https://cdn.news.example/t3/", page: "https://news.example/"))
        #expect(try blocked(rules, "https://cdn.news.example/t1/", page: "https://www.news.example/"))
        #expect(try !blocked(rules, "https://other.com/t1/", page: "https://news.example/"))
        #expect(try blocked(rules, "https://other.com/t3/", page: nil), "no page is third-party")
    }

    @Test("$domain= names pages, ~ excludes them, subdomains included")
    func domains() throws {
        let list = convert("/d1/$domain=a.com|b.com\n/d2/$domain=~a.com\n/d3/$domain=a.com|~other.com\n/d4/$domain=a.com|~sub.a.com\n/d5/$domain=google.*")
        #expect(list.rules[0].trigger.condition == Condition(kind: .ifDomain, values: ["*a.com", "*b.com"]))
        #expect(list.rules[1].trigger.condition == Condition(kind: .unlessDomain, values: ["*a.com"]))
        #expect(list.rules[2].trigger.condition == Condition(kind: .ifDomain, values: ["*a.com"]), "an exclusion outside the inclusions says nothing")
        #expect(list.skipped.map(\.reason) == [.mixedDomains])
        #expect(list.rules[3].trigger.condition == Condition(kind: .ifTopURL, values: [#"^[a-z][a-z+.-]*://([^/]*\.)?google\.[a-z]+(\.[a-z]+)?[:/]"#]))
        let rules = try ContentRuleEngine(lists: [list.ruleList(source: "t")])
        #expect(try blocked(rules, "https://x.com/d1/", page: "https://www.a.com/"))
        #expect(try !blocked(rules, "https://x.com/d1/", page: "https://xa.com/"))
        #expect(try !blocked(rules, "https://x.com/d2/", page: "https://a.com/"))
        #expect(try blocked(rules, "https://x.com/d2/", page: "https://c.com/"))
        #expect(try blocked(rules, "https://x.com/d5/", page: "https://www.google.co.uk/search"))
        #expect(try blocked(rules, "https://x.com/d5/", page: "https://google.de/"))
        #expect(try !blocked(rules, "https://x.com/d5/", page: "https://notgoogle.de/"))
    }

    @Test("$match-case keeps the case")
    func matchCase() throws {
        let list = convert("/BannerAd/*$match-case")
        #expect(list.rules[0].trigger.urlFilter == "/BannerAd/")
        #expect(list.rules[0].trigger.urlFilterIsCaseSensitive)
        let rules = try ContentRuleEngine(lists: [list.ruleList(source: "t")])
        #expect(try blocked(rules, "https://x.com/BannerAd/"))
        #expect(try !blocked(rules, "https://x.com/bannerad/"))
    }

    @Test("exceptions come after what they override, $important after the exceptions")
    func exceptionsAndImportant() throws {
        let list = convert("@@||good.example.com^\n||example.com^\n@@||example.com/keep/$image\n||example.com/force/$important\n@@||example.com/force/")
        #expect(list.rules.map(\.action.typeName) == ["block", "ignore-previous-rules", "ignore-previous-rules", "ignore-previous-rules", "block"])
        #expect(list.rules.map(\.line) == [2, 1, 3, 5, 4])
        let rules = try ContentRuleEngine(lists: [list.ruleList(source: "t")])
        #expect(try blocked(rules, "https://cdn.example.com/x.js"))
        #expect(try !blocked(rules, "https://good.example.com/x.js"))
        #expect(try !blocked(rules, "https://example.com/keep/a.png", type: "image"))
        #expect(try blocked(rules, "https://example.com/keep/a.js", type: "script"))
        #expect(try blocked(rules, "https://example.com/force/a.js"))
    }

    @Test("@@…$document excepts whole pages")
    func documentException() throws {
        let list = convert("||ads.net^\n@@||trusted.org^$document\n@@|https://site.com/page$document")
        #expect(list.rules[1].trigger.condition == Condition(kind: .ifDomain, values: ["*trusted.org"]))
        #expect(list.rules[2].trigger.condition?.kind == .ifTopURL)
        let rules = try ContentRuleEngine(lists: [list.ruleList(source: "t")])
        #expect(try blocked(rules, "https://ads.net/a.js", page: "https://news.example/"))
        #expect(try !blocked(rules, "https://ads.net/a.js", page: "https://www.trusted.org/"))
        #expect(try !blocked(rules, "https://ads.net/a.js", page: "https://site.com/page/1"))
    }

    @Test("$badfilter switches off its twin")
    func badfilter() {
        let list = convert("||ads.net^$third-party\n||ads.net^$third-party,badfilter\n||other.net^")
        #expect(list.rules.count == 1)
        #expect(list.skipped.map(\.line) == [1, 2])
        #expect(list.skipped.allSatisfy { $0.reason == .badfilter })
    }

    @Test("entity names (amazon.*) become an if-top-url rule beside the plain domains in network filters, not in hiding")
    func entities() {
        let list = convert("/ad/$domain=amazon.*|example.com\n/promo/$domain=read.amazon.*\n/x/$domain=amazon.*|~smile.amazon.com\namazon.*##.sponsored")
        #expect(list.rules.map(\.trigger.condition?.kind) == [.ifDomain, .ifTopURL, .ifTopURL])
        #expect(list.rules[2].trigger.condition?.values == [#"^[a-z][a-z+.-]*://([^/]*\.)?read\.amazon\.[a-z]+(\.[a-z]+)?[:/]"#])
        #expect(list.skipped.map(\.reason) == [.unusableDomains("amazon.* with exclusions"), .unusableDomains("amazon.*")])
    }

    @Test("element hiding: global, per site, excluded sites, #@# exceptions")
    func elementHiding() throws {
        let list = convert("##.ad-box\nnews.example,blog.example##.sponsor\n~news.example##.promo\n##.teaser\nnews.example#@#.teaser\n##.gone\n#@#.gone\nsite.example##.x\nsite.example#@#.x")
        let hides = list.rules.map { rule -> String in
            guard case .cssDisplayNone(let selector) = rule.action else { return "" }
            return selector + (rule.trigger.condition.map { " \($0.kind.rawValue) \($0.values.joined(separator: ","))" } ?? "")
        }
        #expect(hides == [".ad-box", ".promo unless-domain *news.example", ".teaser unless-domain *news.example", ".sponsor if-domain *news.example,*blog.example"])
        #expect(list.skipped.map(\.reason) == [.disabledByException, .disabledByException])
        #expect(list.rules.allSatisfy { $0.trigger.urlFilter == ".*" })
    }

    @Test("what WebKit cannot express is skipped, by reason", arguments: [
        ("||ads.net^$redirect=noop.js", AdblockSkipReason.unsupportedOption("redirect")),
        ("||ads.net^$csp=script-src 'none'", .unsupportedOption("csp")),
        ("||ads.net^$removeparam=utm_source", .unsupportedOption("removeparam")),
        ("||ads.net^$frobnicate", .unknownOption("frobnicate")),
        ("example.com##+js(set-constant, x, 1)", .scriptlet),
        ("example.com##div:has-text(Sponsored)", .proceduralCosmetic(":has-text()")),
        ("example.com##.ad:style(display: none)", .proceduralCosmetic(":style()")),
        ("example.com#?#div:-abp-has(.ad)", .cosmeticSyntax("#?#")),
        ("example.com#$#abort-on-property-read x", .cosmeticSyntax("#$#")),
        ("example.com##^script:has-text(ad)", .cosmeticSyntax("##^")),
        ("/a(b|c)(d|e)(f|g)(h|i)(j|k)(l|m)(n|o)/", .regexOutsideSubset("a disjunction of more than 64 alternatives")),
        ("/ad\\bx/", .regexOutsideSubset(URLFilterParseError.wordBoundary.message)),
        ("/реклама/", .nonASCII),
        ("##.ad[", .invalidSelector("")),
    ])
    func skipped(_ filter: String, _ reason: AdblockSkipReason) {
        let list = convert("! comment\n" + filter)
        #expect(list.rules.isEmpty)
        #expect(list.filterCount == 1)
        #expect(list.skipped.count == 1)
        #expect(list.skipped.first?.line == 2)
        if case .invalidSelector = reason {
            #expect(list.skipped.first?.reason.category == reason.category)
        } else {
            #expect(list.skipped.first?.reason == reason)
        }
    }

    @Test("a regex's disjunctions become one rule per alternative")
    func disjunctions() throws {
        let list = convert(#"/\.(php|jsx?)$/$script"# + "\n" + #"/^https?:\/\/(?:a|b)\.(x|y)\//"#)
        #expect(list.rules.map(\.trigger.urlFilter) == [#"\.(php)$"#, #"\.(jsx?)$"#, #"^https?://(a)\.(x)/"#, #"^https?://(a)\.(y)/"#, #"^https?://(b)\.(x)/"#, #"^https?://(b)\.(y)/"#])
        #expect(Set(list.rules.map(\.line)) == [1, 2])
        let rules = try ContentRuleEngine(lists: [list.ruleList(source: "t")])
        #expect(try blocked(rules, "https://x.com/a.js"))
        #expect(try !blocked(rules, "https://x.com/a.css"))
        #expect(try blocked(rules, "https://b.y/", type: "image"))
    }

    @Test("comments, headers and blank lines are no filters; CRLF line ends are read")
    func comments() {
        let list = convert("[Adblock Plus 2.0]\r\n! Title: x\r\n\r\n# a comment\r\n||ads.net^\r\n")
        #expect(list.filterCount == 1)
        #expect(list.rules.count == 1)
        #expect(list.rules[0].line == 5)
        #expect(list.skipped.isEmpty)
    }

    @Test("the JSON reads back as the same rules, with no errors")
    func jsonRoundTrip() throws {
        let list = convert("||ads.net^$script,third-party\n/x/$~image,domain=a.com\n@@||ads.net/ok^$xhr\n/Y/$match-case,method=post\n##.ad\nsite.com##.x\n@@||p.com^$document\n/o/$other\n/o2/$~ping")
        let parsed = RuleListParser.parse(RuleListJSON.json(list.rules), source: "out.json")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        let read = try #require(parsed.list)
        #expect(read.rules.map(\.trigger) == list.rules.map(\.trigger))
        #expect(read.rules.map(\.action) == list.rules.map(\.action))
    }

    @Test("split lists decide as the one list does, each within the size")
    func split() throws {
        var text = ""
        for number in 0..<40 { text += "||ads\(number).net^\n" }
        text += "@@||ads3.net/ok^\n@@||ads30.net/ok^\n||late.net^$important\n"
        let list = convert(text)
        let parts = try list.parts(maximumRules: 10)
        #expect(parts.allSatisfy { $0.count <= 10 })
        #expect(parts.allSatisfy { part in part.enumerated().allSatisfy { $0.offset == $0.element.index } })
        let whole = try ContentRuleEngine(lists: [list.ruleList(source: "t")])
        let split = try ContentRuleEngine(lists: parts.enumerated().map { RuleList(source: "p\($0.offset)", rules: $0.element) })
        for url in ["https://ads3.net/ok/1", "https://ads3.net/x", "https://ads30.net/ok/", "https://ads39.net/", "https://late.net/", "https://none.net/"] {
            #expect(try blocked(whole, url) == blocked(split, url), "\(url)")
        }
        #expect(throws: RuleSplitError.self) { try list.parts(maximumRules: 2) }
    }

    @Test("AdBlock lists are told from JSON by name and content")
    func detection() {
        #expect(AdblockListDetection.isAdblockList(path: "easylist.txt", bytes: Array("[]".utf8)))
        #expect(!AdblockListDetection.isAdblockList(path: "list.json", bytes: Array("||x^".utf8)))
        #expect(AdblockListDetection.isAdblockList(path: "list", bytes: Array("[Adblock Plus 2.0]\n||x^".utf8)))
        #expect(AdblockListDetection.isAdblockList(path: "list", bytes: Array("! comment".utf8)))
        #expect(!AdblockListDetection.isAdblockList(path: "list", bytes: Array(" [{\"trigger\":{}}]".utf8)))
        #expect(!AdblockListDetection.isAdblockList(path: "list", bytes: []))
        #expect(!AdblockListDetection.isAdblockList(path: "list", bytes: Array("[null]".utf8)))
    }
}
