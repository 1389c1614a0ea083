import Subscriptions
import WebURL

/// `/_limot/hide?page=…&selector=…`: the confirmation of a rule the bar's
/// picker (`Stylesheets/picker.js`) proposes. The picker runs on the site's
/// page, where the site's scripts run too, so it saves nothing itself: this
/// page, a top-level document of limot's own (see `ControlRequestCheck`),
/// shows the rule it would add — the AdBlock filter `host##selector` and the
/// WKContentRuleList rule it converts to — with what `limot rules check`
/// finds wrong with it, and the Save button, a POST form with the session's
/// token. Every text from the address (page, selector) is escaped.
///
/// The rule is scoped with `if-domain: ["*host"]`, the page's host and its
/// subdomains: WebKit matches `if-domain` against the top-level page's URL,
/// so it hides on every page of the site the reader picked on (and in the
/// frames of those pages), and nowhere else. The host is the page's own, not
/// its registrable domain: the reader saw the element on this host.
struct HideRulePage {
    /// The page the element was picked on.
    var page: String
    var host: String
    var selector: String
    /// How many elements of the page the selector matched when picked (the
    /// picker's count; nil when the address has none).
    var count: Int?
    /// The rules the filter converts to, or why it does not.
    var rules: Result<[String], UserRuleError>
    /// Whether the reader's list holds these rules already (after a save).
    var saved: Bool
    var token: String
    /// Why the last save failed, if it did.
    var failure: String?

    /// The AdBlock filter the picked selector makes.
    static func filter(host: String, selector: String) -> String { "\(host)##\(selector)" }

    var html: ProxyPage {
        let filter = Self.filter(host: host, selector: selector)
        var body = "<h1>Hide on \(escape(host))</h1>"
        body += "<p>Picked on <code>\(escape(page))</code>:</p><p><code dir=\"ltr\">\(escape(selector))</code></p>"
        if let count {
            body += "<p>It matched \(count == 1 ? "1 element" : "\(count) elements") of that page.</p>"
        }
        if let failure { body += #"<p class="limot-error" role="alert">\#(escape(failure))</p>"# }
        switch rules {
        case .failure(let error):
            body += #"<p class="limot-error" role="alert">Not a rule limot can save: \#(escape(error.description))</p>"#
            body += "<p>Go back to the page and pick wider or narrower, or write the filter yourself on "
                + #"<a href="/_limot/rules?filter=\#(escape(WebURL.percentEncodedComponent(filter)))">your rules</a>.</p>"#
        case .success(let json):
            body += "<p>The filter <code dir=\"ltr\">\(escape(filter))</code> as WebKit's rule:</p>"
            body += json.map { "<p><code dir=\"ltr\">\(escape($0))</code></p>" }.joined()
            body += "<p>It hides the elements on every page of <code>\(escape(host))</code> and its subdomains "
                + "(<code>if-domain</code>, which WebKit matches against the top-level page's address). "
                + "<code>limot rules check</code> finds nothing wrong with it.</p>"
            if saved {
                body += #"<p class="limot-done" role="status" id="limot-hide-saved" data-selector="\#(escape(selector))" data-host="\#(escape(host))">"#
                    + "Saved: it is in your rules, and every page of \(escape(host)) loads without these elements. You can close this window.</p>"
            } else {
                body += #"<form method="post" action="/_limot/hide">"#
                for (name, value) in [(ControlToken.fieldName, token), ("page", page), ("selector", selector)] {
                    body += #"<input type="hidden" name="\#(name)" value="\#(escape(value))">"#
                }
                body += #"<p><button type="submit">Save: hide on \#(escape(host))</button></p></form>"#
            }
        }
        body += #"<p><a href="/_limot/rules">Your rules</a></p>"#
        return ProxyPage(title: "Hide on \(host)", bodyHTML: body)
    }

    private func escape(_ text: String) -> String { HTMLEscaping.escape(text) }
}
