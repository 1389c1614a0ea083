/// A url-filter parsed into WebKit's supported regular-expression subset.
///
/// WebKit compiles url-filters into DFAs and so accepts only part of
/// JavaScript's regex syntax: single characters, `.`, character classes,
/// groups, the quantifiers `?`, `*` and `+`, `^` as the first term and `$` as
/// the last. This is that subset as a value, so it can be checked, analysed
/// (is it host-anchored?) and translated to RE2 syntax.
public struct URLFilterPattern: Sendable, Equatable {
    public enum Quantifier: Sendable, Equatable {
        case one, zeroOrOne, zeroOrMore, oneOrMore

        var canBeEmpty: Bool { self == .zeroOrOne || self == .zeroOrMore }
        var repeats: Bool { self == .zeroOrMore || self == .oneOrMore }
    }

    public enum Atom: Sendable, Equatable {
        /// One ASCII character.
        case character(UInt8)
        /// `.`: any character.
        case anyCharacter
        /// A bracketed class over ASCII; `members` is a 128-bit set.
        case characterSet(members: ASCIISet, inverted: Bool)
        /// A parenthesised group.
        case group([Term])
        /// `$`: the end of the URL.
        case endOfLine
    }

    public struct Term: Sendable, Equatable {
        public var atom: Atom
        public var quantifier: Quantifier

        /// Whether every match of this term consumes at least one character.
        var matchesAtLeastOneCharacter: Bool {
            guard quantifier == .one || quantifier == .oneOrMore else { return false }
            switch atom {
            case .endOfLine: return false
            case .group(let terms): return terms.contains { $0.matchesAtLeastOneCharacter }
            default: return true
            }
        }

        /// Whether this term matches any string at all (`.*` and equivalents).
        var isKnownToMatchAnyString: Bool {
            switch atom {
            case .anyCharacter: return quantifier == .zeroOrMore
            case .characterSet(let members, let inverted):
                return quantifier == .zeroOrMore && (inverted ? members.isEmpty : members.isFull)
            case .group(let terms):
                if quantifier == .zeroOrMore || quantifier == .zeroOrOne {
                    // (.*)? and (.*)* match any string; (a*)* does not in general.
                    return terms.contains { $0.isKnownToMatchAnyString }
                        && terms.allSatisfy { !$0.matchesAtLeastOneCharacter && !$0.isEndOfLine }
                }
                return terms.count == 1 && terms[0].isKnownToMatchAnyString
            default: return false
            }
        }

        var canMatchNUL: Bool {
            if case .characterSet(let members, let inverted) = atom { return !inverted && members.contains(0) }
            return false
        }

        var isEndOfLine: Bool {
            if case .endOfLine = atom { return true }
            return false
        }
    }

    /// Whether the filter starts with `^`.
    public var anchoredAtStart: Bool
    public var terms: [Term]

    /// Whether the filter matches every URL (`.*`, `^`, `a?`, …). WebKit
    /// stores such rules as "universal" actions rather than in its DFA.
    public var matchesEverything: Bool {
        !terms.contains { $0.matchesAtLeastOneCharacter }
    }
}

/// A set of ASCII characters, as one 128-bit value.
public struct ASCIISet: Sendable, Hashable, BitwiseCopyable {
    public var low: UInt64 = 0
    public var high: UInt64 = 0

    public init() {}

    public mutating func insert(_ byte: UInt8) {
        if byte < 64 { low |= 1 << UInt64(byte) } else if byte < 128 { high |= 1 << UInt64(byte - 64) }
    }

    public func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 ? high & (1 << UInt64(byte - 64)) != 0 : false
    }

    public var isEmpty: Bool { low == 0 && high == 0 }
    /// Every ASCII character but NUL, which never occurs in a URL.
    public var isFull: Bool { low | 1 == .max && high == .max }
}
