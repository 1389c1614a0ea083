import Dispatch
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Subscriptions
import WebURL

/// The reader's control pages: `/_limot/rules` (their own list) and
/// `/_limot/pause` (pause or resume filtering on a page or the site).
/// Showing a page changes nothing; every change is a POST that
/// `ControlRequestCheck` lets through, made with `UserRuleStore.change`
/// and applied to the next request at once (`applyUserRules`); then a 303
/// back to the page, which says what was done.
extension ProxyCore {
    /// GET `/_limot/rules`.
    func rulesPage(exchange: Exchange) -> Response {
        guard [.get, .head].contains(exchange.request.method) else {
            return exchange.page(ProxyError(status: 405, title: "Not a change", detail: "Changes go to /_limot/rules/add and the page's other buttons."))
        }
        if let refusal = ControlRequestCheck.refusalOfPage(headers: exchange.request.headers) { return exchange.page(refusal) }
        let notice = exchange.queryValue("done").flatMap(Self.doneNotice).map(RulesPage.Notice.done)
        // `filter` fills the add form (the picker's page without JavaScript links here with `host##`).
        let page = rulesPage(exchange: exchange, notice: notice, pendingFilter: exchange.queryValue("filter") ?? "")
        return controlPage(page.page, status: 200, exchange: exchange)
    }

    /// POST `/_limot/rules/{action}`: add, disable, enable, delete, delete-disabled, undo.
    func changeRules(_ action: String, exchange: inout Exchange) async -> Response {
        let form: FormFields
        switch await checkedForm(exchange: &exchange) {
        case .success(let fields): form = fields
        case .failure(let refusal): return exchange.page(refusal)
        }
        guard let store = configuration.userRules else { return exchange.page(Self.noDataDirectory) }
        do {
            switch action {
            case "add":
                let filter = form["filter"] ?? ""
                let rules = try UserRuleInput.rules(from: filter)
                let isJSON = filter.drop(while: \.isWhitespace).hasPrefix("{")
                try store.change { (list: inout UserRules) throws(UserRuleError) in
                    for rule in rules {
                        try Self.append([rule], note: UserRuleNote(kind: UserRuleInput.kind(of: rule), filter: isJSON ? nil : filter), to: &list)
                    }
                }
            case "disable", "delete", "enable", "delete-disabled":
                let fromDisabled = action == "enable" || action == "delete-disabled"
                let (number, json) = (Int(form["rule"] ?? "") ?? -1, form["json"] ?? "")
                try store.change { (list: inout UserRules) throws(UserRuleError) in
                    let rules = fromDisabled ? list.disabled : list.active
                    // The number names the rule the page showed; if the list changed since, refuse rather than guess.
                    guard rules.indices.contains(number), rules[number].json == json else { throw .noSuchRule(index: number, count: rules.count) }
                    let rule = fromDisabled ? list.disabled.remove(at: number) : list.active.remove(at: number)
                    if action == "disable" { list.disabled.append(rule) }
                    if action == "enable" { list.active.append(rule) }
                }
            case "undo":
                try store.undo()
            default:
                return notFound(exchange: exchange)
            }
        } catch {
            let page = rulesPage(exchange: exchange, notice: .failed("\(error)"), pendingFilter: form["filter"] ?? "")
            return controlPage(page.page, status: 422, exchange: exchange)
        }
        if let failure = await applyChangedRules(store) {
            return controlPage(rulesPage(exchange: exchange, notice: .failed(failure)).page, status: 422, exchange: exchange)
        }
        return exchange.redirect(to: "/_limot/rules?done=\(action)")
    }

    /// GET `/_limot/pause?page=ADDRESS&return=PATH`: the page with the
    /// buttons (the bar links here; the token is never on the site's pages).
    func pausePage(exchange: Exchange) -> Response {
        if let refusal = ControlRequestCheck.refusalOfPage(headers: exchange.request.headers) { return exchange.page(refusal) }
        guard let address = exchange.queryValue("page"), let site = try? WebURL(address), site.scheme == "http" || site.scheme == "https" else {
            return exchange.page(ProxyError(status: 400, title: "Which page?", detail: "Pause from the bar of a page of the dictionary."))
        }
        let state = PauseState(page: site.serialization, rules: userRulesSnapshot?.current() ?? UserRules())
        let page = PausePage(page: site.serialization, host: site.hostname, pausedPage: state.pausedPage, pausedSite: state.pausedSite,
                             token: controlToken.token(for: exchange.session), returnPath: Self.localPath(exchange.queryValue("return")) ?? "/")
        return controlPage(page.html, status: 200, exchange: exchange)
    }

