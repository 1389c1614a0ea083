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
    /// The two spellings of "a separator and anything, or nothing" before a final `$`.
    enum SeparatorTail: Sendable, Equatable {
        /// AdGuard's `([/:&\?].*)?`, which it writes after `||host^` and other
        /// filters ending in `^`.
        case adGuard
        /// limot's converter's `([^a-zA-Z0-9_.%-].*)?`: AdBlock's `^` exactly
        /// (any character but a letter, a digit or `_ - . %`).
        case adblock
    }

    /// Whether the term is one of the separator tails.
    var isSeparatorTail: Bool { separatorTail != nil }

    /// Which separator tail the term is, if any.
    var separatorTail: SeparatorTail? {
        guard quantifier == .zeroOrOne, case .group(let inner) = atom, inner.count == 2,
            inner[0].quantifier == .one, case .characterSet(let members, let inverted) = inner[0].atom,
            inner[1].isKnownToMatchAnyString
        else { return nil }
        if !inverted && members == ASCIISet.adGuardSeparators { return .adGuard }
        if inverted && members == ASCIISet.adblockNonSeparators { return .adblock }
        return nil
    }
}

extension ASCIISet {
    /// `/:&?`, AdGuard's separators.
    static let adGuardSeparators: ASCIISet = {
        var set = ASCIISet()
        for byte in "/:&?".utf8 { set.insert(byte) }
        return set
    }()

    /// Letters, digits and `_ - . %`: the characters AdBlock's `^` does not match.
    static let adblockNonSeparators: ASCIISet = {
        var set = ASCIISet()
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { set.insert(byte) }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { set.insert(byte) }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { set.insert(byte) }
        for byte in "_.%-".utf8 { set.insert(byte) }
        return set
    }()

    /// Whether `byte` is an AdBlock separator (`^`): not a letter, digit or `_ - . %`.
    @inline(__always)
    static func isAdblockSeparator(_ byte: UInt8) -> Bool {
        byte >= 128 || !adblockNonSeparators.contains(byte)
    }
}
