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
        guard slots[key] != nil else { return nil }
        clock += 1
        slots[key]!.lastUse = clock
        return slots[key]!.value
    }

    /// Keeps `value` (in place of any other for `key`), then drops the least
    /// recently used values while over either limit.
    public mutating func insert(_ value: Value, bytes: Int, for key: String) {
        remove(key)
        clock += 1
        slots[key] = Slot(value: value, bytes: bytes, lastUse: clock)
        self.bytes += bytes
        while slots.count > maxEntries || self.bytes > maxBytes,
              let oldest = slots.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            remove(oldest)
        }
    }

    public mutating func remove(_ key: String) {
        if let old = slots.removeValue(forKey: key) { bytes -= old.bytes }
    }
}
