import ContentRules
import Foundation
import Testing
import WebURL

/// The lists in Rules/ are what `limot serve` uses by default: they must
/// block the ad and tracker loads a dictionary page makes, and nothing of the
/// dictionary site itself.
@Suite("Shipped rules")
struct ShippedRulesTests {
    static let rulesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Rules").path

    static let engine: ContentRuleEngine = {
        let lists = RuleFileLoader.expand([rulesFolder]).compactMap { RuleFileLoader.load($0).list }
        return try! ContentRuleEngine(lists: lists)
    }()

    static let page = "https://www.loghatnameh.de/dict?query=Haus"

    func decide(_ url: String, _ type: String, page: String = page) throws -> Decision {
        Self.engine.decide(try ResourceRequest(url: url, type: type, page: page, frame: nil, method: "GET"))
    }

    @Test("every shipped list is valid and warning-free")
    func listsAreClean() {
        let files = RuleFileLoader.expand([Self.rulesFolder])
        #expect(files.count >= 3)
        for file in files {
            let parsed = RuleFileLoader.load(file)
            #expect(parsed.list != nil, "\(file): \(parsed.errors)")
            #expect(parsed.warnings.isEmpty, "\(file): \(parsed.warnings)")
        }
    }

    @Test("ad scripts and images are blocked", arguments: [
        ("https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1", "script"),
        ("https://tpc.googlesyndication.com/simgad/123", "image"),
        ("https://securepubads.g.doubleclick.net/tag/js/gpt.js", "script"),
        ("https://ad.doubleclick.net/ddm/ad/x.gif", "image"),
        ("https://www.googleadservices.com/pagead/conversion.js", "script"),
        ("https://www.google-analytics.com/analytics.js", "script"),
        ("https://adservice.google.com/adsid/integrator.js", "script"),
        ("https://googleads.g.doubleclick.net/pagead/ads?x=1", "child-document"),
        ("https://pagead2.googlesyndication.com/pagead/gen_204?id=1", "ping"),
    ])
    func adsBlocked(url: String, type: String) throws {
        #expect(try decide(url, type).isBlocked)
    }

    @Test("third-party trackers are blocked", arguments: [
        "https://www.googletagmanager.com/gtag/js?id=G-1",
        "https://connect.facebook.net/en_US/fbevents.js",
        "https://www.facebook.com/tr?id=1&ev=PageView",
        "https://sb.scorecardresearch.com/beacon.js",
        "https://static.hotjar.com/c/hotjar-1.js",
        "https://mc.yandex.ru/metrika/tag.js",
        "https://c.amazon-adsystem.com/aax2/apstag.js",
    ])
    func trackersBlocked(url: String) throws {
        #expect(try decide(url, "script").isBlocked)
    }

    @Test("nothing of the dictionary site is blocked", arguments: [
        ("https://www.loghatnameh.de/", "top-document"),
        ("https://www.loghatnameh.de/dict?query=Haus&dir=de-fa", "top-document"),
        ("https://www.loghatnameh.de/static/site.css", "style-sheet"),
        ("https://www.loghatnameh.de/static/app.js", "script"),
        ("https://www.loghatnameh.de/images/logo.png", "image"),
        ("https://www.loghatnameh.de/fonts/vazir.woff2", "font"),
        ("https://www.loghatnameh.de/api/suggest?q=Hau", "fetch"),
        ("https://loghatnameh.de/ads.txt", "fetch"),
    ])
    func siteAllowed(url: String, type: String) throws {
        let decision = try decide(url, type)
        #expect(!decision.isBlocked, "\(url) is blocked by \(decision.decidingRules)")
        #expect(!decision.blocksCookies)
    }

    @Test("the site's own links that merely mention ad words are not blocked")
    func siteLinksMentioningAds() throws {
        #expect(try !decide("https://www.loghatnameh.de/dict?query=doubleclick.net", "top-document").isBlocked)
        #expect(try !decide("https://www.loghatnameh.de/dict?query=google-analytics.com/x", "fetch").isBlocked)
    }

    @Test("pages hide Google's ad containers")
    func cosmeticSelectors() throws {
        let selectors = try decide("https://www.loghatnameh.de/", "top-document").hiddenSelectors
        #expect(selectors.contains("ins.adsbygoogle"))
        #expect(selectors.contains("iframe[id^=\"google_ads_iframe\"]"))
        #expect(selectors.allSatisfy(CSSSelectorValidator.isValid))
        // Subresources do not carry the page stylesheet.
        #expect(try decide("https://www.loghatnameh.de/static/app.js", "script").hiddenSelectors.isEmpty)
    }
}
