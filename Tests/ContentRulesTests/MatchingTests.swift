import Testing
import WebURL
@testable import ContentRules

// WebKit's matching tests (Tools/TestWebKitAPI/Tests/WebCore/ContentExtensions.cpp),
// as extracted in /tmp/spec/webkit-test-cases.md §3. Group numbers are the spec's.
//
// Request helpers mirror WebKit's test helpers, quirks included: every request
// is made in load-context child-frame (mainFrameContext = false) with no
// request method, unless the group passes one.
//
// Expected actions are written as WebKit reports them, one per action
// location, in WebKit's order; `Decision.actions` must equal that list (as a
// multiset across several lists, whose order WebKit leaves unspecified).
// `Decision.outcomes` must account for the same actions, each with at least
// one contributing rule.

/// A load, as WebKit's test helpers describe it.
struct TestRequest: Sendable, CustomStringConvertible {
    var url: String
    var page: String?
    var frame: String?
    var type: ResourceTypes
    var method: RequestMethod?
    var helper: String
    /// WebKit's test helpers always use child-frame.
    var context: LoadContexts = .childFrame

    var description: String { helper + (context == .childFrame ? "" : " in the top frame") }
}

/// The same request made in the top frame (load-context top-frame).
private func inTopFrame(_ request: TestRequest) -> TestRequest {
    var request = request
    request.context = .topFrame
    return request
}

/// `mainDocumentRequest(url[, type])`: url = main document = frame.
private func M(_ url: String, _ type: ResourceTypes = .topDocument) -> TestRequest {
    TestRequest(url: url, page: url, frame: url, type: type, method: nil,
                helper: "M(\(url)\(type == .topDocument ? "" : ", \(type.names.joined())"))")
}

/// `subResourceRequest(url, main[, type])`: main document = frame = main.
private func S(_ url: String, _ main: String, _ type: ResourceTypes = .childDocument) -> TestRequest {
    TestRequest(url: url, page: main, frame: main, type: type, method: nil,
                helper: "S(\(url), \(main)\(type == .childDocument ? "" : ", \(type.names.joined())"))")
}

/// `requestInTopAndFrameURLs(url, top, frame[, type])`. (WebKit's optional
/// ancestor list cannot be expressed; in every case below the result does not
/// depend on ancestors other than the frame.)
private func T(_ url: String, _ top: String, _ frame: String, _ type: ResourceTypes = .topDocument) -> TestRequest {
    TestRequest(url: url, page: top, frame: frame, type: type, method: nil,
                helper: "T(\(url), top \(top), frame \(frame)\(type == .topDocument ? "" : ", \(type.names.joined())"))")
}

/// An explicit `ResourceLoadInfo`.
private func I(_ url: String, _ main: String, _ frame: String, _ type: ResourceTypes, method: RequestMethod? = nil) -> TestRequest {
    TestRequest(url: url, page: main, frame: frame, type: type, method: method,
                helper: "I(\(url), main \(main), frame \(frame), \(type.names.joined())\(method.map { ", \($0.rawValue)" } ?? ""))")
}

/// One rule's JSON; `filter` is written as in JSON text (backslashes doubled).
private func rule(_ type: String, _ filter: String, _ trigger: String = "", action: String = "") -> String {
    #"{"action":{"type":""# + type + #"""# + (action.isEmpty ? "" : "," + action) + #"},"trigger":{"url-filter":""#
        + filter + #"""# + (trigger.isEmpty ? "" : "," + trigger) + "}}"
}

