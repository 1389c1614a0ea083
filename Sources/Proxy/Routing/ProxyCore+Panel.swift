import HTTPTypes
import Hummingbird
import Subscriptions
import WebURL

/// The bar's "N blocked": the panel of one page (`/_limot/page/ID`), a
/// control page like `/_limot/rules` (shown only as a top-level document,
/// with the session's token), and its buttons (`/_limot/page/ID/rule`),
/// which add a block or an allow to the reader's list through
/// `ControlRequestCheck` and apply it at once.
extension ProxyCore {
    /// GET `/_limot/page/{id}`.
    func pagePanel(_ id: String, exchange: Exchange) -> Response {
        guard [.get, .head].contains(exchange.request.method) else {
            return exchange.page(ProxyError(status: 405, title: "Not a change", detail: "The panel's buttons post to /_limot/page/ID/rule."))
        }
        if let refusal = ControlRequestCheck.refusalOfPage(headers: exchange.request.headers) { return exchange.page(refusal) }
        guard let record = pageLog.page(id: id, session: exchange.session) else { return exchange.page(Self.pageForgotten) }
        let notice = exchange.queryValue("done").flatMap(Self.panelNotice).map(RulesPage.Notice.done)
        return controlPage(panel(record, notice: notice, exchange: exchange).page, status: 200, exchange: exchange)
    }

    /// POST `/_limot/page/{id}/rule` with `verdict=block|allow`,
    /// `scope=address|host` and `url`: the rule is added to the reader's
    /// list (`allow` only on the page's site), then back to the panel.
    func changeFromPanel(_ id: String, exchange: inout Exchange) async -> Response {
        let form: FormFields
        switch await checkedForm(exchange: &exchange) {
        case .success(let fields): form = fields
        case .failure(let refusal): return exchange.page(refusal)
        }
        guard let store = configuration.userRules else { return exchange.page(Self.noDataDirectory) }
        guard let record = pageLog.page(id: id, session: exchange.session) else { return exchange.page(Self.pageForgotten) }
        guard let verdict = form["verdict"].flatMap(PagePanel.Verdict.init(rawValue:)),
              let scope = form["scope"].flatMap(PagePanel.Scope.init(rawValue:)), let address = form["url"] else {
            return exchange.page(ProxyError(status: 400, title: "Which rule?", detail: "Use the buttons of the page's panel."))
        }
        let loadScope: UserRuleInput.LoadScope = scope == .host ? .host : .address
        do {
            let rule = try verdict == .block ? UserRuleInput.blockRule(address, scope: loadScope)
                : UserRuleInput.allowRule(address, scope: loadScope, onSite: record.address)
            try store.change { (list: inout UserRules) throws(UserRuleError) in
                guard !list.active.contains(where: { $0.json == rule }) else { throw .alreadyPresent(rule) }
                list.active.append(UserRule(json: rule, note: UserRuleNote(kind: verdict == .block ? .block : .allow, page: record.address)))
            }
        } catch {
            return controlPage(panel(record, notice: .failed("\(error)"), exchange: exchange).page, status: 422, exchange: exchange)
        }
        if let failure = await applyChangedRules(store) {
            return controlPage(panel(record, notice: .failed(failure), exchange: exchange).page, status: 422, exchange: exchange)
        }
        return exchange.redirect(to: "/_limot/page/\(WebURL.percentEncodedComponent(id))?done=\(verdict.rawValue)")
    }

    private func panel(_ record: PageRecord, notice: RulesPage.Notice?, exchange: Exchange) -> PagePanel {
        let path = (try? WebURL(record.address)).flatMap(urlMap.documentPath(for:))
        return PagePanel(record: record, token: controlToken.token(for: exchange.session), pagePath: path,
                         notice: notice, recent: pageLog.recent(session: exchange.session),
                         ruleNames: displayNames(record.loads.flatMap(\.rules)))
    }

    private static let pageForgotten = ProxyError(
        status: 404, title: "Page no longer kept",
        detail: "limot keeps what the last few pages of each browser blocked and loaded. Open the page again and use its bar.")

    private static func panelNotice(_ verdict: String) -> String? {
        ["block": "Blocked: the rule is in your rules. Reload the page to see it take effect.",
         "allow": "Allowed on this site: the exception is in your rules. Reload the page to see it take effect."][verdict]
    }
}
