/// A few attribute kinds, recognised from a name's length and first letter
/// before its key is packed and looked up: the tokenizer's skim of a tag the
/// rewriter copies as written asks of every attribute whether it is one the
/// rewriter would change, and `class`, `title` or `lang` are answered by one
/// table load, with no hashing.
struct AttributeNameFilter {
    /// For each name length, bit `n` set when a name of that length starting
    /// with the `n`th letter (after ASCII lower-casing, modulo 32) may match.
    /// Inline, not an array: no heap access or bounds check per attribute.
    private var firstLetters = SIMD16<UInt32>()
    /// The kinds matched (bit `kind.rawValue`, as `AttributeTable`).
    /// No table of names is held here: a filter is bits only, which the
    /// rewriter's fast lane holds across calls without retaining anything
    /// (with the table, each run retained and released its two arrays).
    let kinds: UInt32

    init(kinds: UInt32) {
        self.kinds = kinds
        for (name, kind) in AttributeKind.named where kinds & AttributeTable.bit(kind) != 0 {
            let bytes = Array(name.utf8)
            precondition(bytes.count < firstLetters.scalarCount, "attribute kind name too long for the filter: \(name)")
            firstLetters[bytes.count] |= 1 << Self.letterBit(bytes[0])
        }
    }

    /// Whether a name of `count` bytes starting with `first` may be of one
    /// of the kinds (`matches` then answers exactly).
    @inline(__always)
    func mayMatch(first: UInt8, count: Int) -> Bool {
        // One unsigned comparison bounds the length both ways.
        UInt(bitPattern: count) < UInt(firstLetters.scalarCount) && (firstLetters[count] >> Self.letterBit(first)) & 1 != 0
    }

    /// Whether the attribute named `key` is of one of the kinds. Asked only
    /// of the few names `mayMatch` lets through: the static table's
    /// `swift_once` check costs little there.
    func matches(_ key: NameKey) -> Bool {
        guard let kind = AttributeKind.table[key] else { return false }
        return kinds & AttributeTable.bit(kind) != 0
    }

    /// Non-letters share bits with letters: a false match costs a lookup, never a wrong answer.
    @inline(__always)
    private static func letterBit(_ byte: UInt8) -> UInt32 {
        UInt32(truncatingIfNeeded: (byte | 0x20) &- 0x61) & 31
    }
}
