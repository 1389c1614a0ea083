/// An immutable map from 64-bit hashes to lists of values, for the request path.
///
/// Swift's `Dictionary` re-hashes every key with SipHash; the keys here are
/// already FNV hashes, so a flat open-addressing table probed with the key
/// itself is several times faster, and its values sit in one array.
struct HashIndex<Value: Sendable>: Sendable {
    private var keys: [UInt64] = []
    /// For each slot, the range of its values in `values`.
    private var starts: [Int32] = []
    private var counts: [Int32] = []
    private var values: [Value] = []
    private var mask = 0

    var isEmpty: Bool { values.isEmpty }

    init() {}

    init(_ dictionary: [UInt64: [Value]]) {
        guard !dictionary.isEmpty else { return }
        var capacity = 16
        while capacity < dictionary.count * 2 { capacity <<= 1 }
        mask = capacity - 1
        keys = [UInt64](repeating: 0, count: capacity)
        starts = [Int32](repeating: 0, count: capacity)
        counts = [Int32](repeating: 0, count: capacity)
        values.reserveCapacity(dictionary.values.reduce(0) { $0 + $1.count })
        for (key, list) in dictionary {
            var slot = Int(truncatingIfNeeded: key) & mask
            while counts[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = key
            starts[slot] = Int32(values.count)
            counts[slot] = Int32(list.count)
            values += list
        }
    }

    /// Calls `body` with each value stored under `key`.
    @inline(__always)
    func forEach(_ key: UInt64, _ body: (Value) -> Void) {
        guard !values.isEmpty else { return }
        var slot = Int(truncatingIfNeeded: key) & mask
        while counts[slot] != 0 {
            if keys[slot] == key {
                let start = Int(starts[slot])
                for index in start..<start + Int(counts[slot]) { body(values[index]) }
                return
            }
            slot = (slot + 1) & mask
        }
    }

    /// Whether anything is stored under `key`.
    func contains(_ key: UInt64) -> Bool {
        var found = false
        forEach(key) { _ in found = true }
        return found
    }
}
