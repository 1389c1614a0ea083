import HTTPTypes
import Hummingbird
import Subscriptions
import WebURL

/// The bar's "hide this" (issue 19): the element picker runs on the site's
/// page (`Stylesheets/picker.js`) and only proposes; a rule is saved from
/// limot's own confirmation page, `/_limot/hide`, which is shown only as a
/// top-level document and posts with the session's token through
/// `ControlRequestCheck`, like every other change. Without JavaScript the
/// bar's link leads to `/_limot/picker`, which says so.
extension ProxyCore {
    /// GET `/_limot/picker?page=ADDRESS`: what the bar's "hide this" shows
    /// without JavaScript, which the picker needs.
    func pickerWithoutScript(exchange: Exchange) -> Response {
        let host = exchange.queryValue("page").flatMap { try? WebURL($0) }?.hostname ?? ""
        let filter = host.isEmpty ? "" : HideRulePage.filter(host: host, selector: "")
        let body = "<h1>Hide this needs JavaScript</h1>"
            + "<p>The picker outlines what you point at and proposes a selector for it; it runs as a script in the page. "
            + "With JavaScript off, write the filter yourself: the site, <code>##</code>, and a CSS selector, "
            + "such as <code dir=\"ltr\">\(HTMLEscaping.escape(host.isEmpty ? "example.org" : host))##.ad-slot</code>.</p>"
            + #"<p><a href="/_limot/rules?filter=\#(HTMLEscaping.escape(WebURL.percentEncodedComponent(filter)))">Add it on your rules</a></p>"#
        return exchange.page(ProxyPage(title: "Hide this", bodyHTML: body), status: 200)
    }

    /// `/_limot/hide`: GET shows the picked rule to confirm, POST saves it.
    func hideRule(exchange: inout Exchange) async -> Response {
        guard exchange.request.method == .post else { return hidePage(exchange: exchange) }
        let form: FormFields
        switch await checkedForm(exchange: &exchange) {
        case .success(let fields): form = fields
        case .failure(let refusal): return exchange.page(refusal)
        }
        guard let store = configuration.userRules else { return exchange.page(Self.noDataDirectory) }
        let (address, selector) = (form["page"] ?? "", form["selector"] ?? "")
        guard let host = Self.pickedHost(address) else { return exchange.page(Self.whichPage) }
        let filter = HideRulePage.filter(host: host, selector: selector)
        var failure: String?
        do {
            let rules = try UserRuleInput.rules(from: filter)
            try store.change { (list: inout UserRules) throws(UserRuleError) in
                try Self.append(rules, note: UserRuleNote(kind: .hide, page: address, filter: filter), to: &list)
            }
            failure = await applyChangedRules(store)
        } catch {
            failure = "Not saved: \(error)"
        }
        let query = "page=\(WebURL.percentEncodedComponent(address))&selector=\(WebURL.percentEncodedComponent(selector))"
        guard let failure else { return exchange.redirect(to: "/_limot/hide?" + query) }
        return controlPage(hidePage(address: address, host: host, selector: selector, count: nil, failure: failure, exchange: exchange).html,
                           status: 422, exchange: exchange)
    }

    /// GET `/_limot/hide?page=ADDRESS&selector=SELECTOR&count=N`.
    private func hidePage(exchange: Exchange) -> Response {
        guard [.get, .head].contains(exchange.request.method) else {
            return exchange.page(ProxyError(status: 405, title: "Not a change", detail: "Save with the button of the page /_limot/hide."))
        }
        if let refusal = ControlRequestCheck.refusalOfPage(headers: exchange.request.headers) { return exchange.page(refusal) }
        let address = exchange.queryValue("page") ?? ""
        guard let host = Self.pickedHost(address) else { return exchange.page(Self.whichPage) }
        let page = hidePage(address: address, host: host, selector: exchange.queryValue("selector") ?? "",
                            count: exchange.queryValue("count").flatMap(Int.init), failure: nil, exchange: exchange)
        return controlPage(page.html, status: 200, exchange: exchange)
    }

    private func hidePage(address: String, host: String, selector: String, count: Int?, failure: String?, exchange: Exchange) -> HideRulePage {
        let rules = Result { () throws(UserRuleError) in try UserRuleInput.rules(from: HideRulePage.filter(host: host, selector: selector)) }
        let active = Set((userRulesSnapshot?.current() ?? UserRules()).active.map(\.json))
        let saved = (try? rules.get()).map { made in !made.isEmpty && made.allSatisfy { active.contains($0) } } ?? false
        return HideRulePage(page: address, host: host, selector: selector, count: count.map { max(0, $0) }, rules: rules,
                            saved: saved, token: controlToken.token(for: exchange.session), failure: failure)
    }

    /// The host of the page an element was picked on (an http or https address).
    private static func pickedHost(_ address: String) -> String? {
        guard let url = try? WebURL(address), url.scheme == "http" || url.scheme == "https", !url.hostname.isEmpty else { return nil }
        return url.hostname
    }

    private static let whichPage = ProxyError(status: 400, title: "Which page?", detail: "Pick what to hide with the bar's \"hide this\" on a page of the dictionary.")
}
