import ArgumentParser
import ContentRules
import Foundation
import LimotJSON
import Subscriptions

/// `limot rules list --user`: the reader's own rules as text or JSON.
struct UserRulesReport {
    let store: UserRuleStore

    func print(json: Bool) throws {
        let rules = try attempt { () throws(UserRuleError) in try store.load() }
        if json {
            Swift.print(jsonText(rules))
            return
        }
        guard !rules.active.isEmpty || !rules.disabled.isEmpty else {
            Swift.print("you have no rules of your own (`limot rules add FILTER` adds one; `limot rules pause SITE` pauses a site)")
            return
        }
        Swift.print("\(UserRuleStore.listName): \(store.rulesFile)")
        for (number, rule) in rules.active.enumerated() {
            Swift.print("\(number)  \(Self.kind(of: rule))  \(rule.json)")
            if let note = rule.note { Swift.print("    \(Self.describe(note))") }
            for problem in rules.problems where problem.ruleIndex == number {
                Swift.print("    \(problem.severity.rawValue): \(problem.message)\(problem.field.map { " (field \($0))" } ?? "")")
            }
        }
        for problem in rules.problems where problem.ruleIndex == nil {
            Swift.print("\(problem.severity.rawValue): \(problem.message)")
        }
        if !rules.isUsable {
            Swift.print("user-rules.json has errors: limot does not use it until they are fixed (by hand, or `limot rules remove N`)")
        }
        if !rules.disabled.isEmpty {
            Swift.print("switched off:")
            for rule in rules.disabled { Swift.print("    \(Self.kind(of: rule))  \(rule.json)") }
        }
    }

    static func kind(of rule: UserRule) -> String {
        (rule.note?.kind ?? UserRuleInput.kind(of: rule.json)).rawValue
    }

    static func describe(_ note: UserRuleNote) -> String {
        var text = "made \(note.made.formatted(.iso8601))"
        if let page = note.page { text += " on \(page)" }
        if let filter = note.filter { text += " from \(filter)" }
        return text
    }

    private func jsonText(_ rules: UserRules) -> String {
        var writer = JSONWriter()
        writer.object { writer in
            writer.member("file") { $0.string(store.rulesFile) }
            writer.member("usable") { $0.raw(rules.isUsable ? "true" : "false") }
            writer.member("rules") { writer in
                writer.array(rules.active.enumerated()) { writer, item in
                    let (number, rule) = item
                    writer.object { writer in
                        writer.member("number") { $0.raw(String(number)) }
                        Self.members(of: rule, into: &writer)
                        writer.member("problems") { writer in
                            writer.array(rules.problems.filter { $0.ruleIndex == number }) { $0.string($1.description) }
                        }
                    }
                }
            }
            writer.member("disabled") { writer in
                writer.array(rules.disabled) { writer, rule in writer.object { Self.members(of: rule, into: &$0) } }
            }
        }
        return writer.text
    }

    private static func members(of rule: UserRule, into writer: inout JSONWriter) {
        writer.member("rule") { $0.raw(rule.json) }
        writer.member("kind") { $0.string(kind(of: rule)) }
        writer.member("made") { $0.optionalString(rule.note.map { $0.made.formatted(.iso8601) }) }
        writer.member("page") { $0.optionalString(rule.note?.page) }
        writer.member("filter") { $0.optionalString(rule.note?.filter) }
    }
}
