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
/// miss, so a `KeyFilter` answers most of those probes first.
final class HashIndex<Value: BitwiseCopyable & Sendable>: Sendable {
    private struct Slot {
        var key: UInt64
        var start: Int32
        var count: Int32
    }

    // Written only in `init`, read-only afterwards: safe to share.
    nonisolated(unsafe) private let slots: UnsafeMutableBufferPointer<Slot>
    nonisolated(unsafe) private let values: UnsafeMutableBufferPointer<Value>
    /// The cache file that `slots` and `values` lie in, when they were read
    /// from one (`BinaryReader.table`); nil when they are this index's own.
    private let mapping: MappedCacheFile?
    private let presence: KeyFilter
    private let mask: Int

    var isEmpty: Bool { values.isEmpty }

    /// Whether every value holds for `isValid`: the cache decoder checks what
    /// decoded values refer to before a decision follows them unchecked.
    func allValuesSatisfy(_ isValid: (Value) -> Bool) -> Bool {
        values.allSatisfy(isValid)
    }

    /// Whether the byte at `field` of every value is at most `highest`: a
    /// decoded flag or enum field is checked as a byte before any value is
    /// read as its type.
    func valueBytes(at field: Int, allAtMost highest: UInt8) -> Bool {
        let raw = UnsafeRawBufferPointer(values)
        return stride(from: field, to: raw.count, by: MemoryLayout<Value>.stride).allSatisfy { raw[$0] <= highest }
    }

    /// The size, stride and alignment of a slot, which the compiled rule
    /// cache copies as it lies in memory.
    static var slotLayout: [Int] {
        [MemoryLayout<Slot>.size, MemoryLayout<Slot>.stride, MemoryLayout<Slot>.alignment]
    }

    init(_ dictionary: [UInt64: [Value]] = [:]) {
        // At most three quarters full: linear probes stay short up to there
        // (and the `KeyFilter` turns away most absent keys before they probe
        // at all), while emptier tables only take memory. A slot stays empty,
        // so every probe ends.
        var capacity = 16
        while capacity * 3 < dictionary.count * 4 { capacity <<= 1 }
        mask = capacity - 1
        mapping = nil
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(key: 0, start: 0, count: 0))
        values = .allocate(capacity: dictionary.values.reduce(0) { $0 + $1.count })
        presence = KeyFilter(dictionary.keys, count: dictionary.count)
        var next = 0
        for (key, list) in dictionary {
            var slot = Int(truncatingIfNeeded: key) & mask
            while slots[slot].count != 0 { slot = (slot + 1) & mask }
            slots[slot] = Slot(key: key, start: Int32(next), count: Int32(list.count))
            for value in list {
                values.baseAddress!.advanced(by: next).initialize(to: value)
                next += 1
            }
        }
    }

    /// Reads what `encode(into:)` wrote (the compiled rule cache).
    init(decoding reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        let start = reader.offset
        let slotBytes = try reader.takeRaw(Slot.self), valueBytes = try reader.takeRaw(Value.self)
        let slotCount = slotBytes.count / MemoryLayout<Slot>.stride, valueCount = valueBytes.count / MemoryLayout<Value>.stride
        guard slotCount >= 16, slotCount & (slotCount - 1) == 0 else {
            throw BinaryReader.Damaged(offset: start, reason: "a hash index of \(slotCount) slots")
        }
        var hasEmptySlot = false
        for slot in 0..<slotCount {
            let entry = slotBytes.loadUnaligned(fromByteOffset: slot * MemoryLayout<Slot>.stride, as: Slot.self)
            guard entry.start >= 0, entry.count >= 0, Int(entry.start) + Int(entry.count) <= valueCount else {
                throw BinaryReader.Damaged(offset: start, reason: "a hash index slot beyond its values")
            }
            hasEmptySlot = hasEmptySlot || entry.count == 0
        }
        guard hasEmptySlot else { throw BinaryReader.Damaged(offset: start, reason: "a hash index without an empty slot (probes would not end)") }
        presence = try KeyFilter(decoding: &reader)
        mask = slotCount - 1
        mapping = reader.mapping
        let slotTable: UnsafeMutableBufferPointer<Slot> = try reader.table(of: slotBytes)
        do {
            values = try reader.table(of: valueBytes)
        } catch {
            if mapping == nil { slotTable.deallocate() }
            throw error
        }
        slots = slotTable
    }

    func encode(into writer: inout BinaryWriter) {
        writer.writeRaw(UnsafeBufferPointer(slots))
        writer.writeRaw(UnsafeBufferPointer(values))
        presence.encode(into: &writer)
    }

    deinit {
        guard mapping == nil else { return }
        slots.deallocate()
        values.deallocate()
    }

    /// Calls `body` with each value stored under `key`.
    @inline(__always)
    func forEach(_ key: UInt64, _ body: (Value) -> Void) {
        forEachStored(key) { body($0.pointee) }
    }

    /// Calls `body` with where each value stored under `key` lies: a caller
    /// that turns most values away by a field or two (a rule's gate) then
    /// loads only those, not the whole value.
    @inline(__always)
    func forEachStored(_ key: UInt64, _ body: (UnsafePointer<Value>) -> Void) {
        if !presence.mayContain(key) { return }
        forEachStoredUnfiltered(key, body)
    }

    /// Whether any value is stored under `key`: what `forEachStored` would
    /// call its body for at least once (`HostIndex.probesFound` keeps a
    /// host's probes that do).
    func holds(_ key: UInt64) -> Bool {
        if !presence.mayContain(key) { return false }
        var slot = Int(truncatingIfNeeded: key) & mask
        while true {
            let entry = slots[slot]
            if entry.count == 0 { return false }
            if entry.key == key { return true }
            slot = (slot + 1) & mask
        }
    }

    /// `forEachStored` without asking the `KeyFilter` first, for a caller
    /// whose own filter already holds only keys that are there
    /// (`LiteralIndex`'s pair bitmap).
    @inline(__always)
    func forEachStoredUnfiltered(_ key: UInt64, _ body: (UnsafePointer<Value>) -> Void) {
        var slot = Int(truncatingIfNeeded: key) & mask
        while true {
            let entry = slots[slot]
            if entry.count == 0 { return }
            if entry.key == key {
                let start = Int(entry.start)
                let base = UnsafePointer(values.baseAddress!)
                for index in start..<start + Int(entry.count) { body(base + index) }
                return
            }
            slot = (slot + 1) & mask
        }
    }
}

