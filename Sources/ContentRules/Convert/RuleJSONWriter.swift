/// Writes rules as WKContentRuleList JSON, one rule a line, so that
/// `limot rules check` and WebKit's errors name a line a person can find.
///
/// Only what a trigger holds and the actions without parameters beyond a
/// selector or a notification are written; the converter makes nothing else.
/// Written as bytes: a converted list has over 100,000 rules, and building
/// it from small strings took longer than the conversion itself.
public enum RuleJSONWriter {
    /// The JSON array of `rules`.
    public static func json(_ rules: some Collection<Rule>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(rules.count * 160)
        output += Array("[\n".utf8)
        var typeNames: [UInt32: [UInt8]] = [:]
        var first = true
        for rule in rules {
            if !first { output += [UInt8(ascii: ","), 0x0A] }
            first = false
            write(rule, into: &output, typeNames: &typeNames)
        }
        output += Array("\n]\n".utf8)
        return String(decoding: output, as: UTF8.self)
    }

    /// One rule as a JSON object.
    public static func json(_ rule: Rule) -> String {
        var output: [UInt8] = []
        var typeNames: [UInt32: [UInt8]] = [:]
        write(rule, into: &output, typeNames: &typeNames)
        return String(decoding: output, as: UTF8.self)
    }

    private static func write(_ rule: Rule, into output: inout [UInt8], typeNames: inout [UInt32: [UInt8]]) {
        let trigger = rule.trigger
        output += Array(#"{"trigger":{"url-filter":"#.utf8)
        quote(trigger.urlFilter, into: &output)
        if trigger.urlFilterIsCaseSensitive { output += Array(#","url-filter-is-case-sensitive":true"#.utf8) }
        if !trigger.resourceTypes.isEmpty {
            output += Array(#","resource-type":"#.utf8)
            if let cached = typeNames[trigger.resourceTypes.rawValue] {
                output += cached
            } else {
                var array: [UInt8] = []
                write(names(of: trigger.resourceTypes), into: &array)
                typeNames[trigger.resourceTypes.rawValue] = array
                output += array
            }
        }
        if !trigger.loadTypes.isEmpty && trigger.loadTypes != .all {
            output += Array((trigger.loadTypes.contains(.firstParty) ? #","load-type":["first-party"]"# : #","load-type":["third-party"]"#).utf8)
        }
        if !trigger.loadContexts.isEmpty && trigger.loadContexts != .all {
            output += Array((trigger.loadContexts.contains(.topFrame) ? #","load-context":["top-frame"]"# : #","load-context":["child-frame"]"#).utf8)
        }
        if let method = trigger.requestMethod {
            output += Array(#","request-method":"#.utf8)
            quote(method.rawValue, into: &output)
        }
        if let condition = trigger.condition {
            output.append(UInt8(ascii: ","))
            quote(condition.kind.rawValue, into: &output)
            output.append(UInt8(ascii: ":"))
            write(condition.values, into: &output)
            if condition.kind.appliesToTopURL && trigger.topURLFilterIsCaseSensitive {
                output += Array(#","top-url-filter-is-case-sensitive":true"#.utf8)
            }
        }
        output += Array(#"},"action":{"type":"#.utf8)
        quote(rule.action.typeName, into: &output)
        switch rule.action {
        case .cssDisplayNone(let selector):
            output += Array(#","selector":"#.utf8)
            quote(selector, into: &output)
        case .notify(let notification):
            output += Array(#","notification":"#.utf8)
            quote(notification, into: &output)
        default: break
        }
        output += Array("}}".utf8)
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

    private static func write(_ values: [String], into output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            quote(value, into: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    /// A JSON string literal, escaped as `JSONText.quote` does.
    private static func quote(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
