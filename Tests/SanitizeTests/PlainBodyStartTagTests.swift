import Testing
@testable import Sanitize

/// The start tags the rewriter's fast lane hands over in the plain body
/// (HTML content after the head, nothing removed around it) take a shorter
/// way through `startTag`, with the element kind the fast lane found: they
/// must be read as HTML reads them, and SVG and MathML must still be entered.
/// Expectations written by hand from the HTML standard's reading.
@Suite("Plain-body start tags")
struct PlainBodyStartTagTests {
    static func sanitize(_ html: String) -> String {
        BlockedPathFixture.sanitize(html)
    }

    /// A plain body before each tag: text and a `<p>` the fast lane reads past.
    static let body = "<!DOCTYPE html><html><head><title>t</title></head><body><p>Text</p>"

    @Test("HTML names with another meaning in SVG are read as HTML", arguments: [
        // `<image>` is `<img>` in HTML: its `src` loads an image.
        (#"<image src="/d.png">"#, #"<image src="/_limot/sub/image/https/www.loghatnameh.de/d.png">"#),
        // `<use>` loads nothing in HTML: its `href` stays as written.
        (##"<use href="/icons.svg#a">"##, ##"<use href="/icons.svg#a">"##),
        (#"<img src="/a.png">"#, #"<img src="/_limot/sub/image/https/www.loghatnameh.de/a.png">"#),
        (#"<a href="/search?q=Haus">Haus</a>"#, #"<a href="/search?q=Haus">Haus</a>"#),
    ])
    func htmlMeaning(_ tag: String, _ expected: String) {
        #expect(Self.sanitize(Self.body + tag).contains(expected), "\(tag)")
    }

    @Test("an element with raw text switches the tokenizer: its text is no markup", arguments: [
        // RCDATA: the `<img>` in a textarea is text, loads nothing and stays as written.
        (#"<textarea><img src="/t.png"></textarea><img src="/u.png">"#,
         #"<textarea><img src="/t.png"></textarea><img src="/_limot/sub/image/https/www.loghatnameh.de/u.png">"#),
        (#"<noscript><img src="/n.png"></noscript>"#, #"<noscript><img src="/n.png"></noscript>"#),
    ])
    func rawText(_ tags: String, _ expected: String) {
        #expect(Self.sanitize(Self.body + tags).contains(expected), "\(tags)")
    }

    @Test("a blocked element goes with its content, and what follows is kept")
    func removed() {
        let html = Self.sanitize(Self.body + #"<video src="/blocked/v.mp4"><p>inside</p></video><p>after</p>"#)
        #expect(!html.contains("inside"))
        #expect(html.contains("<p>Text</p><p>after</p>"))
    }

    @Test("SVG and MathML are entered from the plain body", arguments: [
        // In SVG, `<image href>` loads an image and `<style>` is markup, not raw text.
        (#"<svg><image href="/s.png"/></svg>"#, #"<svg><image href="/_limot/sub/image/https/www.loghatnameh.de/s.png"/></svg>"#),
        (#"<math><mi><img src="/m.png"></mi></math>"#, #"<math><mi><img src="/_limot/sub/image/https/www.loghatnameh.de/m.png"></mi></math>"#),
    ])
    func foreign(_ tag: String, _ expected: String) {
        #expect(Self.sanitize(Self.body + tag).contains(expected), "\(tag)")
    }

    // The fast lane decides these start tags itself and reads on after them
    // while it may: what follows must be read as `rewrite` reads it after the tag.

    @Test("after a start tag decided in the fast lane, a style's CSS is rewritten and a later element is read as markup")
    func styleAfterDecidedTag() {
        let html = Self.sanitize(Self.body + #"<a href="/x">x</a><style>p{background:url(/b.png)}</style><p>after</p>"#)
        #expect(html.contains(#"<a href="/x">x</a><style>p{background:url("/_limot/sub/image/https/www.loghatnameh.de/b.png")}</style><p>after</p>"#))
    }

    @Test("a title in the body after a decided start tag is the document's title")
    func titleAfterDecidedTag() {
        let html = #"<!DOCTYPE html><html><head></head><body><p>Text</p><img src="/a.png"><title>Body &amp; title</title><p>after</p>"#
        let document = Fixtures.sanitize(html, context: Fixtures.context(engine: BlockedPathFixture.engine)).document
        #expect(document.title == "Body & title")
    }

    @Test("an element opened by a decided start tag stays open: its end tag ends a removed element in it")
    func openedByDecidedTag() {
        let html = Self.sanitize(Self.body + #"<a href="/x"><video src="/blocked/v.mp4">in</a>after"#)
        #expect(html.contains(#"<p>Text</p><a href="/x"></a>after"#))
    }

    @Test("decided start tags near the end of the input and before the body's end", arguments: [
        (#"<img src="/a.png"><a href="/q">x"#, #"<img src="/_limot/sub/image/https/www.loghatnameh.de/a.png"><a href="/q">x"#),
        (#"<a href="/q">x</a><img src="/a.png"></body>"#,
         #"<a href="/q">x</a><img src="/_limot/sub/image/https/www.loghatnameh.de/a.png"><!--limot:bar--></body>"#),
    ])
    func nearTheEnd(_ tags: String, _ expected: String) {
        #expect(Self.sanitize(Self.body + tags).contains(expected), "\(tags)")
    }

    // After a start tag it decided, the fast lane keeps its mark of the
    // elements it opened itself, unless the tag opened one whose end tag
    // does more than end it: that end tag must still go the full way.

    @Test("an element opened by a decided start tag whose end tag does more is ended the full way", arguments: [
        // `<body>` opens the body here (only `html` is open): its `</body>` places the bar.
        ("<!DOCTYPE html><html><head><title>t</title></head><body><p>Text</p></body>",
         "<p>Text</p><!--limot:bar--></body>"),
        ("<html><head></head><body><div><a href=\"/q\">x</a></div></body>",
         "<div><a href=\"/q\">x</a></div><!--limot:bar--></body>"),
    ])
    func endedTheFullWay(_ html: String, _ expected: String) {
        // The fast lane stops sixteen bytes before the end of the input:
        // a comment after `</body>` puts the end tag in its reach.
        let page = html + "\n<!-- the end of the page, past the fast lane's reach -->\n</html>"
        #expect(Self.sanitize(page).contains(expected), "\(html)")
    }

    @Test("the end tags of elements opened around and by decided start tags", arguments: [
        (#"<table><tr><td><a href="/q">x</a> <span>s</span></td><td><img src="/a.png" alt=""></td></tr></table><p>after</p>"#,
         #"<table><tr><td><a href="/q">x</a> <span>s</span></td><td><img src="/_limot/sub/image/https/www.loghatnameh.de/a.png" alt=""></td></tr></table><p>after</p>"#),
        // `</a>` of an `<a>` opened in a `<div>` the run opened, then a removed element after them.
        (#"<div><a href="/q">x</a></div><video src="/blocked/v.mp4">in</video>after"#, #"<div><a href="/q">x</a></div>after"#),
    ])
    func endTagsAroundDecidedTags(_ tags: String, _ expected: String) {
        #expect(Self.sanitize(Self.body + tags).contains(expected), "\(tags)")
    }

    @Test("the end tags that do more than end an element are known by their packed words")
    func endTagsDoingMore() {
        let doingMore = ["body", "html", "form", "br"].map(NameKey.init)
        let words = Names.endTagWords
        #expect([words.body, words.html, words.form, words.br] == doingMore.map(\.a))
        // Near misses, longer names and one that shares its first word with a longer one.
        let names = ["body", "html", "form", "br", "b", "bo", "bod", "bodyx", "tbody", "htm", "forms", "brr", "td", "a", "formularfeld", "htmlxxxxbody"]
        for name in names {
            let key = NameKey(name)
            #expect(Names.shared.endTagDoesMoreThanEnd(key) == doingMore.contains(key), "\(name)")
        }
    }
}
