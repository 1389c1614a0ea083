import ContentRules
import Testing
@testable import Sanitize

/// What the guard script cannot see coming: URLs written in the page's own
/// inline scripts and links to pages the rules block are decided on the
/// server, before the browser has the page.
@Suite("Inline scripts and blocked navigations")
struct InlineScriptTests {
    static func sanitize(_ html: String) -> (document: SanitizedDocument, html: String) {
        Fixtures.sanitize(html, context: Fixtures.context())
    }

    @Test("an inline script that names a blocked URL is removed and counted with its rule", arguments: [
        #"(function(){var s=document.createElement('script');s.src='https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';document.head.appendChild(s)})();"#,
        #"var f=document.createElement("iframe");f.src="//googleads.g.doubleclick.net/pagead/ads?x=1";"#,
        #"window.cfg={"pixel":"https:\/\/ad.doubleclick.net\/ddm\/activity\/src=1;type=x"};"#,
        #"(function(i,s,o,g,r,a,m){})(window,document,'script','https://www.google-analytics.com/analytics.js','ga');"#,
    ])
    func blockedURLInScript(_ script: String) throws {
        let (document, html) = Self.sanitize("<head><script>\(script)</script><script>window.kept = 1;</script></head><body><p>Text</p>")
        #expect(!html.contains(script), "\(html)")
        #expect(html.contains("window.kept = 1;"), "the script beside it stays: \(html)")
        #expect(html.contains("<p>Text</p>"))
        let blocked = try #require(document.blocked.first, "nothing recorded as blocked")
        #expect(!blocked.rules.isEmpty && blocked.rules.allSatisfy { $0.contains("limot-") }, "\(blocked)")
    }

    @Test("the site's own scripts stay: no URL, its own URLs, other sites the rules allow, comments")
    func ownScriptsStay() {
        for script in [
            #"document.documentElement.dataset.siteScript = "ran";"#,
            #"fetch("https://www.loghatnameh.de/api/suggest?q=" + q);"#,
            #"var link = 'https://dictionary.example/wb/' + word; // see https://example.org/ for why"#,
            #"var re = /a\/\/b/; x = y // 2;"#,
        ] {
            let (document, html) = Self.sanitize("<script>\(script)</script>")
            #expect(html.contains(script), "\(script) → \(html)")
            #expect(document.blocked.isEmpty, "\(document.blocked)")
        }
    }

    @Test("speculation rules go: the browser would fetch other sites itself")
    func speculationRules() {
        let html = Self.sanitize(#"<script type="speculationrules">{"prerender":[{"source":"list","urls":["/x"]}]}</script><p>a</p>"#).html
        #expect(!html.contains("speculationrules") && !html.contains("prerender"), "\(html)")
        #expect(html.contains("<p>a</p>"))
    }

    @Test("scanning finds URLs as scripts write them", arguments: [
        (#"a='https://a.example/x?y=1;z'+b"#, ["https://a.example/x?y=1;z"]),
        (#"a="//cdn.example/lib.js""#, ["//cdn.example/lib.js"]),
        (#"a="HTTPS:\/\/b.example\/p""#, ["https://b.example/p"]),
        (#"x = 1 // comment http: no"#, []),
        (#"a='//'"#, []),
        (#"u=`http://c.example/${id}`"#, ["http://c.example/$"]),
    ])
    func scanning(_ text: String, _ expected: [String]) {
        var bytes = Array(text.utf8)
        let found = bytes.withUnsafeMutableBufferPointer { ScriptURLs.urls(in: UnsafeBufferPointer($0)) }
        #expect(found == expected, "\(text)")
    }

    @Test("a link to a page the rules block goes to the proxy's leave address; allowed ones stay plain")
    func blockedNavigations() {
        let html = Self.sanitize(#"""
            <a id="1" href="https://adservice.google.com/ddm/clk?x=1" target="_blank">ad</a>
            <a id="2" href="https://wiki.example/wiki/Haus">w</a>
            """#).html
        #expect(html.contains(#"<a id="1" href="/_limot/leave?to=https%3A%2F%2Fadservice.google.com%2Fddm%2Fclk%3Fx%3D1" target="_blank" rel="noopener noreferrer">"#), "\(html)")
        #expect(html.contains(#"<a id="2" href="https://wiki.example/wiki/Haus" rel="noopener noreferrer">"#), "\(html)")
    }
}

@Suite("Scripts in srcdoc")
struct SrcdocScriptTests {
    @Test("a frame's srcdoc keeps its markup but loses its scripts, which would run without the guard")
    func srcdocScriptsGo() throws {
        let page = #"<iframe id="f" srcdoc="<p>Hallo</p><script>go()</script><script src=/own.js></script>"></iframe><script>kept()</script>"#
        let html = Fixtures.sanitize(page, context: Fixtures.context()).html
        let tag = try #require(html.tag(containing: #"id="f""#))
        #expect(tag.contains("&lt;p&gt;Hallo&lt;/p&gt;"))
        #expect(!tag.contains("script"), "\(tag)")
        #expect(html.contains("kept()"))
    }
}
