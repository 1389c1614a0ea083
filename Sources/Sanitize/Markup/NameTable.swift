/// A fixed map from names to values for the tokens the rewriter looks at
/// most (every tag and attribute name), probed with a multiplicative hash of
/// the packed name: a few nanoseconds where a `Dictionary` spends tens on
/// SipHash.
struct NameTable<Value> {
    private var keys: [NameKey]
    private var values: [Value?]
    private let mask: Int

    init(_ entries: [(String, Value)]) {
        var size = 16
        while size < entries.count * 4 { size *= 2 }
        keys = Array(repeating: .empty, count: size)
        values = Array(repeating: nil, count: size)
        mask = size - 1
        for (name, value) in entries {
            let key = NameKey(name)
            var slot = Self.slot(key, mask)
            while values[slot] != nil, keys[slot] != key { slot = (slot + 1) & mask }
            keys[slot] = key
            values[slot] = value
        }
    }

    @inline(__always)
    private static func slot(_ key: NameKey, _ mask: Int) -> Int {
        let mixed = (key.a &* 0x9E37_79B9_7F4A_7C15) ^ (key.b &* 0xC2B2_AE3D_27D4_EB4F) ^ (key.c &* 0x1656_67B1_9E37_79F9)
        return Int(truncatingIfNeeded: mixed >> 40) & mask
    }

    @inline(__always)
    subscript(key: NameKey) -> Value? {
        var slot = Self.slot(key, mask)
        while let value = values[slot] {
            if keys[slot] == key { return value }
            slot = (slot + 1) & mask
        }
        return nil
    }
}

extension NameTable: Sendable where Value: Sendable {}
