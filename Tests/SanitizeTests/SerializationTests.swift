import ContentRules
import Foundation
import Testing
import WebURL
@testable import Sanitize

/// The output: what the browser receives must be the page the site sent,
/// byte for byte, with only limot's changes.
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

    @Test("text is copied as written: no entity added, none decoded, nothing percent-escaped")
    func noEntities() {
        let page = "<p>Grüße – «سلام» &amp; &lt;b&gt; &nbsp;x \u{00A0}y &auml;</p>"
        #expect(Fixtures.sanitize(page).html.contains(page))
    }

    @Test("a `<` that opens no markup is body text, copied as written, at the very end too", arguments: [
        "<p>1 < 2, 3 <4 <= 5 <- x <<b>b</b> <</p>\n<div>x</div> <",
        "<p>x</p><", "<p>x</p> < <!-- c --> <? pi > </ > </3 <!x> <div>y</div>",
    ])
    func lessThanAsText(body: String) {
        let page = "<!doctype html><html><head><title>t</title></head><body>" + body
        #expect(Fixtures.sanitize(page).html.contains(body))
    }

    @Test("plain markup is copied as written, and ends what it opened, at every distance from the page's end (the fast lane leaves the last bytes to the tokenizer)")
    func plainMarkupNearTheEnd() {
        let engine = Fixtures.engine(#"[{"trigger": {"url-filter": "blocked\\.example"}, "action": {"type": "block"}}]"#)
        let head = "<!doctype html><html><head><title>t</title></head><body>"
        for padding in 0..<40 {
            let text = String(repeating: "z", count: padding)
            let body = "<table><tr>" + text + "<td class=\"de\">Haus</td><span>x</span></td><!-- c --></>"
            #expect(Fixtures.sanitize(head + body).html.contains(body), "padding \(padding)")
            // The removed video ends at the `</span>` of the span around it: the span is on the stack.
            let removed = "<div><span>" + text + "a<video src=\"https://blocked.example/v.mp4\">b</span>c</div>"
            let html = Fixtures.sanitize(head + removed, context: Fixtures.context(engine: engine)).html
            #expect(html.contains("<div><span>" + text + "a</span>c</div>"), "padding \(padding): \(html)")
        }
    }

    @Test("an end tag that makes an open head current again ends the fast lane's run: body content after it leaves the head, and a later </head> ends nothing")
    func headCurrentAgain() {
        let engine = Fixtures.engine(#"[{"trigger": {"url-filter": "blocked\\.example"}, "action": {"type": "block"}}]"#)
        for inside in ["", "<b>x</b>", "<i><b>x</b></i> "] {
            let page = "<head><template>" + inside + "</template><span>y</head><video src=\"https://blocked.example/v.mp4\">v</span>after"
            let html = Fixtures.sanitize(page, context: Fixtures.context(engine: engine)).html
            // The span stays open for the browser: its `</span>` ends the removed video.
            #expect(html.contains("<span>y</head></span>after"), "\(inside): \(html)")
        }
    }

    @Test("past the bound on open elements nothing more is opened, in the fast lane too: an end tag of an element past it ends no removed element")
    func openElementsBound() {
        let engine = Fixtures.engine(#"[{"trigger": {"url-filter": "blocked\\.example"}, "action": {"type": "block"}}]"#)
        for spans in [1_000, 1_100] {
            // Some spans ended on the way, as the lane ends them in its own runs.
            let nested = String(repeating: "<span><b>x</b>", count: spans) + "<i><b>y</b></i> "
            let page = "<body><div>" + nested + "<i><video src=\"https://blocked.example/v.mp4\">v</i>w</div>x"
            let html = Fixtures.sanitize(page, context: Fixtures.context(engine: engine)).html
            // Under the bound the `<i>` is open and its `</i>` ends the video; past it nothing
            // does (the `<div>` lies deeper than an end tag searches).
            let end = spans < 1_020 ? "<i></i>w</div>x" : "<i>"
            #expect(html.hasSuffix(end + Fixtures.barMarker), "\(spans) spans: \(html.suffix(40))")
        }
    }

    @Test("the doctype is kept as written, and none is invented")
    func doctype() {
        #expect(Fixtures.sanitize("<!DOCTYPE html><p>x").html.hasPrefix("<!DOCTYPE html><head>"))
        #expect(Fixtures.sanitize("<p>x</p>").html.hasPrefix("<head>"))
        // HTML 4.01's doctype as pages write it: its system identifier is
        // text the sanitizer copies, never an address anything fetches.
        let legacy = #"<!doctype HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">"# + "\n<p>x"
        #expect(Fixtures.sanitize(legacy).html.hasPrefix(#"<!doctype HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">"# + "\n<head>"))
    }

    @Test("a byte-order mark before the doctype keeps the doctype first (no quirks mode)")
    func byteOrderMark() {
        let html = Fixtures.sanitize("\u{FEFF}<!DOCTYPE html>\n<p>x").html
        #expect(html.hasPrefix("\u{FEFF}<!DOCTYPE html>\n<head>"))
    }

    @Test("a page without head gets one where the browser would imply it, the head-start hole first in it")
    func headCreated() {
        let result = Fixtures.sanitize("<p>Hallo</p>")
        #expect(result.html.hasPrefix(#"<head>\#(Fixtures.headMarker)<meta charset="utf-8"><style>"#))
        #expect(result.html.hasSuffix("</style><p>Hallo</p>\(Fixtures.barMarker)"))
        #expect(result.document.segments.filter { $0 == .headStart }.count == 1)
        #expect(result.document.segments.filter { $0 == .bodyEnd }.count == 1)
        let withHTML = Fixtures.sanitize("<!DOCTYPE html>\n<html lang=fa>\n  <!-- c -->\n<title>t</title><body>b</body></html>").html
        #expect(withHTML.hasPrefix("<!DOCTYPE html>\n<html lang=fa>\n  <!-- c -->\n<head>\(Fixtures.headMarker)<meta charset=\"utf-8\">"))
        #expect(withHTML.hasSuffix("</style><title>t</title><body>b\(Fixtures.barMarker)</body></html>"))
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
        #expect(result.html.hasSuffix(Fixtures.barMarker))
    }

    @Test("broken markup is passed on as written, for the browser to repair as it would the original")
    func brokenMarkup() throws {
        let source = String(decoding: Fixtures.page("broken-markup"), as: UTF8.self)
        let html = Fixtures.sanitize(Fixtures.page("broken-markup")).html
        for line in source.split(separator: "\n") where !line.contains("src=") && !line.contains("href=") && !line.contains("<script") && !line.contains("<html>") {
            #expect(html.contains(line), "changed: \(line)")
        }
        #expect(html.contains(#"<img src="/_limot/sub/image/https/www.loghatnameh.de/img/unquoted.png" alt=Bild><br/>"#))
        #expect(html.contains(#"<script nonce="\#(Fixtures.nonce)">document.write("<p>" + 1 + "</p>");</script>"#))
        // Content after </html> ends up at the end of the body: the bar comes after it.
        #expect(html.hasSuffix("</body></html>\n<p>nach dem Ende\n\(Fixtures.barMarker)"))
    }

    @Test("tags limot does not change are copied as written, no end tag invented")
    func untouchedTags() {
        let page = #"<p class=x>a<br>b<hr/><img alt=x><input name=q disabled><wbr></p><div/><td   data-a = 'b' >"#
        #expect(Fixtures.sanitize(page).html.hasSuffix("</style>" + page + Fixtures.barMarker))
    }

    @Test("in the body, a tag with an attribute every element may rewrite is found among tags copied as written")
    func rewrittenAmongCopiedTags() {
        let page = #"<body><div class=a><p>x<span title='>' style="background:url(/bg.png)">y</span><b crossorigin>z</b></p></div><p data-style="u" styles=1>w</p></body>"#
        let html = Fixtures.sanitize(page).html
        #expect(html.contains(#"<body><div class=a><p>x<span title='>' style=""#))
        #expect(html.contains(Fixtures.proxied("https://www.loghatnameh.de/bg.png", .image)))
        #expect(html.contains(#">y</span><b>z</b></p></div><p data-style="u" styles=1>w</p>"#))
    }

    @Test("scripts are written verbatim up to their real end, escapes and all")
    func scripts() {
        let page = #"<script>if (a < b && c > d) { s = "</div>"; } /* <!-- <script> </script> --> */ x = 1;</script><p>after</p>"#
        let html = Fixtures.sanitize(page).html
        #expect(html.contains(#"if (a < b && c > d) { s = "</div>"; } /* <!-- <script> </script> --> */ x = 1;</script><p>after</p>"#))
        #expect(html.occurrences(of: "nonce=") == 1)
    }

    @Test("what only looks like a tag inside raw text, comments and attributes is not one")
    func rawText() {
        let page = #"<title><img src="/a.png"></title><textarea><script src="/b.js"></script></textarea><style>p{}</style><!-- <img src="/c.png"> --><p title='<img src="/d.png">'>x</p><noscript><img src="/e.png"></noscript><xmp><img src="/f.png"></xmp>"#
        let html = Fixtures.sanitize(page).html
        #expect(html.hasSuffix("</style>" + page + Fixtures.barMarker))
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

    @Test("a rewritten attribute is escaped; the others of the tag stay as written")
    func attributeEscaping() {
        let html = Fixtures.sanitize(#"<img data-x='"><script>' src="/a&amp;b&quot;c.png" title=ä&amp;ö>"#).html
        #expect(html.contains(#"<img data-x='"><script>' src="/_limot/sub/image/https/www.loghatnameh.de/a&amp;b%22c.png" title=ä&amp;ö>"#))
    }

    @Test("character references in URLs mean what they mean to the browser")
    func references() {
        let html = Fixtures.sanitize(#"<a href="/dict?query=H&auml;user&amp;dir=de-fa&copy=1&#x2F;x&#47;y">l</a>"#).html
        #expect(html.contains(#"<a href="/dict?query=H%C3%A4user&amp;dir=de-fa&amp;copy=1/x/y">"#))
    }

    @Test("SVG and MathML keep their camelCase names and self-closing tags")
    func foreignNames() {
        let source = String(decoding: Fixtures.page("svg-icons"), as: UTF8.self)
        let html = Fixtures.sanitize(Fixtures.page("svg-icons")).html
        for line in source.split(separator: "\n") where !line.contains("href") && !line.contains("<head>") {
            #expect(html.contains(line), "changed: \(line)")
        }
        for name in [#"viewBox="0 0 24 24""#, "<linearGradient ", #"clipPathUnits="objectBoundingBox""#, #"<feGaussianBlur stdDeviation="2"/>"#,
            "<textPath ", "</foreignObject>", #"definitionURL="https://example.org/def""#]
        {
            #expect(html.contains(name), "lost: \(name)")
        }
        #expect(html.contains(#"<a xlink:href="/dict?query=Stern"><circle r="2"/></a>"#))
    }

    @Test("invalid UTF-8 becomes U+FFFD; the rest stays as it was")
    func invalidUTF8() {
        let bytes = Array("<p>Hallo ".utf8) + [0xFF, 0xFE] + Array(" خانه</p>".utf8)
        #expect(Fixtures.sanitize(bytes).html.contains("<p>Hallo \u{FFFD}\u{FFFD} خانه</p>"))
    }

    @Test("the page's charset declarations give way to limot's one UTF-8 declaration")
    func charsetReplaced() {
        let result = Fixtures.sanitize(#"<html><head><meta charset="windows-1252"><meta http-equiv="content-type" content="text/html; charset=iso-8859-1"></head><body>Wörterbuch خانه</body></html>"#)
        #expect(result.html.contains("Wörterbuch خانه"))
        #expect(result.html.occurrences(of: "charset") == 1)
        #expect(result.html.contains(#"<meta charset="utf-8">"#))
    }

    @Test("comments end where a browser ends them, and hide what is inside")
    func comments() {
        let page = #"<p>a<!-- note --><!--> <img src="/a.png"><!-- x --!> <img src="/b.png"><!-- <img src="/c.png"> -->"#
        let html = Fixtures.sanitize(page, context: Fixtures.context(engine: Fixtures.noRules)).html
        #expect(html.contains(#"<p>a<!-- note --><!--> <img src="/_limot/sub/image/https/www.loghatnameh.de/a.png"><!-- x --!> <img src="/_limot/sub/image/https/www.loghatnameh.de/b.png"><!-- <img src="/c.png"> -->"#))
    }

    @Test("a rewritten tag is spelled as before however its input is spaced: one space before each attribute, a replaced value double-quoted, repeats dropped")
    func rewrittenTagSpelling() {
        let image = "/_limot/sub/image/https/www.loghatnameh.de/a.png"
        // Written by hand: the tag as the rewriter spells it, whatever of it is copied from the input.
        let cases: [(String, String)] = [
            (#"<img src="/a.png" alt="x">"#, #"<img src="\#(image)" alt="x">"#),
            ("<img  src=\"/a.png\"\talt=\"x\"  title='t' data-v=u / >", #"<img src="\#(image)" alt="x" title='t' data-v=u>"#),
            ("<img\nsrc=\"/a.png\"\nalt=\"n\"/>", #"<img src="\#(image)" alt="n"/>"#),
            (#"<img src='/a.png' alt=x/>"#, #"<img src="\#(image)" alt=x/>"#),
            (#"<img src=/a.png alt="q">"#, #"<img src="\#(image)" alt="q">"#),
            (#"<IMG SRC = "/a.png" ALT="z" >"#, #"<IMG SRC="\#(image)" ALT="z">"#),
            (#"<img src="/a.png" src="/b.png" alt="y"/>"#, #"<img src="\#(image)" alt="y"/>"#),
            (#"<img integrity="sha" src="/a.png" crossorigin alt="d">"#, #"<img src="\#(image)" alt="d">"#),
            (#"<img alt="first" integrity="sha"src="/a.png">"#, #"<img alt="first" src="\#(image)">"#),
        ]
        for (tag, expected) in cases {
            let html = Fixtures.sanitize("<p>" + tag + "after", context: Fixtures.context(engine: Fixtures.noRules)).html
            #expect(html.contains("<p>" + expected + "after"), "\(tag): \(html)")
        }
    }
}
