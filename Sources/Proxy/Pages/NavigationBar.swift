/// LimoT's bottom bar: back, forward, reload, home, a search field, the theme
/// toggle and the count of what was blocked. Plain links and a form, so it
/// works with JavaScript off; styled by `Stylesheets/bar.css` only.
///
/// Its one script is for the browser's own back and forward buttons: a page
/// restored from the back-forward cache would show the bar as it was when the
/// page was first loaded, and the proxy would not hear of the move. The
/// script reloads such a page, so the proxy's history moves with the
/// browser's and the bar is drawn afresh.
struct NavigationBar {
    var canGoBack: Bool
    var canGoForward: Bool
    /// The proxy path of the page on screen (for the theme toggle's return).
    var currentPath: String
    /// The theme in effect, which decides the bar's look and the toggle.
    var theme: Theme
    var blockedOnPage: Int
    var query: String = ""

    /// The bar's markup; `nonce` is the response's CSP script nonce.
    func html(nonce: String) -> String {
        let barTheme = theme == .light ? "light" : "dark"
        var out = #"<nav id="limot-bar" data-theme="\#(barTheme)" aria-label="limot navigation">"#
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
        let toggle = "/_limot/theme?set=\(next.rawValue)&return=\(HTMLEscaping.queryComponent(currentPath))"
        out += #"<a class="limot-btn limot-theme" href="\#(HTMLEscaping.escape(toggle))" title="\#(label)" aria-label="\#(label)">\#(icon)</a>"#
        out += #"<a class="limot-stats" href="/_limot/stats" title="Blocked on this page">\#(blockedOnPage) blocked</a>"#
        out += "</nav>"
        out += #"<script nonce="\#(nonce)">addEventListener("pageshow",function(e){if(e.persisted)location.reload()})</script>"#
        return out
    }

    private func button(_ name: String, _ label: String, _ icon: String, enabled: Bool) -> String {
        if enabled {
            return #"<a class="limot-btn limot-\#(name)" href="/_limot/nav/\#(name)" title="\#(label)" aria-label="\#(label)">\#(icon)</a>"#
        }
        return #"<span class="limot-btn limot-\#(name)" aria-disabled="true" title="\#(label)" aria-label="\#(label)">\#(icon)</span>"#
    }
}
