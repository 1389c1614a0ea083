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
        let barTheme = theme == .light ? "light" : "dark"
        var out = ""
        // The bar is about 3 KB: one allocation, not one per doubling.
        out.reserveCapacity(4096)
        out += #"<nav id="limot-bar" data-theme="\#(barTheme)" aria-label="limot navigation">"#
        out += button("back", "Back", "◀", enabled: canGoBack)
        out += button("forward", "Forward", "▶", enabled: canGoForward)
        out += button("reload", "Reload", "⟳", enabled: true)
        out += button("home", "Home", "⌂", enabled: true)
        out += #"<form class="limot-search" action="/_limot/search" method="get" role="search">"#
        out += #"<input class="limot-query" type="search" name="q" dir="auto" placeholder="Wort · واژه" aria-label="Look up a word" value="\#(HTMLEscaping.escape(query))">"#
        out += #"<button class="limot-go" type="submit">Suchen</button></form>"#
        let next: Theme = theme == .dark ? .light : .dark
        let label = next == .dark ? "Dark theme" : "Light theme"
        let icon = next == .dark ? "☾" : "☀"
        let toggle = "/_limot/theme?set=\(next.rawValue)&return=\(WebURL.percentEncodedComponent(currentPath))"
        out += #"<a class="limot-btn limot-theme" href="\#(HTMLEscaping.escape(toggle))" title="\#(label)" aria-label="\#(label)">\#(icon)</a>"#
        out += #"<a class="limot-stats" href="\#(HTMLEscaping.escape(panelPath ?? "/_limot/stats"))" title="What this page blocked and loaded">\#(blockedOnPage) blocked</a>"#
        if let page {
            let link = "/_limot/pause?page=\(WebURL.percentEncodedComponent(page.address))&return=\(WebURL.percentEncodedComponent(currentPath))"
            let label = page.pause.pausedSite != nil ? "filtering paused on this site — resume"
                : page.pause.pausedPage ? "filtering paused on this page — resume" : "pause"
            let title = page.pause.isPaused ? "Resume filtering" : "Pause filtering on this page or site"
            out += #"<a class="limot-stats limot-pause" href="\#(HTMLEscaping.escape(link))" title="\#(title)">\#(label)</a>"#
            // The picker needs script; without it this leads to a page that says so and offers the rules page's form.
            let picker = "/_limot/picker?page=\(WebURL.percentEncodedComponent(page.address))"
            out += #"<a class="limot-stats limot-hide" href="\#(HTMLEscaping.escape(picker))" title="Pick an element of this page to hide" aria-label="Hide this">hide<span class="limot-long">&nbsp;this</span></a>"#
        }
        out += "</nav>"
        out += #"<script nonce="\#(nonce)">\#(Self.tabHistoryScript)</script>"#
        if let pickerScript {
            out += #"<script src="\#(HTMLEscaping.escape(pickerScript))" nonce="\#(nonce)" defer></script>"#
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

    private func button(_ name: String, _ label: String, _ icon: String, enabled: Bool) -> String {
        if enabled {
            return #"<a class="limot-btn limot-\#(name)" href="/_limot/nav/\#(name)" title="\#(label)" aria-label="\#(label)">\#(icon)</a>"#
        }
        return #"<span class="limot-btn limot-\#(name)" aria-disabled="true" title="\#(label)" aria-label="\#(label)">\#(icon)</span>"#
    }
}
