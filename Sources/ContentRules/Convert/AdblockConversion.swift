/// The result of converting AdBlock lists: the WKContentRuleList rules, in
/// the order WebKit needs, and every line left out with its reason.
public struct AdblockConversion: Sendable {
    /// The rules; each rule's `index` is its position here and its `line`
    /// the line of the filter it came from.
    public var rules: [Rule]
    /// For each rule, the index in `sources` of the list it came from.
    public var ruleSources: [Int32]
    /// The lists converted, by the names they were given.
    public var sources: [String]
    /// Filters that have no WebKit equivalent, in list order.
    public var skipped: [AdblockSkippedLine]
    /// How many lines were filters (neither blank nor comments).
    public var filterCount: Int

    /// The skipped lines counted by reason, most frequent first.
    public var skippedByCategory: [(category: String, count: Int)] {
        var counts: [String: Int] = [:]
        for line in skipped { counts[line.reason.category, default: 0] += 1 }
        return counts.map { (category: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.category < $1.category }
    }

    /// The rules as one rule list, as `RuleListParser` would have made it from
    /// the JSON (lines are the AdBlock list's).
    public func ruleList(source: String) -> RuleList {
        RuleList(source: source, rules: rules)
    }

    /// The file and line a rule came from, as `file:line`.
    public func origin(of rule: Rule) -> String {
        "\(sources[Int(ruleSources[rule.index])]):\(rule.line ?? 0)"
    }
}
