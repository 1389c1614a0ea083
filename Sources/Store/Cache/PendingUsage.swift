import Foundation
import GRDB

/// Uses of cache entries not yet written. Serving a cached page must not
/// wait for a write (a commit costs far more than the page's read), so uses
/// are remembered here, the latest per entry, and written together: once
/// ``StoreLimits/usageFlushCount`` are pending or the oldest is
/// ``StoreLimits/usageFlushDelay`` old, with the next store, and on
/// ``LimotStore/flushUsage()``.
struct PendingUsage {
    struct Key: Hashable {
        var url: String
        var variant: String
    }

    /// The latest use of each entry, in milliseconds since 1970.
    private(set) var times: [Key: Int64] = [:]
    /// When the oldest pending use was recorded.
    private var oldest: Int64?

    mutating func record(url: String, variant: String, at milliseconds: Int64) {
        times[Key(url: url, variant: variant)] = milliseconds
        if oldest == nil { oldest = milliseconds }
    }

    /// Whether the pending uses should be written now.
    func isDue(now milliseconds: Int64) -> Bool {
        guard let oldest else { return false }
        return times.count > StoreLimits.usageFlushCount
            || milliseconds - oldest > Int64(StoreLimits.usageFlushDelay * 1000)
    }

    /// Every pending use, leaving none.
    mutating func take() -> [Key: Int64] {
        defer { self = PendingUsage() }
        return times
    }

    /// Writes `uses` into `last_used`, never moving an entry back in time
    /// (a use recorded here may be older than a store made since).
    static func apply(_ uses: [Key: Int64], in db: Database) throws {
        guard !uses.isEmpty else { return }
        let statement = try db.cachedStatement(sql: """
            UPDATE http_cache SET last_used = max(last_used, ?) WHERE url = ? AND variant = ?
            """)
        for (key, time) in uses {
            try statement.execute(arguments: [time, key.url, key.variant])
        }
    }
}

extension LimotStore {
    /// Records that a cache entry was used now, for least-recently-used
    /// eviction, without writing (see `PendingUsage`); when enough uses are
    /// pending, this call writes them all (and the pending refreshes) in
    /// one transaction.
    public func markUsed(url: String, variant: String) {
        let now = StoreCoding.milliseconds(self.now())
        let due = pendingUsage.withLock { pending -> [PendingUsage.Key: Int64]? in
            pending.record(url: url, variant: variant, at: now)
            return pending.isDue(now: now) ? pending.take() : nil
        }
        if let due { writePending(uses: due) }
    }

    /// Writes every pending use and refresh of a cache entry now (before a
    /// process exits, or before evicting by hand). Errors are dropped:
    /// recency is best effort, a lost use only makes its entry evicted
    /// sooner, and a lost refresh only makes it validated once more.
    public func flushUsage() {
        let due = pendingUsage.withLock { $0.take() }
        writePending(uses: due)
    }

    /// Writes `uses` and every pending refresh, in one transaction.
    private func writePending(uses: [PendingUsage.Key: Int64]) {
        let refreshes = pendingRefreshes.withLock { $0.take() }
        guard !uses.isEmpty || !refreshes.isEmpty else { return }
        let limit = cacheSizeLimit
        _ = try? writeInPreparedTransaction { db in
            try PendingUsage.apply(uses, in: db)
            try PendingRefreshes.apply(refreshes, limit: limit, in: db)
        }
    }
}
