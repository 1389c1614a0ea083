/// Why the rules cannot be split into lists of the size asked for.
public struct RuleSplitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The size asked for.
    public var maximumRules: Int
    /// The `ignore-*` rules a part starting at the worst place must repeat.
    public var exceptionsToRepeat: Int

    public var description: String {
        "lists of \(maximumRules) rules leave no room: a list must repeat the \(exceptionsToRepeat) exceptions that follow its first rule; split into larger lists"
    }
}

extension AdblockConversion {
    /// The rules as several lists of at most `maximumRules` each, deciding
    /// exactly as the one list does.
    ///
    /// Lists are independent in WebKit (an `ignore-previous-rules` discards
    /// only earlier rules of its own list), so each part holds a run of the
    /// other rules followed by every `ignore-*` rule after the run's start,
    /// in the original order: each rule still meets every exception that
    /// came after it. Rule indexes are renumbered per part; lines are kept.
    public func parts(maximumRules: Int) throws(RuleSplitError) -> [[Rule]] {
        try partIndexes(maximumRules: maximumRules).map { indexes in
            indexes.enumerated().map { position, original in
                var rule = rules[original]
                rule.index = position
                return rule
            }
        }
    }

    /// The parts of `parts(maximumRules:)` as indexes into `rules`.
    public func partIndexes(maximumRules: Int) throws(RuleSplitError) -> [[Int]] {
        let isException = rules.map { if case .ignorePreviousRules = $0.action { true } else { false } }
        var exceptionsFrom = Array(repeating: 0, count: rules.count + 1)
        for index in stride(from: rules.count - 1, through: 0, by: -1) {
            exceptionsFrom[index] = exceptionsFrom[index + 1] + (isException[index] ? 1 : 0)
        }
        var parts: [[Int]] = []
        var start = 0
        while start < rules.count {
            let room = maximumRules - exceptionsFrom[start]
            guard room >= 1 else { throw RuleSplitError(maximumRules: maximumRules, exceptionsToRepeat: exceptionsFrom[start]) }
            var end = start
            var taken = 0
            while end < rules.count, taken < room || isException[end] {
                if !isException[end] { taken += 1 }
                end += 1
            }
            // The run, then every exception after it, in order.
            parts.append(Array(start..<end) + (end..<rules.count).filter { isException[$0] })
            // The next run starts at the next rule that is not an exception.
            start = end
            while start < rules.count, isException[start] { start += 1 }
        }
        return parts
    }
}
