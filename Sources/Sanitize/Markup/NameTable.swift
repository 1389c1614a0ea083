/// A fixed map from names to values for the tokens the rewriter looks at
/// most (every tag and attribute name), probed with a multiplicative hash of
/// the packed name: a few nanoseconds where a `Dictionary` spends tens on
/// SipHash.
///
/// The slots are memory made once and never freed: every table is a
/// process-long constant (`static let`), and a table holds no reference,
/// so a copy of it (the rewriter's `Names`, the tokenizer's attribute
/// table, made for each page) is a copy of words, with no retain or
/// release. As arrays, `Names` retained ten buffers a page and released
/// them again with the rewriter.
struct NameTable<Value: BitwiseCopyable> {
    private let keys: UnsafePointer<NameKey>
    private let values: UnsafePointer<Value?>
    private let mask: Int

    init(_ entries: [(String, Value)]) {
        var size = 16
        while size < entries.count * 4 { size *= 2 }
        precondition(size <= 1 << (64 - Self.hashShift), "a NameTable larger than its hash's bits address")
        let keys = UnsafeMutablePointer<NameKey>.allocate(capacity: size)
        keys.initialize(repeating: .empty, count: size)
        let values = UnsafeMutablePointer<Value?>.allocate(capacity: size)
        values.initialize(repeating: nil, count: size)
        mask = size - 1
        for (name, value) in entries {
            let key = NameKey(name)
            var slot = Self.slot(key, mask)
            while values[slot] != nil, keys[slot] != key { slot = (slot + 1) & mask }
            keys[slot] = key
            values[slot] = value
        }
        self.keys = UnsafePointer(keys)
        self.values = UnsafePointer(values)
    }

    /// Where a slot's bits start in the mixed hash: its high bits (up to
    /// 14 of them, tables of up to 16,384 slots). From bit 40, `a` shared
    /// the element table's first slot with another name, two probes more for
    /// every `<a>`, and `nav`, `main`, `h1` one more: 7,542 probes on the 1 MB
    /// page, where from bit 50 the commonest names probe a slot each
    /// (407 probes more in all, `button`; attributes 1,230 -> 817).
    private static var hashShift: UInt64 { 50 }

    @inline(__always)
    private static func slot(_ key: NameKey, _ mask: Int) -> Int {
        let mixed = (key.a &* 0x9E37_79B9_7F4A_7C15) ^ (key.b &* 0xC2B2_AE3D_27D4_EB4F) ^ (key.c &* 0x1656_67B1_9E37_79F9)
        return Int(truncatingIfNeeded: mixed >> Self.hashShift) & mask
    }

    @inline(__always)
    subscript(key: NameKey) -> Value? {
        probe(from: Self.slot(key, mask), for: key)
    }

    /// The value of `key`, probed for from `start` on. The slots are read
    /// without bounds checks: a slot is masked, below the table's size,
    /// the mask plus one. (Checked, each probe compared the slot with a
    /// count read through the array: 58 KB page 2.127 M -> 2.111 M
    /// instructions, 1 MB 20.09 M -> 19.94 M, callgrind.)
    @inline(__always)
    private func probe(from start: Int, for key: NameKey) -> Value? {
        var slot = start
        while let value = values[slot] {
            if keys[slot] == key { return value }
            slot = (slot &+ 1) & mask
        }
        return nil
    }

    /// `self[key]` for a key of one word (`b` and `c` zero, as
    /// `NameKey(packing:count:)` makes for a name of up to eight bytes): its
    /// slot is `slot`'s, hashed from `a` alone (the other two products are
    /// zero), where the fast lane's merged paths multiplied the zeros too
    /// (1 MB page 23.77 M -> 23.56 M instructions, callgrind).
    @inline(__always)
    func value(oneWord key: NameKey) -> Value? {
        assert(key.b == 0 && key.c == 0, "a key of more than one word")
        return probe(from: Int(truncatingIfNeeded: (key.a &* 0x9E37_79B9_7F4A_7C15) >> Self.hashShift) & mask, for: key)
    }
}

/// The slots are written only by `init`, before any other thread can see
/// the table, and never freed: reading them from any thread is safe.
extension NameTable: @unchecked Sendable where Value: Sendable {}
