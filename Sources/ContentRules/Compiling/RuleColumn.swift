/// One field of every rule's `RuleMeta`, read as if it were a table of its
/// own: the engine keeps each rule's list, location, order and action kind
/// once, in `ContentRuleEngine.ruleMeta`, rather than once more per field.
///
/// Valid while the engine it came from lives (it reads the engine's memory).
struct RuleColumn<Field: RuleField> {
    private let meta: UnsafeMutableBufferPointer<ContentRuleEngine.RuleMeta>

    init(_ meta: UnsafeMutableBufferPointer<ContentRuleEngine.RuleMeta>) {
        self.meta = meta
    }

    var count: Int { meta.count }

    @inline(__always)
    subscript(rule: Int) -> Field.Value {
        Field.value(of: meta[rule])
    }
}

/// Reads one field of a rule's metadata (the fields are the nested types).
protocol RuleField {
    associatedtype Value
    static func value(of meta: ContentRuleEngine.RuleMeta) -> Value
}

extension ContentRuleEngine.RuleMeta {
    /// The rule's list, by number.
    enum List: RuleField {
        static func value(of meta: ContentRuleEngine.RuleMeta) -> Int32 { Int32(truncatingIfNeeded: meta.order >> 32) }
    }

    /// The rule's action location in its list (`ActionLocations`).
    enum Location: RuleField {
        static func value(of meta: ContentRuleEngine.RuleMeta) -> Int32 { Int32(truncatingIfNeeded: meta.order) }
    }

    /// The order of decisions: list, then location.
    enum Order: RuleField {
        static func value(of meta: ContentRuleEngine.RuleMeta) -> Int64 { meta.order }
    }

    /// The kind of the rule's action.
    enum Kind: RuleField {
        static func value(of meta: ContentRuleEngine.RuleMeta) -> ContentRuleEngine.ActionKind { meta.kind }
    }

    /// A rule's list and location in one sortable number (`order`).
    static func order(list: Int32, location: Int32) -> Int64 {
        Int64(list) << 32 | Int64(UInt32(bitPattern: location))
    }
}
