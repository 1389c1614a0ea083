/// `/_limot/pause?page=…`: pause or resume filtering for a page of the site
/// or the whole site — the page the bar's "pause" link opens. Its buttons
/// are POST forms with the session's token: the token is never on the
/// site's own pages, whose scripts could read it (see `ControlRequestCheck`).
struct PausePage {
    /// The page's address on the site.
    var page: String
    var host: String
    var pausedPage: Bool
    /// The host whose pause covers the page: the page's own or a parent domain.
    var pausedSite: String?
    var token: String
    /// The proxy path to return to after the change.
    var returnPath: String

    var html: ProxyPage {
        var body = "<h1>Filtering on this page</h1><p>Page: <code>\(HTMLEscaping.escape(page))</code></p>"
        if let pausedSite {
            body += "<p>Filtering is paused on the whole site <code>\(HTMLEscaping.escape(pausedSite))</code>.</p>"
            body += form("/_limot/resume", scope: "site", label: "Resume filtering on \(pausedSite)", page: pausedSite)
        } else if pausedPage {
            body += "<p>Filtering is paused on this page.</p>"
            body += form("/_limot/resume", scope: "page", label: "Resume filtering on this page")
        } else {
            body += "<p>Filtering is on. Pausing lets everything of the page load again (ads and trackers too) until you resume.</p>"
            body += form("/_limot/pause", scope: "page", label: "Pause on this page")
            body += form("/_limot/pause", scope: "site", label: "Pause on the whole site \(host)")
        }
        body += #"<p><a href="\#(HTMLEscaping.escape(returnPath))">Back to the page</a> · <a href="/_limot/rules">Your rules</a></p>"#
        return ProxyPage(title: "Pause filtering", bodyHTML: body)
    }

    /// A button; `page` names what the change is about (the page, or the paused host).
    private func form(_ action: String, scope: String, label: String, page: String? = nil) -> String {
        let fields = [(ControlToken.fieldName, token), ("scope", scope), ("page", page ?? self.page), ("return", returnPath)]
        return #"<form class="limot-inline" method="post" action="\#(action)">"#
            + fields.map { #"<input type="hidden" name="\#($0.0)" value="\#(HTMLEscaping.escape($0.1))">"# }.joined()
            + #"<button type="submit">\#(HTMLEscaping.escape(label))</button></form>"#
    }
}
