import Testing
import WebURL
@testable import ContentRules

// WebKit's groups of matching cases, §3.1–§3.6 (see WebKitMatchingCases.swift).

extension WebKitMatching {
    // MARK: - The groups

    static let testHTML = #"test\\.html"#

    static let groups: [MatchGroup] = basics + domains + mergedAndTopURL + listsAndStrings + flags + everything + ranges + frames + ignoreFollowing

    // §3.1 Basics, search vs ^, case
    static let basics: [MatchGroup] = [
        MatchGroup("1 basic", [block("webkit.org")], [row(M("http://webkit.org/"), ["block"])]),
        MatchGroup("2 ^z", [block("^z")], [row(M("http://webkit.org/"), []), row(M("zttp://webkit.org/"), ["block"])]),
        MatchGroup("2 y", [block("y")], [row(M("http://webkit.org/"), []), row(M("http://webkit.org/ywebkit"), ["block"])]),
        MatchGroup("3 ^z ^c", [block("^z"), block("^c")], [
            row(M("http://webkit.org/"), []), row(M("bttp://webkit.org/"), []), row(M("cttp://webkit.org/"), ["block"]),
            row(M("dttp://webkit.org/"), []), row(M("zttp://webkit.org/"), ["block"]),
        ]),
        MatchGroup("4 RangeBasic", [
            block("w[0-9]c", #""url-filter-is-case-sensitive":true"#),
            cookies("[A-H][a-z]cko", #""url-filter-is-case-sensitive":true"#),
        ], [
            row(M("http://w3c.org"), ["block"]), row(M("w2c://whatwg.org/"), ["block"]), row(M("http://webkit.org/w0c"), ["block"]),
            row(M("http://webkit.org/wac"), []), row(M("http://webkit.org/wAc"), []),
            row(M("Aacko://webkit.org"), []), row(M("aacko://webkit.org"), []), row(M("http://gCcko.org/"), []), row(M("http://gccko.org/"), []),
            row(M("http://webkit.org/Gecko"), ["cookies"]), row(M("http://webkit.org/gecko"), []), row(M("http://webkit.org/GEcko"), []),
        ]),
        MatchGroup("5 [^a]+afoobar", [block("[^a]+afoobar")], [
            row(M("http://w3c.org"), []), row(M("http://w3c.org/foobafoobar"), ["block"]), row(M("http://w3c.org/foobarfoobar"), []),
            row(M("http://w3c.org/FOOBAFOOBAR"), ["block"]), row(M("http://w3c.org/FOOBARFOOBAR"), []),
            row(M("http://w3c.org/aafoobar"), []), row(M("http://w3c.org/Aafoobar"), []), row(M("http://w3c.org/aAfoobar"), []),
            row(M("http://w3c.org/AAfoobar"), []),
        ]),
        MatchGroup("6 optional prefix group", [block(#"^(http://whatwg\\.org/)?webkit\\.org"#)], [
            row(M("http://whatwg.org/webkit.org/"), ["block"]), row(M("http://whatwg.org/webkit.org"), ["block"]),
            row(M("http://webkit.org/"), []), row(M("http://whatwg.org/"), []), row(M("http://whatwg.org"), []),
        ]),
        MatchGroup("7 nested quantified groups", [block(#"^http://webkit\\.org/(foo(bar)*)+"#)], [
            row(M("http://webkit.org/foo"), ["block"]), row(M("http://webkit.org/foobar"), ["block"]), row(M("http://webkit.org/foobarbar"), ["block"]),
            row(M("http://webkit.org/foofoobar"), ["block"]), row(M("http://webkit.org/foobarfoobar"), ["block"]), row(M("http://webkit.org/foob"), ["block"]),
            row(M("http://webkit.org/foor"), ["block"]), row(M("http://webkit.org/"), []), row(M("http://webkit.org/bar"), []), row(M("http://webkit.org/fobar"), []),
        ]),
        MatchGroup("8 EmptyGroups", [block(#"^http://webkit\\.org/foo()bar"#), block(#"^http://webkit\\.org/((me)()(too))"#)],
                   [row(M("http://webkit.org/foobar"), ["block"]), row(M("http://webkit.org/metoo"), ["block"])]
                       + ["foo", "bar", "me", "too", "foome", "foomebar", "mefoo", "mefootoo"].map { row(M("http://webkit.org/" + $0), []) }),
        MatchGroup("9 QuantifiedEmptyGroups", [block(#"^http://webkit\\.org/foo()+bar"#), block(#"^http://webkit\\.org/(()*()?(target)()+)"#)],
                   [row(M("http://webkit.org/foobar"), ["block"]), row(M("http://webkit.org/target"), ["block"])]
                       + ["foo", "bar", "me", "too", "foome", "foomebar", "mefoo", "mefootoo"].map { row(M("http://webkit.org/" + $0), []) }),
        MatchGroup("10 .+", [block(".+")], ["", "a", "foo/bar?q=1#frag", "A/B/C"].map { row(M("http://webkit.org/" + $0), ["block"]) }),
        MatchGroup("11 ^foobar", [block("^foobar")], [
            row(M("foobar://webkit.org/foobar"), ["block"]), row(M("foobars:///foobar"), ["block"]),
            row(M("foobarfoobar:///foobarfoobarfoobar"), ["block"]),
            row(M("http://webkit.org/foobarfoo"), []), row(M("http://webkit.org/foobarf"), []), row(M("http://foobar.org/"), []),
        ]),
        MatchGroup("12 foobar$", [block("foobar$")], [
            row(M("http://webkit.org/foobar"), ["block"]), row(M("file:///foobar"), ["block"]), row(M("file:///foobarfoobarfoobar"), ["block"]),
            row(M("http://webkit.org/foobarfoo"), []), row(M("http://webkit.org/foobarf"), []),
        ]),
        MatchGroup("13 [^y]$", [block("[^y]$")],
                   ["", "a", "foobar", "Ya", "yFoobar"].map { row(M("http://webkit.org/" + $0), ["block"]) }
                       + ["y", "Y", "foobary", "foobarY"].map { row(M("http://webkit.org/" + $0), []) }),
        MatchGroup("14 dot never matches the end", [block(#"https://webkit\\.org/."#)], [
            row(M("https://webkit.org/foobar"), ["block"]), row(M("https://webkit.org/"), []),
            row(M("https://webkit.org/A"), ["block"]), row(M("https://webkit.org/z"), ["block"]),
        ]),
        MatchGroup("15 infix prefix suffix exact", [block("infix"), block("^prefix"), block("suffix$"), block(#"^http://exact\\.org/$"#)], [
            row(M("infix://webkit.org/"), ["block"]), row(M("http://infix.org/"), ["block"]), row(M("https://webkit.org/infix"), ["block"]),
            row(M("prefix://webkit.org/"), ["block"]), row(M("https://prefix.org/"), []), row(M("https://webkit.org/prefix"), []),
            row(M("https://webkit.org/suffix"), ["block"]), row(M("https://suffix.org/"), []), row(M("suffix://webkit.org/"), []),
            row(M("http://exact.org/"), ["block"]), row(M("http://exact.org/oops"), []),
        ]),
        MatchGroup("16 terms matching anything", [block(".*.*(.)*(.*)(.+)*(.?)*infix"), block("pre(.?)+(.+)?post")], [
            row(M("infix://webkit.org/"), ["block"]), row(M("http://infix.org/"), ["block"]), row(M("https://webkit.org/infix"), ["block"]),
            row(M("pre://webkit.org/post"), ["block"]), row(M("http://prepost.org/"), ["block"]), row(M("https://pre.org/posttail"), ["block"]),
            row(M("https://pre.pre/posttail"), ["block"]), row(M("https://pre.org/posttailpost"), ["block"]),
            row(M("https://post.org/pre"), []), row(M("https://pre.org/pre"), []), row(M("https://post.org/post"), []),
        ]),
        MatchGroup("17 dedup of equal actions", [block("prefix"), block("prefixsuffix")], [
            row(M("http://prefixsuffix.org/"), ["block"]), row(M("http://webkit.org/bbbprefixsuffixbbb"), ["block"]), row(M("http://suffix.org/"), []),
        ]),
        MatchGroup("18 different actions", [block("prefix"), cookies("prefixsuffix")], [
            row(M("http://prefix.org/"), ["block"]), row(M("http://prefixsuffix.org/"), ["block", "cookies"]), row(M("http://webkit.org/suffix"), []),
        ]),
        MatchGroup("19 foo.org bar.org", [block(#"foo\\.org"#), block(#"bar\\.org"#)],
                   ["foo.org", "bar.org", "foo.orgbar.org", "oo.orgbar.org", "rgbar.org", "foo.orgg"].map { row(M("http://\($0)/"), ["block"]) }
                       + ["foor.org", "fooar.org", "fooba.org", "foob.org", "foar.org", "barf.org", "baro.org", "bao.org"].map { row(M("http://\($0)/"), []) }),
        MatchGroup("20 TermsKnownToMatchAnything", [
            block("^pre1.*post1$"), block("^pre2(.*)post2$"), block("^pre3(.*)?post3$"), block("^pre4(.*)+post4$"), block("^pre5(.*)*post5$"),
            block("^pre6(.)*post6$"), block("^pre7(.+)*post7$"), block("^pre8(.?)*post8$"), block("^pre9(.+)?post9$"), block("^pre0(.?)+post0$"),
        ], (0...9).map { row(M("pre\($0)://webkit.org/post\($0)"), ["block"]) } + [row(M("pre1://webkit.org/post2"), [])]),
        MatchGroup("21 .*$ at the end", [block("foo.*$"), block("bar(.*)$")],
                   [row(M("https://webkit.org/"), [])]
                       + ["foo://webkit.org/", "https://foo.org/", "https://webkit.foo/", "https://webkit.org/foo",
                          "bar://webkit.org/", "https://bar.org/", "https://webkit.bar/", "https://webkit.org/bar"].map { row(M($0), ["block"]) }),
        MatchGroup("22 optional trailing terms", [block("foob?a?r?"), block("bazo(ok)?a?$"), block("cats*$")],
                   [row(M("https://webkit.org/"), [])]
                       + ["foo", "foob", "fooc", "fooba", "foobar", "foobar-stuff"].map { row(M("https://webkit.org/" + $0), ["block"]) }
                       + [row(M("https://webkit.org/baz"), [])]
                       + ["bazo", "bazoa", "bazook", "bazooka"].map { row(M("https://webkit.org/" + $0), ["block"]) }
                       + ["bazob", "bazoo", "bazookb", "bazookaa"].map { row(M("https://webkit.org/" + $0), []) }
                       + [row(M("https://cat.org/"), []), row(M("https://cats.org/"), [])]
                       + ["cat", "cats", "catss", "catsss"].map { row(M("https://webkit.org/" + $0), ["block"]) }
                       + [row(M("https://webkit.org/catso"), [])]),
    ]

    // §3.2 Domains
    static let domains: [MatchGroup] = [
        MatchGroup("23 if-domain webkit.org", [block(testHTML, #""if-domain":["webkit.org"]"#)],
                   [row(M("http://webkit.org/test.html"), ["block"])]
                       + ["http://webkit.org/test.htm", "http://bugs.webkit.org/test.html", "http://sub2.sub1.webkit.org/test.html",
                          "http://not_webkit.org/test.html", "http://webkit.organization/test.html"].map { row(M($0), []) }),
        MatchGroup("24 unless-domain webkit.org", [block(testHTML, #""unless-domain":["webkit.org"]"#)],
                   [row(M("http://webkit.org/test.html"), [])]
                       + ["http://bugs.webkit.org/test.html", "http://sub2.sub1.webkit.org/test.html", "http://not_webkit.org/test.html",
                          "http://webkit.organization/test.html"].map { row(M($0), ["block"]) }
                       + [row(M("http://webkit.org/test.htm"), [])]),
        MatchGroup("25 if-domain *webkit.org", [block(testHTML, #""if-domain":["*webkit.org"]"#)],
                   ["http://webkit.org/test.html", "http://bugs.webkit.org/test.html", "http://sub2.sub1.webkit.org/test.html"].map { row(M($0), ["block"]) }
                       + ["http://not_webkit.org/test.html", "http://webkit.organization/test.html",
                          "http://example.com/.webkit.org/in/path/test.html"].map { row(M($0), []) }),
        MatchGroup("26 unless-domain *webkit.org", [block(testHTML, #""unless-domain":["*webkit.org"]"#)],
                   ["http://webkit.org/test.html", "http://bugs.webkit.org/test.html", "http://sub2.sub1.webkit.org/test.html"].map { row(M($0), []) }
                       + ["http://not_webkit.org/test.html", "http://webkit.organization/test.html"].map { row(M($0), ["block"]) }),
        MatchGroup("27 if-domain sub1.webkit.org", [block(testHTML, #""if-domain":["sub1.webkit.org"]"#)], [
            row(M("http://sub1.webkit.org/test.html"), ["block"]), row(M("http://webkit.org/test.html"), []),
            row(M("http://bugs.webkit.org/test.html"), []), row(M("http://sub2.sub1.webkit.org/test.html"), []),
        ]),
        MatchGroup("28 if-domain *sub1.webkit.org", [block(testHTML, #""if-domain":["*sub1.webkit.org"]"#)], [
            row(M("http://sub1.webkit.org/test.html"), ["block"]), row(M("http://sub2.sub1.webkit.org/test.html"), ["block"]),
            row(M("http://webkit.org/test.html"), []), row(M("http://bugs.webkit.org/test.html"), []),
        ]),
        MatchGroup("29 unless-domain sub1.webkit.org", [block(testHTML, #""unless-domain":["sub1.webkit.org"]"#)], [
            row(M("http://webkit.org/test.html"), ["block"]), row(M("http://bugs.webkit.org/test.html"), ["block"]),
            row(M("http://sub2.sub1.webkit.org/test.html"), ["block"]), row(M("http://sub1.webkit.org/test.html"), []),
        ]),
        MatchGroup("30 unless-domain *sub1.webkit.org", [block(testHTML, #""unless-domain":["*sub1.webkit.org"]"#)], [
            row(M("http://webkit.org/test.html"), ["block"]), row(M("http://bugs.webkit.org/test.html"), ["block"]),
            row(M("http://sub1.webkit.org/test.html"), []), row(M("http://sub2.sub1.webkit.org/test.html"), []),
        ]),
        MatchGroup("31 combinedBackend1", [
            block("test_block_load", #""if-domain":["webkit.org"]"#), cookies("test_block_cookies", #""unless-domain":["webkit.org"]"#),
        ], [
            row(M("http://webkit.org/test_block_load.html"), ["block"]),
            row(S("http://whatwg.org/test_block_load.html", "http://webkit.org/"), ["block"]),
            row(S("http://whatwg.org/test_block_load.html", "http://not_webkit.org/"), []),
            row(M("http://webkit.org/test_block_cookies.html"), []),
            row(S("http://whatwg.org/test_block_cookies.html", "http://webkit.org/"), []),
            row(S("http://whatwg.org/test_block_cookies.html", "http://not_webkit.org/path/to/main/document.html"), ["cookies"]),
        ]),
        MatchGroup("32 combinedBackend2", [
            block(#"test_block_load\\.html"#, #""if-domain":["webkit.org"]"#),
            cookies(#"test_block_cookies\\.html"#, #""unless-domain":["w3c.org"]"#),
            css(".hidden", #"test_css\\.html"#),
        ], [
            row(M("http://webkit.org/test_css.html"), ["css(.hidden)"]), row(M("http://webkit.org/test_css.htm"), []),
            row(M("http://webkit.org/test_block_load.html"), ["block"]), row(M("http://not_webkit.org/test_block_load.html"), []),
            row(M("http://not_webkit.org/test_css.html"), ["css(.hidden)"]),
            row(M("http://webkit.org/TEST_CSS.hTmL/test_block_load.html"), ["block", "css(.hidden)"]),
            row(M("http://w3c.org/test_css.html"), ["css(.hidden)"]), row(M("http://w3c.org/test_block_load.html"), []),
            row(M("http://w3c.org/test_block_cookies.html"), []), row(M("http://w3c.org/test_css.html/test_block_cookies.html"), ["css(.hidden)"]),
            row(M("http://not_w3c.org/test_block_cookies.html"), ["cookies"]),
            row(M("http://not_w3c.org/test_css.html/test_block_cookies.html"), ["cookies", "css(.hidden)"]),
        ]),
        MatchGroup("33 if-domain + image", [block("test", #""if-domain":["webkit.org"],"resource-type":["image"]"#)], [
            row(M("http://webkit.org/test.html"), []), row(M("http://webkit.org/test.png", .image), ["block"]),
            row(M("http://not_webkit.org/test.png", .image), []),
        ]),
        MatchGroup("34 unless-domain + image", [block("test", #""unless-domain":["webkit.org"],"resource-type":["image"]"#)], [
            row(M("http://webkit.org/test.png", .image), []), row(M("http://not_webkit.org/test.png", .image), ["block"]),
            row(M("http://not_webkit.org/test.html"), []),
        ]),
        MatchGroup("35 domains are not regexes", [block(testHTML, #""if-domain":["we?bkit.org"]"#)], [
            row(M("http://webkit.org/test.html"), []), row(M("http://wbkit.org/test.html"), []),
        ]),
        MatchGroup("36 if-domain two domains", [block(testHTML, #""if-domain":["webkit.org", "w3c.org"]"#)], [
            row(M("http://webkit.org/test.html"), ["block"]), row(M("http://w3c.org/test.html"), ["block"]),
            row(M("http://whatwg.org/test.html"), []), row(M("http://webkit.org/test.htm"), []),
        ]),
        MatchGroup("37 unless-domain two domains", [block(testHTML, #""unless-domain":["webkit.org", "w3c.org"]"#)], [
            row(M("http://webkit.org/test.html"), []), row(M("http://w3c.org/test.html"), []), row(M("http://whatwg.org/test.html"), ["block"]),
        ]),
    ]

    // §3.3 and §3.4
    static let topURLRule = #""if-top-url":["^http://web.*kit.org"]"#
    static let unlessTopURLRule = #""unless-top-url":["^http://web.*kit.org"]"#

    /// TopURL rows: (request, matches with if-top-url, url matches test\.html).
    static let topURLRows: [(TestRequest, Bool, Bool)] = [
        (M("http://webkit.org/test.html"), true, true),
        (M("http://webkit.org/test.not_html"), false, false),
        (M("http://WEBKIT.org/test.html"), true, true),
        (M("http://webkit.org/TEST.html"), true, true),
        (M("http://web__kit.org/test.html"), true, true),
        (M("http://webk__it.org/test.html"), false, true),
        (M("http://not_webkit.org/test.html"), false, true),
        (S("http://not_webkit.org/test.html", "http://webkit.org/not_test.html"), true, true),
        (S("http://not_webkit.org/test.html", "http://not_webkit.org/not_test.html"), false, true),
        (S("http://webkit.org/test.html", "http://not_webkit.org/test.html"), false, true),
        (S("http://webkit.org/test.html", "http://webkit.org/test.html"), true, true),
        (S("http://webkit.org/test.html", "http://example.com/#http://webkit.org/test.html"), false, true),
        (S("http://example.com/#http://webkit.org/test.html", "http://webkit.org/test.html"), true, true),
    ]

    static let mergedAndTopURL: [MatchGroup] = [
        MatchGroup("38 DomainTriggersAlongMergedActions", [
            cookies(testHTML), block(testHTML, #""if-domain":["webkit.org"]"#),
            css("*", #"trigger-on-scripts\\.html"#, #""resource-type":["script"]"#),
            ignorePrevious("ignore-previous", #""resource-type":["image"]"#),
            cookies("except-this"),
        ], [
            row(M("http://webkit.org/test.htm"), []),
            row(M("http://webkit.org/test.html"), ["cookies", "block"]),
            row(M("http://notwebkit.org/test.html"), ["cookies"]),
            row(M("http://notwebkit.org/trigger-on-scripts.html"), []),
            row(M("http://notwebkit.org/trigger-on-scripts.html", .script), ["css(*)"]),
            row(M("http://webkit.org/trigger-on-scripts.html.test.html", .script), ["cookies", "block", "css(*)"]),
            row(M("http://notwebkit.org/ignore-previous-trigger-on-scripts.html"), []),
            row(M("http://notwebkit.org/ignore-previous-trigger-on-scripts.html", .script), ["css(*)"]),
            row(M("http://webkit.org/ignore-previous-trigger-on-scripts.html.test.html", .script), ["cookies", "block", "css(*)"]),
            row(M("http://notwebkit.org/ignore-previous-trigger-on-scripts.html", .image), [], ss: 0),
            row(M("http://webkit.org/ignore-previous-trigger-on-scripts.html", .image), [], ss: 0),
            row(M("http://notwebkit.org/ignore-previous-trigger-on-scripts.html.test.html", .image), [], ss: 0),
            row(M("http://webkit.org/ignore-previous-trigger-on-scripts.html.test.html", .image), [], ss: 0),
            row(M("http://notwebkit.org/except-this-ignore-previous-trigger-on-scripts.html"), ["cookies"]),
            row(M("http://notwebkit.org/except-this-ignore-previous-trigger-on-scripts.html.test.html"), ["cookies", "cookies"]),
            row(M("http://webkit.org/except-this-ignore-previous-trigger-on-scripts.html.test.html"), ["cookies", "block", "cookies"]),
            row(M("http://webkit.org/except-this-ignore-previous-trigger-on-scripts.html.test.html", .image), ["cookies"], ss: 0),
            row(M("http://notwebkit.org/except-this-ignore-previous-trigger-on-scripts.html", .script), ["css(*)", "cookies"]),
            row(M("http://webkit.org/except-this-ignore-previous-trigger-on-scripts.html.test.html", .script), ["cookies", "block", "css(*)", "cookies"]),
        ]),
        MatchGroup("39 if-top-url", [block(testHTML, topURLRule)], topURLRows.map { row($0.0, $0.1 && $0.2 ? ["block"] : []) }),
        MatchGroup("40 unless-top-url", [block(testHTML, unlessTopURLRule)], topURLRows.map { row($0.0, !$0.1 && $0.2 ? ["block"] : []) }),
        MatchGroup("41 if-top-url .*", [block(testHTML, #""if-top-url":[".*"]"#)], [
            row(M("http://webkit.org/test.html"), ["block"]), row(M("http://not_webkit.org/test.html"), ["block"]),
            row(M("http://webkit.org/test.not_html"), []),
        ]),
        MatchGroup("42 unless-top-url .*", [block(testHTML, #""unless-top-url":[".*"]"#)], [
            row(M("http://webkit.org/test.html"), []), row(M("http://not_webkit.org/test.html"), []),
            row(S("http://webkit.org/test.html", "http://example.com/"), []), row(M("http://webkit.org/test.not_html"), []),
        ]),
        MatchGroup("43 if-top-url and unless-top-url", [
            block(testHTML, topURLRule), cookies(testHTML, #""resource-type":["document"], "# + unlessTopURLRule),
        ], [
            row(M("http://webkit.org/test.html"), ["block"]), row(M("http://not_webkit.org/test.html"), ["cookies"]),
            row(S("http://webkit.org/test.html", "http://not_webkit.org"), ["cookies"]),
            row(S("http://webkit.org/test.html", "http://not_webkit.org", .image), []),
        ]),
        MatchGroup("44 top-url-filter-is-case-sensitive", [
            block(testHTML, #""if-top-url":["^http://web.*kit.org/test"], "top-url-filter-is-case-sensitive":true"#),
        ], [
            row(M("http://webkit.org/test.html"), ["block"]), row(M("http://WEBKIT.org/test.html"), ["block"]),
            row(M("http://webkit.org/TEST.html"), []),
        ]),
        MatchGroup("45 top-url case-insensitive", [block(testHTML, #""if-top-url":["^http://web.*kit.org/test"]"#)], [
            row(M("http://webkit.org/TEST.html"), ["block"]),
        ]),
    ]

    // §3.5 Multiple lists, §3.6 string actions
    static let stringParameters: [String] = [
        notify("AAA", "A"), notify("AAA", "A"), notify("BBB", "B"), css("CCC", "C"), css("selectorCombinedWithC", "C"), css("DDD", "D"),
        ignorePrevious("E"), block("F"), notify("GGG", "G"), notify("GGG", "I"), notify("AAA", "J"), notify("GGG", "K"),
    ]

    static let listsAndStrings: [MatchGroup] = [
        MatchGroup("46 MultipleExtensions", lists: [[block("block_load")], [cookies("block_cookies")]], [
            row(M("http://webkit.org"), [], ss: 2), row(M("http://webkit.org/block_load.html"), ["block"], ss: 2),
            row(M("http://webkit.org/block_cookies.html"), ["cookies"], ss: 2),
            row(M("http://webkit.org/block_load/block_cookies.html"), ["cookies", "block"], ss: 2),
        ]),
        MatchGroup("47 MultipleExtensions with ignore-previous-rules",
                   lists: [[block("block_load"), ignorePrevious("ignore1")], [cookies("block_cookies"), ignorePrevious("ignore2")]], [
            row(M("http://webkit.org/block_load/ignore1.html"), [], ss: 1),
            row(M("http://webkit.org/block_cookies/ignore1.html"), ["cookies"], ss: 1),
            row(M("http://webkit.org/block_load/ignore2.html"), ["block"], ss: 1),
            row(M("http://webkit.org/block_cookies/ignore2.html"), [], ss: 1),
            row(M("http://webkit.org/block_load/block_cookies/ignore1/ignore2.html"), [], ss: 0),
        ]),
        MatchGroup("48 notify", [notify("testnotification", "matches")], [row(M("test:///matches"), ["notify(testnotification)"])]),
        MatchGroup("49 StringParameters", stringParameters, [
            row(M("http://A"), ["notify(AAA)"]), row(M("http://B"), ["notify(BBB)"]), row(M("http://C"), ["css(CCC,selectorCombinedWithC)"]),
            row(M("http://D"), ["css(DDD)"]), row(M("http://E"), [], ss: 0), row(M("http://F"), ["block"]), row(M("http://G"), ["notify(GGG)"]),
            row(M("http://GIK"), ["notify(GGG)"]), row(M("http://AJ"), ["notify(AAA)", "notify(AAA)"]), row(M("http://AE"), [], ss: 0),
            row(M("http://ABCDE"), [], ss: 0), row(M("http://ABCDEFG"), ["block", "notify(GGG)"], ss: 0),
            row(M("http://FG"), ["block", "notify(GGG)"]), row(M("http://EFG"), ["block", "notify(GGG)"], ss: 0),
        ]),
    ]
}
