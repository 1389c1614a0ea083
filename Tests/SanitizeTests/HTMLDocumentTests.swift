import Testing
import Sanitize

/// The read-only tree `limot lookup` reads result pages with: what a browser
/// would build for the markup result pages use, and nothing worse than an
/// empty or cut-off tree for any other bytes.
@Suite("HTMLDocument")
struct HTMLDocumentTests {
    private func parse(_ html: String) -> HTMLDocument { HTMLDocument.parse(Array(html.utf8)) }

    /// The tree as nested names, text in quotes: `table(tbody(tr(td("a"))))`.
    private func shape(_ document: HTMLDocument, _ node: HTMLNode.ID? = nil) -> String {
        let node = node ?? document.root
        let parts = document.children(node).map { child -> String in
            switch document.kind(child) {
            case .text: return "\"\(document.text(of: child))\""
            default:
                let inner = shape(document, child)
                return document.name(child)! + (inner.isEmpty ? "" : "(\(inner))")
            }
        }
        return parts.filter { $0 != "\"\"" }.joined(separator: " ")
    }

    @Test("implied end tags: p, li, dt/dd, tr/td, option, as browsers build them", arguments: [
        ("<p>a<p>b<div>c</div>", #"p("a") p("b") div("c")"#),
        ("<ul><li>a<li>b<ul><li>c</ul><li>d</ul>", #"ul(li("a") li("b" ul(li("c"))) li("d"))"#),
        ("<dl><dt>a<dd>b<dd>c<dt>d<dd>e</dl>", #"dl(dt("a") dd("b") dd("c") dt("d") dd("e"))"#),
        ("<table><tr><td>a<td>b<tr><th>c</table>", #"table(tbody(tr(td("a") td("b")) tr(th("c"))))"#),
        ("<table><tbody><tr><td>a</tbody><tbody><td>b</table>", #"table(tbody(tr(td("a"))) tbody(tr(td("b"))))"#),
        ("<select><option>a<option>b</select>", #"select(option("a") option("b"))"#),
        ("<section><div><div>a</section><p>b", #"section(div(div("a"))) p("b")"#),
        ("<div>a</span>b</p></li></div>c", #"div("ab") "c""#),
        ("<p><b>a</p>c", #"p(b("a")) "c""#),
        ("<li><div>a<li>b", #"li(div("a")) li("b")"#),
        ("<h2>a<h3>b", #"h2("a") h3("b")"#),
        ("a<br>b<img src=x>c<hr/>d", #""a" br "b" img "c" hr "d""#),
        ("<div/>a</div>b", #"div("a") "b""#),
        ("<svg><path/><rect></rect></svg><p>a", #"svg(path rect) p("a")"#),
    ])
    func impliedEndTags(_ html: String, _ expected: String) {
        #expect(shape(parse(html)) == expected)
    }

    @Test("html, head and body once, head ended by body content, stray end tags ignored")
    func documentStructure() {
        let document = parse("<!DOCTYPE html><HTML lang=de><head><title>T</title><div>x</div></body></html><body><p>y")
        #expect(shape(document) == #"html(head(title("T")) div("x") p("y"))"#)
        #expect(document.attribute(document.children(document.root)[0], "lang") == "de")
    }

    @Test("names lower-cased, attribute values and text decoded, whitespace collapsed, ZWNJ kept")
    func decoding() throws {
        let document = parse("<DIV Class=\"a  b\" TITLE='x &amp; y &auml;' data-q=\"?a=1&copy=2\">  das &lt;Haus&gt;&nbsp;&#x62f;\n\n<B>خانه</B>&zwnj;ها &copy2  </DIV>")
        let div = try #require(document.children(document.root).first)
        #expect(document.name(div) == "div")
        #expect(document.attribute(div, "title") == "x & y ä")
        #expect(document.attribute(div, "data-q") == "?a=1&copy=2")
        #expect(document.classes(div) == ["a", "b"])
        #expect(document.attribute(div, "missing") == nil)
        #expect(document.text(of: div) == "das <Haus> د خانه\u{200C}ها ©2")
    }

    @Test("script, style, template, textarea and comments are not text; blocks separate words")
    func textContent() {
        let document = parse("""
            <div><script>var a = "<td>x</td>";</script><style>p{}</style><template><p>t</p></template>\
            <textarea>typed</textarea><!-- c --><noscript><p>n</p></noscript>\
            <p>eins</p><p>zwei</p><span>drei</span><span>vier</span>fünf<br>sechs</div>
            """)
        #expect(document.text(of: document.root) == "eins zwei dreivierfünf sechs")
        let template = document.descendants(of: document.root).first { document.name($0) == "template" }
        #expect(template == nil)
    }

    @Test("text without excluded subtrees")
    func excluding() throws {
        let document = parse(#"<td><a>das <b>Haus</b></a> <span class="gen">n</span></td>"#)
        let cell = try #require(document.children(document.root).first)
        #expect(document.text(of: cell, excluding: { document.classes($0).contains("gen") }) == "das Haus")
    }

    @Test("descendants are the subtree in document order; ancestors and siblings")
    func navigation() throws {
        let document = parse("<ul><li>a<li>b</ul><p>c")
        let ul = document.children(document.root)[0]
        let names = document.descendants(of: ul).compactMap { document.name($0) }
        #expect(names == ["li", "li"])
        let second = document.elementChildren(ul)[1]
        #expect(document.isAncestor(ul, of: second))
        #expect(!document.isAncestor(second, of: ul))
        #expect(document.ancestors(of: second) == [ul, document.root])
        #expect(document.nextSibling(ul).map { document.name($0) } == "p")
        #expect(document.parent(document.root) == nil)
    }

    @Test("the node limit keeps the beginning and says so")
    func nodeLimit() {
        let page = String(repeating: "<p>x</p>", count: 1000)
        let document = HTMLDocument.parse(Array(page.utf8), maximumNodes: 101)
        #expect(document.nodeCount == 101)
        #expect(document.isTruncated)
        #expect(document.text(of: document.root).hasPrefix("x x"))
        #expect(!HTMLDocument.parse(Array("<p>x".utf8)).isTruncated)
    }

    @Test("garbage, cut-off markup and deep nesting give a tree, never a crash or a hang")
    func garbage() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("<>/=\"' &;#xa-zABC!?[]-\u{0}".utf8) + [0xFF, 0xC3, 0xD8, 0x80]
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0..<400, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let document = HTMLDocument.parse(bytes)
            _ = document.text(of: document.root)
        }
        for page in ["<", "</", "<a", "<a href=\"", "<!--", "<script>", "<svg><![CDATA[", "&#x110000;&#0;", "</td></tr></table>",
                     String(repeating: "<div>", count: 50_000), String(repeating: "<table><tr><td>", count: 5_000)] {
            let document = HTMLDocument.parse(Array(page.utf8))
            #expect(document.nodeCount >= 1)
            if let last = document.descendants(of: document.root).last { #expect(document.ancestors(of: last).count <= 513) }
            _ = document.text(of: document.root)
        }
    }
}
