import ContentRules
import Foundation
import Subscriptions

/// `/_limot/rules`: the reader's own list as the store has it — each rule
/// with its number, kind, text, when and on which page it was made, what
/// `limot rules check` finds wrong with it, what it did since the rules
/// last changed (blocks, hides, allows, cookies blocked, upgrades), and buttons to switch it off, on, or delete it; one undo;
/// a form to add a filter. Plain forms (POST, with the session's token), so
/// it works without JavaScript; every text from the list or the reader is
/// escaped.
struct RulesPage {
    /// The list, or why it could not be read.
    var rules: Result<UserRules, UserRuleError>
    var token: String
    /// What each active rule did since `hitsSince`, by number and kind.
    var hits: [Int: [RuleHits.Kind: Int]] = [:]
    /// When the counts began: the last change of the rules (or the start).
    var hitsSince: Date?
    /// What the last change did (after its redirect), or why it failed.
    var notice: Notice?
    /// The filter the add form shows again after it was refused.
    var pendingFilter = ""

    enum Notice {
        case done(String)
        case failed(String)
    }

    var page: ProxyPage {
        var body = "<h1>Your rules</h1>"
        switch notice {
        case .done(let text): body += #"<p class="limot-done" role="status">\#(escape(text))</p>"#
        case .failed(let text): body += #"<p class="limot-error" role="alert">\#(multiline(text))</p>"#
        case nil: break
        }
        switch rules {
        case .failure(let error):
            body += #"<p class="limot-error">\#(multiline(error.description))</p>"#
        case .success(let list):
            body += listHTML(list)
        }
        body += addForm
        body += #"<p><a href="/_limot/stats">Blocked requests</a></p>"#
        return ProxyPage(title: "Your rules", bodyHTML: body)
    }

    private func listHTML(_ list: UserRules) -> String {
        var body = ""
        if list.active.isEmpty && list.disabled.isEmpty {
            body += "<p>You have no rules of your own yet. Add a filter below, or pause filtering on a page from the bar.</p>"
        }
        if !list.active.isEmpty {
            body += "<table><thead><tr><th>#</th><th>Kind</th><th>Rule</th><th>Made</th><th>Hits\(hitsSince.map { " since " + escape($0.formatted(date: .omitted, time: .shortened)) } ?? "")</th><th></th></tr></thead><tbody>"
            for (number, rule) in list.active.enumerated() {
                let problems = list.problems.filter { $0.ruleIndex == number }
                body += "<tr id=\"rule-\(number)\"><td>\(number)</td><td>\(kind(of: rule))</td><td>\(ruleText(rule))"
                for problem in problems { body += #"<br><span class="limot-error">\#(escape(Self.describe(problem)))</span>"# }
                body += "</td><td>\(made(rule))</td><td>\(hitsText(hits[number]))</td><td>"
                body += button("disable", "Switch off", rule: rule, number: number)
                body += button("delete", "Delete", rule: rule, number: number)
                body += "</td></tr>"
            }
            body += "</tbody></table>"
        }
        let general = list.problems.filter { $0.ruleIndex == nil }
        for problem in general { body += #"<p class="limot-error">\#(escape(Self.describe(problem)))</p>"# }
        if !list.isUsable {
            body += #"<p class="limot-error">Your list has errors: limot does not use it until they are fixed (delete the rule, or edit user-rules.json).</p>"#
        }
        if !list.disabled.isEmpty {
            body += "<h2>Switched off</h2><table><tbody>"
            for (number, rule) in list.disabled.enumerated() {
                body += "<tr><td>\(kind(of: rule))</td><td>\(ruleText(rule))</td><td>\(made(rule))</td><td>"
                body += button("enable", "Switch on", rule: rule, number: number)
                body += button("delete-disabled", "Delete", rule: rule, number: number)
                body += "</td></tr>"
            }
            body += "</tbody></table>"
        }
        body += form("undo", fields: [:], label: "Undo the last change")
        return body
    }

    private var addForm: String {
        """
        <h2>Add a filter</h2><form method="post" action="/_limot/rules/add">\(tokenField)\
        <p><label>One AdBlock filter (<code>||ads.example^</code>, <code>example.org##.ad-slot</code>) or one JSON rule<br>\
        <textarea name="filter" rows="3" cols="60" dir="ltr">\(escape(pendingFilter))</textarea></label></p>\
        <p><button type="submit">Add</button></p></form>
        """
    }

    /// A form with one button that posts `action` for the rule.
    private func button(_ action: String, _ label: String, rule: UserRule, number: Int) -> String {
        form(action, fields: ["rule": String(number), "json": rule.json], label: label)
    }

    private func form(_ action: String, fields: [String: String], label: String) -> String {
        var out = #"<form class="limot-inline" method="post" action="/_limot/rules/\#(action)">"# + tokenField
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            out += #"<input type="hidden" name="\#(escape(name))" value="\#(escape(value))">"#
        }
        return out + #"<button type="submit">\#(escape(label))</button></form>"#
    }

    private var tokenField: String {
        #"<input type="hidden" name="\#(ControlToken.fieldName)" value="\#(escape(token))">"#
    }

    /// "block 3 · hide 2", or 0.
    private func hitsText(_ counts: [RuleHits.Kind: Int]?) -> String {
        let parts = RuleHits.Kind.allCases.compactMap { kind in counts?[kind].map { "\(kind.rawValue) \($0)" } }
        return parts.isEmpty ? "0" : parts.joined(separator: " · ")
    }

    private func kind(of rule: UserRule) -> String {
        (rule.note?.kind ?? UserRuleInput.kind(of: rule.json)).rawValue
    }

    /// The filter it was made from (if any) and the rule as the file has it.
    private func ruleText(_ rule: UserRule) -> String {
        var out = ""
        if let filter = rule.note?.filter { out += "<code dir=\"ltr\">\(escape(filter))</code><br>" }
        return out + "<code dir=\"ltr\">\(escape(rule.json))</code>"
    }

    private func made(_ rule: UserRule) -> String {
        guard let note = rule.note else { return "by hand" }
        var out = escape(note.made.formatted(.iso8601))
        if let page = note.page { out += "<br>on <code>\(escape(page))</code>" }
        return out
    }

    static func describe(_ problem: Diagnostic) -> String {
        "\(problem.severity.rawValue): \(problem.message)\(problem.field.map { " (field \($0))" } ?? "")"
    }

    private func escape(_ text: String) -> String { HTMLEscaping.escape(text) }

    /// Escaped text whose line breaks stay line breaks.
    private func multiline(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escape(String($0)) }.joined(separator: "<br>")
    }
}
