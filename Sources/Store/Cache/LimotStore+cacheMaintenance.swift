import Foundation
import GRDB

/// Looking after the HTTP cache by hand: `limot cache stats`, `clear`,
/// `vacuum`, and whether a page could be served offline.
extension LimotStore {
    public func cacheStatistics() throws(StoreError) -> CacheStatistics {
        let summary = try read { db in
            let usage = try CacheRow.usage(db)
            let times = try Row.fetchOne(db, sql: "SELECT min(response_time), max(response_time) FROM http_cache")
                .map { row in (oldest: row[0] as Int64?, newest: row[1] as Int64?) }
            // Grouped by authority in SQL (a handful of rows whatever the
            // cache's size), then by host here, where ports and user info
            // are easier to take apart.
            let authorities = try Row.fetchAll(db, sql: """
                WITH rest (tail, size) AS (
                    SELECT CASE WHEN instr(url, '://') > 0 THEN substr(url, instr(url, '://') + 3) ELSE url END, size
                    FROM http_cache
                )
                SELECT CASE WHEN instr(tail, '/') > 0 THEN substr(tail, 1, instr(tail, '/') - 1) ELSE tail END
                           AS authority,
                       count(*) AS entries, sum(size) AS bytes
                FROM rest GROUP BY authority
                """).map { row in (authority: row["authority"] as String, entries: row["entries"] as Int, bytes: row["bytes"] as Int64) }
            return (usage: usage, oldest: times?.oldest, newest: times?.newest, authorities: authorities)
        }
        var hosts: [String: CacheHostUsage] = [:]
        for authority in summary.authorities {
            let host = CacheHostUsage.host(ofAuthority: authority.authority[...])
            hosts[host, default: CacheHostUsage(host: host, entries: 0, bytes: 0)].entries += authority.entries
            hosts[host]?.bytes += authority.bytes
        }
        let top = hosts.values.sorted { ($0.bytes, $1.host) > ($1.bytes, $0.host) }.prefix(10)
        return CacheStatistics(entries: summary.usage.entries, bytes: summary.usage.bytes, limit: cacheSizeLimit,
                               oldestFetch: summary.oldest.map(StoreCoding.date(milliseconds:)),
                               newestFetch: summary.newest.map(StoreCoding.date(milliseconds:)),
                               hosts: Array(top), databaseFileBytes: databaseFileBytes())
    }

    /// Forgets every cached response; returns how many there were and the
    /// bytes they counted. The write-ahead log is emptied after, as after
    /// clearing lookups; the file keeps its size until ``vacuum()``.
    public func clearCache() throws(StoreError) -> (entries: Int, bytes: Int64) {
        pendingUsage.withLock { $0 = PendingUsage() }
        let cleared = try write { db in
            let usage = try CacheRow.usage(db)
            try db.execute(sql: "DELETE FROM http_cache")
            return usage
        }
        if cleared.entries > 0 { forgetRemovedPages() }
        return cleared
    }

    /// Gives the space of removed rows back to the file system: empties the
    /// write-ahead log, rebuilds the database, empties the log again.
    /// Returns the file's bytes (with its log) before and after. Another
    /// process reading or writing for longer than
    /// ``StoreLimits/busyTimeout`` makes it fail with
    /// ``StoreError/busy(path:)``, having changed nothing.
    public func vacuum() throws(StoreError) -> (before: Int64, after: Int64) {
        flushUsage()
        let before = databaseFileBytes()
        do {
            // A barrier: this pool's own readers finish first, so only other
            // processes can keep the checkpoint from completing.
            try pool.barrierWriteWithoutTransaction { db in
                try db.checkpoint(.truncate)
                try db.execute(sql: "VACUUM")
                try db.checkpoint(.truncate)
            }
        } catch {
            throw .wrapping(error, path: databasePath)
        }
        return (before, databaseFileBytes())
    }

    /// Whether any response for `url` is kept (any variant), fresh or not.
    public func hasStoredResponse(url: String) throws(StoreError) -> Bool {
        try read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM http_cache WHERE url = ?)", arguments: [url]) ?? false }
    }

    /// The database file and its write-ahead log, in bytes (0 for a file
    /// that is not there).
    func databaseFileBytes() -> Int64 {
        [databasePath, databasePath + "-wal"].reduce(0) { total, path in
            var status = stat()
            return total + (stat(path, &status) == 0 ? Int64(status.st_size) : 0)
        }
    }
}
