/// Values by key within a count and a byte budget, the least recently used
/// dropped first: the memory of the proxy's in-process caches (stored
/// responses, sanitized pages). Not synchronised: owners keep it in a lock.
///
/// Inlinable, so that a module that keeps one (the proxy's sanitized
/// pages) gets it made for its own values: across modules the generic
/// code asked the runtime for its types' metadata on every call, and an
/// insert took some 11,000 instructions (callgrind).
public struct RecentlyUsed<Value> {
    @usableFromInline
    struct Slot {
        @usableFromInline var value: Value
        @usableFromInline var bytes: Int
        @usableFromInline var lastUse: UInt64

        @inlinable
        init(value: Value, bytes: Int, lastUse: UInt64) {
            self.value = value
            self.bytes = bytes
            self.lastUse = lastUse
        }
    }

    @usableFromInline var slots: [String: Slot] = [:]
    /// Every use and insert in order, oldest first from `orderStart`: the
    /// least recently used key is the first whose slot's `lastUse` is still
    /// the one written here (later uses left stale marks behind, skipped).
    /// Dropping one costs O(1) amortised instead of a scan of every slot
    /// with a copy of each (3% of `serve`'s CPU at new addresses, perf,
    /// when the sanitized-page memo is full and every page pushes one out).
    @usableFromInline var order: [(key: String, use: UInt64)] = []
    @usableFromInline var orderStart = 0
    @usableFromInline var clock: UInt64 = 0
    /// What the values kept weigh together, as their inserters said.
    @inlinable
    public var bytes: Int { keptBytes }
    @usableFromInline var keptBytes = 0
    public let maxEntries: Int
    public let maxBytes: Int

    @inlinable
    public init(maxEntries: Int, maxBytes: Int) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    @inlinable
    public var count: Int { slots.count }

    /// The value for `key`, which counts as used now.
    @inlinable
    public mutating func use(_ key: String) -> Value? {
        // Found once and marked at its index: looked up again by key, the
        // key (a page's address, a long memo key) was hashed twice.
        guard let index = slots.index(forKey: key) else { return nil }
        clock += 1
        slots.values[index].lastUse = clock
        noteUse(of: key)
        return slots.values[index].value
    }

    /// Keeps `value` (in place of any other for `key`), then drops the least
    /// recently used values while over either limit.
    @inlinable
    public mutating func insert(_ value: Value, bytes: Int, for key: String) {
        clock += 1
        // Put in place of the old value in one look-up (removed first, then
        // stored, the key was hashed twice: some 1,000 instructions an
        // insert of a page's memo key, callgrind).
        if let old = slots.updateValue(Slot(value: value, bytes: bytes, lastUse: clock), forKey: key) { keptBytes -= old.bytes }
        keptBytes += bytes
        noteUse(of: key)
        while slots.count > maxEntries || keptBytes > maxBytes, orderStart < order.count {
            let (oldest, use) = order[orderStart]
            orderStart += 1
            if slots[oldest]?.lastUse == use { remove(oldest) }
        }
    }

    @inlinable
    public mutating func remove(_ key: String) {
        if let old = slots.removeValue(forKey: key) { keptBytes -= old.bytes }
    }

    /// Writes the use `clock` of `key` down; keeps the record within about
    /// twice the slots by dropping its stale marks now and then.
    ///
    /// The record counts with the marks already passed over (before
    /// `orderStart`): counted without them, a memo that drops one page for
    /// each new one (every page at a new address) never came to clear them,
    /// and the record grew by one key a page for good (about 465 bytes a
    /// page of `serve`'s resident memory, under wrk at new addresses).
    @inlinable
    mutating func noteUse(of key: String) {
        order.append((key, clock))
        guard order.count > 2 * slots.count + 64 else { return }
        order = order[orderStart...].filter { slots[$0.key]?.lastUse == $0.use }
        orderStart = 0
    }

    /// How many uses the record holds, passed-over ones included: about
    /// twice the entries at most, however many come and go.
    var recordedUses: Int { order.count }
}
