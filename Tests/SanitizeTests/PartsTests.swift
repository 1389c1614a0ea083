import ContentRules
import Testing
@testable import Sanitize

/// The small parsers the walk relies on, each checked on its own.
@Suite("Parts")
struct PartsTests {
    @Test("srcset splits like a browser: commas inside URLs, descriptors with parentheses")
    func srcset() {
        #expect(Srcset.parse("a.png 1x, b.png 2x") == [.init(url: "a.png", descriptor: "1x"), .init(url: "b.png", descriptor: "2x")])
        #expect(Srcset.parse(" /c_100,w_200/a.jpg 100w,/c_300,w_400/b.jpg 400w ")
            == [.init(url: "/c_100,w_200/a.jpg", descriptor: "100w"), .init(url: "/c_300,w_400/b.jpg", descriptor: "400w")])
        #expect(Srcset.parse("a.png,, b.png") == [.init(url: "a.png", descriptor: ""), .init(url: "b.png", descriptor: "")])
        #expect(Srcset.parse("a.png 1x (foo, bar), b.png") == [.init(url: "a.png", descriptor: "1x (foo, bar)"), .init(url: "b.png", descriptor: "")])
        #expect(Srcset.parse("  ,  ").isEmpty)
    }

    @Test("meta refresh finds the URL where browsers do", arguments: [
        ("5; url=/next", "/next"), ("0;URL='/q'", "/q"), (#"1, url = "/a b" "#, "/a b"), ("2;/plain", "/plain"),
    ])
    func refreshURL(_ content: String, _ url: String) throws {
        let range = try #require(MetaRefresh.urlRange(in: content))
        #expect(MetaRefresh.url(in: content, range: range) == url)
    }

    @Test("a refresh without URL, or not a refresh, has none", arguments: ["5", "  10  ", "soon; url=/x", ""])
    func refreshWithoutURL(_ content: String) {
        #expect(MetaRefresh.urlRange(in: content) == nil)
    }

    @Test("hidden selectors: plain ones grouped, pseudo-classes alone, breakouts dropped")
    func hiddenStyle() throws {
        let bytes = try #require(HiddenStyle.element(for: [".ad", #"a[href^="https://x/"]"#, "div:has(> .ad)", "a}body{display:none", "p::before", #"[title="</style>"]"#]))
        let css = String(decoding: bytes, as: UTF8.self)
        #expect(css == #"""
            <style>
            .ad,a[href^="https://x/"],[title="\3c /style>"]{display:none!important}
            div:has(> .ad){display:none!important}
            p::before{display:none!important}
            </style>
            """#)
        #expect(HiddenStyle.element(for: []) == nil)
    }

    @Test("every < of a selector is escaped, at its start, its end and side by side; unsafe shapes stay out")
    func hiddenStyleEscapesEveryLessThan() throws {
        let bytes = try #require(HiddenStyle.element(for: [#"[title="<"]"#, #"[a="<<b<"]"#, #"[b="x"]:not([c="<y"])"#]))
        #expect(String(decoding: bytes, as: UTF8.self) == #"""
            <style>
            [title="\3c "],[a="\3c \3c b\3c "]{display:none!important}
            [b="x"]:not([c="\3c y"]){display:none!important}
            </style>
            """#)
        for unsafe in ["", "   ", #"[a="x]"#, #"a\"#, "a{", "@media", "p;", "[a='\n']"] {
            #expect(HiddenStyle.shape(of: unsafe) == .unsafe, "\(unsafe.debugDescription)")
        }
        #expect(HiddenStyle.shape(of: #"a[b="{;}"]"#) == .plain)
        #expect(HiddenStyle.shape(of: #"a\:b"#) == .plain)
        #expect(HiddenStyle.shape(of: "ä:hover") == .special)
    }

    @Test("thousands of plain selectors share rules of 64")
    func hiddenStyleGroups() throws {
        let selectors = (0..<1000).map { ".ad-\($0)" }
        let css = String(decoding: try #require(HiddenStyle.element(for: selectors)), as: UTF8.self)
        #expect(css.occurrences(of: "{display:none!important}") == 16)
    }

    @Test("the hidden-style memo gives each list what the list itself gives, and tells spellings of a selector apart")
    func hiddenStyleMemo() {
        // Equal as Strings (canonically equivalent), different bytes: each must write its own.
        let composed = ".caf\u{E9}", decomposed = ".cafe\u{301}"
        let lists = [[composed, ".ad", ".ad", "a{"], [decomposed, ".ad", ".ad", "a{"], [composed, ".ad", ".ad", "a{"], [], [".x:hover", ".ad"], [".ad"]]
        for decided in lists {
            for _ in 0..<2 {  // once as it comes, once from the memo
                let styled = HiddenStyle.Memo.styled(decided)
                let kept = HTMLSanitizer.keptSelectors(decided)
                #expect(styled.kept.map { Array($0.utf8) } == kept.map { Array($0.utf8) })
                #expect(styled.element == HiddenStyle.element(for: kept))
                #expect(styled.headPrefix == Array(#"<meta charset="utf-8">"#.utf8) + (HiddenStyle.element(for: kept) ?? []))
            }
        }
        #expect(!HiddenStyle.Memo.sameBytes([composed], [decomposed]))
        #expect(!HiddenStyle.Memo.sameBytes([".ad"], [".ad", ".ad"]))
        #expect(!HiddenStyle.Memo.sameBytes([".ad", ".b"], [".ad", ".c"]))
        #expect(HiddenStyle.Memo.sameBytes([composed, "", ".ad"], [composed, "", ".ad"]))
        #expect(HiddenStyle.Memo.sameBytes([], []))
        // Long selectors (not small strings): the same storage, two storages
        // of the same bytes, two storages of different bytes of one length.
        let long = ".advertisement-banner-\(lists.count)"
        let again = String(decoding: Array(long.utf8), as: UTF8.self), other = String(decoding: Array(long.utf8.dropLast()) + [0x39], as: UTF8.self)
        #expect(HiddenStyle.Memo.sameBytes([long, ".ad"], [long, ".ad"]))
        #expect(HiddenStyle.Memo.sameBytes([long], [again]))
        #expect(!HiddenStyle.Memo.sameBytes([long], [other]))
        #expect(HiddenStyle.Memo.sameRepresentation(long, long))
        #expect(!HiddenStyle.Memo.sameRepresentation(long, again))
    }

    @Test("the hidden selectors of a frame come from its child-document decision")
    func frameSelectors() {
        let engine = Fixtures.engine(#"""
            [{"trigger": {"url-filter": ".*", "resource-type": ["child-document"]}, "action": {"type": "css-display-none", "selector": ".in-frames"}},
             {"trigger": {"url-filter": ".*", "resource-type": ["top-document"]}, "action": {"type": "css-display-none", "selector": ".on-pages"}}]
            """#)
        let page = HTMLSanitizer.hiddenSelectors(context: Fixtures.context(engine: engine))
        let frame = HTMLSanitizer.hiddenSelectors(context: Fixtures.context("https://w.example.org/f", top: Fixtures.entryURL, engine: engine))
        #expect(page == [".on-pages"])
        #expect(frame == [".in-frames"])
    }
}
