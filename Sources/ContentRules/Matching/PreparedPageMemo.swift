/// The pages a run of `rules match` lines names, each prepared once, found
/// by the bytes that name them.
///
/// A corpus names a few hundred pages and moves to another every few lines;
/// lines of one page follow each other, so the last page found is tried
/// first, then a hash of the bytes. A `[String: PreparedPage]` cost a
/// string made of the bytes, its hash and a copy of the bytes at each change
/// of page (about 200 instructions a request on the benchmark corpus).
/// Past `ParsedURLMemo.capacity` pages it starts over, so that memory stays
/// bounded on any input.
struct PreparedPageMemo {
    /// The pages' bytes, one after the other.
    private var texts: [UInt8] = []
    /// Where each page's bytes are in `texts`, their hash, and the page (nil: the bytes are no URL).
    private var entries: [(text: Range<Int>, hash: UInt64, page: PreparedPage?)] = []
    /// The entries by hash, open-addressed (-1: an empty slot) at the hash's
    /// low bits and the slots after, as in `MatchTailMemo`. Never more than half full.
    private var slots = [Int32](repeating: -1, count: 1024)
    /// The entry found or added last.
    private var previous = -1

    /// The page kept for these bytes: `.some(nil)` when they were no URL,
    /// nil when they are not kept.
    mutating func page(named bytes: UnsafeBufferPointer<UInt8>) -> PreparedPage?? {
        if previous >= 0, same(entries[previous].text, bytes) { return .some(entries[previous].page) }
        let hash = Self.hash(bytes)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { return nil }
            if entries[entry].hash == hash, same(entries[entry].text, bytes) {
                previous = entry
                return .some(entries[entry].page)
            }
            slot = (slot + 1) & mask
        }
    }

    /// Keeps the page of bytes that `page(named:)` found no entry for.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, page: PreparedPage?) {
        if entries.count >= ParsedURLMemo.capacity { self = PreparedPageMemo() }
        let hash = Self.hash(bytes)
        entries.append((texts.count..<texts.count + bytes.count, hash, page))
        texts.append(contentsOf: bytes)
        previous = entries.count - 1
        if entries.count * 2 > slots.count {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            for (entry, kept) in entries.enumerated() { place(entry, hash: kept.hash) }
        } else {
            place(previous, hash: hash)
        }
    }

    /// Puts an entry in the first empty slot from its hash's.
    private mutating func place(_ entry: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry)
    }

    private func same(_ text: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        texts.withUnsafeBufferPointer { ByteScan.same(UnsafeBufferPointer(rebasing: $0[text]), bytes) }
    }

    /// FNV-1a over the bytes.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
