extension Decision {
    /// The rules behind the block actions that apply, as `outcomes` names
    /// them (list by list, in decision order within a list): the
    /// sanitizer's record of a blocked load. Reads the action kinds
    /// instead of building every list's outcome, its references and its
    /// ignore-rule account: sanitizing the fixture pages went from 2.94 M
    /// to 2.70 M instructions (callgrind) when it replaced `outcomes` there.
    public var blockingRules: [RuleReference] {
        // `applied` is in decision order, list by list, as `outcomes` walks it.
        applied.filter { engine.ruleActionKind[Int($0)] == .block }.map(engine.reference)
    }
}
