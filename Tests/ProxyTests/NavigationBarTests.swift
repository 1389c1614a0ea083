import Subscriptions
import Testing
import WebURL
@testable import Proxy

/// The bar with its fixed text made once is the bar as it was written out
/// piece by piece (`referenceHTML`, the earlier `NavigationBar.html`), for
/// every theme, button state, pause state, with and without a page, a
/// panel and the picker, and addresses and queries the escaper changes.
struct NavigationBarTests {
    @Test func theBarIsTheBarWrittenPieceByPiece() {
        let paths = ["/", "/search?q=Haus&n=1", #"/a'b"c<d>e&f"#, "/خانه?x='1'"]
        let queries = ["", "Haus", #""><img src=x onerror=alert(1)>"#, "خانه & co"]
        var paused = PauseState(page: "https://www.loghatnameh.de/", rules: UserRules())
        let notPaused = paused
        paused.pausedPage = true
        var pausedSite = notPaused
        pausedSite.pausedSite = "www.loghatnameh.de"
        var bothPaused = pausedSite
        bothPaused.pausedPage = true
        let pages: [(address: String, pause: PauseState)?] = [
            nil, ("https://www.loghatnameh.de/search?q=Haus", notPaused), ("https://www.loghatnameh.de/it's?a=1&b=<2>", paused),
            ("https://www.loghatnameh.de/", pausedSite), ("https://www.loghatnameh.de/x", bothPaused),
        ]
        var compared = 0
        for theme in Theme.allCases {
            for (back, forward) in [(false, false), (false, true), (true, false), (true, true)] {
                for (index, page) in pages.enumerated() {
                    for picker in [nil, "/_limot/static/picker.js?v=\"1\""] {
                        let path = paths[(index + compared) % paths.count], query = queries[(index + compared / 3) % queries.count]
                        let bar = NavigationBar(canGoBack: back, canGoForward: forward, currentPath: path, theme: theme,
                                                blockedOnPage: compared % 13, query: query, page: page, pickerScript: picker,
                                                panelPath: index % 2 == 0 ? nil : "/_limot/page/00ff&1")
                        let nonce = "nonce\(compared)"
                        #expect(bar.html(nonce: nonce) == Self.referenceHTML(bar, nonce: nonce), "\(theme) \(back) \(forward) \(index) \(picker ?? "-")")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == 120)
    }

    /// The bar's addresses are percent-encoded with the component set and
    /// escaped as the definitions say (`componentEncodedAndEscaped`): for every ASCII character on
    /// its own and between letters, characters of two, three and four
    /// UTF-8 bytes, and random mixes of them.
    @Test func anAddressIsEncodedAndEscapedAsBefore() {
        var texts: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        texts += (0..<128).map { "a" + String(UnicodeScalar(UInt8($0))) + "Z9" }
        texts += ["", "é", "خانه", "€", "😀", "a\u{301}", "/search?q=Haus&n=1", #"/a'b"c<d>e&f"#, "\r\n", "%41", "~!'()*-._"]
        let pool = Array("aZ09/?&=#%+ '\"<>!()*-._~\u{7F}é€😀خ\t".unicodeScalars)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                text.unicodeScalars.append(pool.randomElement(using: &generator)!)
            }
            texts.append(text)
        }
        for text in texts {
            var written: [UInt8] = Array("prefix".utf8)
            NavigationBar.appendComponentEscaped(text, to: &written)
            let expected = "prefix" + Self.componentEncodedAndEscaped(text)
            #expect(String(decoding: written, as: UTF8.self) == expected, "\(Array(text.unicodeScalars))")
        }
    }

    /// The reference for the bar's addresses, written from the definitions:
    /// `encodeURIComponent` (the URL standard's component set) leaves ASCII
    /// letters, digits and `!'()*-._~` and writes every other UTF-8 byte as
    /// `%XX`; then `'`, the one of those HTML escaping replaces, is `&#39;`.
    static func componentEncodedAndEscaped(_ text: String) -> String {
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!()*-._~".utf8)
        var out = ""
        for byte in text.utf8 {
            if byte == UInt8(ascii: "'") {
                out += "&#39;"
            } else if kept.contains(byte) {
                out += String(UnicodeScalar(byte))
            } else {
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// `HTMLEscaping.append(escaping:to:)` and `escape` write the five
    /// characters as the hand-written texts have them, everything else as it is.
    @Test func escapingIntoBytesIsEscaping() {
        let cases = [
            ("", ""), ("plain", "plain"), ("&", "&amp;"), ("<a href=\"x\">'q'</a>", "&lt;a href=&quot;x&quot;&gt;&#39;q&#39;&lt;/a&gt;"),
            ("خانه & co", "خانه &amp; co"), ("a&b<c>d\"e'f", "a&amp;b&lt;c&gt;d&quot;e&#39;f"),
            ("/_limot/static/picker.js?v=\"1\"", "/_limot/static/picker.js?v=&quot;1&quot;"),
        ]
        for (text, escaped) in cases {
            var written: [UInt8] = Array("x".utf8)
            HTMLEscaping.append(escaping: text, to: &written)
            #expect(String(decoding: written, as: UTF8.self) == "x" + escaped, "\(text)")
            #expect(HTMLEscaping.escape(text) == escaped, "\(text)")
        }
    }

    static func referenceHTML(_ bar: NavigationBar, nonce: String) -> String {
        let (theme, canGoBack, canGoForward, query, currentPath) = (bar.theme, bar.canGoBack, bar.canGoForward, bar.query, bar.currentPath)
        let (panelPath, blockedOnPage, page, pickerScript) = (bar.panelPath, bar.blockedOnPage, bar.page, bar.pickerScript)
        var out = ""
        // The bar is about 3 KB: one allocation, not one per doubling.
        out.reserveCapacity(4096)
        out += #"<nav id="limot-bar" data-theme=""#
        out += theme == .light ? "light" : "dark"
        out += #"" aria-label="limot navigation">"#
        out += canGoBack ? NavigationBar.back.enabled : NavigationBar.back.disabled
        out += canGoForward ? NavigationBar.forward.enabled : NavigationBar.forward.disabled
        out += NavigationBar.reload.enabled
        out += NavigationBar.home.enabled
        out += #"<form class="limot-search" action="/_limot/search" method="get" role="search">"#
        out += #"<input class="limot-query" type="search" name="q" dir="auto" placeholder="Wort · واژه" aria-label="Look up a word" value=""#
        out += HTMLEscaping.escape(query)
        out += #"">"#
        out += #"<button class="limot-go" type="submit">Suchen</button></form>"#
        let next: Theme = theme == .dark ? .light : .dark
        let label = next == .dark ? "Dark theme" : "Light theme"
        // The addresses are escaped a part at a time: the fixed parts' `&`
        // written as `&amp;`, the rest (usually with nothing to escape)
        // passed through. The same text as escaping each address whole,
        // without the escaper's byte-by-byte copy; with the buttons made
        // once, the bar takes 32,700 instructions a page, not 67,900
        // (callgrind).
        let returnPath = HTMLEscaping.escape(WebURL.percentEncodedComponent(currentPath))
        out += #"<a class="limot-btn limot-theme" href="/_limot/theme?set="#
        out += next.rawValue
        out += "&amp;return="
        out += returnPath
        out += #"" title=""#
        out += label
        out += #"" aria-label=""#
        out += label
        out += #"">"#
        out += next == .dark ? "☾" : "☀"
        out += #"</a><a class="limot-stats" href=""#
        out += HTMLEscaping.escape(panelPath ?? "/_limot/stats")
        out += #"" title="What this page blocked and loaded">"#
        out += String(blockedOnPage)
        out += " blocked</a>"
        if let page {
            let address = HTMLEscaping.escape(WebURL.percentEncodedComponent(page.address))
            out += #"<a class="limot-stats limot-pause" href="/_limot/pause?page="#
            out += address
            out += "&amp;return="
            out += returnPath
            out += #"" title=""#
            out += page.pause.isPaused ? "Resume filtering" : "Pause filtering on this page or site"
            out += #"">"#
            out += page.pause.pausedSite != nil ? "filtering paused on this site — resume"
                : page.pause.pausedPage ? "filtering paused on this page — resume" : "pause"
            out += "</a>"
            // The picker needs script; without it this leads to a page that says so and offers the rules page's form.
            out += #"<a class="limot-stats limot-hide" href="/_limot/picker?page="#
            out += address
            out += #"" title="Pick an element of this page to hide" aria-label="Hide this">hide<span class="limot-long">&nbsp;this</span></a>"#
        }
        out += "</nav>"
        out += #"<script nonce=""#
        out += nonce
        out += #"">"#
        out += NavigationBar.tabHistoryScript
        out += "</script>"
        if let pickerScript {
            out += #"<script src=""#
            out += HTMLEscaping.escape(pickerScript)
            out += #"" nonce=""#
            out += nonce
            out += #"" defer></script>"#
        }
        return out
    }
}
