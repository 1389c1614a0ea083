import ContentRules

/// A WebKit-maximum list (150,000 rules) made in memory from the three real
/// lists: copy 0 is the rules as they are, copy k ≥ 1 the same rules with every
/// host they name given the label prefix `h<k>-` (`||example.com^` becomes
/// `||h1-example.com^`, `*example.com` in a domain condition becomes
/// `*h1-example.com`), so that the copies are distinct rules of the same shapes
/// rather than duplicates the compiler could fold.
enum SyntheticList {
    /// The host-anchor prefixes of the real lists' url-filters (the AdGuard
    /// and Brave converters' spellings of `||`, and scheme anchors). A host
    /// label must follow for the filter to count as host-anchored.
    static let hostAnchors = [
        #"^[^:]+:(//)?([^/]+\.)?"#,
        #"^[htpsw]+://([a-z0-9-]+\.)?"#,
        #"^[htpsw]+://"#,
        #"^https?://([^/]+\.)?"#,
        #"^https?://"#,
        #"^https://"#,
        #"^http://"#,
    ]

    static func make(from lists: [RuleList], count: Int) -> RuleList {
        let originals = lists.flatMap(\.rules)
        precondition(!originals.isEmpty)
        var rules: [Rule] = []
        rules.reserveCapacity(count)
        var copy = 0
        while rules.count < count {
            for original in originals where rules.count < count {
                var rule = copy == 0 ? original : varied(original, prefix: "h\(copy)-")
                rule.index = rules.count
                rule.line = nil
                rules.append(rule)
            }
            copy += 1
        }
        return RuleList(source: "synthetic-\(count)", rules: rules)
    }

    /// The rule with its hosts prefixed. A url-filter with no host (a generic
    /// substring such as `&adtype=`) gets the prefix as a literal in front,
    /// which keeps it a generic pattern; `^`-anchored filters without a host
    /// and `.*` are left as they are (their domain condition, if any, varies).
    static func varied(_ rule: Rule, prefix: String) -> Rule {
        var rule = rule
        let filter = rule.trigger.urlFilter
        if let anchor = hostAnchors.first(where: { filter.hasPrefix($0) }),
            let next = filter.dropFirst(anchor.count).first, next.isLetter || next.isNumber
        {
            rule.trigger.urlFilter = anchor + prefix + filter.dropFirst(anchor.count)
        } else if !filter.hasPrefix("^"), filter != ".*" {
            rule.trigger.urlFilter = prefix + filter
        }
        if var condition = rule.trigger.condition,
            condition.kind == .ifDomain || condition.kind == .unlessDomain
        {
            condition.values = condition.values.map { domain in
                domain.hasPrefix("*") ? "*" + prefix + domain.dropFirst() : prefix + domain
            }
            rule.trigger.condition = condition
        }
        return rule
    }
}
