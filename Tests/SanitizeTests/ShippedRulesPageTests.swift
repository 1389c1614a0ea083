import ContentRules
import Testing
@testable import Sanitize

/// A dictionary entry page as the site serves it, ads and trackers included,
/// filtered with the lists limot ships: the reader sees the entry and nothing
/// that watches them.
@Suite("Dictionary page with the shipped rules")
struct ShippedRulesPageTests {
    static let result = Fixtures.sanitize(Fixtures.page("dictionary-entry"))

    @Test("ad and tracker loads are gone, with the rules that blocked them")
    func adsBlocked() throws {
        let html = Self.result.html
        for host in ["pagead2.googlesyndication.com", "www.google-analytics.com", "googleads.g.doubleclick.net"] {
            #expect(!html.contains(host), "\(host) is still loaded")
        }
        #expect(!html.contains(#"id="aswift_1""#))
        let blocked = Self.result.document.blocked
        let adScript = try #require(blocked.first { $0.url.hasPrefix("https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js") })
        #expect(adScript.type == .script)
        #expect(adScript.rules.contains { $0.hasSuffix("limot-ads.json#1") })
        let analytics = try #require(blocked.first { $0.url == "https://www.google-analytics.com/analytics.js" })
        #expect(analytics.rules.contains { $0.hasSuffix("limot-trackers.json#0") })
        #expect(blocked.contains { $0.url.hasPrefix("https://www.google-analytics.com/collect") && $0.type == .image })
        #expect(blocked.contains { $0.url.hasPrefix("https://googleads.g.doubleclick.net/") && $0.type == .childDocument })
        #expect(blocked.count == 4)
    }

    @Test("the ad slot is hidden by the cosmetic list, in one style at the head's start")
    func adsHidden() throws {
        let document = Self.result.document
        #expect(document.hiddenSelectors.contains("ins.adsbygoogle"))
        #expect(document.hiddenSelectors.contains(#"iframe[id^="aswift_"]"#))
        let html = Self.result.html
        let styleStart = try #require(html.range(of: "\(Fixtures.headMarker)<meta charset=\"utf-8\"><style>\n"))
        let style = html[styleStart.upperBound...].prefix { $0 != "<" }
        #expect(style.contains("ins.adsbygoogle,"))
        #expect(style.hasSuffix("{display:none!important}\n"))
        #expect(html.contains(#"<ins class="adsbygoogle""#))
    }

    @Test("nothing of the site is blocked; all of it loads through the proxy")
    func siteKept() {
        let html = Self.result.html
        #expect(Self.result.document.subresourceHosts == ["www.loghatnameh.de"])
        #expect(html.contains(#"<link rel="stylesheet" href="/_limot/sub/style-sheet/https/www.loghatnameh.de/static/site.css?v=42">"#))
        #expect(html.contains(#"<script src="/_limot/sub/script/https/www.loghatnameh.de/static/app.js" nonce="\#(Fixtures.nonce)"></script>"#))
        #expect(html.contains(#"<img src="/_limot/sub/image/https/www.loghatnameh.de/images/logo.png" srcset="/_limot/sub/image/https/www.loghatnameh.de/images/logo.png 1x, /_limot/sub/image/https/www.loghatnameh.de/images/logo@2x.png 2x" alt="loghatnameh.de">"#))
        #expect(html.contains(#"<form class="search" action="/dict?query=Haus">"#))
        #expect(html.contains(#"<a href="/dict?query=Wohnung">Wohnung</a>"#))
    }

    @Test("the page's CSP, charset and warm-up links are replaced by the proxy's")
    func headCleaned() {
        let html = Self.result.html
        #expect(!html.contains("Content-Security-Policy"))
        #expect(!html.contains("iso-8859-1"))
        #expect(html.occurrences(of: "<meta charset=\"utf-8\">") == 1)
        #expect(!html.contains("preconnect") && !html.contains("dns-prefetch"))
        #expect(!html.contains("upstream-nonce") && !html.contains("integrity"))
    }

    @Test("inline scripts keep their source and get the nonce")
    func inlineScripts() {
        let html = Self.result.html
        #expect(html.contains(#"<script nonce="\#(Fixtures.nonce)">(adsbygoogle = window.adsbygoogle || []).push({});</script>"#))
        #expect(html.contains(##"if (dataLayer.length < 2 && location.hash !== "#x") { gtag('js', new Date()); }"##))
    }
}
