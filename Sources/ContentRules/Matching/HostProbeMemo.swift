import Synchronization

/// The host index's probes that find a key (`HostIndex.probesFound`) of
/// each host the engine's decisions met, for every page's decisions: the
/// probes are the index's answer for the host's bytes alone (scheme and
/// host, what `PageHostMemo` keys a host by), whatever the page.
///
/// `PageHostMemo` keeps them for one page, and each page's first load at a
/// host worked them out again: about 315 instructions a host a page, for
/// the same few hosts (the site's own, its ad and tracker hosts) page after
/// page (fixture pages, 60 first-seen hosts, callgrind). A page never seen
/// before now finds the hosts earlier pages named.
///
/// Shared by every thread that asks the engine, hence the lock. Past
/// `capacity` hosts it starts over, so that memory stays bounded on any
/// input.
final class HostProbeMemo: Sendable {
    /// One host: where its key lies in `Table.bytes`, its hash, its probes.
    private struct Entry {
        var hash: UInt64
        var start: Int
        var count: Int
        var probes: HostProbes?
    }

    /// The hosts' keys one after another, the entries, and their numbers
    /// + 1 by hash in open-addressed slots (0: empty), at most half full.
    private struct Table {
        var bytes: [UInt8] = []
        var entries: [Entry] = []
        var slots = [Int32](repeating: 0, count: 64)

        /// The probes kept for `key`, or `make()`'s, then kept.
        mutating func probes(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, make: () -> HostProbes?) -> HostProbes? {
            let (known, slot) = find(key, hash: hash)
            if let known { return known.probes }
            let made = make()
            if entries.count >= HostProbeMemo.capacity {
                self = Table()
                return made
            }
            entries.append(Entry(hash: hash, start: bytes.count, count: key.count, probes: made))
            bytes.append(contentsOf: key)
            slots[slot] = Int32(entries.count)
            if entries.count * 2 > slots.count { growSlots() }
            return made
        }

        /// The entry of `key` (wrapped, as its probes may be nil), else the
        /// empty slot it goes in. Each entry is read where it lies, its
        /// probes copied out only when its key is `key`: a copy of each
        /// entry probed cost about 40 instructions a look-up (callgrind).
        private func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (found: Entry?, slot: Int) {
            slots.withUnsafeBufferPointer { slots in
                entries.withUnsafeBufferPointer { entries in
                    bytes.withUnsafeBufferPointer { bytes in
                        let mask = slots.count - 1
                        var slot = Int(truncatingIfNeeded: hash) & mask
                        while slots[slot] != 0 {
                            let entry = entries.baseAddress! + (Int(slots[slot]) - 1)
                            if entry.pointee.hash == hash, entry.pointee.count == key.count,
                               ByteScan.same(UnsafeBufferPointer(start: bytes.baseAddress! + entry.pointee.start, count: key.count), key) {
                                return (entry.pointee, slot)
                            }
                            slot = (slot + 1) & mask
                        }
                        return (nil, slot)
                    }
                }
            }
        }

        /// Twice the slots, every entry placed again.
        private mutating func growSlots() {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            let mask = slots.count - 1
            for (number, entry) in entries.enumerated() {
                var slot = Int(truncatingIfNeeded: entry.hash) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(number + 1)
            }
        }
    }

    private let table = Mutex(Table())

    /// The most hosts kept before the memo starts over.
    static let capacity = 4_096

    init() {}

    /// The probes of the host named by `key` (`PageHostMemo.key(of:hostRange:schemes:)`),
    /// made by `make` the first time.
    func probes(ofHost key: UnsafeBufferPointer<UInt8>, make: () -> HostProbes?) -> HostProbes? {
        let hash = ByteHash.hash(key)
        return table.withLock { $0.probes(key, hash: hash, make: make) }
    }
}
