import Synchronization

/// The record names ("source#index", see `Decision.recordName(source:index:)`)
/// of the block rules behind a blocked load, made the first time a load is
/// blocked by those rules and kept for the engine's life.
///
/// A server's pages are blocked by the same few rules over and over (the ad
/// and tracker hosts every page names), and making the names anew for each
/// blocked load (a source is a path, too long for a small string) cost
/// about 300 instructions and an allocation a name, and the array that holds
/// them another allocation (fixture pages, callgrind). A load blocked by the
/// same rules as an earlier one now takes that load's array as it is.
///
/// Shared by every thread that asks the engine, hence the lock. It holds at
/// most `capacity` arrays: past that (lists whose rules block in ever new
/// combinations) the names are made for each load as before.
final class RecordNameMemo: Sendable {
    /// A load's block rules in decision order, and their names.
    private struct Entry {
        var rules: [Int32]
        var names: [String]
    }

    /// The entries, and their numbers + 1 by hash in open-addressed
    /// slots (0: empty), never more than half full: a `[UInt64: Entry]`
    /// hashed the hash again with SipHash at each look-up.
    private struct Table {
        var entries: [(hash: UInt64, entry: Entry)] = []
        var slots = [Int32](repeating: 0, count: 64)

        /// The entry of `hash`, or nil; `place` is where it goes when nil.
        func find(_ hash: UInt64) -> (found: Entry?, place: Int) {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 32)) & mask
            while slots[slot] != 0 {
                let kept = entries[Int(slots[slot]) - 1]
                if kept.hash == hash { return (kept.entry, slot) }
                slot = (slot + 1) & mask
            }
            return (nil, slot)
        }

        mutating func insert(_ entry: Entry, hash: UInt64, at place: Int) {
            entries.append((hash, entry))
            slots[place] = Int32(entries.count)
            guard entries.count * 2 > slots.count else { return }
            slots = [Int32](repeating: 0, count: slots.count * 2)
            let mask = slots.count - 1
            for (number, kept) in entries.enumerated() {
                var slot = Int(truncatingIfNeeded: kept.hash ^ (kept.hash >> 32)) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(number + 1)
            }
        }
    }

    /// The entries by the hash of their rules; a hash taken by other
    /// rules is not cached again (both are still named right).
    private let table = Mutex(Table())

    /// The most arrays kept, a bound on the memory any lists can take.
    static let capacity = 4_096

    init() {}

    /// The names of the rules of `applied` (in decision order) for which
    /// `isBlock` holds, each made by `Decision.recordName(of:in:)`.
    func names(ofBlockRulesIn applied: [Int32], isBlock: (Int32) -> Bool, engine: ContentRuleEngine) -> [String] {
        var hash = Self.basis
        var count = 0
        for rule in applied where isBlock(rule) {
            hash = Self.step(hash, rule)
            count += 1
        }
        if count == 0 { return [] }
        return table.withLock { table in
            let (known, place) = table.find(hash)
            if let known {
                if Self.same(known.rules, applied, isBlock: isBlock) { return known.names }
                return Self.make(applied, count: count, isBlock: isBlock, engine: engine).names
            }
            let made = Self.make(applied, count: count, isBlock: isBlock, engine: engine)
            if table.entries.count < Self.capacity { table.insert(made, hash: hash, at: place) }
            return made.names
        }
    }

    /// Whether `rules` are the rules of `applied` for which `isBlock` holds, in order.
    private static func same(_ rules: [Int32], _ applied: [Int32], isBlock: (Int32) -> Bool) -> Bool {
        var index = 0
        for rule in applied where isBlock(rule) {
            guard index < rules.count, rules[index] == rule else { return false }
            index += 1
        }
        return index == rules.count
    }

    /// The entry of the `count` rules of `applied` for which `isBlock` holds.
    private static func make(_ applied: [Int32], count: Int, isBlock: (Int32) -> Bool, engine: ContentRuleEngine) -> Entry {
        var entry = Entry(rules: [], names: [])
        entry.rules.reserveCapacity(count)
        entry.names.reserveCapacity(count)
        for rule in applied where isBlock(rule) {
            entry.rules.append(rule)
            entry.names.append(Decision.recordName(of: rule, in: engine))
        }
        return entry
    }

    /// FNV-1a over the rule numbers.
    private static let basis: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    private static func step(_ hash: UInt64, _ rule: Int32) -> UInt64 {
        (hash ^ UInt64(UInt32(bitPattern: rule))) &* 0x100_0000_01b3
    }
}
