import ContentRules
import FixtureSupport
import Testing
@testable import Sanitize

/// The page is rewritten as a stream of tokens: what the input leaves open,
/// SVG left unclosed and removed elements must not swallow or expose what
/// follows, and the tokenizer must split the input where a browser does.
@Suite("Streaming")
struct StreamingTests {
    static func sanitize(_ html: String) -> String {
        BlockedPathFixture.sanitize(html)
    }

    @Test("what the input leaves open is closed before the bar, a cut-off tag dropped", arguments: [
        ("<p>x<script>var a = 1", "<p>x<script nonce=\"\(Fixtures.nonce)\">var a = 1</script>"),
        ("<p>x<script><!-- if (a) {", "<p>x<script nonce=\"\(Fixtures.nonce)\"><!-- if (a) {--></script>"),
        ("<p>x<!-- open", "<p>x<!-- open-->"),
        ("<p>x<textarea>Text", "<p>x<textarea>Text</textarea>"),
        ("<p>x<title>", "<p>x<title></title>"),
        (#"<p>x<img src="/a.png"#, "<p>x"),
        ("<p>x<!DOCTYPE html", "<p>x<!DOCTYPE html>"),
    ])
    func unclosedAtEnd(_ page: String, _ expected: String) {
        #expect(Self.sanitize(page).hasSuffix(expected + Fixtures.barMarker), "\(page)")
    }

    @Test("an SVG left open ends with the element around it, as in a browser")
    func unclosedSVG() {
        let html = Self.sanitize(#"<div><svg><image href="/a.png"></div><script>if (a<b) { x = '<img src="/c.png">'; }</script><image src="/d.png">"#)
        #expect(html.contains(#"<image href="/_limot/sub/image/https/www.loghatnameh.de/a.png">"#))
        #expect(html.contains(#"<script nonce="\#(Fixtures.nonce)">if (a<b) { x = '<img src="/c.png">'; }</script>"#))
        #expect(html.contains(#"<image src="/_limot/sub/image/https/www.loghatnameh.de/d.png">"#))
    }

    @Test("HTML inside SVG leaves it, as browsers make it")
    func breakOut() {
        let html = Self.sanitize(#"<svg><p>Text</p><image src="/e.png"><style>a{b:url(/f.png)}</style>"#)
        #expect(html.contains(#"<image src="/_limot/sub/image/https/www.loghatnameh.de/e.png">"#))
        #expect(html.contains(#"<style>a{b:url("/_limot/sub/image/https/www.loghatnameh.de/f.png")}</style>"#))
    }

    @Test("a removed element ends where the browser ends it: at its end tag or its parent's")
    func removedExtent() {
        let html = Self.sanitize(#"<div id="d"><object data="/blocked/o.swf"><p>Ersatz<svg><title>t</title></div><p id="after">Danach</p><script>y<z</script>"#)
        #expect(html.contains(#"<div id="d"></div><p id="after">Danach</p><script nonce="\#(Fixtures.nonce)">y<z</script>"#))
        let nested = Self.sanitize(#"<video src="/blocked/v.mp4"><video><source src="/x.mp4"></video>fallback</video><p>ok</p>"#)
        #expect(nested.contains(#"<meta charset="utf-8"><p>ok</p>"#))
    }

    @Test("a removed script takes its whole source, however it looks")
    func removedScript() {
        let html = Self.sanitize(#"<script src="/blocked/a.js">document.write("<p>x</p></div>")</script><p>ok</p>"#)
        #expect(html.hasSuffix(#"<meta charset="utf-8"><p>ok</p>"# + Fixtures.barMarker))
    }

    @Test("an empty <style> does not make the next text CSS")
    func emptyStyle() {
        #expect(Self.sanitize("<style></style><p>url(/x.png)</p>").contains("<style></style><p>url(/x.png)</p>"))
    }

    @Test("tag and attribute names in any case are recognised and kept as written")
    func upperCase() {
        let html = Self.sanitize(#"<IMG SRC="/a.png" ALT="x"><A HREF="https://example.org/">e</A><SCRIPT SRC="/blocked/s.js"></SCRIPT>"#)
        #expect(html.contains(#"<IMG SRC="/_limot/sub/image/https/www.loghatnameh.de/a.png" ALT="x">"#))
        #expect(html.contains(#"<A HREF="https://example.org/" rel="noopener noreferrer">e</A>"#))
        #expect(!html.contains("SCRIPT"))
    }

    @Test("the tokenizer splits where a browser does", arguments: [
        (#"<a title=">"x>y"#, [HTMLTokenizer.Token.Kind.startTag, .text]),
        (#"<a title='x'href=y>"#, [.startTag]),
        ("< p>", [.text]),
        ("a<3 b", [.text]),
        ("</>x", [.comment, .text]),
        ("<?xml x?>", [.comment]),
        ("</p foo='>'>", [.endTag]),
        ("<!---->x", [.comment, .text]),
        ("<br/>", [.startTag]),
    ])
    func tokens(_ input: String, _ kinds: [HTMLTokenizer.Token.Kind]) {
        var bytes = Array(input.utf8)
        let found = bytes.withUnsafeMutableBufferPointer { buffer -> [HTMLTokenizer.Token.Kind] in
            var tokenizer = HTMLTokenizer(input: UnsafeBufferPointer(buffer))
            var kinds: [HTMLTokenizer.Token.Kind] = []
            while let token = tokenizer.next() { kinds.append(token.kind) }
            return kinds
        }
        #expect(found == kinds, "\(input)")
    }

    @Test("attributes are read as a browser reads them")
    func attributes() {
        var bytes = Array(#"<img src=/a.png alt = "x y" =odd data-x='1'checked>"#.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            var tokenizer = HTMLTokenizer(input: UnsafeBufferPointer(buffer))
            _ = tokenizer.next()
            let values = (0..<tokenizer.attributeCount).map { index -> String in
                let attribute = tokenizer.attribute(index)
                let name = String(decoding: buffer[attribute.nameRange], as: UTF8.self)
                return name + "=" + (attribute.valueRange.map { String(decoding: buffer[$0], as: UTF8.self) } ?? "nil")
            }
            #expect(values == ["src=/a.png", "alt=x y", "=odd=nil", "data-x=1", "checked=nil"])
        }
    }

    @Test("a tag with many attributes keeps them all, and the first of each kind counts")
    func manyAttributes() {
        let filler = (0..<40).map { "data-n\($0)=\"\($0)\"" }.joined(separator: " ")
        var bytes = Array("<img \(filler) src=\"/blocked/a.png\" src=\"/b.png\"><p \(filler) style=\"x\">".utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            var tokenizer = HTMLTokenizer(input: UnsafeBufferPointer(buffer))
            _ = tokenizer.next()
            #expect(tokenizer.attributeCount == 42)
            #expect(tokenizer.attributes[.src] == 40)
            #expect(tokenizer.attribute(41).valueRange.map { String(decoding: buffer[$0], as: UTF8.self) } == "/b.png")
            _ = tokenizer.next()
            #expect(tokenizer.attributeCount == 41)
            #expect(tokenizer.attributes[.src] == nil)
            #expect(tokenizer.attributes[.style] == 40)
        }
        // The first src is the one a browser loads: blocked, it takes the image with it.
        let html = Self.sanitize("<body><img \(filler) src=\"/blocked/a.png\" src=\"/b.png\"><p>kept</p>")
        #expect(!html.contains("<img"))
        #expect(html.contains("<p>kept</p>"))
    }

    @Test("any input, however mangled, gives one head, one bar and valid UTF-8")
    func mangledInput() {
        let pieces = ["<", ">", "</", "/>", "<!--", "-->", "--!>", "<!", "<?", "\"", "'", "=", " ", "\n", "&", "&amp;", "&#x",
            "script", "style", "svg", "math", "title", "textarea", "plaintext", "iframe", "img", "src", "href", "a", "/blocked/x.png",
            "head", "body", "html", "<![CDATA[", "]]>", "foreignObject", "base", "url(", ")", "خانه", "\u{200C}", "ä"]
        var generator = SeededGenerator(seed: 0x5EED)
        for _ in 0..<1500 {
            var page = ""
            for _ in 0..<Int(generator.next() % 40) { page += pieces[Int(generator.next() % UInt64(pieces.count))] }
            var bytes = Array(page.utf8)
            if generator.next() % 8 == 0 { bytes.insert(0xFF, at: Int(generator.next() % UInt64(bytes.count + 1))) }
            let document = HTMLSanitizer.sanitize(bytes, context: Fixtures.context(engine: BlockedPathFixture.engine))
            #expect(document.segments.filter { $0 == .headStart }.count == 1, "\(page)")
            #expect(document.segments.filter { $0 == .bodyEnd }.count == 1, "\(page)")
            let rendered = document.render(nonce: "n", headStart: "", bodyEnd: "")
            #expect(String(validating: rendered, as: UTF8.self) != nil, "\(page)")
        }
    }
}

