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
    func html(nonce: String) -> String {
        var out = ""
        // The bar is about 3 KB: one allocation, not one per doubling.
        out.reserveCapacity(4096)
        out += #"<nav id="limot-bar" data-theme=""#
        out += theme == .light ? "light" : "dark"
        out += #"" aria-label="limot navigation">"#
        out += canGoBack ? Self.back.enabled : Self.back.disabled
        out += canGoForward ? Self.forward.enabled : Self.forward.disabled
        out += Self.reload.enabled
        out += Self.home.enabled
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
        out += Self.tabHistoryScript
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
