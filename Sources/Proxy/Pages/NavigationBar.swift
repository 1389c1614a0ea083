import WebURL

/// LimoT's bottom bar: back, forward, reload, home, a search field, the theme
/// toggle, the count of what was blocked, and on the site's pages pause and
/// "hide this" (the element picker, `Stylesheets/picker.js`). Plain links
/// and a form, so it works with JavaScript off (all but the picker, whose
/// link then leads to a page that says so); styled by `Stylesheets/bar.css`.
///
/// Its one script makes back, forward and reload the tab's own: each tab
/// has its own history in the browser, and a new tab (a link opened with a
/// middle click) starts its own there. With the Navigation API, the buttons
/// follow `navigation.canGoBack`/`canGoForward` (which count the proxy's
/// own pages only) and call `history.back()`/`forward()`; the bar is drawn
/// again whenever the page is shown, also from the back-forward cache.
/// Without JavaScript (or that API) the links ask the proxy, which keeps one
/// history per browser session (`SessionHistory`), shared by its tabs.
struct NavigationBar {
    var canGoBack: Bool
    var canGoForward: Bool
    /// The proxy path of the page on screen (for the theme toggle's return).
    var currentPath: String
    /// The theme in effect, which decides the bar's look and the toggle.
    var theme: Theme
    var blockedOnPage: Int
    var query: String = ""
    /// On a page of the site: its address, and whether filtering is paused
    /// there (then the bar says so). The bar links to `/_limot/pause`,
    /// whose buttons make the change: the bar is on the site's pages, whose
    /// scripts could read a token, so it carries none.
    var page: (address: String, pause: PauseState)?
    /// The element picker's script (`Stylesheets.pickerPath`): on a page of
    /// the site it starts from the bar's "hide this"; on limot's
    /// confirmation page it tells the picked page that the rule was saved.
    var pickerScript: String?
    /// The panel of what this page blocked and loaded (`/_limot/page/ID`);
    /// without one (limot's own pages) "N blocked" opens the privacy report.
    var panelPath: String?

