import Testing
@testable import Lookup

/// The CSS subset profiles use, matched as a browser matches it.
@Suite("CSS selectors")
struct SelectorTests {
    let page = ResultPage(parsing: Array("""
        <table class="results de-fa" id="r"><tr class="entry"><td class="de" lang="de">a</td><td class="fa x" dir="rtl">b</td></tr>
        <tr class="example"><td class="de">c</td></tr></table>
        <ul><li><a href="/search?q=Haus" data-x="one two">d</a></li></ul>
        """.utf8))

    private func select(_ selector: String) throws -> [String] {
        try CSSSelector(selector).select(in: page).map { page.text(of: $0) }
    }

    @Test("each supported form", arguments: [
        ("td", ["a", "b", "c"]), ("*.de", ["a", "c"]), ("#r td.fa", ["b"]), ("td[lang]", ["a"]), ("td[dir=rtl]", ["b"]),
        ("[class~=x]", ["b"]), ("a[href^='/search']", ["d"]), ("a[href$=Haus]", ["d"]), ("a[href*=\"q=\"]", ["d"]),
        ("a[data-x~=two]", ["d"]), ("tr:not(.example) > td", ["a", "b"]), ("table td:not(.de)", ["b"]),
        ("ul > li > a, tr.example td", ["c", "d"]), ("TABLE.results > TBODY > TR > TD.DE", []), ("table > td", []),
        ("  li   a  ", ["d"]), ("table.results > tbody > tr > td.de", ["a", "c"]),
    ])
    func matches(_ selector: String, _ expected: [String]) throws {
        #expect(try select(selector) == expected)
    }

    @Test("unsupported or broken syntax is an error with the position", arguments: [
        ("", "expected a selector, found the end", 1), ("td,", "expected a selector, found the end", 4),
        ("td >", "a selector is missing after the combinator", 5), ("a ~ b", "the combinator \"~\" is not supported (only descendant and \">\")", 3),
        ("li:first-child", "the pseudo-class \":first-child\" is not supported (only :not())", 3),
        ("p::before", "pseudo-elements are not supported", 2), ("[href", "\"]\" is missing", 6),
        ("[a|=b]", "the attribute operator \"|=\" is not supported", 3), ("a[href='x]", "the string is not closed", 8),
        (":not(a b)", ":not() takes one simple selector; expected \")\", found \"b\"", 8), ("a\\:b", "escapes are not supported", 2),
        ("td!", "unexpected \"!\"", 3),
    ])
    func errors(_ selector: String, _ message: String, _ position: Int) {
        #expect(throws: SelectorError(selector: selector, position: position, message: message)) { try CSSSelector(selector) }
    }
}
