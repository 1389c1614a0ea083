/// The state of one decision while the indexes report candidates: the load's
/// facts, the conditions already evaluated, and the rules that apply so far.
///
/// The indexes receive it `inout` rather than closures over local variables:
/// locals captured by closures are checked for exclusive access at run time,
/// which cost a tenth of every decision.
struct MatchCollector {
    let load: LoadFlags
    let context: ConditionContext
    let meta: UnsafeBufferPointer<ContentRuleEngine.RuleMeta>
    let conditions: UnsafeMutableBufferPointer<Unmanaged<CompiledCondition>>
    /// The engine's domain conditions; the engine outlives the decision.
    unowned(unsafe) let domainConditions: DomainConditionIndex
    /// Rules that apply, in no order, possibly repeated.
    private(set) var matched: [Int32] = []
    /// The domain conditions the page meets, sorted (`DomainConditionIndex.conditionsMet`).
    private let pageDomainConditions: UnsafeBufferPointer<Int32>
    /// Other conditions evaluated for this load: a load meets few of them,
    /// so the first ones are kept inline and the rest, if any, in `moreMemo`.
    private var memoConditions = InlineArray<16, Int32>(repeating: -1)
    private var memoAllows: UInt16 = 0
    private var memoCount = 0
    private var moreMemo: [(condition: Int32, allows: Bool)] = []

    /// `pageDomainConditions`: the domain conditions the page meets, sorted,
    /// in memory the decision holds (like the context's buffers).
    init(load: LoadFlags, context: ConditionContext, meta: UnsafeBufferPointer<ContentRuleEngine.RuleMeta>,
         conditions: UnsafeMutableBufferPointer<Unmanaged<CompiledCondition>>, domainConditions: DomainConditionIndex,
         pageDomainConditions: UnsafeBufferPointer<Int32>)
    {
        self.load = load
        self.context = context
        self.meta = meta
        self.conditions = conditions
        self.domainConditions = domainConditions
        self.pageDomainConditions = pageDomainConditions
    }

    /// Whether the condition lets its rules apply to this load.
    ///
    /// Domain conditions, most of those asked, are answered in place (for a
    /// load without a page, without searching at all): a call for each cost
    /// about 40 instructions a request more over the corpus.
    @inline(__always)
    mutating func conditionAllows(_ condition: Int32) -> Bool {
        switch domainConditions.kind(of: condition) {
        case .ifDomain: return pageMeets(condition)
        case .unlessDomain: return !pageMeets(condition)
        case .other: return otherConditionAllows(condition)
        }
    }

    /// Whether a condition other than a domain list lets its rules apply,
    /// evaluated once per load.
    @inline(never)
    private mutating func otherConditionAllows(_ condition: Int32) -> Bool {
        for index in 0..<memoCount where memoConditions[index] == condition { return memoAllows & (1 << index) != 0 }
        for known in moreMemo where known.condition == condition { return known.allows }
        let allows = conditions[Int(condition)]._withUnsafeGuaranteedRef { $0.allows(context) }
        if memoCount < memoConditions.count {
            memoConditions[memoCount] = condition
            if allows { memoAllows |= 1 << memoCount }
            memoCount += 1
        } else {
            moreMemo.append((condition, allows))
        }
        return allows
    }

    /// Whether the page's domain is in a domain condition's list.
    @inline(__always)
    private func pageMeets(_ condition: Int32) -> Bool {
        let met = pageDomainConditions
        if met.isEmpty { return false }
        var (low, high) = (0, met.count)
        while low < high {
            let middle = (low + high) / 2
            if met[middle] < condition { low = middle + 1 } else { high = middle }
        }
        return low < met.count && met[low] == condition
    }

    /// Adds a rule that applies.
    @inline(__always)
    mutating func add(_ rule: Int32) {
        // One allocation for the usual handful of rules rather than a few growing ones.
        if matched.capacity == 0 { matched.reserveCapacity(16) }
        matched.append(rule)
    }

    /// The rules added, leaving the collector empty (so they move without a copy).
    mutating func takeMatched() -> [Int32] {
        var taken: [Int32] = []
        swap(&taken, &matched)
        return taken
    }

    /// Whether a gate (flags and condition) admits this load.
    @inline(__always)
    mutating func admits(_ gate: RuleGate) -> Bool {
        gate.admits(load) && (gate.condition < 0 || conditionAllows(gate.condition))
    }

    /// Adds a rule whose pattern matched, if its gate admits the load.
    mutating func consider(_ rule: Int32) {
        if admits(meta[Int(rule)].gate) { add(rule) }
    }
}
