import ContentRules
import Testing
@testable import Sanitize

/// Every subresource a page can name is found, typed as WebKit types it, and
/// loaded through the proxy; nothing loads from anywhere else.
@Suite("Subresources")
struct ResourceTests {
    static let result = Fixtures.sanitize(Fixtures.page("resources"), context: Fixtures.context("https://www.loghatnameh.de/resources", engine: Fixtures.noRules))

    static func site(_ path: String, _ type: String) -> String {
        "/_limot/sub/\(type)/https/www.loghatnameh.de\(path)"
    }

    @Test("each kind of element loads through the proxy as its WebKit type", arguments: [
        (#"rel="stylesheet" href="\#(site("/css/main.css", "style-sheet"))""#),
        (#"rel="alternate stylesheet" href="\#(site("/css/dark.css", "style-sheet"))""#),
        (#"rel="icon" href="\#(site("/favicon.png", "image"))""#),
        (#"href="\#(site("/js/preloaded.js", "script"))" as="script""#),
        (#"href="\#(site("/css/preloaded.css", "style-sheet"))" as="style""#),
        (#"href="\#(site("/fonts/vazir.woff2", "font"))" as="font""#),
        (#"href="\#(site("/img/hero.jpg", "image"))" as="image" imagesrcset="\#(site("/img/hero-1x.jpg", "image")) 1x, \#(site("/img/hero-2x.jpg", "image")) 2x""#),
        (#"href="\#(site("/api/words.json", "fetch"))" as="fetch""#),
        (#"href="\#(site("/misc/thing.bin", "other"))" as="unknown-kind""#),
        (#"rel="prefetch" href="\#(site("/next-page-data", "other"))""#),
        (#"rel="modulepreload" href="\#(site("/js/module.mjs", "script"))""#),
        (#"rel="manifest" href="\#(site("/site.webmanifest", "other"))""#),
        (#"<script src="\#(site("/js/site.js", "script"))""#),
        (#"<script type="module" src="/_limot/sub/script/https/cdn.example.org/lib/module.js""#),
        (#"<body background="\#(site("/img/body-bg.png", "image"))">"#),
        (#"<img id="plain" src="\#(site("/img/a.png", "image"))">"#),
        (#"srcset="\#(site("/img/b-480.png", "image")) 480w, \#(site("/img/b-960.png", "image")) 960w" sizes="(max-width: 600px) 480px, 960px""#),
        (#"data-src="\#(site("/img/lazy.png", "image"))" data-srcset="\#(site("/img/lazy-2x.png", "image")) 2x" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=""#),
        (#"<source srcset="\#(site("/img/c.avif", "image"))" type="image/avif">"#),
        (#"<source srcset="\#(site("/img/c.webp", "image")) 1x, \#(site("/img/c@2x.webp", "image")) 2x" type="image/webp">"#),
        (#"<input id="imagebutton" type="image" src="\#(site("/img/go.png", "image"))""#),
        (#"<input id="textbox" type="text" src="/img/not-loaded.png">"#),
        (#"<table background="\#(site("/img/table-bg.png", "image"))"><tr><td background="\#(site("/img/cell-bg.png", "image"))">"#),
        (#"<image href="\#(site("/img/svg-image.png", "image"))""#),
        (#"<image xlink:href="\#(site("/img/svg-xlink.png", "image"))"/>"#),
        (##"<use href="\##(site("/icons.svg", "svg-document"))#star"/><use href="#local"/>"##),
        (#"<iframe id="frame" src="\#(site("/embed/widget.html", "child-document"))">"#),
        (#"<object data="\#(site("/media/movie.swf", "other"))""#),
        (#"<embed src="\#(site("/media/clip.swf", "other"))">"#),
        (#"<video id="video" src="\#(site("/media/film.mp4", "media"))" poster="\#(site("/img/poster.jpg", "image"))" controls>"#),
        (#"<track kind="subtitles" src="\#(site("/media/film.de.vtt", "media"))" srclang="de">"#),
        (#"<source src="\#(site("/media/clip.webm", "media"))" type="video/webm">"#),
        (#"<audio src="\#(site("/media/aussprache-haus.mp3", "media"))" controls>"#),
        (#"<a href="/dict?query=Baum" ping="\#(site("/ping/click", "ping"))">"#),
        (#"<div style="background-image: url(&quot;\#(site("/img/inline-style.png", "image"))&quot;)">"#),
    ])
    func routed(_ expected: String) {
        #expect(Self.result.html.contains(expected), "missing: \(expected)")
    }

    @Test("the hosts the page loads from are reported, and no URL points upstream")
    func hosts() {
        #expect(Self.result.document.subresourceHosts == ["www.loghatnameh.de", "cdn.example.org"])
        #expect(!Self.result.html.contains("https://"))
        #expect(Self.result.document.blocked.isEmpty)
    }

    static let blocking = Fixtures.engine(#"[{"trigger": {"url-filter": "/blocked/"}, "action": {"type": "block"}}]"#, source: "Rules/blocking.json")

    @Test("a blocked load takes its element, attribute or candidate with it")
    func blocked() {
        let page = """
            <html><head><link rel="stylesheet" href="/blocked/a.css"><script src="/blocked/a.js"></script><script>keep()</script></head>
            <body background="/blocked/bg.png">
            <img id="gone" src="/blocked/a.png"><img id="kept" src="/ok.png" srcset="/blocked/b.png 2x, /ok-3x.png 3x">
            <img id="all-candidates" srcset="/blocked/c.png 1x, /blocked/d.png 2x">
            <picture><source id="s1" srcset="/blocked/e.webp"><source id="s2" srcset="/ok.webp"><img src="/ok.jpg"></picture>
            <video id="v" src="/ok.mp4" poster="/blocked/poster.jpg"></video><video id="vb" src="/blocked/film.mp4"></video>
            <audio id="a" src="/blocked/a.mp3"></audio><video id="tv"><track id="t" src="/blocked/t.vtt"><source id="sb" src="/blocked/s.mp4"><source id="sk" src="/ok.mp4"></video>
            <iframe id="f" src="/blocked/frame.html"></iframe><object id="o" data="/blocked/o.swf"></object><embed id="e" src="/blocked/e.swf">
            <svg><image id="si" href="/blocked/si.png"/><use id="u" href="/blocked/u.svg#x"/></svg><input id="ib" type="image" src="/blocked/go.png">
            <a id="link" href="/x" ping="/blocked/ping /ok-ping">x</a><p id="p" style="background:url(/blocked/p.png)">p</p>
            </body></html>
            """
        let result = Fixtures.sanitize(page, context: Fixtures.context(engine: Self.blocking))
        let html = result.html
        #expect(!html.contains("/blocked/"))
        for id in ["gone", "all-candidates", "s1", "vb", "a", "t", "sb", "f", "o", "e", "si", "u", "ib"] {
            #expect(!html.contains(#"id="\#(id)""#), "\(id) should be gone")
        }
        #expect(html.contains(#"<img id="kept" src="/_limot/sub/image/https/www.loghatnameh.de/ok.png" srcset="/_limot/sub/image/https/www.loghatnameh.de/ok-3x.png 3x">"#))
        #expect(html.contains(#"<source id="s2" srcset="/_limot/sub/image/https/www.loghatnameh.de/ok.webp">"#))
        #expect(html.contains(#"<video id="v" src="/_limot/sub/media/https/www.loghatnameh.de/ok.mp4"></video>"#))
        #expect(html.contains(#"<source id="sk" src="/_limot/sub/media/https/www.loghatnameh.de/ok.mp4">"#))
        #expect(html.contains("<body>"))
        #expect(html.contains(#"ping="/_limot/sub/ping/https/www.loghatnameh.de/ok-ping""#))
        #expect(html.contains(#"<p id="p" style="background:url(&quot;data:,&quot;)">"#))
        #expect(html.contains("keep()"))
        let blocked = Dictionary(result.document.blocked.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(blocked["https://www.loghatnameh.de/blocked/a.js"] == BlockedResource(url: "https://www.loghatnameh.de/blocked/a.js", type: .script, rules: ["Rules/blocking.json#0"]))
        #expect(blocked["https://www.loghatnameh.de/blocked/a.css"]?.type == .styleSheet)
        #expect(blocked["https://www.loghatnameh.de/blocked/frame.html"]?.type == .childDocument)
        #expect(blocked["https://www.loghatnameh.de/blocked/u.svg"]?.type == .svgDocument)
        #expect(blocked["https://www.loghatnameh.de/blocked/ping"]?.type == .ping)
        #expect(blocked["https://www.loghatnameh.de/blocked/o.swf"]?.type == .other)
        #expect(blocked["https://www.loghatnameh.de/blocked/t.vtt"]?.type == .media)
        // Every blocked URL of the page is reported, each once: the page names
        // them all under /blocked/ (`/blocked/u.svg#x` is reported without its fragment).
        let named = page.matches(of: /\/blocked\/[a-z0-9.]+/).map { "https://www.loghatnameh.de" + $0.output }
        #expect(Set(result.document.blocked.map(\.url)) == Set(named))
        #expect(result.document.blocked.count == Set(named).count)
    }

    @Test("the same blocked URL twice is reported once and removed twice")
    func blockedOnce() {
        let result = Fixtures.sanitize(#"<img src="/blocked/x.png"><p>a</p><img src="/blocked/x.png">"#, context: Fixtures.context(engine: Self.blocking))
        #expect(result.document.blocked.count == 1)
        #expect(!result.html.contains("<img"))
    }

    @Test("make-https upgrades before routing")
    func makeHTTPS() {
        let engine = Fixtures.engine(#"[{"trigger": {"url-filter": "^http://cdn\\.example\\.org/"}, "action": {"type": "make-https"}}]"#)
        let html = Fixtures.sanitize(#"<script src="http://cdn.example.org/lib.js"></script><img src="http://other.example.org/a.png">"#, context: Fixtures.context(engine: engine)).html
        #expect(html.contains(#"src="/_limot/sub/script/https/cdn.example.org/lib.js""#))
        #expect(html.contains(#"src="/_limot/sub/image/http/other.example.org/a.png""#))
    }

    @Test("a load with credentials in its URL goes: a proxy path cannot carry them (found by fuzzing)")
    func credentials() {
        let result = Fixtures.sanitize(#"<script src="https://user:pw@cdn.example.org/x.js"></script><img src="//u@cdn.example.org/a.png"><p style="background:url(https://u@cdn.example.org/b.png)">p</p>"#, context: Fixtures.context(engine: Fixtures.noRules))
        #expect(!result.html.contains("<script") && !result.html.contains("<img") && !result.html.contains("cdn.example.org"))
        #expect(result.html.contains(#"<p style="background:url(&quot;data:,&quot;)">p</p>"#))
        #expect(result.document.blocked.isEmpty)
    }

    @Test("a rewritten tag leaves out repeated attributes, which would take the place of the first")
    func repeatedAttributes() {
        let html = Fixtures.sanitize(#"<video src="/v.mp4" poster="https://pagead2.googlesyndication.com/p.png" poster="https://evil.example/y.png"></video><base target="_top" href="https://a.example/" href="https://evil.example/">"#).html
        #expect(!html.contains("evil.example"))
        #expect(html.contains(#"<base target="_top">"#))
    }

    @Test("a removed element that ends SVG leaves an inert one that ends it too (found by fuzzing)")
    func removedBreakOut() {
        let html = Fixtures.sanitize(#"<p>x</p><svg><meta charset="x"><style><img src="https://evil.example/a.png"></style></svg>"#).html
        #expect(html.contains(#"<p>x</p><svg><meta><style><img src="https://evil.example/a.png"></style></svg>"#))
    }

    @Test("a tag that breaks out of SVG ends a removed SVG element there, as the browser pops it: what follows is HTML (found by fuzzing)")
    func breakOutEndsRemovedElement() {
        let page = #"<p>x</p><svg><script href="/blocked/s.js"><meta></script><style><img src="https://evil.example/a.png"></style>"#
        let html = Fixtures.sanitize(page, context: Fixtures.context(engine: Self.blocking)).html
        #expect(html.contains(#"<p>x</p><svg><meta></script><style><img src="https://evil.example/a.png"></style>"#))
    }

    @Test("</p> and </br> end SVG as the tags that break out do: the <style> after them is HTML, its CSS routed", arguments: ["</p>", "</br>", "</P>"])
    func endTagBreakOut(_ endTag: String) {
        let page = #"<p>x</p><svg>\#(endTag)<style><a title="x">{}*{background:url(https://evil.example/x.png)}</a></style>"#
        let html = Fixtures.sanitize(page).html
        #expect(html.contains(#"<p>x</p><svg>\#(endTag)<style><a title="x">{}*{background:url("/_limot/sub/image/https/evil.example/x.png")}</a></style>"#))
    }

    @Test("</p> ends a removed SVG element there, as the browser pops it: what follows is HTML")
    func endTagBreakOutEndsRemovedElement() {
        let page = #"<p>x</p><svg><script href="/blocked/s.js"></p></script><style><a title="x">{}*{background:url(https://evil.example/x.png)}</a></style>"#
        let html = Fixtures.sanitize(page, context: Fixtures.context(engine: Self.blocking)).html
        #expect(html.contains(#"<p>x</p><svg></p></script><style><a title="x">{}*{background:url("/_limot/sub/image/https/evil.example/x.png")}</a></style>"#))
    }

    @Test("</p> in a <foreignObject> ends no <p> outside it, nor SVG: the browser makes an empty <p> there")
    func endTagInIntegrationPoint() {
        for inner in ["", "<svg>"] {
            let page = #"<p><svg><foreignObject>\#(inner)</p></foreignObject><style><img src="https://evil.example/y.png"></style>"#
            let html = Fixtures.sanitize(page).html
            #expect(html.contains(#"</p></foreignObject><style><img src="/_limot/sub/image/https/evil.example/y.png"></style>"#), "inner: \(inner)")
        }
    }

    @Test("</br> is a <br>: it ends an open head, so a later </head> ends nothing opened since")
    func brEndTagEndsHead() {
        let page = #"<head></br><template></head><svg></template><style><a title="x">{}*{background:url(https://evil.example/x.png)}</a></style>"#
        let html = Fixtures.sanitize(page).html
        #expect(html.contains(#"<style><a title="x">{}*{background:url("/_limot/sub/image/https/evil.example/x.png")}</a></style>"#))
    }

    @Test("an end tag in a <foreignObject>, <title> or MathML <mi> ends nothing outside it, and \"any other end tag\" stops at a special HTML element: the SVG or MathML stays open, and <img> in its <style> breaks out", arguments: [
        "<div><svg><foreignObject></div></foreignObject>",
        "<span><svg><foreignObject></span></foreignObject>",
        "<div><svg><foreignObject><b></div></b></foreignObject>",
        "<div><svg><title></div></title>",
        "<div><math><mi></div></mi>",
        "<span><div><svg></span>",
        "<label><ul><li><svg></label>",
        "<x-a><p><math></x-a>",
    ])
    func endTagsStopWhereBrowsersStop(_ prefix: String) {
        let html = Fixtures.sanitize(prefix + #"<style><img src="https://evil.example/y.png"></style>"#).html
        #expect(html.contains(#"<img src="/_limot/sub/image/https/evil.example/y.png">"#), "\(prefix)")
    }

    @Test("</table> and </template> end what is open in a <foreignObject> in them, as in a browser")
    func tableAndTemplateEndTagsCrossIntegrationPoints() {
        for (start, end) in [("<table><tr><td>", "</table>"), ("<template>", "</template>")] {
            let page = #"\#(start)<svg><foreignObject>\#(end)<style><a title="x">{}*{background:url(https://evil.example/x.png)}</a></style>"#
            let html = Fixtures.sanitize(page).html
            #expect(html.contains(#"<style><a title="x">{}*{background:url("/_limot/sub/image/https/evil.example/x.png")}</a></style>"#), "\(end)")
        }
    }

    @Test("</form> takes the form alone off the stack: the SVG opened in it stays open, and <img> in its <style> breaks out")
    func formEndTagLeavesSVGOpen() {
        let html = Fixtures.sanitize(#"<form><svg></form><style><img src="https://evil.example/y.png"></style>"#).html
        #expect(html.contains(#"<img src="/_limot/sub/image/https/evil.example/y.png">"#))
        // In a template, </form> ends what was opened in the form.
        let inTemplate = Fixtures.sanitize(#"<template><form><svg></form><style><a title="x">{}*{background:url(https://evil.example/x.png)}</a></style>"#).html
        #expect(inTemplate.contains(#"{}*{background:url("/_limot/sub/image/https/evil.example/x.png")}"#))
    }

    @Test("<svg> and <math> end an open head, so a later </head> ends nothing opened since")
    func svgEndsHead() {
        let inForeignObject = #"<head><svg><foreignObject></head></foreignObject><style><img src="https://evil.example/y.png"></style>"#
        #expect(Fixtures.sanitize(inForeignObject).html.contains(#"<img src="/_limot/sub/image/https/evil.example/y.png">"#))
        for element in ["svg", "math"] {
            let page = #"<head><\#(element)></\#(element)><template></head><svg></template><style><a title="x">{}*{background:url(https://evil.example/x.png)}</a></style>"#
            let html = Fixtures.sanitize(page).html
            #expect(html.contains(#"<style><a title="x">{}*{background:url("/_limot/sub/image/https/evil.example/x.png")}</a></style>"#), "\(element)")
        }
    }

    @Test("<annotation-xml> is an HTML integration point only with encoding text/html or application/xhtml+xml: without, <div> ends MathML")
    func annotationXMLWithoutHTMLEncoding() {
        let page = #"<p>x</p><math><annotation-xml><div></div></annotation-xml><style>*{background:url(https://evil.example/z.png)}</style>"#
        #expect(Fixtures.sanitize(page).html.contains(#"<style>*{background:url("/_limot/sub/image/https/evil.example/z.png")}</style>"#))
        for encoding in ["TEXT/HTML", "application/xhtml+xml"] {
            // The <div> is in the annotation; the <style> after it is MathML, where <img> breaks out.
            let page = #"<p>x</p><math><annotation-xml encoding="\#(encoding)"><div></div></annotation-xml><style><img src="https://evil.example/y.png"></style>"#
            #expect(Fixtures.sanitize(page).html.contains(#"<img src="/_limot/sub/image/https/evil.example/y.png">"#), "\(encoding)")
        }
        // <svg> in it is SVG, whatever the encoding: its <style> is CSS.
        let svg = #"<p>x</p><math><annotation-xml><svg><style>*{background:url(https://evil.example/z.png)}</style>"#
        #expect(Fixtures.sanitize(svg).html.contains(#"*{background:url("/_limot/sub/image/https/evil.example/z.png")}"#))
    }

    @Test("end tags that cross special elements still end the SVG in them: </span> over <em>, </div> over <p>, </h1> over an <h2>", arguments: [
        "<span><em><svg></span>",
        "<div><p><svg></div>",
        "<h2><svg></h1>",
        "<h1><math></h6>",
        "<h3><span><svg></h4>",
    ])
    func endTagsEndSVGAcrossNonStoppingElements(_ prefix: String) {
        let page = prefix + #"<style><a title="x">{}*{background:url(https://evil.example/x.png)}</a></style>"#
        let html = Fixtures.sanitize(page).html
        #expect(html.contains(#"<style><a title="x">{}*{background:url("/_limot/sub/image/https/evil.example/x.png")}</a></style>"#), "\(prefix)")
    }

    @Test("a <body> or <html> tag inside an element opens nothing, as in browsers: </span> and </video> still end the SVG opened after it, so the srcdoc and <base> that follow are HTML (found by fuzzing)", arguments: [
        "<span><body>", "<video src=/v.mp4><body >", "<span><html>",
    ])
    func bodyTagInsideElementOpensNothing(_ start: String) {
        let end = start.hasPrefix("<span>") ? "</span>" : "</video>"
        let frame = Fixtures.sanitize(#"<p>x</p>\#(start)<svg>\#(end)<iframe srcdoc="&lt;img src=https://evil.example/x.png&gt;"></iframe>"#).html
        #expect(frame.contains(#"srcdoc="&lt;head&gt;&lt;img src=&quot;/_limot/sub/image/https/evil.example/x.png&quot;&gt;""#), "\(start)")
        let base = Fixtures.sanitize(#"<p>x</p>\#(start)<svg>\#(end)<base href="https://cdn.example.org/b/"><img src="a.png">"#).html
        #expect(base.contains(#"<img src="/_limot/sub/image/https/cdn.example.org/b/a.png">"#), "\(start)")
    }

    @Test("an <html> tag after <head> opens nothing, as in browsers: a </head> after body content ends no element, so </span> still ends the SVG opened in the span, and the srcdoc and <base> after it are HTML")
    func htmlTagInHeadOpensNothing() {
        let start = #"<head><html><span></head><svg></span>"#
        let frame = Fixtures.sanitize(#"\#(start)<iframe srcdoc="&lt;img src=https://evil.example/x.png&gt;"></iframe>"#).html
        #expect(frame.contains(#"srcdoc="&lt;head&gt;&lt;img src=&quot;/_limot/sub/image/https/evil.example/x.png&quot;&gt;""#))
        let base = Fixtures.sanitize(#"\#(start)<base href="https://cdn.example.org/b/"><img src="a.png">"#).html
        #expect(base.contains(#"<img src="/_limot/sub/image/https/cdn.example.org/b/a.png">"#))
    }

    @Test("the head limot opens inside SVG ends SVG, for limot as for the browser (found by fuzzing)")
    func headInSVG() {
        let html = Fixtures.sanitize(#"<svg>x<iframe src="//cdn.example.org/f.html"></iframe></svg>"#).html
        #expect(html.contains(#"<iframe src="/_limot/sub/child-document/https/cdn.example.org/f.html">"#))
    }

    @Test("</head> and </body> end no SVG, so what follows is SVG for limot as for the browser (found by fuzzing)")
    func endTagsInSVG() {
        let html = Fixtures.sanitize(#"<head></head><p>x</p><svg></head></body><frame src="//cdn.example.org/f.html"></svg><img src="/a.png">"#).html
        #expect(html.contains(#"<svg></head></body><frame src="//cdn.example.org/f.html"></svg><img src="/_limot/sub/image/https/www.loghatnameh.de/a.png">"#))
    }

    @Test("</body>, </html> and a </head> after body content end no removed element: what the browser puts in it goes with it (found by fuzzing)")
    func endTagsInRemovedElement() {
        for endTag in ["</head>", "</body>", "</html>"] {
            let start = endTag == "</head>" ? "<head>" : "<html><body>"
            let page = #"\#(start)<video src="/blocked/v.mp4"><p>x</p>\#(endTag)<img id="in" src="/in.png"></video><img id="after" src="/after.png">"#
            let html = Fixtures.sanitize(page, context: Fixtures.context(engine: Self.blocking)).html
            #expect(!html.contains(#"id="in""#), "\(endTag) ended the removed video")
            #expect(html.contains(#"<img id="after" src="/_limot/sub/image/https/www.loghatnameh.de/after.png">"#))
        }
    }

    @Test("</head> still ends a head before body content")
    func headEnd() {
        let html = Fixtures.sanitize(#"<head><title>t</title></head><svg><style>a{}</style></svg><img src="/a.png">"#).html
        #expect(html.contains(#"<title>t</title></head><svg><style>a{}</style></svg><img src="/_limot/sub/image/https/www.loghatnameh.de/a.png">"#))
    }

    @Test("integrity and crossorigin go: the proxy's copy is same-origin")
    func integrity() {
        let html = Fixtures.sanitize(#"<link rel="stylesheet" href="/a.css" integrity="sha384-x" crossorigin="anonymous"><script src="/a.js" integrity="sha384-y" crossorigin></script><img src="/a.png" crossorigin="use-credentials">"#, context: Fixtures.context(engine: Fixtures.noRules)).html
        #expect(!html.contains("integrity") && !html.contains("crossorigin"))
    }

    @Test("connection warm-ups to other hosts are removed")
    func warmUps() {
        let html = Fixtures.sanitize(#"<link rel="preconnect" href="https://fonts.example.org"><link rel="dns-prefetch" href="//cdn.example.org"><link rel="prerender" href="/next">"#).html
        #expect(!html.contains("<link"))
    }

    @Test("decisions see the top page: third-party loads in a frame are judged against it")
    func childDocumentContext() {
        let engine = Fixtures.engine(#"[{"trigger": {"url-filter": ".*", "resource-type": ["image"], "load-type": ["third-party"]}, "action": {"type": "block"}}]"#)
        let page = #"<img id="own" src="https://widget.example.org/own.png"><img id="site" src="https://www.loghatnameh.de/logo.png">"#
        let asFrame = Fixtures.sanitize(page, context: Fixtures.context("https://widget.example.org/frame.html", top: Fixtures.entryURL, engine: engine)).html
        #expect(!asFrame.contains(#"id="own""#))
        #expect(asFrame.contains(#"id="site""#))
        let asPage = Fixtures.sanitize(page, context: Fixtures.context("https://widget.example.org/frame.html", engine: engine)).html
        #expect(asPage.contains(#"id="own""#))
        #expect(!asPage.contains(#"id="site""#))
    }

    @Test("an iframe's srcdoc is sanitized as a document of its own")
    func srcdoc() throws {
        let page = #"<iframe id="f" srcdoc="<p>Hallo</p><img src=&quot;/blocked/x.png&quot;><img src=/ok.png><script>go()</script>"></iframe>"#
        let result = Fixtures.sanitize(page, context: Fixtures.context(engine: Self.blocking))
        let tag = try #require(result.html.tag(containing: #"id="f""#))
        #expect(tag.contains("&lt;p&gt;Hallo&lt;/p&gt;"))
        #expect(tag.contains("src=&quot;/_limot/sub/image/https/www.loghatnameh.de/ok.png&quot;"))
        // Its scripts go: the page's guard script cannot enter it before they run.
        #expect(!tag.contains("script") && !tag.contains("go()"))
        #expect(!tag.contains("blocked"))
        #expect(result.document.blocked.map(\.url) == ["https://www.loghatnameh.de/blocked/x.png"])
        #expect(result.document.segments.filter { $0 == .headStart }.count == 1)
    }
}
