import Fetch
import Foundation
import GRDB
import HTTPTypes

/// How a `StoredResponse` is laid out in an `http_cache` row.
enum CacheRow {
    /// The columns a `StoredResponse` is read from.
    static let columns = """
        url, variant, final_url, status, headers, body, request_time, response_time, derived, derived_key
        """

    /// Every variant of a URL, by the `UNIQUE (url, variant)` index (the
    /// scale test checks that SQLite searches it rather than scanning).
    static let selectByURL = "SELECT \(columns) FROM http_cache WHERE url = ? ORDER BY variant"

    /// The sizes of the least recently used entries, least first (ties: the
    /// older row first), by the `last_used` index (checked by the scale test).
    static let leastRecentlyUsed = "SELECT size FROM http_cache ORDER BY last_used, id LIMIT ?"

    /// Headers as a JSON array of `[name, value]` pairs: order and repeated
    /// fields kept, which an object would lose. The form written before the
    /// headers were `HTTPFields`, kept so that existing caches still read.
    static func headersJSON(_ headers: HTTPFields) throws -> String {
        try StoreCoding.json(pairs: headers.map { ($0.name.rawName, $0.value) })
    }

    /// The fields of `headersJSON`'s form; a pair whose name is not a token
    /// (kept by an older limot) is left out.
    static func headers(json: String) -> HTTPFields? {
        guard let pairs = try? StoreCoding.decode([[String]].self, json: json),
              pairs.allSatisfy({ $0.count == 2 })
        else { return nil }
        return HTTPFields(pairs.compactMap { pair in HTTPField.Name(pair[0]).map { HTTPField(name: $0, value: pair[1]) } })
    }

    /// What an entry counts toward the cache's limit: every variable-sized
    /// column, in bytes (the fixed ones are noise beside a page).
    static func size(_ response: StoredResponse, headersJSON: String) -> Int64 {
        Int64(response.body.count + (response.derived?.count ?? 0) + headersJSON.utf8.count
              + response.url.utf8.count + response.finalURL.utf8.count)
    }

    /// The response in a row of `columns`, or nil when its headers no longer
    /// decode: for a cache that is a miss (the next fetch replaces the row),
    /// not a reason to fail the fetch.
    static func response(_ row: Row) -> StoredResponse? {
        guard let headers = headers(json: row["headers"]) else { return nil }
        let body: Data = row["body"]
        let derived: Data? = row["derived"]
        return StoredResponse(
            url: row["url"], variant: row["variant"], finalURL: row["final_url"], status: row["status"],
            headers: headers, body: Array(body),
            requestTime: StoreCoding.date(milliseconds: row["request_time"]),
            responseTime: StoreCoding.date(milliseconds: row["response_time"]),
            derived: derived.map(Array.init), derivedKey: row["derived_key"])
    }

    /// The cache's totals, from the row the triggers keep. Read by every
    /// write that may grow the cache, so prepared once per connection.
    static func usage(_ db: Database) throws -> (entries: Int, bytes: Int64) {
        let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT entries, bytes FROM cache_usage WHERE id = 1"))
        return (row?["entries"] ?? 0, row?["bytes"] ?? 0)
    }

    /// Removes least recently used entries (ties: the older row first) when
    /// the cache is over `limit`, until it is at
    /// ``StoreLimits/cacheEvictionTarget`` of it, or
    /// ``StoreLimits/cacheEvictionBatchBytes`` under it when that is less. Runs in the transaction
    /// that grew the cache, so no process ever commits it over its limit.
    static func evict(in db: Database, limit: Int64) throws {
        var bytes = try usage(db).bytes
        guard bytes > limit else { return }
        let target = max(Int64(Double(limit) * StoreLimits.cacheEvictionTarget), limit - StoreLimits.cacheEvictionBatchBytes)
        let batch = 256
        while bytes > target {
            let sizes = try Int64.fetchAll(db, sql: leastRecentlyUsed, arguments: [batch])
            if sizes.isEmpty { break }
            var count = 0
            while count < sizes.count, bytes > target {
                bytes -= sizes[count]
                count += 1
            }
            try db.execute(sql: """
                DELETE FROM http_cache WHERE id IN (SELECT id FROM http_cache ORDER BY last_used, id LIMIT ?)
                """, arguments: [count])
        }
    }
}
