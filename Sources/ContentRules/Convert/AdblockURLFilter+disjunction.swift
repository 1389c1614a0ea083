extension AdblockURLFilter {
    /// The most url-filters one `/regex/` filter may be written out as.
    static let maximumAlternatives = 64

    /// Writes a regex's disjunctions (`(php|js)`, `a|b`), which WebKit
    /// lacks, as several regexes without them: `x\.(php|js)$` becomes
    /// `x\.(php)$` and `x\.(js)$`, one rule each, which together match what
    /// the one regex matches. Nil when there would be more than
    /// `maximumAlternatives`.
    static func alternatives(of regex: [UInt8]) -> [[UInt8]]? {
        var done: [[UInt8]] = []
        var pending = [regex]
        while let current = pending.popLast() {
            guard let (start, end, bars) = firstDisjunction(in: current) else {
                done.append(current)
                continue
            }
            // Each alternative in place of the group's contents; the parentheses stay
            // (a quantifier may follow them).
            var prefix = start >= 0 ? Array(current[...start]) : []
            var from = start + 1
            if start >= 0, current[from...].starts(with: [UInt8(ascii: "?"), UInt8(ascii: ":")]) {
                prefix += [UInt8(ascii: "?"), UInt8(ascii: ":")]
                from += 2
            }
            let suffix = end < current.count ? Array(current[end...]) : []
            for bar in bars + [end] {
                var alternative = Array(current[from..<bar])
                var after = suffix
                // `(php|j$)` at the very end: `(j$)` is not WebKit's, `(j)$` is the same.
                if after == [UInt8(ascii: ")")], alternative.last == UInt8(ascii: "$"),
                    alternative.dropLast().last != UInt8(ascii: "\\") {
                    alternative.removeLast()
                    after.append(UInt8(ascii: "$"))
                }
                pending.append(prefix + alternative + after)
                from = bar + 1
            }
            if done.count + pending.count > maximumAlternatives { return nil }
        }
        return done.reversed()
    }

    /// The innermost-first group holding a top-level `|`: the index of its
    /// `(` (or -1 for the whole regex), of its `)` (or the end), and of its bars.
    private static func firstDisjunction(in regex: [UInt8]) -> (Int, Int, [Int])? {
        var stack: [(open: Int, bars: [Int])] = [(-1, [])]
        var index = 0
        while index < regex.count {
            switch regex[index] {
            case UInt8(ascii: "\\"):
                index += 1
            case UInt8(ascii: "["):
                index += 1
                if index < regex.count, regex[index] == UInt8(ascii: "^") { index += 1 }
                if index < regex.count, regex[index] == UInt8(ascii: "]") { index += 1 }
                while index < regex.count, regex[index] != UInt8(ascii: "]") {
                    if regex[index] == UInt8(ascii: "\\") { index += 1 }
                    index += 1
                }
            case UInt8(ascii: "("):
                stack.append((index, []))
            case UInt8(ascii: "|"):
                stack[stack.count - 1].bars.append(index)
            case UInt8(ascii: ")"):
                guard stack.count > 1 else { return nil }
                let group = stack.removeLast()
                if !group.bars.isEmpty { return (group.open, index, group.bars) }
            default:
                break
            }
            index += 1
        }
        guard stack.count == 1, let whole = stack.first, !whole.bars.isEmpty else { return nil }
        return (-1, regex.count, whole.bars)
    }
}
