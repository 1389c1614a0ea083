import ContentRules
import LimotJSON
import WebURL

/// Turns what a reader gives into checked rules for their list: one AdBlock
/// filter (`||ads.example^`, `example.org##.ad-slot`, `@@||cdn.example^$script`)
/// or one WKContentRuleList rule as JSON, and the rules behind "pause here".
/// Every rule made is checked as `limot rules check` checks a list, so the
/// reader's list stays one that Safari accepts.
public enum UserRuleInput {
    /// The rules `text` stands for, as compact JSON, checked.
    public static func rules(from text: String) throws(UserRuleError) -> [String] {
        let trimmed = text.trimmingASCIIWhitespace
        guard !trimmed.isEmpty else { throw .emptyInput }
        if trimmed.hasPrefix("{") { return [try checkedJSONRule(trimmed)] }
        guard !trimmed.contains(where: \.isNewline) else {
            throw .unconvertible(filter: trimmed, reason: "it is more than one line; add one filter at a time")
        }
        let conversion = AdblockConverter.convert(trimmed, source: "filter")
        if let skipped = conversion.skipped.first {
            throw .unconvertible(filter: trimmed, reason: skipped.reason.description)
        }
        guard conversion.filterCount > 0 else {
            throw .unconvertible(filter: trimmed, reason: "it is a comment or a list header, not a filter")
        }
        guard !conversion.rules.isEmpty else {
            throw .unconvertible(filter: trimmed, reason: "it converts to no rule")
        }
        let rules = conversion.rules.map { RuleListJSON.json($0) }
        try check(rules, input: trimmed)
        return rules
    }

    /// What the reader asked for, read from the rule itself.
    public static func kind(of ruleJSON: String) -> UserRuleNote.Kind {
        if ruleJSON.contains(#""type":"css-display-none""#) { return .hide }
        if ruleJSON.contains(#""type":"block""#) { return .block }
        if ruleJSON.contains(#""type":"ignore-previous-rules""#) { return .allow }
        return .added
    }

    /// One JSON rule, checked, in the compact form the file keeps.
    private static func checkedJSONRule(_ text: String) throws(UserRuleError) -> String {
        let value: JSONValue
        do {
            value = try JSONParser.parse(text)
        } catch {
            throw .invalidRule(input: text, problems: RuleListParser.parse("[\(text)]", source: "rule").errors)
        }
        let rule = value.compactText
        try check([rule], input: text)
        return rule
    }

    /// Refuses rules with any error `rules check` would report.
    static func check(_ rules: [String], input: String) throws(UserRuleError) {
        let parsed = RuleListParser.parse("[\n" + rules.joined(separator: ",\n") + "\n]", source: "rule")
        let errors = parsed.errors
        // A rule with an invalid selector is skipped by WebKit, not refused: refuse it here, the reader meant it to work.
        let skipped = parsed.warnings.filter { $0.code == .invalidSelectorSkipped }
        guard errors.isEmpty && skipped.isEmpty else { throw .invalidRule(input: input, problems: errors + skipped) }
    }

    // MARK: - Pausing

    /// The rule that pauses filtering on every page of `site` (a host name
    /// or an address on it) and its subdomains: an `ignore-previous-rules`
    /// for every load whose page is on the site, so it applies after every
    /// other list (see `ContentRuleEngine`'s reader's list).
    public static func pauseRule(site: String) throws(UserRuleError) -> (rule: String, host: String) {
        let host = try self.host(of: site)
        let escaped = escapeForURLFilter(host)
        let patterns = ["^[a-z]+://\(escaped)[:/]", "^[a-z]+://[^/]*\\.\(escaped)[:/]"]
        return (pauseRule(topURLPatterns: patterns), host)
    }

    /// The rule that pauses filtering on the page at `address` alone.
    public static func pauseRule(page address: String) throws(UserRuleError) -> (rule: String, page: String) {
        guard let url = try? WebURL(address), url.scheme == "http" || url.scheme == "https", !url.hostname.isEmpty else {
            throw .badSite(address)
        }
        let page = url.removingFragment
        return (pauseRule(topURLPatterns: ["^\(escapeForURLFilter(page.serialization))$"]), page.serialization)
    }

    private static func pauseRule(topURLPatterns: [String]) -> String {
        var writer = JSONWriter()
        writer.object { writer in
            writer.member("trigger") { writer in
                writer.object { writer in
                    writer.member("url-filter") { $0.string(".*") }
                    writer.member("if-top-url") { $0.array(topURLPatterns) { $0.string($1) } }
                }
            }
            writer.member("action") { writer in
                writer.object { $0.member("type") { $0.string("ignore-previous-rules") } }
            }
        }
        return writer.text
    }

    /// The ASCII host `site` names: a host name, or the host of an address.
    static func host(of site: String) throws(UserRuleError) -> String {
        let trimmed = site.trimmingASCIIWhitespace
        let address = trimmed.contains("://") ? trimmed : "http://\(trimmed)"
        guard !trimmed.isEmpty, let url = try? WebURL(address), url.scheme == "http" || url.scheme == "https", !url.hostname.isEmpty
        else { throw .badSite(site) }
        return url.hostname
    }

    /// `text` with the characters WebKit's url-filter syntax gives a meaning escaped.
    static func escapeForURLFilter(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\^$.*+?()[]{}|".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}

extension String {
    /// Without spaces, tabs and line breaks at either end.
    var trimmingASCIIWhitespace: String {
        let bytes = utf8
        guard let start = bytes.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
              let end = bytes.lastIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
        else { return "" }
        return String(self[start...end])
    }
}
