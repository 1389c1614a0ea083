extension Decision {
    /// The rules behind the block actions that apply, as `outcomes` names
    /// them (list by list, in decision order within a list): the
    /// sanitizer's record of a blocked load. Reads the action kinds
    /// instead of building every list's outcome, its references and its
    /// ignore-rule account: sanitizing the fixture pages went from 2.94 M
    /// to 2.70 M instructions (callgrind) when it replaced `outcomes` there.
    public var blockingRules: [RuleReference] {
        // `applied` is in decision order, list by list, as `outcomes` walks it.
        // Counted, then made in an array of that size: one array where
        // `filter` then `map` made two (about 100 instructions a blocked
        // load on the fixture pages, callgrind).
        let rules = applied
        let kinds = engine.ruleActionKind
        var count = 0
        for rule in rules where kinds[Int(rule)] == .block { count += 1 }
        var references: [RuleReference] = []
        references.reserveCapacity(count)
        for rule in rules where kinds[Int(rule)] == .block { references.append(engine.reference(rule)) }
        return references
    }
}
