extension Decision {
    /// The plain block's rules that a load's ignore rules leave (`surviving`)
    /// or discard (not `surviving`), in decision order, before exclusions.
    ///
    /// The block is in decision order (list, then location), and a list's
    /// ignore rules cut its run of the block at a location: what survives
    /// is one window of that run, found by binary search and copied whole.
    /// Testing each of the block's some thousand rules against the cuts
    /// instead cost about 13,000 instructions a call (1.43 M over the
    /// corpus in `rules match`, now 0.08 M).
    func blockRules(cutBy outcome: IgnoreOutcome, surviving: Bool) -> [Int32] {
        let list = engine.ruleList, location = engine.ruleLocation
        var result: [Int32] = []
        engine.universalUnless.withUnsafeBufferPointer { block in
            var start = 0
            while start < block.count {
                let listNumber = list[Int(block[start])]
                let end = Self.partitionPoint(block, from: start, to: block.count) { list[Int($0)] != listNumber }
                // The window of survivors: after the ignore-previous-rules,
                // before the ignore-following-rules.
                var (low, high) = (start, end)
                if let ignore = outcome.ignoredByRule[listNumber] {
                    if list[Int(ignore)] != listNumber {
                        low = end  // an ignore rule of the list applying after every list discards all of this one
                    } else {
                        let at = location[Int(ignore)]
                        low = Self.partitionPoint(block, from: start, to: end) { location[Int($0)] > at }
                    }
                }
                if let stop = outcome.stoppedByRule[listNumber] {
                    let at = location[Int(stop)]
                    high = Self.partitionPoint(block, from: start, to: end) { location[Int($0)] >= at }
                }
                high = max(high, low)
                if surviving {
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: block[low..<high]))
                } else {
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: block[start..<low]))
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: block[high..<end]))
                }
                start = end
            }
        }
        return result
    }

    /// The first index from `start` to `end` whose rule is `beyond`, where
    /// `beyond` is false up to some index and true from there on.
    private static func partitionPoint(_ rules: UnsafeBufferPointer<Int32>, from start: Int, to end: Int, _ beyond: (Int32) -> Bool) -> Int {
        var (low, high) = (start, end)
        while low < high {
            let middle = low + (high - low) / 2
            if beyond(rules[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Merges two lists sorted by (order, rule) into one, keeping repeats;
    /// of equal entries, `b`'s come first.
    ///
    /// `a` is mostly a load's few rules and `b` the plain block's thousands:
    /// each of `a` finds its place in what is left of `b` by binary search,
    /// and the stretch of `b` before it is copied whole, rather than every
    /// rule of `b` being compared (the merges of `rules match` over the
    /// corpus: 759 K instructions before, 185 K after).
    static func merge(_ a: [Int32], _ b: [Int32], order: RuleColumn<ContentRuleEngine.RuleMeta.Order>) -> [Int32] {
        if b.isEmpty { return a }
        if a.isEmpty { return b }
        // Appended to a reserved array rather than written into
        // `Array(unsafeUninitializedCapacity:)`, which allocates through an
        // unspecialised generic function (`rules match` over the corpus:
        // 11,158 → 11,131 instructions a request, callgrind).
        var result = [Int32]()
        result.reserveCapacity(a.count + b.count)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var j = 0
                for rule in a {
                    let key = (order[Int(rule)], rule)
                    // `b`'s rules up to and including `rule`'s key go first.
                    let place = partitionPoint(b, from: j, to: b.count) { key < (order[Int($0)], $0) }
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: b[j..<place]))
                    result.append(rule)
                    j = place
                }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: b[j...]))
            }
        }
        return result
    }
}
