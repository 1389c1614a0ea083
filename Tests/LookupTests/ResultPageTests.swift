import Testing
@testable import Lookup

/// The tree `limot lookup` reads result pages with (libxml2's HTML parser):
/// the structure result pages use, text as a reader sees it, and nothing
/// worse than an empty or cut-off tree for any other bytes.
@Suite("Result page tree")
struct ResultPageTests {
    /// The body's content as nested names, text in quotes: `table(tbody(tr(td("a"))))`.
    private func shape(_ html: String) -> String {
        let page = ResultPage(parsing: Array(html.utf8))
        let body = page.descendants(of: page.root).first { page.isElement($0, named: "body") }
        return body.map { shape(page, $0) } ?? ""
    }

    private func shape(_ page: ResultPage, _ node: ResultPage.Node) -> String {
        let parts = page.children(node).map { child -> String in
            guard let name = page.name(child) else { return "\"\(page.text(of: child))\"" }
            let inner = shape(page, child)
            return name + (inner.isEmpty ? "" : "(\(inner))")
        }
        return parts.filter { $0 != "\"\"" }.joined(separator: " ")
    }

    @Test("implied end tags of the elements result pages use, and the tbody browsers imply", arguments: [
        ("<p>a<p>b<div>c</div>", #"p("a") p("b") div("c")"#),
        ("<ul><li>a<li>b<ul><li>c</ul><li>d</ul>", #"ul(li("a") li("b" ul(li("c"))) li("d"))"#),
        ("<dl><dt>a<dd>b<dd>c<dt>d<dd>e</dl>", #"dl(dt("a") dd("b") dd("c") dt("d") dd("e"))"#),
        ("<table><tr><td>a<td>b<tr><th>c</table>", #"table(tbody(tr(td("a") td("b")) tr(th("c"))))"#),
        ("<table>\n<tr><td>a</td></tr>\n<tr><td>b</td></tr>\n</table>", #"table(tbody(tr(td("a")) tr(td("b"))))"#),
        ("<table><thead><tr><th>h</thead><tbody><tr><td>a</tbody></table>", #"table(thead(tr(th("h"))) tbody(tr(td("a"))))"#),
        ("<select><option>a<option>b</select>", #"select(option("a") option("b"))"#),
        ("<dl><dt>a<dd>b<p>c</p><dd>d<dd>e</dl>", #"dl(dt("a") dd("b" p("c")) dd("d") dd("e"))"#),
        ("<div>a<br>b<img src=x>c<hr/>d</div>", #"div("a" br "b" img "c" hr "d")"#),
    ])
    func structure(_ html: String, _ expected: String) {
        #expect(shape(html) == expected)
    }

    @Test("a div left open in the navigation does not take the entries after it into the navigation")
    func unclosedDivInNavigation() {
        let page = Array("<nav><div class=menu>Start</nav><table><tr><td>das Haus<td>خانه</table>".utf8)
        #expect(EntryExtractor.extract(page: page, profile: nil, direction: .germanToPersian).entries.map(\.headword.text) == ["Haus"])
    }

    @Test("an end tag closes what is left open inside it, as browsers do, but not across a table or a cell", arguments: [
        ("<nav><div class=m>a</nav><p>b</p>", #"nav(div("a")) p("b")"#),
        ("<header><div><div><b>a</header><main>b</main>", #"header(div(div(b("a")))) main("b")"#),
        ("<ul><li><div>a</ul><p>b</p>", #"ul(li(div("a"))) p("b")"#),
        // The standard ignores an end tag whose element is outside the table's scope.
        ("<section><table><tr><td>a</section>b</table>", #"section(table(tbody(tr(td("ab")))))"#),
        ("<div><span>a</div>b", #"div(span("a")) "b""#),
    ])
    func endTagsCloseWhatIsOpenInside(_ html: String, _ expected: String) {
        #expect(shape(html) == expected)
    }

    @Test("names lower-cased, references decoded, the first of repeated attributes, whitespace collapsed, ZWNJ kept")
    func decoding() throws {
        let page = ResultPage(parsing: Array("<DIV Class=\"a  b\" TITLE='x &amp; y &auml;' title=z hidden data-q=\"?a=1&copy=2\">  das &lt;Haus&gt;&nbsp;&#x62f;\n\n<B>خانه</B>&zwnj;ها  </DIV>".utf8))
        let div = try #require(page.descendants(of: page.root).first { page.name($0) == "div" })
        #expect(page.attribute(div, "title") == "x & y ä")
        #expect(page.attribute(div, "data-q") == "?a=1&copy=2")
        #expect(page.attribute(div, "hidden") == "")
        #expect(page.attribute(div, "missing") == nil)
        #expect(page.attributeNames(div) == ["class", "title", "hidden", "data-q"])
        #expect(page.classes(div) == ["a", "b"])
        #expect(page.text(of: div) == "das <Haus> د خانه\u{200C}ها")
    }

    @Test("script, style, template, textarea, noscript and comments are not text; blocks separate words")
    func textContent() {
        let page = ResultPage(parsing: Array("""
            <div><script>var a = "<td>x</td>";</script><style>p{}</style><template><p>t</p></template>\
            <textarea>typed</textarea><!-- c --><noscript><p>n</p></noscript>\
            <p>eins</p><p>zwei</p><span>drei</span><span>vier</span>fünf<br>sechs <mark>a</mark> <mark>b</mark> \
            ha<!-- split -->us</div>
            """.utf8))
        #expect(page.text(of: page.root) == "eins zwei dreivierfünf sechs a b haus")
        let paragraphs = page.descendants(of: page.root).filter { page.isElement($0, named: "p") }
        #expect(paragraphs.map { page.text(of: $0) } == ["eins", "zwei"])  // not the template's or the noscript's
    }

    @Test("text without excluded subtrees")
    func excluding() throws {
        let page = ResultPage(parsing: Array(#"<td><a>das <b>Haus</b></a> <span class="gen">n</span></td>"#.utf8))
        let cell = try #require(page.descendants(of: page.root).first { page.name($0) == "td" })
        #expect(page.text(of: cell, excluding: { page.classes($0).contains("gen") }) == "das Haus")
    }

    @Test("descendants are the subtree in document order; ancestors and siblings")
    func navigation() throws {
        let page = ResultPage(parsing: Array("<ul><li>a<li>b</ul><p>c".utf8))
        let ul = try #require(page.descendants(of: page.root).first { page.name($0) == "ul" })
        #expect(page.descendants(of: ul).compactMap { page.name($0) } == ["li", "li"])
        let second = page.elementChildren(ul)[1]
        #expect(page.isAncestor(ul, of: second))
        #expect(!page.isAncestor(second, of: ul))
        #expect(page.ancestors(of: second).map { page.name($0) ?? "#document" } == ["ul", "body", "html", "#document"])
        #expect(page.nextSibling(ul).map { page.name($0) } == "p")
        #expect(page.parent(page.root) == nil)
    }

    @Test("the node limit keeps the beginning")
    func nodeLimit() {
        let page = ResultPage(parsing: Array(String(repeating: "<p>x</p>", count: 1000).utf8), maximumNodes: 101)
        #expect(page.nodeCount == 101)
        #expect(page.text(of: page.root).hasPrefix("x x"))
        #expect(page.descendants(of: page.root).allSatisfy { page.isAncestor(page.root, of: $0) })
    }

    @Test("garbage, cut-off markup and deep nesting give a tree, never a crash or a hang; a cut-off page keeps its entries", .timeLimit(.minutes(1)))
    func malformed() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("<>/=\"' &;#xa-zABC!?[]-\u{0}".utf8) + [0xFF, 0xC3, 0xD8, 0x80]
        var pages: [[UInt8]] = (0..<300).map { _ in
            (0..<Int.random(in: 0..<400, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
        }
        pages += ["", "<", "</", "<a", "<a href=\"", "<!--", "<script>", "<svg><![CDATA[", "&#x110000;&#0;", "</td></tr></table>",
                  "<table><tr><td>Haus</td><td>خا", String(repeating: "<div>", count: 100_000) + "Haus خانه",
                  String(repeating: "<table><tr><td>", count: 20_000)].map { Array($0.utf8) }
        pages.append((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) })
        for bytes in pages {
            let page = ResultPage(parsing: bytes)
            _ = page.text(of: page.root)
            _ = EntryExtractor.extract(page: bytes, profile: Pages.shippedProfile, direction: .germanToPersian)
        }
        let cut = Array("<table><tr><td>das Haus</td><td>خانه</td></tr><tr><td>Ha".utf8)
        #expect(EntryExtractor.extract(page: cut, profile: nil, direction: .germanToPersian).entries.map(\.headword.text) == ["Haus"])
        // libxml2 stops at 256 levels: the rest of such a page is not read.
        let deep = ResultPage(parsing: Array((String(repeating: "<div>", count: 100_000) + "x").utf8))
        if let last = deep.descendants(of: deep.root).last { #expect(deep.ancestors(of: last).count <= 258) }
    }
}