    /// The bar's markup; `nonce` is the response's CSP script nonce.
    func html(nonce: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(nonce: nonce, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the bar's markup (UTF-8) to `out`; `nonce` is the
    /// response's CSP script nonce.
    ///
    /// Written as bytes, for `PageBody` to copy into the response: built as
    /// a String, each of its 24 appends took some 350 instructions, and the
    /// two addresses' percent-encoding (`WebURL.percentEncodedComponent`,
    /// which reads the String's UTF-8 view byte by byte) 4,100 each, then
    /// the String was copied into the page (callgrind, a request at a new
    /// address). The fixed text is made once (`Fixed`); the text is the same
    /// as before, byte for byte (`NavigationBarTests`).
    func write(nonce: String, into out: inout [UInt8]) {
        let next = theme == .dark ? Fixed.toLight : Fixed.toDark
        out += Fixed.openings[Fixed.opening(light: theme == .light, canGoBack: canGoBack, canGoForward: canGoForward)]
        HTMLEscaping.append(escaping: query, to: &out)
        out += next.beforeReturn
        // The addresses are percent-encoded and escaped in one pass
        // (`appendComponentEscaped`), the fixed parts' `&` written as `&amp;`.
        // Kept aside too: the pause link repeats it (appending a slice of
        // `out` to `out` would copy the whole array first).
        var returnPath: [UInt8] = []
        Self.appendComponentEscaped(currentPath, to: &returnPath)
        out += returnPath
        out += next.afterReturn
        HTMLEscaping.append(escaping: panelPath ?? "/_limot/stats", to: &out)
        out += Fixed.afterPanel
        out += String(blockedOnPage).utf8
        out += Fixed.blockedEnd
        if let page {
            out += Fixed.pauseStart
            var address: [UInt8] = []
            Self.appendComponentEscaped(page.address, to: &address)
            out += address
            out += Fixed.pauseReturn
            out += returnPath
            out += page.pause.pausedSite != nil ? Fixed.pausedOnSite : page.pause.pausedPage ? Fixed.pausedOnPage : Fixed.notPaused
            out += address
            out += Fixed.afterPicker
        }
        out += Fixed.scriptStart
        out += nonce.utf8
        out += Fixed.script
        if let pickerScript {
            out += Fixed.pickerStart
            HTMLEscaping.append(escaping: pickerScript, to: &out)
            out += Fixed.pickerNonce
            out += nonce.utf8
            out += Fixed.pickerEnd
        }
    }

    /// Appends `text` as `HTMLEscaping.escape(WebURL.percentEncodedComponent(text))`
    /// makes it, without the two Strings: percent-encoded into `out`, then
    /// escaped where it needs it. Of what the component set leaves as it
    /// is, only `'` is a byte the escaper replaces, so the encoded tail is
    /// usually final as written.
    static func appendComponentEscaped(_ text: String, to out: inout [UInt8]) {
        let start = out.count
        WebURL.appendPercentEncodedComponent(text, to: &out)
        guard out[start...].contains(UInt8(ascii: "'")) else { return }
        let encoded = Array(out[start...])
        out.removeSubrange(start...)
        encoded.withUnsafeBufferPointer { HTMLEscaping.append(escaping: $0, to: &out) }
    }

    /// The bar's text between its per-page parts, made once.
    private enum Fixed {
        /// From `<nav>` to the search field's value: by theme (light or
        /// not) and which of back and forward are links.
        static let openings: [[UInt8]] = (0..<8).map { key in
            let light = key & 4 != 0
            var out = #"<nav id="limot-bar" data-theme=""# + (light ? "light" : "dark") + #"" aria-label="limot navigation">"#
            out += key & 2 != 0 ? back.enabled : back.disabled
            out += key & 1 != 0 ? forward.enabled : forward.disabled
            out += reload.enabled + home.enabled
            out += #"<form class="limot-search" action="/_limot/search" method="get" role="search">"#
            out += #"<input class="limot-query" type="search" name="q" dir="auto" placeholder="Wort · واژه" aria-label="Look up a word" value=""#
            return Array(out.utf8)
        }

        /// The index in `openings`.
        static func opening(light: Bool, canGoBack: Bool, canGoForward: Bool) -> Int {
            (light ? 4 : 0) | (canGoBack ? 2 : 0) | (canGoForward ? 1 : 0)
        }

        /// The theme toggle's text around the return path, for the theme it
        /// switches to.
        struct Toggle {
            let beforeReturn: [UInt8]
            let afterReturn: [UInt8]

            init(_ next: Theme) {
                let label = next == .dark ? "Dark theme" : "Light theme"
                beforeReturn = Array((#"">"# + #"<button class="limot-go" type="submit">Suchen</button></form>"#
                    + #"<a class="limot-btn limot-theme" href="/_limot/theme?set="# + next.rawValue + "&amp;return=").utf8)
                afterReturn = Array((#"" title=""# + label + #"" aria-label=""# + label + #"">"# + (next == .dark ? "☾" : "☀")
                    + #"</a><a class="limot-stats" href=""#).utf8)
            }
        }

        static let toLight = Toggle(.light)
        static let toDark = Toggle(.dark)

        /// After the pause link's return path, by the pause in effect, up to
        /// the picker link's page.
        static let notPaused = pauseEnd(title: "Pause filtering on this page or site", text: "pause")
        static let pausedOnPage = pauseEnd(title: "Resume filtering", text: "filtering paused on this page — resume")
        static let pausedOnSite = pauseEnd(title: "Resume filtering", text: "filtering paused on this site — resume")

        static func pauseEnd(title: String, text: String) -> [UInt8] {
            // The picker needs script; without it this leads to a page that says so and offers the rules page's form.
            Array((#"" title=""# + title + #"">"# + text + "</a>" + #"<a class="limot-stats limot-hide" href="/_limot/picker?page="#).utf8)
        }

        static let afterPicker = Array(#"" title="Pick an element of this page to hide" aria-label="Hide this">hide<span class="limot-long">&nbsp;this</span></a>"#.utf8)

        /// The text around the blocked count, the pause link's addresses,
        /// the script's nonce and the picker's script.
        static let afterPanel = Array(#"" title="What this page blocked and loaded">"#.utf8)
        static let blockedEnd = Array(" blocked</a>".utf8)
        static let pauseStart = Array(#"<a class="limot-stats limot-pause" href="/_limot/pause?page="#.utf8)
        static let pauseReturn = Array("&amp;return=".utf8)
        static let scriptStart = Array(#"</nav><script nonce=""#.utf8)
        static let pickerStart = Array(#"<script src=""#.utf8)
        static let pickerNonce = Array(#"" nonce=""#.utf8)
        static let pickerEnd = Array(#"" defer></script>"#.utf8)

        /// The tab history script after its nonce.
        static let script = Array((#"">"# + tabHistoryScript + "</script>").utf8)
    }

    /// The tab's own history for the bar (see the type's comment).
    static let tabHistoryScript = """
        (function(){var n=window.navigation,bar=document.getElementById("limot-bar");if(!n||!bar)return;\
        function draw(){[["back",n.canGoBack],["forward",n.canGoForward]].forEach(function(p){\
        var old=bar.querySelector(".limot-"+p[0]),b=document.createElement(p[1]?"a":"span");if(!old)return;\
        ["class","title","aria-label"].forEach(function(a){b.setAttribute(a,old.getAttribute(a))});\
        if(p[1])b.setAttribute("href","/_limot/nav/"+p[0]);else b.setAttribute("aria-disabled","true");\
        b.textContent=old.textContent;old.replaceWith(b)})}\
        draw();addEventListener("pageshow",draw);n.addEventListener("navigatesuccess",draw);\
        bar.addEventListener("click",function(e){var b=e.target.closest("a.limot-back,a.limot-forward,a.limot-reload");if(!b)return;\
        e.preventDefault();if(b.classList.contains("limot-back"))history.back();else if(b.classList.contains("limot-forward"))history.forward();else location.reload()})})();
        """

    /// A button's markup, enabled (a link) and not (a span).
    struct Button {
        let enabled: String
        let disabled: String

        init(_ name: String, _ label: String, _ icon: String) {
            let rest = #"" title=""# + label + #"" aria-label=""# + label + #"">"# + icon
            enabled = #"<a class="limot-btn limot-"# + name + #"" href="/_limot/nav/"# + name + rest + "</a>"
            disabled = #"<span class="limot-btn limot-"# + name + #"" aria-disabled="true"# + rest + "</span>"
        }
    }

    // Made once: written piece by piece on every page, the buttons were
    // 40 of the bar's 90 appends (each some 360 instructions, callgrind).
    static let back = Button("back", "Back", "◀")
    static let forward = Button("forward", "Forward", "▶")
    static let reload = Button("reload", "Reload", "⟳")
    static let home = Button("home", "Home", "⌂")
}
