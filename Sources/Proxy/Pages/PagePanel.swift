import Foundation
import WebURL

/// `/_limot/page/ID`: what one page blocked, loaded, hid or had allowed by
/// an exception, each line with the rule that decided it (its list's name
/// and its text), and buttons that add a rule to the reader's list:
/// "block" for a line that loaded, "allow" for a line that was blocked,
/// for the address or its whole host. Plain forms (POST with the session's
/// token), so it works without JavaScript; every address, selector and
/// rule text is escaped.
struct PagePanel {
    var record: PageRecord
    var token: String
    /// The page's proxy path (the "back to the page" link).
    var pagePath: String?
    /// What the last change did, or why it failed.
    var notice: RulesPage.Notice?
    /// The session's other recent pages.
    var recent: [PageRecord] = []
    /// The rules' names with their text (`ProxyCore.displayNames`).
    var ruleNames: [RuleName: RuleName] = [:]

    /// The form fields of a line's button.
    enum Verdict: String {
        case block, allow
    }
    enum Scope: String {
        case address, host
    }

    var page: ProxyPage {
        var body = "<h1>Blocked and loaded on this page</h1>"
        body += "<p><code class=\"limot-url\">\(escape(record.address))</code>"
        if let pagePath { body += #" · <a href="\#(escape(pagePath))">back to the page</a>"# }
        body += "</p>"
        switch notice {
        case .done(let text): body += #"<p class="limot-done" role="status">\#(escape(text))</p>"#
        case .failed(let text): body += #"<p class="limot-error" role="alert">\#(escape(text))</p>"#
        case nil: break
        }
        body += section("Blocked", record.loads(.blocked), offer: .allow,
                        empty: "Nothing was blocked on this page.")
        body += section("Allowed by an exception", record.loads(.allowed), offer: .block,
                        empty: nil)
        body += section("Loaded", record.loads(.loaded), offer: .block,
                        empty: "Nothing was loaded through limot for this page yet (reload the panel after the page has finished).")
        body += section("Hidden", record.loads(.hidden), offer: nil, empty: nil)
        if record.dropped > 0 {
            body += "<p>\(record.dropped) more line\(record.dropped == 1 ? "" : "s") were not kept (limot keeps a bounded record per page).</p>"
        }
        body += Self.explanation
        let others = recent.filter { $0.id != record.id }
        if !others.isEmpty {
            body += "<h2>Your other recent pages</h2><ul>"
            for other in others {
                body += #"<li><a href="/_limot/page/\#(escape(other.id))"><code class="limot-url">\#(escape(other.address))</code></a></li>"#
            }
            body += "</ul>"
        }
        body += #"<p><a href="/_limot/rules">Your rules</a> · <a href="/_limot/stats">Privacy report</a></p>"#
        return ProxyPage(title: "This page", bodyHTML: body)
    }

    /// Why "allow" is scoped to the site and "block" is not.
    static let explanation = """
        <p class="limot-note">“Block” adds a <code>block</code> rule for the address (or every address of its host) \
        to your rules, on every site. “Allow” adds an <code>ignore-previous-rules</code> rule for it, only on pages of \
        this site (<code>if-domain</code>): your rules apply after every other list, as in Safari, so the exception \
        undoes the shipped lists’ blocks there and nowhere else. Reload the page to see a change.</p>
        """

    private func section(_ title: String, _ loads: [PageLoad], offer: Verdict?, empty: String?) -> String {
        guard !loads.isEmpty else { return empty.map { "<h2>\(title)</h2><p>\($0)</p>" } ?? "" }
        var out = "<h2>\(title) (\(loads.count))</h2><table class=\"limot-panel\"><thead><tr><th>What</th><th>Type</th><th>Rule</th>"
        out += offer == nil ? "</tr></thead><tbody>" : "<th></th></tr></thead><tbody>"
        for load in loads {
            out += "<tr><td><code class=\"limot-url\" dir=\"ltr\">\(escape(load.what))</code>\(load.count > 1 ? " ×\(load.count)" : "")</td>"
            out += "<td>\(escape(load.type))</td><td>\(rules(load.rules))</td>"
            if let offer { out += "<td>\(buttons(offer, for: load.what))</td>" }
            out += "</tr>"
        }
        return out + "</tbody></table>"
    }

    private func rules(_ names: [RuleName]) -> String {
        guard !names.isEmpty else { return "—" }
        return names.map { (ruleNames[$0] ?? $0).html }.joined(separator: "<br>")
    }

    private func buttons(_ verdict: Verdict, for address: String) -> String {
        let host = (try? WebURL(address))?.hostname ?? ""
        let word = verdict == .block ? "Block" : "Allow"
        var out = form(verdict, .address, address, label: "\(word) this address")
        if !host.isEmpty { out += form(verdict, .host, address, label: "\(word) \(host)") }
        return out
    }

    private func form(_ verdict: Verdict, _ scope: Scope, _ address: String, label: String) -> String {
        var out = #"<form class="limot-inline" method="post" action="/_limot/page/\#(escape(record.id))/rule">"#
        out += #"<input type="hidden" name="\#(ControlToken.fieldName)" value="\#(escape(token))">"#
        out += #"<input type="hidden" name="verdict" value="\#(verdict.rawValue)">"#
        out += #"<input type="hidden" name="scope" value="\#(scope.rawValue)">"#
        out += #"<input type="hidden" name="url" value="\#(escape(address))">"#
        return out + #"<button type="submit" class="limot-\#(verdict.rawValue)">\#(escape(label))</button></form>"#
    }

    private func escape(_ text: String) -> String { HTMLEscaping.escape(text) }
}