private func block(_ filter: String, _ trigger: String = "") -> String { rule("block", filter, trigger) }
private func cookies(_ filter: String, _ trigger: String = "") -> String { rule("block-cookies", filter, trigger) }
private func https(_ filter: String, _ trigger: String = "") -> String { rule("make-https", filter, trigger) }
private func ignorePrevious(_ filter: String, _ trigger: String = "") -> String { rule("ignore-previous-rules", filter, trigger) }
private func ignoreFollowing(_ filter: String, _ trigger: String = "") -> String { rule("ignore-following-rules", filter, trigger) }
private func css(_ selector: String, _ filter: String, _ trigger: String = "") -> String {
    rule("css-display-none", filter, trigger, action: #""selector":""# + selector + #"""#)
}
private func notify(_ text: String, _ filter: String, _ trigger: String = "") -> String {
    rule("notify", filter, trigger, action: #""notification":""# + text + #"""#)
}
private func redirect(_ url: String, _ filter: String, _ trigger: String = "") -> String {
    rule("redirect", filter, trigger, action: #""redirect":{"url":""# + url + #""}"#)
}

struct MatchRow: Sendable {
    var request: TestRequest
    /// WebKit's actions, one per location, in WebKit's order.
    var expected: [String]
    /// Lists that did not see ignore-previous-rules (WebKit's stylesheet count); nil = all of them.
    var stylesheets: Int?
}

private func row(_ request: TestRequest, _ expected: [String], ss: Int? = nil) -> MatchRow {
    MatchRow(request: request, expected: expected, stylesheets: ss)
}

struct MatchGroup: Sendable {
    var name: String
    var lists: [[String]]
    /// The global display:none stylesheet's selectors of each list (WebKit
    /// §5.2); empty when the list has none.
    var globalSelectors: [[String]]
    var rows: [MatchRow]

    init(_ name: String, _ rules: [String], global: [String] = [], _ rows: [MatchRow]) {
        self.name = name
        self.lists = [rules]
        self.globalSelectors = [global]
        self.rows = rows
    }

    init(_ name: String, lists: [[String]], _ rows: [MatchRow]) {
        self.name = name
        self.lists = lists
        self.globalSelectors = lists.map { _ in [] }
        self.rows = rows
    }
}

struct MatchCase: Sendable, CustomTestStringConvertible {
    var group: MatchGroup
    var row: MatchRow
    var testDescription: String {
        "\(group.name): \(row.request) → \(row.expected)\(row.stylesheets.map { " ss=\($0)" } ?? "")"
    }
}

// MARK: - The groups

private let testHTML = #"test\\.html"#

private let groups: [MatchGroup] = basics + domains + mergedAndTopURL + listsAndStrings + flags + everything + ranges + frames + ignoreFollowing

// §3.1 Basics, search vs ^, case
private let basics: [MatchGroup] = [
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
private let domains: [MatchGroup] = [
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
private let topURLRule = #""if-top-url":["^http://web.*kit.org"]"#
private let unlessTopURLRule = #""unless-top-url":["^http://web.*kit.org"]"#

/// TopURL rows: (request, matches with if-top-url, url matches test\.html).
private let topURLRows: [(TestRequest, Bool, Bool)] = [
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

private let mergedAndTopURL: [MatchGroup] = [
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
private let stringParameters: [String] = [
    notify("AAA", "A"), notify("AAA", "A"), notify("BBB", "B"), css("CCC", "C"), css("selectorCombinedWithC", "C"), css("DDD", "D"),
    ignorePrevious("E"), block("F"), notify("GGG", "G"), notify("GGG", "I"), notify("AAA", "J"), notify("GGG", "K"),
]

private let listsAndStrings: [MatchGroup] = [
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

// §3.7 load-type, resource-type, request-method
private let flags: [MatchGroup] = [
    MatchGroup("50 load-type", [
        block("webkit.org", #""load-type":["third-party"]"#), block("whatwg.org", #""load-type":["first-party"]"#), block("alwaysblock.pdf"),
    ], [
        row(M("http://webkit.org"), []),
        row(I("http://webkit.org", "http://not_webkit.org", "http://not_webkit.org", .topDocument), ["block"]),
        row(M("http://whatwg.org"), ["block"]),
        row(I("http://whatwg.org", "http://not_whatwg.org", "http://not_whatwg.org", .topDocument), []),
        row(M("http://foobar.org/alwaysblock.pdf"), ["block"]),
        row(I("http://foobar.org/alwaysblock.pdf", "http://not_foobar.org/alwaysblock.pdf", "http://not_foobar.org/alwaysblock.pdf", .topDocument), ["block"]),
    ]),
    MatchGroup("51 resource-type", [
        block("block_all_types.org", #""resource-type":["document","image","style-sheet","script","font","raw","svg-document","media","popup"]"#),
        block("block_only_images", #""resource-type":["image"]"#),
    ], [ResourceTypes.topDocument, .image, .styleSheet, .script, .font, .other, .svgDocument, .media, .popup].map {
        row(M("http://block_all_types.org", $0), ["block"])
    } + [row(M("http://block_only_images.org", .image), ["block"]), row(M("http://block_only_images.org"), [])]),
] + RequestMethod.allCases.map { method in
    MatchGroup("52 request-method \(method.rawValue)", [block(".*", #""request-method": ""# + method.rawValue + #"""#)], [
        row(I("http://block_all_request_methods.org", "http://block_all_request_methods.org", "http://block_all_request_methods.org",
              .topDocument, method: method), ["block"]),
        // Spec §8.15 (from code): a load with no known method never matches a request-method rule.
        row(I("http://block_all_request_methods.org", "http://block_all_request_methods.org", "http://block_all_request_methods.org",
              .topDocument, method: nil), []),
    ])
} + [
    MatchGroup("52 request-method get vs post", [block(".*", #""request-method": "get""#)], [
        row(I("http://block_all_request_methods.org", "http://block_all_request_methods.org", "http://block_all_request_methods.org",
              .topDocument, method: .post), []),
    ]),
    MatchGroup("53 third-party scripts", [block("BlockOnlyIfThirdPartyAndScript", #""resource-type":["script"],"load-type":["third-party"]"#)], [
        row(S("http://webkit.org/BlockOnlyIfThirdPartyAndScript.js", "http://webkit.org", .script), []),
        row(S("http://webkit.org/BlockOnlyIfThirdPartyAndScript.png", "http://not_webkit.org", .image), []),
        row(S("http://webkit.org/BlockOnlyIfThirdPartyAndScript.js", "http://not_webkit.org", .script), ["block"]),
    ]),
    MatchGroup("54 flags with ignore-previous-rules", [
        block(".*", #""resource-type":["image"]"#), cookies(".*", #""load-type":["third-party"]"#),
        ignorePrevious(".*", #""load-type":["first-party"]"#),
    ], [
        row(M("http://webkit.org"), [], ss: 0),
        row(I("http://webkit.org", "http://not_webkit.org", "http://not_webkit.org", .topDocument), ["cookies"]),
        row(I("http://webkit.org", "http://not_webkit.org", "http://not_webkit.org", .image), ["block", "cookies"]),
    ]),
]

// §3.8 Matches-everything rules and the global stylesheet
private let everything: [MatchGroup] = [
    MatchGroup("55 global stylesheet", [css(".hidden", ".*")], global: [".hidden"], [row(M("http://webkit.org"), [])]),
    MatchGroup("56 universal css with if-domain", [css(".hidden", ".*", #""if-domain":["webkit.org"]"#)], [
        row(M("http://webkit.org"), ["css(.hidden)"]), row(M("http://w3c.org"), []),
    ]),
    MatchGroup("57 universal css with unless-domain", [css(".hidden", ".*", #""unless-domain":["webkit.org"]"#)], [
        row(M("http://webkit.org"), []), row(M("http://w3c.org"), ["css(.hidden)"]),
    ]),
    MatchGroup("58 universal css third-party", [css(".hidden", ".*", #""load-type":["third-party"]"#)], [
        row(M("http://webkit.org"), []), row(S("http://not_webkit.org", "http://webkit.org"), ["css(.hidden)"]),
    ]),
    MatchGroup("59 universal css after ignore-previous-rules", [ignorePrevious(".*"), css(".hidden", ".*")], [
        row(M("http://webkit.org"), ["css(.hidden)"], ss: 0),
    ]),
    MatchGroup("60 universal rules with domains and flags", [
        block(".*", #""if-domain":["webkit.org","*w3c.org"],"resource-type":["document","script"]"#),
        ignorePrevious("ignore", #""if-domain":["*webkit.org","w3c.org"]"#),
        cookies(".*", #""unless-domain":["webkit.org","whatwg.org"],"resource-type":["script","image"],"load-type":["third-party"]"#),
    ], [
        row(M("http://webkit.org"), ["block"]), row(M("http://w3c.org"), ["block"]), row(M("http://whatwg.org"), []),
        row(M("http://sub.webkit.org"), []), row(M("http://sub.w3c.org"), ["block"]), row(M("http://sub.whatwg.org"), []),
        row(M("http://webkit.org/ignore"), [], ss: 0), row(M("http://w3c.org/ignore"), [], ss: 0), row(M("http://whatwg.org/ignore"), []),
        row(M("http://sub.webkit.org/ignore"), [], ss: 0), row(M("http://sub.w3c.org/ignore"), ["block"]), row(M("http://sub.whatwg.org/ignore"), []),
        row(S("http://example.com/image.png", "http://webkit.org/", .image), []),
        row(S("http://example.com/image.png", "http://w3c.org/", .image), ["cookies"]),
        row(S("http://example.com/doc.html", "http://webkit.org/"), ["block"]),
        row(S("http://example.com/script.js", "http://webkit.org/", .script), ["block"]),
        row(S("http://example.com/script.js", "http://w3c.org/", .script), ["block", "cookies"]),
        row(S("http://example.com/script.js", "http://example.com/", .script), []),
        row(S("http://example.com/ignore/image.png", "http://webkit.org/", .image), [], ss: 0),
        row(S("http://example.com/ignore/image.png", "http://example.com/", .image), []),
        row(S("http://example.com/ignore/image.png", "http://example.org/", .image), ["cookies"]),
        row(S("http://example.com/doc.html", "http://example.org/"), []),
        row(S("http://example.com/", "http://example.com/", .font), []),
        row(S("http://example.com/ignore", "http://webkit.org/", .image), [], ss: 0),
        row(S("http://example.com/ignore", "http://webkit.org/", .font), [], ss: 0),
        row(S("http://example.com/", "http://example.com/", .script), []),
        row(S("http://example.com/ignore", "http://example.com/", .script), []),
    ]),
]

// §3.9 and §3.10
private func schemes(_ letters: String, _ expected: [String], ss: Int? = nil) -> [MatchRow] {
    letters.map { row(M("\($0)://www.webkit.org/"), expected, ss: ss) }
}

private func yyy(_ infixes: [String], _ expected: [String]) -> [MatchRow] {
    infixes.map { row(M("zzz://www.\($0)yyy.xxx/"), expected) }
}

private let rangeCase1Rows: [MatchRow] = schemes("ab", ["block"]) + schemes("cde", [], ss: 0) + schemes("fm", ["block"]) + schemes("n", [])

private let ranges: [MatchGroup] = [
    MatchGroup("61 StrictPrefixSeparatedMachines3", [block("A*D"), ignorePrevious("A*BA+"), https("A*BC")], [
        row(M("http://webkit.org/D"), ["block"]), row(M("http://webkit.org/AAD"), ["block"]), row(M("http://webkit.org/AB"), []),
        row(M("http://webkit.org/ABA"), [], ss: 0), row(M("http://webkit.org/ABAD"), [], ss: 0), row(M("http://webkit.org/BC"), ["https"]),
        row(M("http://webkit.org/ABC"), ["https"]), row(M("http://webkit.org/ABABC"), ["https"], ss: 0),
        row(M("http://webkit.org/ABABCAD"), ["https"], ss: 0), row(M("http://webkit.org/ABCAD"), ["block", "https"]),
    ]),
    MatchGroup("62 anchors", [block("^.*foo"), block("bar$"), block("^[ab]+bang")],
               ["http://webkit.org/foo", "foo://webkit.org/bar", "http://webkit.org/bar", "bar://webkit.org/bar", "abang://webkit.org/",
                "bbang://webkit.org/"].map { row(M($0), ["block"]) }
                   + ["cbang://webkit.org/", "http://webkit.org/bang", "bang://webkit.org/"].map { row(M($0), []) }),
    MatchGroup("63 prefixes", [block("^foo"), block("^.*[a-c]+bar"), block("^webkit:"), block("[a-c]+b+oom")], [
        row(M("http://webkit.org/"), []), row(M("foo://webkit.org/"), ["block"]), row(M("webkit://webkit.org/"), ["block"]),
        row(M("http://bar.org/"), []), row(M("http://abar.org/"), ["block"]), row(M("http://bbar.org/"), ["block"]),
        row(M("http://cbar.org/"), ["block"]), row(M("http://abcbar.org/"), ["block"]), row(M("http://dbar.org/"), []),
    ]),
    MatchGroup("64 RangeOverlapCase1", [block("^[a-m]"), ignorePrevious("^[c-e]")], rangeCase1Rows),
    MatchGroup("64 RangeOverlapCase1 search", [block("[a-m]"), ignorePrevious("[c-e]")], [
        row(M("zzz://www.a.xxx/"), ["block"]), row(M("zzz://www.c.xxx/"), [], ss: 0), row(M("zzz://www.n.xxx/"), []),
    ]),
    MatchGroup("65 RangeOverlapCase2", [block("^[b-d]"), css(".hidden", "^[a-m]")],
               schemes("a", ["css(.hidden)"]) + schemes("bd", ["block", "css(.hidden)"]) + schemes("em", ["css(.hidden)"]) + schemes("n", [])),
    MatchGroup("66 RangeOverlapCase3", [block("^[e-h]"), css(".hidden", "^[a-e]")],
               schemes("ad", ["css(.hidden)"]) + schemes("e", ["block", "css(.hidden)"]) + schemes("fh", ["block"]) + schemes("i", [])),
    MatchGroup("67 RangeOverlapCase4", [block("[c-e]+[g-i]+YYY"), css(".hidden", "[b-d]+[h-j]+YYY")],
               yyy(["bh", "bi", "bj"], ["css(.hidden)"]) + yyy(["bg", "bk", "by"], []) + yyy(["cg"], ["block"])
                   + yyy(["ch", "ci"], ["block", "css(.hidden)"]) + yyy(["cj"], ["css(.hidden)"]) + yyy(["ck", "cf"], [])
                   + yyy(["dg", "ddg"], ["block"]) + yyy(["ddh", "ddhh"], ["block", "css(.hidden)"]) + yyy(["deg", "deh"], ["block"])
                   + yyy(["dfg", "dfh"], []) + yyy(["dj", "ddj", "ddjj"], ["css(.hidden)"])),
    MatchGroup("68 CombinedRangeOverlapCase1", [block("^(foo)*[a-m]"), ignorePrevious("^(bar)*[c-e]")], rangeCase1Rows),
]

// §3.11 frame URLs
private let ex = "https://example.com/"
private let webkit = "https://webkit.org/"
private let whatwg = "https://whatwg.org/"
private let mixedCaseWhatwg = "https://example.com/wHaTwG"

private let frames: [MatchGroup] = [
    MatchGroup("69 if-frame-url", [block("https", #""if-frame-url":["whatwg"]"#)], [
        row(T(ex, webkit, whatwg), ["block"]), row(T(ex, webkit, webkit), []), row(T(ex, webkit, mixedCaseWhatwg), ["block"]),
    ]),
    MatchGroup("69 if-frame-url case-sensitive", [block("https", #""if-frame-url":["whatwg"],"frame-url-filter-is-case-sensitive":true"#)], [
        row(T(ex, webkit, mixedCaseWhatwg), []),
    ]),
    MatchGroup("69 if-frame-url + image", [block("https", #""if-frame-url":["whatwg"],"resource-type":["image"]"#)], [
        row(T(ex, webkit, whatwg), []), row(T(ex, webkit, whatwg, .image), ["block"]),
    ]),
    MatchGroup("69 if-frame-url and if-top-url", [block("https", #""if-frame-url":["whatwg"]"#), cookies("https", #""if-top-url":["example"]"#)], [
        row(T(ex, webkit, whatwg), ["block"]), row(T(ex, ex, webkit), ["cookies"]), row(T(ex, ex, whatwg), ["block", "cookies"]),
    ]),
    MatchGroup("69 if-frame-url .*", [block("https", #""if-frame-url":[".*"]"#)], [
        row(T(ex, webkit, whatwg), ["block"]), row(T("http://example.com/", webkit, whatwg), []),
    ]),
    MatchGroup("70 unless-frame-url", [block("https", #""unless-frame-url":["whatwg"]"#)], [
        row(T(ex, webkit, webkit), ["block"]), row(T(ex, webkit, whatwg), []), row(T(ex, webkit, mixedCaseWhatwg), []),
    ]),
    MatchGroup("70 unless-frame-url case-sensitive", [block("https", #""unless-frame-url":["whatwg"],"frame-url-filter-is-case-sensitive":true"#)], [
        row(T(ex, webkit, mixedCaseWhatwg), ["block"]),
    ]),
    MatchGroup("70 unless-frame-url + image", [block("https", #""unless-frame-url":["whatwg"],"resource-type":["image"]"#)], [
        row(T(ex, webkit, whatwg), []), row(T(ex, webkit, whatwg, .image), []),
        row(T(ex, webkit, "https://www.w3.org/"), []), row(T(ex, webkit, "https://www.w3.org/", .image), ["block"]),
    ]),
    MatchGroup("70 unless-frame-url and if-top-url", [block("https", #""unless-frame-url":["whatwg"]"#), cookies("https", #""if-top-url":["example"]"#)], [
        row(T(ex, webkit, whatwg), []), row(T(ex, webkit, "https://www.w3.org/"), ["block"]),
        row(T(ex, ex, webkit), ["block", "cookies"]), row(T(ex, ex, whatwg), ["cookies"]),
    ]),
    MatchGroup("70 unless-frame-url .*", [block("https", #""unless-frame-url":[".*"]"#)], [
        row(T(ex, webkit, whatwg), []), row(T(ex, ex, webkit), []), row(T(ex, webkit, "https://www.w3.org/", .image), []),
    ]),
    MatchGroup("71 if-ancestor-frame-url", [block(".*", #""if-ancestor-frame-url":["whatwg"]"#)], [
        row(T(whatwg, whatwg, whatwg), ["block"]), row(T(ex, ex, ex), []),
        row(T(ex, webkit, whatwg, .childDocument), ["block"]), row(T(ex, webkit, "https://apple.com/", .childDocument), []),
        row(T(ex, webkit, mixedCaseWhatwg), ["block"]),
    ]),
    MatchGroup("71 if-ancestor-frame-url case-sensitive", [block(".*", #""if-ancestor-frame-url":["whatwg"],"frame-url-filter-is-case-sensitive":true"#)], [
        row(T(ex, webkit, mixedCaseWhatwg), []),
    ]),
    MatchGroup("71 if-ancestor-frame-url + image", [block(".*", #""if-ancestor-frame-url":["whatwg"],"resource-type":["image"]"#)], [
        row(T(ex, webkit, whatwg), []), row(T(ex, webkit, whatwg, .image), ["block"]),
    ]),
]

// §3.12 ignore-following-rules
private let wk = "https://www.webkit.org/"
private let apple = "https://www.apple.com/"
private let w3 = "https://www.w3.org/"

private let ignoreFollowing: [MatchGroup] = [
    MatchGroup("72", [block(wk), ignoreFollowing(apple), block(apple), cookies(".*")], [
        row(M(wk), ["block", "cookies"]), row(M(apple), []), row(M(w3), ["cookies"]),
    ]),
    MatchGroup("73", [block(wk), ignoreFollowing(".*"), block(apple), cookies(".*")], [
        row(M(wk), ["block"]), row(M(apple), []), row(M(w3), []),
    ]),
    MatchGroup("74", [cookies(".*"), ignorePrevious(wk), block(wk), ignoreFollowing(wk), cookies(".*")], [
        row(M(wk), ["block"], ss: 0), row(M(apple), ["cookies", "cookies"]),
    ]),
    MatchGroup("75", [block(".*"), css(".hidden", ".*"), ignoreFollowing(wk), cookies(".*"), ignorePrevious("https://www.example.com/"), block(".*")],
               global: [".hidden"], [
        row(M(wk), ["block"]), row(M("https://www.example.com/"), ["block"], ss: 0), row(M(w3), ["block", "cookies", "block"]),
    ]),
    MatchGroup("76", [block(wk), ignoreFollowing(wk), ignorePrevious(wk)], [row(M(wk), ["block"]), row(M(apple), [])]),
    MatchGroup("77", [block(".*"), ignoreFollowing(".*"), ignorePrevious(".*")], [row(M(wk), ["block"]), row(M(apple), ["block"])]),
    MatchGroup("78", [block(wk), ignoreFollowing(wk), ignorePrevious(".*")], [row(M(wk), ["block"]), row(M(apple), [], ss: 0)]),
    MatchGroup("79a", [ignoreFollowing(".*"), css(".hidden", wk)], [row(M(wk), []), row(M(apple), [])]),
    MatchGroup("79b", [ignoreFollowing(wk), css(".hidden", ".*")], [row(M(wk), []), row(M(apple), ["css(.hidden)"])]),
    MatchGroup("80a", [css(".hidden", ".*"), ignoreFollowing(wk), css(".hidden", ".*")], global: [".hidden"], [
        row(M(wk), []), row(M(apple), ["css(.hidden)"]),
    ]),
    MatchGroup("80b", [block(".*"), ignoreFollowing(wk), block(apple), ignoreFollowing(apple), block(wk)], [
        row(M(wk), ["block"]), row(M(apple), ["block", "block"]), row(M(w3), ["block"]),
    ]),
]

private let matchCases: [MatchCase] = groups.flatMap { group in group.rows.map { MatchCase(group: group, row: $0) } }

// MARK: - Spec-derived groups (webkit-content-rules.md, not WebKit's test file)

private let page = "http://page.com/"

private let specGroups: [MatchGroup] = [
    MatchGroup("§4 resource-type other = other + ping + csp-report", [block("x", #""resource-type":["other"]"#)], [
        row(S("http://a.com/x", page, .other), ["block"]), row(S("http://a.com/x", page, .ping), ["block"]),
        row(S("http://a.com/x", page, .cspReport), ["block"]), row(S("http://a.com/x", page, .fetch), []),
        row(S("http://a.com/x", page, .image), []),
    ]),
    MatchGroup("§4 resource-type raw = fetch + websocket + other + ping", [block("x", #""resource-type":["raw"]"#)], [
        row(S("http://a.com/x", page, .fetch), ["block"]), row(S("http://a.com/x", page, .websocket), ["block"]),
        row(S("http://a.com/x", page, .other), ["block"]), row(S("http://a.com/x", page, .ping), ["block"]),
        row(S("http://a.com/x", page, .cspReport), []), row(S("http://a.com/x", page, .script), []),
    ]),
    MatchGroup("§4 resource-type document = top + child", [block("x", #""resource-type":["document"]"#)], [
        row(M("http://a.com/x"), ["block"]), row(S("http://a.com/x", page), ["block"]), row(S("http://a.com/x", page, .image), []),
    ]),
    MatchGroup("§4 resource-type top-document", [block("x", #""resource-type":["top-document"]"#)], [
        row(M("http://a.com/x"), ["block"]), row(S("http://a.com/x", page), []),
    ]),
    MatchGroup("§4 resource-type child-document, svg-document, popup, csp-report", [
        block("x", #""resource-type":["child-document"]"#), cookies("x", #""resource-type":["svg-document","popup"]"#),
        https("x", #""resource-type":["csp-report"]"#),
    ], [
        row(S("http://a.com/x", page), ["block"]), row(S("http://a.com/x", page, .svgDocument), ["cookies"]),
        row(S("http://a.com/x", page, .popup), ["cookies"]), row(S("http://a.com/x", page, .cspReport), ["https"]),
        row(M("http://a.com/x"), []),
    ]),
    MatchGroup("§4 load-context", [block("x", #""load-context":["top-frame"]"#), cookies("x", #""load-context":["child-frame"]"#)], [
        row(inTopFrame(S("http://a.com/x", page, .image)), ["block"]), row(S("http://a.com/x", page, .image), ["cookies"]),
    ]),
    MatchGroup("§4 load-type by registrable domain", [block("x", #""load-type":["first-party"]"#), cookies("x", #""load-type":["third-party"]"#)], [
        row(S("http://cdn.page.com/x", page, .image), ["block"]), row(S("http://page.com.evil.com/x", page, .image), ["cookies"]),
        row(S("http://a.co.uk/x", "http://b.co.uk/", .image), ["cookies"]), row(S("http://x.a.co.uk/x", "http://y.a.co.uk/", .image), ["block"]),
    ]),
    MatchGroup("§2.2.9 request-method in any case", [block(".*", #""request-method":"POST""#)], [
        row(I("http://a.com/", page, page, .fetch, method: .post), ["block"]), row(I("http://a.com/", page, page, .fetch, method: .get), []),
    ]),
    MatchGroup("§5.1 css-display-none comes after the other actions of its segment", [css(".a", "x"), block("x"), css(".b", "x")], [
        row(M("http://a.com/x"), ["block", "css(.a,.b)"]),
    ]),
    MatchGroup("§5.1 css groups are per trigger", [css(".a", "x"), css(".b", "x", #""resource-type":["image"]"#), css(".c", "x")], [
        row(M("http://a.com/x"), ["css(.a,.c)"]), row(M("http://a.com/x", .image), ["css(.a,.c)", "css(.b)"]),
    ]),
    MatchGroup("§5.1 css with a condition is placed at its rule", [css(".a", "x", #""if-domain":["a.com"]"#), block("x")], [
        row(M("http://a.com/x"), ["css(.a)", "block"]), row(M("http://b.com/x"), ["block"]),
    ]),
    MatchGroup("§5.1 css groups are flushed at ignore rules", [css(".a", "x"), ignorePrevious("y"), css(".b", "x"), block("x")], [
        row(M("http://a.com/x"), ["css(.a)", "block", "css(.b)"]), row(M("http://a.com/xy"), ["block", "css(.b)"], ss: 0),
    ]),
    MatchGroup("§5.1 equal actions with different flags have their own locations", [block("x"), block("x", #""resource-type":["image"]"#)], [
        row(M("http://a.com/x"), ["block"]), row(M("http://a.com/x", .image), ["block", "block"]),
    ]),
    MatchGroup("§5.1 notify merges by text and flags", [notify("n", "x"), notify("m", "x"), notify("n", "y")], [
        row(M("http://a.com/xy"), ["notify(n)", "notify(m)"]), row(M("http://a.com/y"), ["notify(n)"]),
    ]),
    MatchGroup("§8.13 equal redirects share a location across ignore-previous-rules", [
        redirect("https://r.com/", "a"), ignorePrevious("b"), redirect("https://r.com/", "a"),
    ], [
        row(M("http://x.com/a"), ["redirect:https://r.com/"]), row(M("http://x.com/ab"), [], ss: 0),
    ]),
    MatchGroup("§8.9 ^$ matches everything", [block("^$")], [
        row(M("http://a.com/x"), ["block"]), row(S("https://b.org/", page, .image), ["block"]),
    ]),
    MatchGroup("§8.9 ^$ css is global", [css(".g", "^$"), css(".h", "a?")], global: [".g", ".h"], [
        row(M("http://a.com/x"), []), row(S("https://b.org/", page, .image), []),
    ]),
    MatchGroup("§8.7 if-domain matches a URL inside the top URL", [block("x", #""if-domain":["webkit.org"]"#)], [
        row(S("http://a.com/x", "http://example.com/?u=https://webkit.org/"), ["block"]),
        row(S("http://a.com/x", "http://example.com/?u=webkit.org/"), []),
        row(S("http://a.com/x", "http://example.com/#x.webkit.org/"), []),
        row(S("http://a.com/x", "http://webkit.org:8080/"), ["block"]),
    ]),
    MatchGroup("§2.3 if-domain is case-insensitive", [block("x", #""if-domain":["webkit.org"]"#)], [
        row(S("http://a.com/x", "foo://WebKit.ORG/"), ["block"]),
    ]),
    MatchGroup("§2.3 top-url-filter-is-case-sensitive applies to if-domain", [block("x", #""if-domain":["webkit.org"],"top-url-filter-is-case-sensitive":true"#)], [
        row(S("http://a.com/x", "foo://WebKit.ORG/"), []), row(S("http://a.com/x", "foo://webkit.org/"), ["block"]),
    ]),
    MatchGroup("§2.3 a lone * domain", [block("x", #""if-domain":["*"]"#)], [
        row(S("http://a.com/x", "file:///tmp/page.html"), ["block"]), row(S("http://a.com/x", "http://a.com/"), []),
        row(S("http://a.com/x", "http://a.com./"), ["block"]),
    ]),
    MatchGroup("§6 conditions see the full URL, fragment included", [block("x", ##""if-top-url":["#frag$"]"##)], [
        row(S("http://a.com/x", "http://p.com/#frag"), ["block"]), row(S("http://a.com/x", "http://p.com/"), []),
    ]),
    MatchGroup("§6 the resource URL is canonical", [block(#"^http://a\\.com/%C3%A9\\?q#f$"#, #""url-filter-is-case-sensitive":true"#)], [
        row(M("HTTP://A.COM:80/é?q#f"), ["block"]),
    ]),
]

private let specCases: [MatchCase] = specGroups.flatMap { group in group.rows.map { MatchCase(group: group, row: $0) } }

// MARK: - Checking

/// The spec's short name of an action.
func shortName(_ action: Action) -> String {
    switch action {
    case .block: return "block"
    case .blockCookies: return "cookies"
    case .makeHTTPS: return "https"
    case .cssDisplayNone(let selector): return "css(\(selector))"
    case .notify(let text): return "notify(\(text))"
    case .ignorePreviousRules: return "ignore-previous-rules"
    case .ignoreFollowingRules: return "ignore-following-rules"
    case .redirect, .modifyHeaders: return action.summary
    }
}

private func lists(of group: MatchGroup) throws -> [RuleList] {
    try group.lists.enumerated().map { number, rules in
        let json = "[" + rules.joined(separator: ",") + "]"
        let parsed = RuleListParser.parse(json, source: group.lists.count == 1 ? "testFilter" : "testFilter\(number + 1)")
        try #require(parsed.errors.isEmpty, "\(group.name): the list does not parse: \(parsed.errors.map(\.description))")
        return try #require(parsed.list)
    }
}

private func request(_ request: TestRequest) throws -> ResourceRequest {
    ResourceRequest(
        url: try WebURL(request.url), type: request.type, pageURL: try request.page.map { try WebURL($0) },
        frameURL: try request.frame.map { try WebURL($0) }, method: request.method, loadContext: request.context)
}

@Suite("Matching (WebKit ContentExtensions.cpp)")
struct MatchingTests {
    @Test("WebKit matching", arguments: matchCases)
    func matching(_ testCase: MatchCase) throws {
        try check(testCase)
    }

    @Test("spec-derived matching", arguments: specCases)
    func specDerivedMatching(_ testCase: MatchCase) throws {
        try check(testCase)
    }

    /// make-https applies only to http: and ws: on their default port (spec §6).
    @Test("makesHTTPS", arguments: [
        ("http://a.com/x", true), ("ws://a.com/x", true), ("http://a.com:80/x", true), ("https://a.com/x", false),
        ("wss://a.com/x", false), ("http://a.com:8080/x", false), ("ws://a.com:81/x", false), ("ftp://a.com/x", false),
    ])
    func makesHTTPS(_ url: String, _ upgrades: Bool) throws {
        let ruleLists = try lists(of: MatchGroup("https", [https("x")], []))
        let engine = try ContentRuleEngine(lists: ruleLists)
        let decision = engine.decide(try request(S(url, page, .image)))
        #expect(decision.actions.map(shortName) == ["https"], "WebKit reports the action for every matching URL")
        #expect(decision.makesHTTPS == upgrades)
    }

    private func check(_ testCase: MatchCase) throws {
        let group = testCase.group
        let row = testCase.row
        let ruleLists = try lists(of: group)
        let load = try request(row.request)
        for options in [ContentRuleEngine.Options(), ContentRuleEngine.Options(indexesHosts: false, indexesDomains: false)] {
            let mode = options.indexesHosts ? "indexed" : "plain"
            let engine = try ContentRuleEngine(lists: ruleLists, options: options)
            let decision = engine.decide(load)
            let actual = decision.actions.map(shortName)
            if group.lists.count == 1 {
                #expect(actual == row.expected, "[\(mode)] actions")
            } else {
                #expect(actual.sorted() == row.expected.sorted(), "[\(mode)] actions as a multiset")
            }
            // The per-list account reports the same actions, each with its rules.
            let accounted = decision.outcomes.flatMap(\.actions)
            #expect(accounted.map { shortName($0.action) }.sorted() == actual.sorted(), "[\(mode)] outcomes' actions")
            #expect(accounted.allSatisfy { !$0.rules.isEmpty }, "[\(mode)] every outcome action names its rules")
            // WebKit's stylesheet count: lists that did not see ignore-previous-rules.
            let ignored = decision.outcomes.filter { $0.ignoredBy != nil }.count
            let stylesheets = row.stylesheets ?? group.lists.count
            #expect(group.lists.count - ignored == stylesheets,
                    "[\(mode)] lists that saw ignore-previous-rules: \(decision.outcomes.filter { $0.ignoredBy != nil }.map(\.source))")
            // The global stylesheet, and the selectors hidden on the page.
            #expect(engine.lists.map(\.globalSelectors) == group.globalSelectors, "[\(mode)] global stylesheet selectors")
            var hidden: [String] = []
            if row.request.type == .topDocument || row.request.type == .childDocument {
                for (number, outcomeList) in engine.lists.enumerated()
                where !decision.outcomes.contains(where: { $0.source == outcomeList.source && $0.ignoredBy != nil }) {
                    hidden += group.globalSelectors[number]
                }
            }
            for case .cssDisplayNone(let selector) in decision.actions { hidden.append(selector) }
            #expect(decision.hiddenSelectors.sorted() == hidden.sorted(), "[\(mode)] hidden selectors")
            // What `rules match` prints is WebKit's list: the global stylesheet is not among a load's actions.
            let printed = decision.actionSummaries.filter { $0.hasPrefix("css-display-none:") }
                .flatMap { $0.dropFirst("css-display-none:".count).split(separator: ",") }
            let expectedCSS = row.expected.filter { $0.hasPrefix("css(") }.flatMap { $0.dropFirst(4).dropLast().split(separator: ",") }
            #expect(printed.sorted() == expectedCSS.sorted(), "[\(mode)] css-display-none printed by rules match")
            if group.lists.count == 1 && !group.globalSelectors[0].isEmpty {
                // WebKit's stylesheet count: the list's stylesheet is off exactly when it saw ignore-previous-rules.
                #expect(decision.globalStylesheetsSwitchedOff == (stylesheets == 1 ? [] : ["testFilter"]), "[\(mode)] global stylesheet switched off")
            }
            // The convenience flags agree with the actions.
            #expect(decision.isBlocked == row.expected.contains("block"), "[\(mode)] isBlocked")
            #expect(decision.blocksCookies == row.expected.contains("cookies"), "[\(mode)] blocksCookies")
        }
    }

    /// A request-method rule applies to loads of its method and no other:
    /// rules and loads number methods alike (`RequestMethod.gateNumber`),
    /// and no two methods share a number.
    @Test("request-method applies to its own method only", arguments: RequestMethod.allCases)
    func requestMethodAppliesToItsMethodOnly(_ ruleMethod: RequestMethod) throws {
        let ruleLists = try lists(of: MatchGroup("method", [block(".*", #""request-method": ""# + ruleMethod.rawValue + #"""#)], []))
        let engine = try ContentRuleEngine(lists: ruleLists)
        for loadMethod in RequestMethod.allCases {
            let url = "http://a.com/x"
            let decision = engine.decide(try request(I(url, url, url, .fetch, method: loadMethod)))
            #expect(decision.isBlocked == (loadMethod == ruleMethod), "a \(ruleMethod.rawValue) rule, a \(loadMethod.rawValue) load")
        }
    }

    /// WebKit ignores data: URLs entirely.
    @Test func dataURLsAreNeverMatched() throws {
        let ruleLists = try lists(of: MatchGroup("data", [block(".*"), block("data"), css(".x", ".*")], []))
        let engine = try ContentRuleEngine(lists: ruleLists)
        let decision = engine.decide(try request(M("data:text/html,hello")))
        #expect(decision.actions.isEmpty)
        #expect(!decision.isBlocked)
    }

    /// The ignore bookkeeping in outcomes names the right rules (group 61, /ABAD).
    @Test func outcomesNameIgnoringAndOverriddenRules() throws {
        let ruleLists = try lists(of: MatchGroup("61", [block("A*D"), ignorePrevious("A*BA+"), https("A*BC")], []))
        let engine = try ContentRuleEngine(lists: ruleLists)
        let decision = engine.decide(try request(M("http://webkit.org/ABAD")))
        #expect(decision.actions.isEmpty)
        let outcome = try #require(decision.outcomes.first)
        #expect(outcome.ignoredBy?.index == 1)
        #expect(outcome.overridden.map(\.index) == [0])
        let cut = engine.decide(try request(M("http://webkit.org/ABCAD")))
        #expect(cut.outcomes.first?.actions.map { $0.rules.map(\.index) } == [[0], [2]])
    }
}
