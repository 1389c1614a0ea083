extension URLFilterPattern {
    /// A maximal run of single literal characters at the top level of a
    /// pattern: text every match contains, in this order.
    struct LiteralRun {
        var bytes: [UInt8]
        /// Whether the run is the pattern's first term.
        var isFirstTerm: Bool
        /// Whether the URL's start is right before the run (the pattern is `^run…`).
        var followsStart: Bool
        /// Whether the URL's end, or AdGuard's `([/:&\?].*)?$` (the end or a
        /// separator), is right after the run: a delimiter either way.
        var precedesEnd: Bool
    }

    /// The pattern's literal runs, in order.
    var literalRuns: [LiteralRun] {
        var runs: [LiteralRun] = []
        var current: [UInt8] = []
        var currentStart = 0
        for (index, term) in terms.enumerated() {
            if term.quantifier == .one, case .character(let byte) = term.atom {
                if current.isEmpty { currentStart = index }
                current.append(byte)
                continue
            }
            if !current.isEmpty {
                runs.append(LiteralRun(bytes: current, isFirstTerm: currentStart == 0, followsStart: currentStart == 0 && anchoredAtStart,
                                       precedesEnd: endsAfter(termIndex: index)))
            }
            current = []
        }
        if !current.isEmpty {
            runs.append(LiteralRun(bytes: current, isFirstTerm: currentStart == 0, followsStart: currentStart == 0 && anchoredAtStart, precedesEnd: false))
        }
        return runs
    }

    /// Whether the terms from `termIndex` on are `$` or `([/:&\?].*)?$`.
    private func endsAfter(termIndex: Int) -> Bool {
        let rest = terms[termIndex...]
        guard let last = rest.last, last.isEndOfLine, last.quantifier == .one else { return false }
        return rest.count == 1 || (rest.count == 2 && rest.first!.isSeparatorTail)
    }
}

extension URLFilterPattern.Term {
    /// AdGuard's `([/:&\?].*)?`, which it writes after `||host^` and other
    /// filters ending in `^`: a separator and anything, or nothing.
    var isSeparatorTail: Bool {
        guard quantifier == .zeroOrOne, case .group(let inner) = atom, inner.count == 2,
            inner[0].quantifier == .one, case .characterSet(let members, false) = inner[0].atom,
            inner[1].isKnownToMatchAnyString
        else { return false }
        var separators = ASCIISet()
        for byte in "/:&?".utf8 { separators.insert(byte) }
        return members == separators
    }
}
