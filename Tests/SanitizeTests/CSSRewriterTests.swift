import ContentRules
import Testing
import WebURL
@testable import Sanitize

/// Style sheets load images, fonts and other sheets; each such load must go
/// through the proxy, and nothing else in the sheet may change.
@Suite("CSS rewriter")
struct CSSRewriterTests {
    static let sheetURL = Fixtures.url("https://www.loghatnameh.de/static/css/site.css")

    static func rewrite(_ css: String, base: WebURL = sheetURL, engine: ContentRuleEngine = Fixtures.shippedEngine) -> RewrittenCSS {
        CSSRewriter.rewrite(css, baseURL: base, context: Fixtures.context(engine: engine))
    }

    static func site(_ path: String, _ type: String) -> String {
        #"url("/_limot/sub/\#(type)/https/www.loghatnameh.de\#(path)")"#
    }

    @Test("url() loads, resolved against the sheet's URL, typed by where they stand", arguments: [
        ("a { background: url(../img/a.png) }", "a { background: \(site("/static/img/a.png", "image")) }"),
        ("a { background: url( 'b.png' ) }", "a { background: \(site("/static/css/b.png", "image")) }"),
        (#"a { background: URL("/c.png") }"#, "a { background: \(site("/c.png", "image")) }"),
        ("@import url(base.css);", "@import \(site("/static/css/base.css", "style-sheet"));"),
        (#"@import "theme.css" screen;"#, #"@import "/_limot/sub/style-sheet/https/www.loghatnameh.de/static/css/theme.css" screen;"#),
        (#"@font-face{font-family:V;src:url(/f/v.woff2) format("woff2"),local(V)}"#, #"@font-face{font-family:V;src:\#(site("/f/v.woff2", "font")) format("woff2"),local(V)}"#),
        ("@media print { a { background: url(/p.png) } }", "@media print { a { background: \(site("/p.png", "image")) } }"),
        (#"a{b:image-set("/x1.png" 1x, url(/x2.png) 2x)}"#, #"a{b:image-set("/_limot/sub/image/https/www.loghatnameh.de/x1.png" 1x, \#(site("/x2.png", "image")) 2x)}"#),
        (#"a{b:url(/with\ space.png)}"#, "a{b:\(site("/with%20space.png", "image"))}"),
        (#"a{b:url("/quote\".png")}"#, "a{b:\(site("/quote%22.png", "image"))}"),
        (#"a{b:u\72l(/escaped-name.png)}"#, "a{b:\(site("/escaped-name.png", "image"))}"),
        ("a{b:url(https://cdn.example.org/x.png#frag)}", #"a{b:url("/_limot/sub/image/https/cdn.example.org/x.png#frag")}"#),
    ])
    func rewritten(_ css: String, _ expected: String) {
        #expect(Self.rewrite(css).css == expected)
    }

    @Test("what loads nothing stays exactly as written", arguments: [
        "/* url(/commented.png) */ a { color: red }",
        #"a::after { content: "url(/in-string.png)" }"#,
        "a { clip-path: url(#clip) }",
        "a { background: url(data:image/png;base64,iVBORw0KGgo=) }",
        #"@namespace svg url(http://www.w3.org/2000/svg);"#,
        "a { background: url() }",
        "a { background: url(/bad url.png) }",
        "a { b: myurl(/not-a-url.png) }",
        "a{b:url(/unterminated.png",
        "",
    ])
    func unchanged(_ css: String) {
        let result = Self.rewrite(css)
        #expect(result.css == css)
        #expect(result.subresourceHosts.isEmpty)
    }

    @Test("blocked URLs load nothing and are reported")
    func blocked() {
        let result = Self.rewrite(#".ad{background:url(https://tpc.googlesyndication.com/simgad/1)} @import "https://pagead2.googlesyndication.com/x.css"; .ok{background:url(/ok.png)}"#)
        #expect(result.css == #".ad{background:url("data:,")} @import "data:,"; .ok{background:\#(Self.site("/ok.png", "image"))}"#)
        #expect(result.blocked.map(\.url) == ["https://tpc.googlesyndication.com/simgad/1", "https://pagead2.googlesyndication.com/x.css"])
        #expect(result.blocked.map(\.type) == [.image, .styleSheet])
        #expect(result.subresourceHosts == ["www.loghatnameh.de"])
    }

    @Test("a rewritten URL cannot close a <style> element")
    func styleBreakout() {
        let result = Self.rewrite(#"a{b:url("/x</style><script>y.png")}"#)
        #expect(!result.css.contains("<"))
        #expect(result.css.contains("%3C/style%3E%3Cscript%3E"))
    }

    @Test("<style> and style=\"\" in a page go through the rewriter")
    func inPage() {
        let html = Fixtures.sanitize(Fixtures.page("styles")).html
        #expect(html.contains(#"@import "/_limot/sub/style-sheet/https/www.loghatnameh.de/css/imported.css";"#))
        #expect(html.contains(#"@import url("/_limot/sub/style-sheet/https/fonts.example.org/css?family=Vazir") screen;"#))
        #expect(html.contains(#"src: url("/_limot/sub/font/https/www.loghatnameh.de/fonts/vazir.woff2") format("woff2"), url("/_limot/sub/font/https/www.loghatnameh.de/fonts/vazir.woff") format("woff");"#))
        #expect(html.contains(#".ad { background-image: url("data:,"); }"#))
        #expect(html.contains("/* url(/img/commented.png) is a comment */"))
        #expect(html.contains(#"<p style="background:url(&quot;/_limot/sub/image/https/www.loghatnameh.de/img/p.png&quot;)">"#))
        #expect(html.contains(#"<p style="background-image:url(&quot;/_limot/sub/image/https/www.loghatnameh.de/img/quoted&amp;escaped.png&quot;)">"#))
        #expect(html.contains(#"<p style="color: red">"#))
    }
}
