import LimotJSON

/// Rules as WKContentRuleList JSON, one rule a line, so that
/// `limot rules check` and WebKit's errors name a line a person can find.
///
/// Only what a trigger holds and the actions without parameters beyond a
/// selector or a notification are written; the converter makes nothing else.
/// The fixed parts of a rule go in as raw text: a converted list has over
/// 100,000 rules, and a member-by-member object would take longer than the
/// conversion itself.
public enum RuleListJSON {
    /// The JSON array of `rules`.
    public static func json(_ rules: some Collection<Rule>) -> String {
        var writer = JSONWriter(reservingCapacity: rules.count * 160)
        writer.raw("[\n")
        var typeNames: [UInt32: String] = [:]
        var first = true
        for rule in rules {
            if !first { writer.raw(",\n") }
            first = false
            write(rule, into: &writer, typeNames: &typeNames)
        }
        writer.raw("\n]\n")
        return writer.text
    }

    /// One rule as a JSON object.
    public static func json(_ rule: Rule) -> String {
        var writer = JSONWriter()
        var typeNames: [UInt32: String] = [:]
        write(rule, into: &writer, typeNames: &typeNames)
        return writer.text
    }

    private static func write(_ rule: Rule, into writer: inout JSONWriter, typeNames: inout [UInt32: String]) {
        let trigger = rule.trigger
        writer.raw(#"{"trigger":{"url-filter":"#)
        writer.string(trigger.urlFilter)
        if trigger.urlFilterIsCaseSensitive { writer.raw(#","url-filter-is-case-sensitive":true"#) }
        if !trigger.resourceTypes.isEmpty {
            writer.raw(#","resource-type":"#)
            if let cached = typeNames[trigger.resourceTypes.rawValue] {
                writer.raw(cached)
            } else {
                var array = JSONWriter()
                array.array(names(of: trigger.resourceTypes)) { $0.string($1) }
                typeNames[trigger.resourceTypes.rawValue] = array.text
                writer.raw(array.text)
            }
        }
        if !trigger.loadTypes.isEmpty && trigger.loadTypes != .all {
            writer.raw(trigger.loadTypes.contains(.firstParty) ? #","load-type":["first-party"]"# : #","load-type":["third-party"]"#)
        }
        if !trigger.loadContexts.isEmpty && trigger.loadContexts != .all {
            writer.raw(trigger.loadContexts.contains(.topFrame) ? #","load-context":["top-frame"]"# : #","load-context":["child-frame"]"#)
        }
        if let method = trigger.requestMethod {
            writer.raw(#","request-method":"#)
            writer.string(method.rawValue)
        }
        if let condition = trigger.condition {
            writer.raw(",")
            writer.string(condition.kind.rawValue)
            writer.raw(":")
            writer.array(condition.values) { $0.string($1) }
            if condition.kind.appliesToTopURL && trigger.topURLFilterIsCaseSensitive {
                writer.raw(#","top-url-filter-is-case-sensitive":true"#)
            }
        }
        writer.raw(#"},"action":{"type":"#)
        writer.string(rule.action.typeName)
        switch rule.action {
        case .cssDisplayNone(let selector):
            writer.raw(#","selector":"#)
            writer.string(selector)
        case .notify(let notification):
            writer.raw(#","notification":"#)
            writer.string(notification)
        default: break
        }
        writer.raw("}}")
    }

    /// WebKit's names for a set of types, so that reading them back gives the
    /// same set (`other` in a trigger includes pings and CSP reports).
    static func names(of types: ResourceTypes) -> [String] {
        var names: [String] = []
        var rest = types
        if rest.isSuperset(of: .document) {
            names.append("document")
            rest.subtract(.document)
        }
        let otherCovers: ResourceTypes = [.other, .ping, .cspReport]
        let covered = rest.contains(.other) ? otherCovers : []
        for name in rest.subtracting(covered).names { names.append(name) }
        if !covered.isEmpty { names.append("other") }
        return names
    }
}
