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

    /// The entries by `hash(of:)` of their rules; a hash taken by other
    /// rules is not cached again (both are still named right).
    private let entries = Mutex<[UInt64: Entry]>([:])

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
        return entries.withLock { entries in
            if let known = entries[hash] {
                if Self.same(known.rules, applied, isBlock: isBlock) { return known.names }
                return Self.make(applied, count: count, isBlock: isBlock, engine: engine).names
            }
            let made = Self.make(applied, count: count, isBlock: isBlock, engine: engine)
            if entries.count < Self.capacity { entries[hash] = made }
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
