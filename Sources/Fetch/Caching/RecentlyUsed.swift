/// Values by key within a count and a byte budget, the least recently used
/// dropped first: the memory of the proxy's in-process caches (stored
/// responses, sanitized pages). Not synchronised: owners keep it in a lock.
public struct RecentlyUsed<Value> {
    private struct Slot {
        var value: Value
        var bytes: Int
        var lastUse: UInt64
    }

    private var slots: [String: Slot] = [:]
    /// Every use and insert in order, oldest first from `orderStart`: the
    /// least recently used key is the first whose slot's `lastUse` is still
    /// the one written here (later uses left stale marks behind, skipped).
    /// Dropping one costs O(1) amortised instead of a scan of every slot
    /// with a copy of each (3% of `serve`'s CPU at new addresses, perf,
    /// when the sanitized-page memo is full and every page pushes one out).
    private var order: [(key: String, use: UInt64)] = []
    private var orderStart = 0
    private var clock: UInt64 = 0
    /// What the values kept weigh together, as their inserters said.
    public private(set) var bytes = 0
    public let maxEntries: Int
    public let maxBytes: Int

    public init(maxEntries: Int, maxBytes: Int) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    public var count: Int { slots.count }

    /// The value for `key`, which counts as used now.
    public mutating func use(_ key: String) -> Value? {
        guard let slot = slots[key] else { return nil }
        clock += 1
        slots[key]?.lastUse = clock
        noteUse(of: key)
        return slot.value
    }

    /// Keeps `value` (in place of any other for `key`), then drops the least
    /// recently used values while over either limit.
    public mutating func insert(_ value: Value, bytes: Int, for key: String) {
        remove(key)
        clock += 1
        slots[key] = Slot(value: value, bytes: bytes, lastUse: clock)
        self.bytes += bytes
        noteUse(of: key)
        while slots.count > maxEntries || self.bytes > maxBytes, orderStart < order.count {
            let (oldest, use) = order[orderStart]
            orderStart += 1
            if slots[oldest]?.lastUse == use { remove(oldest) }
        }
    }

    public mutating func remove(_ key: String) {
        if let old = slots.removeValue(forKey: key) { bytes -= old.bytes }
    }

    /// Writes the use `clock` of `key` down; keeps the record within about
    /// twice the slots by dropping its stale marks now and then.
    ///
    /// The record counts with the marks already passed over (before
    /// `orderStart`): counted without them, a memo that drops one page for
    /// each new one (every page at a new address) never came to clear them,
    /// and the record grew by one key a page for good (about 465 bytes a
    /// page of `serve`'s resident memory, under wrk at new addresses).
    private mutating func noteUse(of key: String) {
        order.append((key, clock))
        guard order.count > 2 * slots.count + 64 else { return }
        order = order[orderStart...].filter { slots[$0.key]?.lastUse == $0.use }
        orderStart = 0
    }

    /// How many uses the record holds, passed-over ones included: about
    /// twice the entries at most, however many come and go.
    var recordedUses: Int { order.count }
}
