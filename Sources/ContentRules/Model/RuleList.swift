/// One rule of a list, remembering where it came from.
public struct Rule: Sendable, Hashable {
    public var trigger: Trigger
    public var action: Action
    /// The zero-based index in the JSON array, as WebKit and `rules check` count.
    public var index: Int
    /// The source line of the rule's object, when parsed from text.
    public var line: Int?

    public init(trigger: Trigger, action: Action, index: Int, line: Int? = nil) {
        self.trigger = trigger
        self.action = action
        self.index = index
        self.line = line
    }
}

/// A parsed and validated rule list: what one WKContentRuleList is.
///
/// Lists are independent, as in Safari: `ignore-previous-rules` in one list
/// does not touch the actions of another, except in the reader's own list
/// (`appliesAfterEveryList`).
public struct RuleList: Sendable {
    /// Where the list came from (a file path, or a name for built-in lists).
    public var source: String
    /// Whether the list stands for rules appended to the end of every list
    /// before it, as the reader's own rules are (`user-rules.json`): its
    /// `ignore-previous-rules` then discards what every earlier list
    /// decided, so that an exception the reader makes beats the shipped and
    /// subscribed lists' blocks, with WebKit's semantics for a rule at the
    /// end of each list. Honoured for the last list only.
    public var appliesAfterEveryList = false
    /// The rules WebKit keeps (rules with an invalid selector are skipped).
    public var rules: [Rule]
    /// How many rules the JSON array held, skipped ones included.
    public var declaredRuleCount: Int

    public init(source: String, rules: [Rule], declaredRuleCount: Int? = nil) {
        self.source = source
        self.rules = rules
        self.declaredRuleCount = declaredRuleCount ?? rules.count
    }
}