    /// POST `/_limot/pause` or `/_limot/resume` with `scope=page|site` and `page`.
    func changePause(resume: Bool, exchange: inout Exchange) async -> Response {
        let form: FormFields
        switch await checkedForm(exchange: &exchange) {
        case .success(let fields): form = fields
        case .failure(let refusal): return exchange.page(refusal)
        }
        guard let store = configuration.userRules else { return exchange.page(Self.noDataDirectory) }
        let address = form["page"] ?? ""
        let wholeSite = form["scope"] == "site"
        do {
            let (rule, name) = wholeSite ? try UserRuleInput.pauseRule(site: address) : try UserRuleInput.pauseRule(page: address)
            try store.change { (list: inout UserRules) throws(UserRuleError) in
                let index = list.active.firstIndex { $0.json == rule }
                if resume {
                    guard let index else { throw .notPaused(name) }
                    list.active.remove(at: index)
                } else if index == nil {
                    list.active.append(UserRule(json: rule, note: UserRuleNote(kind: .pause, page: wholeSite ? nil : name)))
                }
            }
        } catch {
            return exchange.page(ProxyError(status: 422, title: resume ? "Not resumed" : "Not paused", detail: "\(error)"))
        }
        if let failure = await applyChangedRules(store) {
            return exchange.page(ProxyError(status: 422, title: "Your rules do not compile", detail: failure))
        }
        return exchange.redirect(to: Self.localPath(form["return"]) ?? "/")
    }

    // MARK: - Helpers

    /// Adds `rules` to the reader's active list, refusing one it has already.
    static func append(_ rules: [String], note: UserRuleNote, to list: inout UserRules) throws(UserRuleError) {
        for rule in rules {
            guard !list.active.contains(where: { $0.json == rule }) else { throw .alreadyPresent(rule) }
            list.active.append(UserRule(json: rule, note: note))
        }
    }

    /// The form of a change, once `ControlRequestCheck` lets it through.
    func checkedForm(exchange: inout Exchange) async -> Result<FormFields, ProxyError> {
        let request = exchange.request
        var fields = FormFields(body: "")
        if request.method == .post {
            var mutable = request
            guard let body = try? await mutable.collectBody(upTo: configuration.maxRequestBodyBytes) else {
                return .failure(ProxyError(status: 413, title: "Form too large", detail: "The form could not be read in full."))
            }
            fields = FormFields(body: String(decoding: body.readableBytesView, as: UTF8.self))
        }
        let refusal = ControlRequestCheck.refusalOfChange(
            method: request.method, headers: request.headers, authority: request.head.authority,
            tokenMatches: controlToken.matches(fields[ControlToken.fieldName], session: exchange.session))
        return refusal.map { .failure($0) } ?? .success(fields)
    }

    /// Compiles the lists again (on a thread of its own, not the request
    /// handlers') and swaps the engine; if they do not compile, the change
    /// is undone, so a failed change changes nothing. The reason, then.
    func applyChangedRules(_ store: UserRuleStore) async -> String? {
        guard let apply = configuration.applyUserRules else { return nil }
        let failure = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: apply()) }
        }
        guard let failure else { return nil }
        _ = try? store.undo()
        return "The change was not made: your rules do not compile: \(failure)"
    }

    private func rulesPage(exchange: Exchange, notice: RulesPage.Notice?, pendingFilter: String = "") -> RulesPage {
        let rules: Result<UserRules, UserRuleError>
        if let store = configuration.userRules {
            rules = Result { () throws(UserRuleError) in try store.load() }
        } else {
            rules = .success(UserRules())
        }
        let hits = ruleHits.counts(list: UserRuleStore.listName)
        return RulesPage(rules: rules, token: controlToken.token(for: exchange.session), hits: hits.byRule, hitsSince: hits.since,
                         notice: notice, pendingFilter: pendingFilter)
    }

    /// A control page: never in a frame (a second policy, enforced beside
    /// the page policy), and in a browsing context group of its own, so a
    /// site page that opened it cannot read its token.
    func controlPage(_ page: ProxyPage, status: Int, exchange: Exchange) -> Response {
        var response = exchange.page(page, status: status)
        response.headers.append(HTTPField(name: .contentSecurityPolicy, value: "frame-ancestors 'none'"))
        response.headers[HTTPField.Name("Cross-Origin-Opener-Policy")!] = "same-origin"
        return response
    }

    static let noDataDirectory = ProxyError(status: 409, title: "No data directory",
                                            detail: "limot runs without a data directory, so it has no place to keep your rules.")

    private static func doneNotice(_ action: String) -> String? {
        ["add": "Added.", "disable": "Switched off.", "enable": "Switched on.", "delete": "Deleted.",
         "delete-disabled": "Deleted.", "undo": "The last change is undone (undo again to redo it)."][action]
    }
}

/// The fields of a posted form (`application/x-www-form-urlencoded`).
struct FormFields {
    let body: String
    subscript(name: String) -> String? { WebURL.formValue(name, inQuery: body) }
}
