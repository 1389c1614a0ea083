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
    ///
    /// Written piece by piece into one string: an interpolated line made a
    /// string of its own first, then copied in (some 30 allocations a page).
    /// The text between the per-page parts is made once (`Fixed`), so a
    /// page takes about 20 appends, not 50 (each some 340 instructions,
    /// callgrind).
    func html(nonce: String) -> String {
        var out = ""
        // The bar is about 3 KB: one allocation, not one per doubling.
        out.reserveCapacity(4096)
        let next = theme == .dark ? Fixed.toLight : Fixed.toDark
        out += Fixed.openings[Fixed.opening(light: theme == .light, canGoBack: canGoBack, canGoForward: canGoForward)]
        out += HTMLEscaping.escape(query)
        out += next.beforeReturn
        // The addresses are escaped a part at a time: the fixed parts' `&`
        // written as `&amp;`, the rest (usually with nothing to escape)
        // passed through. The same text as escaping each address whole,
        // without the escaper's byte-by-byte copy; with the buttons made
        // once, the bar takes 32,700 instructions a page, not 67,900
        // (callgrind).
        let returnPath = HTMLEscaping.escape(WebURL.percentEncodedComponent(currentPath))
        out += returnPath
        out += next.afterReturn
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
            out += page.pause.pausedSite != nil ? Fixed.pausedOnSite : page.pause.pausedPage ? Fixed.pausedOnPage : Fixed.notPaused
            out += address
            out += Fixed.afterPicker
        }
        out += #"</nav><script nonce=""#
        out += nonce
        out += Fixed.script
        if let pickerScript {
            out += #"<script src=""#
            out += HTMLEscaping.escape(pickerScript)
            out += #"" nonce=""#
            out += nonce
            out += #"" defer></script>"#
        }
        return out
    }

    /// The bar's text between its per-page parts, made once.
    private enum Fixed {
        /// From `<nav>` to the search field's value: by theme (light or
        /// not) and which of back and forward are links.
        static let openings: [String] = (0..<8).map { key in
            let light = key & 4 != 0
            var out = #"<nav id="limot-bar" data-theme=""# + (light ? "light" : "dark") + #"" aria-label="limot navigation">"#
            out += key & 2 != 0 ? back.enabled : back.disabled
            out += key & 1 != 0 ? forward.enabled : forward.disabled
            out += reload.enabled + home.enabled
            out += #"<form class="limot-search" action="/_limot/search" method="get" role="search">"#
            out += #"<input class="limot-query" type="search" name="q" dir="auto" placeholder="Wort · واژه" aria-label="Look up a word" value=""#
            return out
        }

        /// The index in `openings`.
        static func opening(light: Bool, canGoBack: Bool, canGoForward: Bool) -> Int {
            (light ? 4 : 0) | (canGoBack ? 2 : 0) | (canGoForward ? 1 : 0)
        }

        /// The theme toggle's text around the return path, for the theme it
        /// switches to.
        struct Toggle {
            let beforeReturn: String
            let afterReturn: String

            init(_ next: Theme) {
                let label = next == .dark ? "Dark theme" : "Light theme"
                beforeReturn = #"">"# + #"<button class="limot-go" type="submit">Suchen</button></form>"#
                    + #"<a class="limot-btn limot-theme" href="/_limot/theme?set="# + next.rawValue + "&amp;return="
                afterReturn = #"" title=""# + label + #"" aria-label=""# + label + #"">"# + (next == .dark ? "☾" : "☀")
                    + #"</a><a class="limot-stats" href=""#
            }
        }

        static let toLight = Toggle(.light)
        static let toDark = Toggle(.dark)

        /// After the pause link's return path, by the pause in effect, up to
        /// the picker link's page.
        static let notPaused = pauseEnd(title: "Pause filtering on this page or site", text: "pause")
        static let pausedOnPage = pauseEnd(title: "Resume filtering", text: "filtering paused on this page — resume")
        static let pausedOnSite = pauseEnd(title: "Resume filtering", text: "filtering paused on this site — resume")

        static func pauseEnd(title: String, text: String) -> String {
            // The picker needs script; without it this leads to a page that says so and offers the rules page's form.
            #"" title=""# + title + #"">"# + text + "</a>" + #"<a class="limot-stats limot-hide" href="/_limot/picker?page="#
        }

        static let afterPicker = #"" title="Pick an element of this page to hide" aria-label="Hide this">hide<span class="limot-long">&nbsp;this</span></a>"#

        /// The tab history script after its nonce.
        static let script = #"">"# + tabHistoryScript + "</script>"
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
