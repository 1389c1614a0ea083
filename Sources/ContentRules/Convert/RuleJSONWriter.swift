/// Writes rules as WKContentRuleList JSON, one rule a line, so that
/// `limot rules check` and WebKit's errors name a line a person can find.
///
/// Only what a trigger holds and the actions without parameters beyond a
/// selector or a notification are written; the converter makes nothing else.
public enum RuleJSONWriter {
    /// The JSON array of `rules`.
    public static func json(_ rules: some Collection<Rule>) -> String {
        var output = "[\n"
        output.reserveCapacity(rules.count * 120)
        var first = true
        for rule in rules {
            if !first { output += ",\n" }
            first = false
            output += json(rule)
        }
        return output + "\n]\n"
    }

    /// One rule as a JSON object.
    public static func json(_ rule: Rule) -> String {
        let trigger = rule.trigger
        var fields = ["\"url-filter\":" + JSONText.quote(trigger.urlFilter)]
        if trigger.urlFilterIsCaseSensitive { fields.append("\"url-filter-is-case-sensitive\":true") }
        if !trigger.resourceTypes.isEmpty { fields.append("\"resource-type\":" + array(names(of: trigger.resourceTypes))) }
        if !trigger.loadTypes.isEmpty && trigger.loadTypes != .all {
            fields.append("\"load-type\":" + array(trigger.loadTypes.contains(.firstParty) ? ["first-party"] : ["third-party"]))
        }
        if !trigger.loadContexts.isEmpty && trigger.loadContexts != .all {
            fields.append("\"load-context\":" + array(trigger.loadContexts.contains(.topFrame) ? ["top-frame"] : ["child-frame"]))
        }
        if let method = trigger.requestMethod { fields.append("\"request-method\":" + JSONText.quote(method.rawValue)) }
        if let condition = trigger.condition {
            fields.append(JSONText.quote(condition.kind.rawValue) + ":" + array(condition.values))
            if condition.kind.appliesToTopURL && trigger.topURLFilterIsCaseSensitive {
                fields.append("\"top-url-filter-is-case-sensitive\":true")
            }
        }
        var action = "\"type\":" + JSONText.quote(rule.action.typeName)
        switch rule.action {
        case .cssDisplayNone(let selector): action += ",\"selector\":" + JSONText.quote(selector)
        case .notify(let notification): action += ",\"notification\":" + JSONText.quote(notification)
        default: break
        }
        return "{\"trigger\":{" + fields.joined(separator: ",") + "},\"action\":{" + action + "}}"
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

    private static func array(_ values: [String]) -> String {
        "[" + values.map(JSONText.quote).joined(separator: ",") + "]"
    }
}
