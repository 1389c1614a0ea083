/// The state of one decision while the indexes report candidates: the load's
/// facts, the conditions already evaluated, and the rules that apply so far.
///
/// The indexes receive it `inout` rather than closures over local variables:
/// locals captured by closures are checked for exclusive access at run time,
/// which cost a tenth of every decision.
///
/// `BitwiseCopyable`, holding nothing counted: with two arrays for the rules
/// and conditions past the first sixteen, every decision ended with the
/// collector destroyed through its value witness and both (empty) arrays
/// released (p58k-images 3,035,032 -> 3,017,195 instructions in the
/// sanitizer, about 64 a decision, callgrind). The memory of
/// those few is its own (`OverflowBuffer`) and the decision frees it
/// (`deallocate()`).
struct MatchCollector: BitwiseCopyable {
    let load: LoadFlags
    let context: ConditionContext
    let meta: UnsafeBufferPointer<ContentRuleEngine.RuleMeta>
    let conditions: UnsafeMutableBufferPointer<Unmanaged<CompiledCondition>>
    /// The engine's domain conditions; the engine outlives the decision.
    unowned(unsafe) let domainConditions: DomainConditionIndex
    /// Rules that apply, in no order, possibly repeated: a decision matches
    /// a handful, kept inline (`firstMatched`), the rest in `moreMatched`.
    /// An array reserved on the first match, then sorted in place, went
    /// through its growth and uniqueness checks each time; kept inline and
    /// sorted before the one array is made, collecting and ordering the
    /// rules costs about 45 instructions a request less (callgrind, `rules
    /// match` on the benchmark corpus).
    private var firstMatched = InlineArray<16, Int32>(repeating: 0)
    private var firstMatchedCount = 0
    private var moreMatched = OverflowBuffer<Int32>()
    /// The domain conditions the page meets, sorted (`DomainConditionIndex.conditionsMet`).
    private let pageDomainConditions: UnsafeBufferPointer<Int32>
    /// Other conditions evaluated for this load: a load meets few of them,
    /// so the first ones are kept inline and the rest, if any, in `moreMemo`.
    private var memoConditions = InlineArray<16, Int32>(repeating: -1)
    private var memoAllows: UInt16 = 0
    private var memoCount = 0
    private var moreMemo = OverflowBuffer<KnownCondition>()

    /// A condition evaluated for this load beyond the first sixteen.
    private struct KnownCondition: BitwiseCopyable {
        var condition: Int32
        var allows: Bool
    }

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
        domainConditionAllows(condition) ?? otherConditionAllows(condition)
    }

    /// Whether a domain condition lets its rules apply (a few instructions:
    /// a load without a page meets no `if-domain`), or nil for any other
    /// condition, which `otherConditionAllows` evaluates.
    @inline(__always)
    func domainConditionAllows(_ condition: Int32) -> Bool? {
        switch domainConditions.kind(of: condition) {
        case .ifDomain: return pageMeets(condition)
        case .unlessDomain: return !pageMeets(condition)
        case .other: return nil
        }
    }

    /// Whether a condition other than a domain list lets its rules apply,
    /// evaluated once per load.
    @inline(never)
    mutating func otherConditionAllows(_ condition: Int32) -> Bool {
        for index in 0..<memoCount where memoConditions[index] == condition { return memoAllows & (1 << index) != 0 }
        for known in moreMemo.elements where known.condition == condition { return known.allows }
        let allows = conditions[Int(condition)]._withUnsafeGuaranteedRef { $0.allows(context) }
        if memoCount < memoConditions.count {
            memoConditions[memoCount] = condition
            if allows { memoAllows |= 1 << memoCount }
            memoCount += 1
        } else {
            moreMemo.append(KnownCondition(condition: condition, allows: allows))
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
        if firstMatchedCount < firstMatched.count {
            firstMatched[firstMatchedCount] = rule
            firstMatchedCount += 1
        } else {
            addBeyondFirst(rule)
        }
    }

    @inline(never)
    private mutating func addBeyondFirst(_ rule: Int32) {
        // Room for most decisions' rules beyond the first sixteen at once:
        // grown from empty, the array was made anew at 1, 2, 4, 8 and 16
        // (`rules match` on the benchmark corpus: 39 instructions a request
        // less, callgrind).
        moreMatched.append(rule)
    }

    /// Frees the memory of the rules and conditions beyond the first
    /// sixteen, if any: called once at the end of the decision, which
    /// drops the collector without destroying anything (it is
    /// `BitwiseCopyable`).
    mutating func deallocate() {
        moreMatched.deallocate()
        moreMemo.deallocate()
    }

    /// The rules added, arranged in place by `arrange` (which returns how
    /// many of them to keep), in one array of their number: one allocation,
    /// none when no rule matched.
    mutating func matched(arrangedBy arrange: (UnsafeMutableBufferPointer<Int32>) -> Int) -> [Int32] {
        let count = firstMatchedCount
        if count == 0 { return [] }
        guard moreMatched.elements.isEmpty else {
            var all = (0..<count).map { firstMatched[$0] } + Array(moreMatched.elements)
            let kept = all.withUnsafeMutableBufferPointer { arrange($0) }
            return Array(all[..<kept])
        }
        // Arranged where they lie, then copied once. (`Array(unsafeUninitializedCapacity:)`
        // would arrange them in the array itself, but allocates through an
        // unspecialised generic function: 130 instructions a request more.)
        return withUnsafeMutableBytes(of: &firstMatched) { raw in
            let rules = UnsafeMutableBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: Int32.self), count: count)
            let kept = arrange(rules)
            return Array(UnsafeBufferPointer(rebasing: rules[..<kept]))
        }
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

/// Elements appended past a collector's inline room, in memory allocated at
/// the first one and freed by `deallocate()`; a decision seldom needs any.
struct OverflowBuffer<Element: BitwiseCopyable>: BitwiseCopyable {
    private var start: UnsafeMutablePointer<Element>? = nil
    private var count = 0
    private var capacity = 0

    /// The elements appended, in order.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: start, count: count) }

    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        start.unsafelyUnwrapped[count] = element
        count += 1
    }

    /// Room for twice as many (32 at first: most decisions that need any
    /// need fewer, where an array grew through 1, 2, 4, 8 and 16).
    @inline(never)
    private mutating func grow() {
        let larger = Swift.max(32, capacity * 2)
        let new = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        if let start {
            new.initialize(from: start, count: count)
            start.deallocate()
        }
        (start, capacity) = (new, larger)
    }

    /// Frees the memory; the buffer is then empty.
    mutating func deallocate() {
        start?.deallocate()
        (start, count, capacity) = (nil, 0, 0)
    }
}
