/// An immutable map from 64-bit hashes to lists of plain values, for the
/// request path.
///
/// Swift's `Dictionary` re-hashes every key with SipHash and its storage is
/// reference-counted on every access; the keys here are already FNV hashes,
/// so a flat open-addressing table in memory allocated once, probed with the
/// key itself and read through pointers, is several times faster.
///
/// Most probes are for keys that are not there (a URL's words and labels
/// are mostly unknown to the rules), and a slot of a large table is a cache
/// miss. A bitmap of eight bits per key, small enough to stay in the
/// processor's first-level cache, answers most of those probes first.
final class HashIndex<Value: BitwiseCopyable & Sendable>: Sendable {
    private struct Slot {
        var key: UInt64
        var start: Int32
        var count: Int32
    }

    // Written only in `init`, read-only afterwards: safe to share.
    nonisolated(unsafe) private let slots: UnsafeMutableBufferPointer<Slot>
    nonisolated(unsafe) private let values: UnsafeMutableBufferPointer<Value>
    nonisolated(unsafe) private let presence: UnsafeMutableBufferPointer<UInt64>
    private let mask: Int
    private let presenceMask: Int

    var isEmpty: Bool { values.isEmpty }

    init(_ dictionary: [UInt64: [Value]] = [:]) {
        var capacity = 16
        while capacity < dictionary.count * 2 { capacity <<= 1 }
        mask = capacity - 1
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(key: 0, start: 0, count: 0))
        values = .allocate(capacity: dictionary.values.reduce(0) { $0 + $1.count })
        var words = 1
        while words * 64 < dictionary.count * 8 { words <<= 1 }
        presenceMask = words * 64 - 1
        presence = .allocate(capacity: words)
        presence.initialize(repeating: 0)
        var next = 0
        for (key, list) in dictionary {
            var slot = Int(truncatingIfNeeded: key) & mask
            while slots[slot].count != 0 { slot = (slot + 1) & mask }
            slots[slot] = Slot(key: key, start: Int32(next), count: Int32(list.count))
            let bit = Self.presenceBit(key, presenceMask)
            presence[bit >> 6] |= 1 << UInt64(bit & 63)
            for value in list {
                values.baseAddress!.advanced(by: next).initialize(to: value)
                next += 1
            }
        }
    }

    /// The key's bit in the presence bitmap: high bits of the key, as the
    /// slot number uses its low bits.
    @inline(__always)
    private static func presenceBit(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: key >> 32) & mask
    }

    deinit {
        slots.deallocate()
        values.deallocate()
        presence.deallocate()
    }

    /// Calls `body` with each value stored under `key`.
    @inline(__always)
    func forEach(_ key: UInt64, _ body: (Value) -> Void) {
        let bit = Self.presenceBit(key, presenceMask)
        if presence[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { return }
        var slot = Int(truncatingIfNeeded: key) & mask
        while true {
            let entry = slots[slot]
            if entry.count == 0 { return }
            if entry.key == key {
                let start = Int(entry.start)
                for index in start..<start + Int(entry.count) { body(values[index]) }
                return
            }
            slot = (slot + 1) & mask
        }
    }
}
