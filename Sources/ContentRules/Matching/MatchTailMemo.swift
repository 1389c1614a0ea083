/// The part of a `rules match` line after its URL, kept once per distinct
/// decision so that a decision seen again costs a look-up and a copy.
///
/// A decision's key is what its tail is made from: its surviving specific
/// rules, then -1 and the plain block's exclusions if the block applies,
/// and, for a load that met an ignore rule, after -2 each list's
/// ignore-previous-rules and after -3 its ignore-following-rules (list and
/// rule, by list). A decision without ignore rules (nearly every load) is
/// hashed and compared where it stands, not gathered into an array first.
/// It keeps output bytes, never a decision: every request is decided.
struct MatchTailMemo {
    /// The tails, one after the other.
    private var tails: [UInt8] = []
    /// The keys, one after the other: kept in one array rather than an
    /// array each, which cost an allocation per new tail.
    private var keys: [Int32] = []
    /// Where each tail's key is in `keys`, where the tail is in `tails`, and the hash of its key.
    private var entries: [(key: Range<Int>, bytes: Range<Int>, hash: UInt64)] = []
    /// The entries by the hash of their keys, open-addressed (-1: an empty
    /// slot) at the hash's low bits and the slots after: FNV-1a spreads
    /// them already, where a `Dictionary` would hash the hash again at every
    /// look-up. Never more than half full.
    private var slots = [Int32](repeating: -1, count: 1024)

    /// The entry of a decision without ignore rules, if kept, and the hash to keep it under.
    func find(_ decision: Decision) -> (entry: Int?, hash: UInt64) {
        let hash = Self.keyHash(of: decision)
        return (entry(hash: hash) { Self.key($0, isOf: decision) }, hash)
    }

    /// The entry of a key gathered by `key(of:)`, if kept, and the hash to keep it under.
    func find(key: [Int32]) -> (entry: Int?, hash: UInt64) {
        var hash = Self.fnvBasis
        for value in key { Self.mix(value, into: &hash) }
        return (entry(hash: hash) { $0.elementsEqual(key) }, hash)
    }

    /// The entry whose key has this hash and passes `matches`.
    private func entry(hash: UInt64, matching matches: (UnsafeBufferPointer<Int32>) -> Bool) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        return keys.withUnsafeBufferPointer { keys in
            while true {
                let entry = Int(slots[slot])
                if entry < 0 { return nil }
                if entries[entry].hash == hash, matches(UnsafeBufferPointer(rebasing: keys[entries[entry].key])) { return entry }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Keeps a new tail under a key gathered by `key(of:)`; returns its entry.
    mutating func add(_ tail: UnsafeBufferPointer<UInt8>, key: [Int32], hash: UInt64) -> Int {
        let keyStart = keys.count
        keys += key
        return add(tail, key: keyStart..<keys.count, hash: hash)
    }

    /// Keeps a new tail under the key of a decision without ignore rules,
    /// written where it is kept rather than gathered first; returns its entry.
    mutating func add(_ tail: UnsafeBufferPointer<UInt8>, keyOf decision: Decision, hash: UInt64) -> Int {
        let keyStart = keys.count
        keys += decision.specificApplied
        if let excluded = decision.plainBlock?.excluded {
            keys.append(-1)
            keys += excluded
        }
        return add(tail, key: keyStart..<keys.count, hash: hash)
    }

    private mutating func add(_ tail: UnsafeBufferPointer<UInt8>, key: Range<Int>, hash: UInt64) -> Int {
        let entry = entries.count
        entries.append((key, tails.count..<tails.count + tail.count, hash))
        tails.append(contentsOf: tail)
        if entries.count * 2 > slots.count {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            for (entry, kept) in entries.enumerated() { place(entry, hash: kept.hash) }
        } else {
            place(entry, hash: hash)
        }
        return entry
    }

    /// Puts an entry in the first empty slot from its hash's.
    private mutating func place(_ entry: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry)
    }

    /// Appends an entry's tail to `out`.
    func append(_ entry: Int, to out: inout LineBytes) {
        let range = entries[entry].bytes
        tails.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Appends a line's head, URL and closing quote, then the entry's tail,
    /// to `out` at once (see `LineBytes.append(_:_:_:_:)`).
    @inline(__always)
    func append(_ entry: Int, after head: UnsafeBufferPointer<UInt8>, _ url: UnsafeBufferPointer<UInt8>,
                _ quote: UnsafeBufferPointer<UInt8>, to out: inout LineBytes) {
        let range = entries[entry].bytes
        tails.withUnsafeBufferPointer { out.append(head, url, quote, UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// A decision's key, gathered into an array.
    static func key(of decision: Decision) -> [Int32] {
        var key = decision.specificApplied
        if let excluded = decision.plainBlock?.excluded {
            key.append(-1)
            key += excluded
        }
        if let outcome = decision.ignoreOutcome {
            for (marker, rules) in [(Int32(-2), outcome.ignoredByRule), (-3, outcome.stoppedByRule)] {
                key.append(marker)
                for (list, rule) in rules.sorted(by: { $0.key < $1.key }) { key += [list, rule] }
            }
        }
        return key
    }

    /// FNV-1a over the key of a decision without ignore rules, read where it stands.
    private static func keyHash(of decision: Decision) -> UInt64 {
        var hash = fnvBasis
        for rule in decision.specificApplied { mix(rule, into: &hash) }
        if let excluded = decision.plainBlock?.excluded {
            mix(-1, into: &hash)
            for rule in excluded { mix(rule, into: &hash) }
        }
        return hash
    }

    private static let fnvBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    private static func mix(_ value: Int32, into hash: inout UInt64) {
        hash = (hash ^ UInt64(UInt32(bitPattern: value))) &* 0x100_0000_01b3
    }

    /// Whether a kept key is that of a decision without ignore rules.
    private static func key(_ key: UnsafeBufferPointer<Int32>, isOf decision: Decision) -> Bool {
        let specific = decision.specificApplied
        let excluded = decision.plainBlock?.excluded
        guard key.count == specific.count + (excluded.map { $0.count + 1 } ?? 0) else { return false }
        for index in specific.indices where key[index] != specific[index] { return false }
        guard let excluded else { return true }
        guard key[specific.count] == -1 else { return false }
        for index in excluded.indices where key[specific.count + 1 + index] != excluded[index] { return false }
        return true
    }
}
