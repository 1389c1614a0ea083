import Testing
import WebURL
@testable import ContentRules

// WebKit's groups of matching cases, §3.7–§3.12, and the spec-derived ones.

extension WebKitMatching {
    // §3.7 load-type, resource-type, request-method
    static let flags: [MatchGroup] = [
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
    static let everything: [MatchGroup] = [
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
    static func schemes(_ letters: String, _ expected: [String], ss: Int? = nil) -> [MatchRow] {
        letters.map { row(M("\($0)://www.webkit.org/"), expected, ss: ss) }
    }

    static func yyy(_ infixes: [String], _ expected: [String]) -> [MatchRow] {
        infixes.map { row(M("zzz://www.\($0)yyy.xxx/"), expected) }
    }

    static let rangeCase1Rows: [MatchRow] = schemes("ab", ["block"]) + schemes("cde", [], ss: 0) + schemes("fm", ["block"]) + schemes("n", [])

    static let ranges: [MatchGroup] = [
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
    static let ex = "https://example.com/"
    static let webkit = "https://webkit.org/"
    static let whatwg = "https://whatwg.org/"
    static let mixedCaseWhatwg = "https://example.com/wHaTwG"

    static let frames: [MatchGroup] = [
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
    static let wk = "https://www.webkit.org/"
    static let apple = "https://www.apple.com/"
    static let w3 = "https://www.w3.org/"

    static let ignoreFollowing: [MatchGroup] = [
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

    static let matchCases: [MatchCase] = groups.flatMap { group in group.rows.map { MatchCase(group: group, row: $0) } }

    // MARK: - Spec-derived groups (webkit-content-rules.md, not WebKit's test file)

    static let page = "http://page.com/"

    static let specGroups: [MatchGroup] = [
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

    static let specCases: [MatchCase] = specGroups.flatMap { group in group.rows.map { MatchCase(group: group, row: $0) } }
}
