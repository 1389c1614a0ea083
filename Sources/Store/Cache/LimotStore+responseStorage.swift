import Fetch
import Foundation
import GRDB
import HTTPTypes

/// The HTTP cache's storage: responses in `http_cache`, shared by every
/// limot process on the data directory, within ``LimotStore/cacheSizeLimit``.
extension LimotStore: ResponseStorage {
    /// Asked for every page the proxy fetches, mostly for an address never
    /// stored: the statement is prepared once per connection (GRDB's
    /// statement cache), as parsing and authorizing it took about 260,000
    /// instructions a page (callgrind), more than the query itself.
    ///
    /// A URL with no entry (every page never seen before) is answered by
    /// `CacheEntryProbe`, without the pool. Refreshes not yet written are
    /// read over the rows (see `PendingRefreshes`).
    public func storedResponses(for url: String) throws(StoreError) -> [StoredResponse] {
        if entryProbe.withLock({ $0?.hasNoEntry(for: url) ?? false }) { return [] }
        let rows = try readOneStatement { db in
            try Row.fetchAll(db.cachedStatement(sql: CacheRow.selectByURL), arguments: [url]).compactMap(CacheRow.response)
        }
        return pendingRefreshes.withLock { $0.overlay(rows) }
    }

    /// Keeps `response` in place of the entry with its url and variant
    /// (derived form and all), then evicts while the cache is over its
    /// limit, in one transaction. A response bigger than
    /// 1/``StoreLimits/cacheMaxEntryFraction`` of the limit is not kept, and
    /// the entry it would replace is removed: it is no longer what the site
    /// sends.
    public func store(_ response: StoredResponse) throws(StoreError) {
        let headers: String
        do {
            headers = try CacheRow.headersJSON(response.headers)
        } catch {
            throw .failed(path: databasePath, reason: "the headers of \(response.url) cannot be encoded: \(error)")
        }
        let size = CacheRow.size(response, headersJSON: headers)
        let limit = cacheSizeLimit
        let refreshes = pendingRefreshes.withLock { $0.take() }
        guard size <= maxEntrySize else {
            try write { db in
                try PendingRefreshes.apply(refreshes, limit: limit, in: db)
                try db.execute(sql: "DELETE FROM http_cache WHERE url = ? AND variant = ?",
                               arguments: [response.url, response.variant])
            }
            return
        }
        let uses = pendingUsage.withLock { $0.take() }
        let arguments: StatementArguments = [
            response.url, response.variant, response.finalURL, response.status, headers, Data(response.body),
            StoreCoding.milliseconds(response.requestTime), StoreCoding.milliseconds(response.responseTime),
            StoreCoding.milliseconds(now()), response.derived.map { Data($0) }, response.derived != nil,
            response.derivedKey, size,
        ]
        // An empty Data may be bound as NULL: `ifnull` keeps an empty body
        // (a redirect's, a 204's) an empty blob, as the column requires.
        try write { db in
            try PendingUsage.apply(uses, in: db)
            try PendingRefreshes.apply(refreshes, limit: limit, in: db)
            try db.execute(sql: """
                INSERT INTO http_cache (url, variant, final_url, status, headers, body, request_time, response_time,
                                        last_used, derived, derived_key, size)
                VALUES (?, ?, ?, ?, ?, ifnull(?, X''), ?, ?, ?, ifnull(?, CASE WHEN ? THEN X'' END), ?, ?)
                ON CONFLICT (url, variant) DO UPDATE SET
                    final_url = excluded.final_url, status = excluded.status, headers = excluded.headers,
                    body = excluded.body, request_time = excluded.request_time,
                    response_time = excluded.response_time, last_used = excluded.last_used,
                    derived = excluded.derived, derived_key = excluded.derived_key, size = excluded.size
                """, arguments: arguments)
            try CacheRow.evict(in: db, limit: limit)
        }
    }

    /// After a 304: new headers and times (a validation is also a use),
    /// the body and derived form kept. Nothing happens when the entry has
    /// gone meanwhile, or holds a response received after this one.
    ///
    /// A page sent with `max-age=0` or `no-cache` is validated on every
    /// view, so this runs as often as pages are read: the refresh waits in
    /// `PendingRefreshes` (read over the row by this process meanwhile) and
    /// is written with the pending uses, in their transaction, rather than
    /// in a transaction of its own (about 280,000 instructions a 304,
    /// callgrind). A refresh lost in a crash only means one more 304.
    public func refresh(url: String, variant: String, headers: HTTPFields, requestTime: Date,
                        responseTime: Date) throws(StoreError) {
        pendingRefreshes.withLock {
            $0.record(url: url, variant: variant,
                      PendingRefreshes.Refresh(headers: headers, requestTime: requestTime, responseTime: responseTime))
        }
        markUsed(url: url, variant: variant)
    }

    /// Keeps `bytes` as the entry's derived form, made with `key`, in place
    /// of any earlier one; then evicts as `store` does. Not kept when the
    /// entry has gone, or when it would make the entry too big to keep.
    public func storeDerived(url: String, variant: String, key: String, bytes: [UInt8]) throws(StoreError) {
        let limit = cacheSizeLimit
        let maxSize = maxEntrySize
        let length = Int64(bytes.count)
        let refreshes = pendingRefreshes.withLock { $0.take() }
        try write { db in
            try PendingRefreshes.apply(refreshes, limit: limit, in: db)
            try db.execute(sql: """
                UPDATE http_cache SET derived = ifnull(?, X''), derived_key = ?, size = size - ifnull(length(derived), 0) + ?
                WHERE url = ? AND variant = ? AND size - ifnull(length(derived), 0) + ? <= ?
                """, arguments: [Data(bytes), key, length, url, variant, length, maxSize])
            try CacheRow.evict(in: db, limit: limit)
        }
    }

    public func invalidate(url: String) throws(StoreError) {
        let limit = cacheSizeLimit
        let refreshes = pendingRefreshes.withLock { $0.take() }
        try write { db in
            try PendingRefreshes.apply(refreshes, limit: limit, in: db)
            try db.execute(sql: "DELETE FROM http_cache WHERE url = ?", arguments: [url])
        }
    }

    /// The largest entry the cache keeps.
    var maxEntrySize: Int64 { cacheSizeLimit / StoreLimits.cacheMaxEntryFraction }
}
