#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ContentRules

/// Bytes (and a small tag) as a dictionary key, hashed as bytes: `String`
/// keys would normalise Persian text to NFC on every hash.
struct ByteKey: Hashable {
    let bytes: [UInt8]
    let tag: UInt32

    init(_ bytes: UnsafeBufferPointer<UInt8>, tag: UInt32) {
        self.bytes = Array(bytes)
        self.tag = tag
    }

    init(_ string: String, tag: UInt32) {
        self.bytes = Array(string.utf8)
        self.tag = tag
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.withUnsafeBufferPointer { Self.hash(of: $0, tag: tag) })
    }

    /// The bytes' hash with the tag (`ByteHash`, eight bytes at a time,
    /// where FNV-1a took a byte at a time).
    @inline(__always)
    static func hash(of bytes: UnsafeBufferPointer<UInt8>, tag: UInt32) -> UInt64 {
        ByteHash.hash(bytes, tag: tag)
    }
}

/// A cache keyed by byte strings that looks up without allocating: by the
/// bytes' hash, then comparing bytes.
///
/// Every entry's bytes are kept one after another in one buffer, and the
/// entries in another, with a table of slots (open addressing, linear
/// probing) that holds entry numbers: a few buffers for the whole page
/// instead of a bucket array and a byte array per entry, which were
/// allocated on insert and freed one by one at the end of the page
/// (fixtures 2.70 M -> 2.67 M instructions, 165 fewer mallocs). The slots
/// replaced a `[UInt64: Int32]` from hash to entry, whose SipHash of each
/// hash and whose growth by doubling cost about 660 instructions an
/// insert and 130 a look-up on the fixture pages (callgrind).
struct ByteCache<Value> {
    private var arena: [UInt8] = []
    private var entries: [Entry] = []

    /// One entry: where its bytes lie in `arena`, and its value. A struct,
    /// not a tuple: an array of tuples was destroyed through the runtime's
    /// generic `tuple_destroy`, a value-witness call for each of the five
    /// elements, and `growSlots` retained and released each value to read
    /// a hash; p58k-images (a page's memo of 270 first-seen images)
    /// 3,388,741 -> 3,337,259 instructions, callgrind.
    private struct Entry {
        let hash: UInt64
        let start: Int
        let count: Int
        let tag: UInt32
        let value: Value
    }
    /// Entry number + 1 for each used slot, 0 for a free one; a power of
    /// two in size, at most half full. Empty until the first insert.
    private var slots: [Int32] = []

    /// The slots a table starts with: a page's distinct attribute URLs
    /// (about 20 of each kind on a result page) fit without growing.
    static var initialSlotCount: Int { 64 }
    /// The most bytes of room `reset` keeps.
    static var keptArenaCapacity: Int { 16 * 1024 }

    func value(for bytes: UnsafeBufferPointer<UInt8>, tag: UInt32) -> Value? {
        value(for: bytes, tag: tag, hash: ByteKey.hash(of: bytes, tag: tag))
    }

    /// `value(for:tag:)` with the bytes' hash (`ByteKey.hash(of:tag:)`) at hand:
    /// a caller that inserts after a miss hashes the bytes once for both.
    ///
    /// An entry's fields are read where they stand, and its value copied only
    /// once the bytes match: a copy of the whole entry retained and released
    /// its value (a `String` in most) at every probe (about 14 instructions
    /// a look-up, 58 KB benchmark page, callgrind).
    func value(for bytes: UnsafeBufferPointer<UInt8>, tag: UInt32, hash: UInt64) -> Value? {
        guard !slots.isEmpty else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                arena.withUnsafeBufferPointer { stored in
                    let mask = slots.count - 1
                    var slot = Self.firstSlot(of: hash) & mask
                    while true {
                        let number = Int(slots[slot])
                        if number == 0 { return nil }
                        let entry = entries.baseAddress! + (number - 1)
                        if entry.pointee.hash == hash && entry.pointee.tag == tag && entry.pointee.count == bytes.count
                            && (bytes.isEmpty || memcmp(stored.baseAddress! + entry.pointee.start, bytes.baseAddress!, bytes.count) == 0) {
                            return entry.pointee.value
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
    }

    /// Called after `value(for:tag:)` found nothing for these bytes and tag.
    mutating func insert(_ value: Value, for bytes: UnsafeBufferPointer<UInt8>, tag: UInt32) {
        insert(value, for: bytes, tag: tag, hash: ByteKey.hash(of: bytes, tag: tag))
    }

    /// `insert(_:for:tag:)` with the bytes' hash at hand.
    mutating func insert(_ value: Value, for bytes: UnsafeBufferPointer<UInt8>, tag: UInt32, hash: UInt64) {
        if slots.isEmpty {
            entries.reserveCapacity(Self.initialSlotCount / 2)
            arena.reserveCapacity(Self.initialSlotCount * 32)
        }
        if (entries.count + 1) * 2 > slots.count { growSlots() }
        entries.append(Entry(hash: hash, start: arena.count, count: bytes.count, tag: tag, value: value))
        arena.append(contentsOf: bytes)
        place(entries.count, hash: hash)
    }

    /// Four times the slots (or the first ones), every entry placed again,
    /// with room for the entries and their bytes to match. A page that names
    /// hundreds of distinct URLs (the 58 KB page with an image at an address
    /// of its own per entry: 64 to 1,024 slots) grows the table twice, not
    /// four times, each time placing every entry again and copying the
    /// entries to a larger array.
    private mutating func growSlots() {
        let count = slots.isEmpty ? Self.initialSlotCount : slots.count * 4
        if !slots.isEmpty {
            entries.reserveCapacity(count / 2)
            arena.reserveCapacity(arena.count * 4)
        }
        slots = Array(repeating: 0, count: count)
        for number in entries.indices { place(number + 1, hash: entries[number].hash) }
    }

    private mutating func place(_ number: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Self.firstSlot(of: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(number)
    }

    /// The slot a hash starts probing at (before the mask): the hash as it
    /// is, whose every step folds its high half onto its low. (Folding it
    /// again here, as FNV-1a's hash needed, undid that fold: the slot then
    /// followed only the low bits of the last product, the first bytes of
    /// the last word mixed in, and the 58 KB page
    /// with an image at an address of its own per entry probed long runs,
    /// p58k-images 2,150,750 -> 2,385,115 instructions, callgrind.)
    @inline(__always)
    static func firstSlot(of hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash)
    }

    /// Empties the cache for another page, keeping its room when it is a
    /// first table's (`initialSlotCount` slots; a larger one is let go):
    /// the page's `RewriteScratch` lends it to the next page's policy,
    /// whose first insert made its three buffers anew.
    mutating func reset() {
        // (A page's few long values, data: URLs, are not kept in the pool.)
        guard slots.count == Self.initialSlotCount, arena.capacity <= Self.keptArenaCapacity else {
            self = ByteCache()
            return
        }
        entries.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
}
