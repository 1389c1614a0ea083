import ContentRules
import Testing
import WebURL
@testable import Sanitize

/// The serializer: what the browser receives must be the page the site sent,
/// text for text, with only limot's changes.
@Suite("Serialization")
struct SerializationTests {
    @Test("Persian and German text come out byte for byte, ZWNJ and dir included")
    func textIsIdentical() throws {
        let source = String(decoding: Fixtures.page("dictionary-entry"), as: UTF8.self)
        let output = Fixtures.sanitize(Fixtures.page("dictionary-entry")).html
        let rows = source.split(separator: "\n").filter { $0.contains("<tr>") || $0.contains("<h1>") }
        #expect(rows.count == 9)
        for row in rows { #expect(output.contains(row), "changed: \(row)") }
        #expect(output.contains("خانه\u{200C}ها"))
        #expect(output.contains("تکلیف\u{200C}های خانه"))
        #expect(output.contains("<title>Haus – خانه | loghatnameh.de Wörterbuch Deutsch–Persisch</title>"))
        #expect(output.contains(#"placeholder="Wort eingeben – واژه را وارد کنید""#))
    }

    @Test("no character turns into an entity or a percent escape in text")
    func noEntities() {
        let output = Fixtures.sanitize("<p>Grüße – «سلام» &amp; &lt;b&gt; &nbsp;x</p>").html
        #expect(output.contains("<p>Grüße – «سلام» &amp; &lt;b&gt; \u{00A0}x</p>"))
    }

    @Test("the doctype is kept as written, and none is invented")
    func doctype() {
        #expect(Fixtures.sanitize("<!DOCTYPE html><p>x").html.hasPrefix("<!DOCTYPE html><html>"))
        #expect(Fixtures.sanitize("<p>x</p>").html.hasPrefix("<html>"))
        let legacy = #"<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd"><p>x"#
        #expect(Fixtures.sanitize(legacy).html.hasPrefix(#"<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd"><html>"#))
    }

    @Test("a page without head gets one, with the head-start hole first in it")
    func headCreated() {
        let result = Fixtures.sanitize("<p>Hallo</p>")
        #expect(result.html.hasPrefix(#"<html><head>\#(Fixtures.headMarker)<meta charset="utf-8"><style>"#))
        #expect(result.html.contains("</style></head><body><p>Hallo</p>\(Fixtures.barMarker)</body></html>"))
        #expect(result.document.segments.filter { $0 == .headStart }.count == 1)
        #expect(result.document.segments.filter { $0 == .bodyEnd }.count == 1)
    }

    @Test("the page's own head gets the hole right after its start tag, attributes kept")
    func headKept() {
        let html = Fixtures.sanitize(#"<html lang="fa" dir="rtl"><head profile="x"><title>t</title></head><body>b</body></html>"#).html
        #expect(html.hasPrefix(#"<html lang="fa" dir="rtl"><head profile="x">\#(Fixtures.headMarker)<meta charset="utf-8">"#))
        #expect(html.hasSuffix("b\(Fixtures.barMarker)</body></html>"))
    }

    @Test("an empty page still gets a head and both holes")
    func emptyPage() {
        let result = Fixtures.sanitize("")
        #expect(result.document.segments.contains(.headStart))
        #expect(result.document.segments.contains(.bodyEnd))
        #expect(result.html.hasPrefix("<head>\(Fixtures.headMarker)<meta charset=\"utf-8\">"))
    }

    @Test("broken markup comes out well-formed, content after </html> before the bar")
    func brokenMarkup() {
        let html = Fixtures.sanitize(Fixtures.page("broken-markup")).html
        #expect(html.contains("<b>Wort: <i>Haus</i></b> – خانه"))
        #expect(html.contains("<p>erste Zeile</p><p>zweite Zeile <span dir=\"rtl\">نامه\u{200C}ها"))
        #expect(html.contains("<table><tr><td>eins</td><td>zwei</td></tr></table>"))
        #expect(html.contains("<ul><li>eins</li><li>zwei</li></ul>"))
        #expect(html.contains(#"<script nonce="\#(Fixtures.nonce)">document.write("<p>" + 1 + "</p>");</script>"#))
        #expect(html.hasSuffix("<p>nach dem Ende\n</p>\(Fixtures.barMarker)</body></html>"))
        #expect(html.occurrences(of: "<body") == 1 && html.occurrences(of: "<html") == 1)
    }

    @Test("void elements have no end tag; others always do")
    func voidElements() {
        let html = Fixtures.sanitize("<p>a<br>b<hr><img alt=x><input name=q><wbr></p><div/>").html
        for name in ["br", "hr", "img", "input", "wbr", "meta"] { #expect(!html.contains("</\(name)>")) }
        #expect(html.contains("<p>a<br>b</p><hr><img alt=\"x\"><input name=\"q\"><wbr><div></div>"))
    }

    @Test("scripts are written verbatim, text and attributes escaped")
    func escaping() {
        let html = Fixtures.sanitize(#"<script>if (a < b && c > d) { s = "</div>"; }</script><p title='say "hi" & <go>'>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>"#).html
        #expect(html.contains(#"if (a < b && c > d) { s = "</div>"; }</script>"#))
        #expect(html.contains(#"<p title="say &quot;hi&quot; &amp; &lt;go&gt;">1 &lt; 2 &amp;&amp; 3 &gt; 2</p>"#))
    }

    @Test("a URL with quote, angle brackets and ampersand stays inside its attribute")
    func hostileURL() throws {
        let page = #"<img id="x" src="/img/a&quot;b&lt;script&gt;alert(1)&lt;/script&gt;&amp;c.png" alt="ok"><a href='/dict?q="><script>alert(2)</script>&x=1'>l</a>"#
        let html = Fixtures.sanitize(page).html
        let image = try #require(html.tag(containing: #"id="x""#))
        #expect(image == #"<img id="x" src="/_limot/sub/image/https/www.loghatnameh.de/img/a%22b%3Cscript%3Ealert(1)%3C/script%3E&amp;c.png" alt="ok">"#)
        let link = try #require(html.tag(containing: "href="))
        #expect(link == #"<a href="/dict?q=%22%3E%3Cscript%3Ealert(2)%3C/script%3E&amp;x=1">"#)
        #expect(html.occurrences(of: "<script") == 0)
    }

    @Test("attribute values that are not URLs are escaped, not encoded")
    func attributeEscaping() throws {
        let html = Fixtures.sanitize(#"<div data-x="&quot;>&lt;/div&gt;<script>" title="ä & ö">x</div>"#).html
        #expect(html.contains(#"<div data-x="&quot;&gt;&lt;/div&gt;&lt;script&gt;" title="ä &amp; ö">x</div>"#))
    }

    @Test("SVG and MathML keep their camelCase names")
    func foreignNames() {
        let html = Fixtures.sanitize(Fixtures.page("svg-icons")).html
        for name in [#"viewBox="0 0 24 24""#, #"preserveAspectRatio="xMidYMid meet""#, "<linearGradient ", #"gradientUnits="userSpaceOnUse""#,
            #"gradientTransform="rotate(45)""#, "<clipPath ", #"clipPathUnits="objectBoundingBox""#, "</clipPath>", "<feGaussianBlur ",
            #"stdDeviation="2""#, "<feColorMatrix ", "<textPath ", #"startOffset="10""#, "<foreignObject ", "</foreignObject>",
            #"definitionURL="https://example.org/def""#]
        {
            #expect(html.contains(name), "lost: \(name)")
        }
        // Inside foreignObject it is HTML again: no camelCase there; local url(#…) references stay.
        #expect(html.contains(#"<div class="inside">HTML im SVG</div>"#))
        #expect(html.contains(#"fill="url(#grad)" clip-path="url(#clip)""#))
    }

    @Test("invalid UTF-8 becomes U+FFFD; the rest stays as it was")
    func invalidUTF8() {
        let bytes = Array("<p>Hallo ".utf8) + [0xFF, 0xFE] + Array(" خانه</p>".utf8)
        #expect(Fixtures.sanitize(bytes).html.contains("<p>Hallo \u{FFFD}\u{FFFD} خانه</p>"))
    }

    @Test("a charset declaration other than UTF-8 changes nothing: the input is UTF-8")
    func charsetIgnored() {
        let result = Fixtures.sanitize(#"<html><head><meta charset="windows-1252"><meta http-equiv="content-type" content="text/html; charset=iso-8859-1"></head><body>Wörterbuch خانه</body></html>"#)
        #expect(result.html.contains("Wörterbuch خانه"))
        #expect(result.html.occurrences(of: "charset") == 1)
        #expect(result.html.contains(#"<meta charset="utf-8">"#))
    }

    @Test("comments stay comments: none can end early in a browser")
    func comments() {
        let html = Fixtures.sanitize("<p>a<!-- note --></p><!---->").html
        #expect(html.contains("<p>a<!-- note --></p>"))
        #expect(!html.contains("--!>"))
    }
}
