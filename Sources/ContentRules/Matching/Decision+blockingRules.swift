extension Decision {
    /// The rules behind the block actions that apply, as `outcomes` names
    /// them (list by list, in decision order within a list): the
    /// sanitizer's record of a blocked load. Reads the action kinds
    /// instead of building every list's outcome, its references and its
    /// ignore-rule account: sanitizing the fixture pages went from 2.94 M
    /// to 2.70 M instructions (callgrind) when it replaced `outcomes` there.
    public var blockingRules: [RuleReference] {
        mapBlockingRules { engine.reference($0) }
    }

    /// `blockingRules`, each made into what `name` makes of its list's
    /// source and its index in that list, with no `RuleReference` made
    /// between: what a blocked load's record keeps is one name a rule, and
    /// the references (a String and two numbers each, in an array of their
    /// own) were made only to be read once.
    public func blockingRuleNames(_ name: (_ source: String, _ index: Int) -> String) -> [String] {
        mapBlockingRules { rule in
            let (list, index) = engine.listAndIndex(of: rule)
            return name(engine.lists[list].source, index)
        }
    }

    /// `blockingRuleNames(Decision.recordName)`, the array made once for
    /// the engine's life for each set of rules that blocks (see
    /// `RecordNameMemo`): the sanitizer's record of a blocked load, for
    /// which making the names and their array anew was about 700
    /// instructions a blocked load (fixture pages, callgrind).
    public var blockingRecordNames: [String] {
        let kinds = engine.ruleActionKind
        return engine.recordNames.names(ofBlockRulesIn: applied, isBlock: { kinds[Int($0)] == .block }, engine: engine)
    }

    /// A blocking rule as a blocked load's record names it:
    /// "source#index", written in one go (the interpolation appended its
    /// three pieces to a growing string), the index's digits from the
    /// stack (its `String` cost about 70 instructions a name, callgrind).
    public static func recordName(source: String, index: Int) -> String {
        var source = source
        return source.withUTF8 { name in
            DecimalDigits.with(index) { digits in
                let count = name.count + 1 + digits.count
                return String(unsafeUninitializedCapacity: count) { out in
                    _ = UnsafeMutableBufferPointer(rebasing: out[..<name.count]).initialize(fromContentsOf: name)
                    out[name.count] = UInt8(ascii: "#")
                    _ = UnsafeMutableBufferPointer(rebasing: out[(name.count + 1)..<count]).initialize(fromContentsOf: digits)
                    return count
                }
            }
        }
    }

    /// A rule's record name (`recordName(source:index:)`), from its global number.
    static func recordName(of rule: Int32, in engine: ContentRuleEngine) -> String {
        let (list, index) = engine.listAndIndex(of: rule)
        return recordName(source: engine.lists[list].source, index: index)
    }

    /// The block rules of `applied` (global numbers, in its order), each
    /// made into what `transform` makes of it.
    private func mapBlockingRules<Element>(_ transform: (Int32) -> Element) -> [Element] {
        // `applied` is in decision order, list by list, as `outcomes` walks it.
        // Counted, then made in an array of that size: one array where
        // `filter` then `map` made two (about 100 instructions a blocked
        // load on the fixture pages, callgrind).
        let rules = applied
        let kinds = engine.ruleActionKind
        var count = 0
        for rule in rules where kinds[Int(rule)] == .block { count += 1 }
        var results: [Element] = []
        results.reserveCapacity(count)
        for rule in rules where kinds[Int(rule)] == .block { results.append(transform(rule)) }
        return results
    }
}
