import HTTPTypes
import ContentRules
import Hummingbird
import WebURL

extension ProxyCore {
    /// `/_limot/leave?to=URL`: a navigation to another site, as the guard
    /// script sends every navigation a page's script starts (and as the
    /// sanitizer writes links the rules block). The rules decide it as a top
    /// document: blocked, limot's blocked page; the dictionary, its proxy
    /// path; else a 303 to the site itself, without a referrer. The proxy
    /// fetches nothing here, and only a tab's own navigation is answered:
    /// a page cannot use this address to load anything, or to open another
    /// site inside a frame.
    func leave(exchange: inout Exchange) -> Response {
        let request = exchange.request
        let mode = request.headers[ControlRequestCheck.secFetchMode]
        let destination = request.headers[ControlRequestCheck.secFetchDest]
        guard mode == nil || mode == "navigate" else {
            return ResponseHeaders.text(status: 403, "only a navigation leaves the proxy")
        }
        guard destination == nil || destination == "document" else {
            return exchange.page(ProxyError(status: 403, title: "Not inside a frame", detail: "limot opens other sites in a tab of their own, never inside the dictionary's pages."), withBar: false)
        }
        guard request.method == .get || request.method == .head else {
            return exchange.page(ProxyError(status: 405, title: "Form not sent", detail: "limot sends forms to the dictionary only."))
        }
        let raw = exchange.queryValue("to") ?? ""
        guard var url = try? WebURL(raw), url.scheme == "http" || url.scheme == "https", url.username.isEmpty, url.password.isEmpty else {
            return exchange.page(ProxyError(status: 400, title: "Bad address", detail: "limot leaves for http and https addresses only.", url: raw))
        }
        if let path = urlMap.documentPath(for: url) {
            return exchange.redirect(to: path + (url.fragment.map { "#" + $0 } ?? ""))
        }
        let page = url.removingFragment
        let decision = exchange.rules.engine.decide(ResourceRequest(url: page, type: .topDocument, pageURL: page))
        if decision.isBlocked { return blockedPage(page, decision: decision, exchange: &exchange) }
        if decision.makesHTTPS { url = url.withScheme("https") }
        if let address = url.host?.ipAddress, address.isPrivateOrLocal || address.isLoopback {
            return exchange.page(ProxyError(status: 403, title: "Refused", detail: "\(address) is a loopback or private address; limot sends no page there.", url: page.serialization))
        }
        var response = exchange.redirect(to: url.serialization)
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        return response
    }
}
