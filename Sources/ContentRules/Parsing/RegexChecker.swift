/// The compile-time check of a parsed rule's regexes: its url-filter and its
/// condition regexes (domains included) must be in WebKit's subset.
enum RegexChecker {
    static func check(_ rule: Rule, into context: inout RuleListParser.Context) {
        do {
            _ = try URLFilterParser.parse(rule.trigger.urlFilter)
        } catch {
            context.error(.jsonInvalidRegex, rule: rule.index, line: rule.line, field: "trigger.url-filter",
                detail: "\"\(rule.trigger.urlFilter)\": \(error)")
        }
        guard let condition = rule.trigger.condition else { return }
        // A plain domain (letters, digits, dots, hyphens) always makes a valid regex.
        if condition.kind.isDomainList && condition.values.allSatisfy(DomainKeys.isNative) { return }
        for (position, regex) in condition.regexes.enumerated() {
            do {
                _ = try URLFilterParser.parse(regex)
            } catch {
                let value = condition.values[position]
                let shown = condition.kind.isDomainList ? "\"\(value)\" (as the regex \"\(regex)\")" : "\"\(value)\""
                context.error(.jsonInvalidRegex, rule: rule.index, line: rule.line,
                    field: "trigger.\(condition.kind.rawValue)[\(position)]", detail: "\(shown): \(error)")
            }
        }
    }
}