/// An entry of `TokenIndex` or `LiteralIndex`: a rule found by a literal run
/// of `runs`, keyed by the word or pair at `keyOffset`, confirmed by a matcher.
protocol RunIndexEntry: BitwiseCopyable & Sendable {
    var rule: Int32 { get }
    var gate: RuleGate { get }
    var runStart: Int32 { get }
    var runLength: Int32 { get }
    var keyOffset: Int32 { get }
    /// The key's length at least (a pair is 2 bytes, a word 1 or more).
    static var keyLength: Int { get }
    var matcher: PatternMatchers.ID { get }
    /// Where its flags (`Bool`s) lie in it: their bytes are checked before an entry is read.
    static var flagOffsets: [Int] { get }
}

extension HashIndex where Value: RunIndexEntry {
    /// Why the entries cannot be followed (a rule, condition, run or matcher
    /// they name does not exist, a flag is neither 0 nor 1), or nil: the
    /// cache decoder's check once the counts are known.
    func runEntriesProblem(ruleCount: Int, conditionCount: Int, runBytes: Int, matcherCount: Int) -> String? {
        guard Value.flagOffsets.allSatisfy({ valueBytes(at: $0, allAtMost: 1) }) else { return "an entry's flag" }
        let valid = allValuesSatisfy { entry in
            entry.rule >= 0 && Int(entry.rule) < ruleCount && entry.gate.refers(toConditionsBelow: conditionCount)
                && entry.runStart >= 0 && entry.runLength >= 0 && Int(entry.runStart) + Int(entry.runLength) <= runBytes
                && entry.keyOffset >= 0 && Int(entry.keyOffset) + Value.keyLength <= Int(entry.runLength)
                && entry.matcher >= -1 && Int(entry.matcher) < matcherCount
        }
        return valid ? nil : "an entry's rule, condition, run or matcher"
    }
}
