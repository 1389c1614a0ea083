import Fetch
import Foundation
import GRDB
import HTTPTypes

/// Refreshes of cache entries after a 304 not yet written. A page sent with
/// `max-age=0` or `no-cache` is validated on every view, and rewriting its
/// row in a transaction of its own for each 304 took about a quarter of the
/// request's instructions (callgrind, `profile_request.py --revalidated`).
/// So the latest refresh of each entry waits here and is written with the
/// pending uses (`PendingUsage`), in one transaction, when those are due;
/// and first thing in the transaction of any other write to the cache, so
/// that writes reach the file in the order they were made.
///
/// What a refresh not yet written means: this process reads it over the
/// row (``overlay(_:)``); another process, a restart, or a crash sees the
/// row as it was, older, so at worst it validates once more. Never fresher
/// than the site said.
struct PendingRefreshes {
    struct Refresh {
        var headers: HTTPFields
        var requestTime: Date
        var responseTime: Date
    }

    /// The latest refresh of each entry.
    private(set) var refreshes: [PendingUsage.Key: Refresh] = [:]

    var isEmpty: Bool { refreshes.isEmpty }
    var count: Int { refreshes.count }

    mutating func record(url: String, variant: String, _ refresh: Refresh) {
        refreshes[PendingUsage.Key(url: url, variant: variant)] = refresh
    }

    /// Every pending refresh, leaving none.
    mutating func take() -> [PendingUsage.Key: Refresh] {
        defer { refreshes = [:] }
        return refreshes
    }

    /// `responses` (read from the file) with the refreshes pending for
    /// them: what the file will hold once they are written.
    func overlay(_ responses: [StoredResponse]) -> [StoredResponse] {
        guard !refreshes.isEmpty else { return responses }
        return responses.map { response in
            guard let refresh = refreshes[PendingUsage.Key(url: response.url, variant: response.variant)],
                  Self.applies(refresh, toRowReceivedAt: response.responseTime)
            else { return response }
            var refreshed = response
            refreshed.headers = refresh.headers
            refreshed.requestTime = refresh.requestTime
            refreshed.responseTime = refresh.responseTime
            return refreshed
        }
    }

    /// A refresh is for the response that was validated: a row received
    /// after the 304 (stored by another process meanwhile) is a newer
    /// response, whose headers it must not take. `apply` asks the same of
    /// the row in SQL.
    static func applies(_ refresh: Refresh, toRowReceivedAt responseTime: Date) -> Bool {
        StoreCoding.milliseconds(responseTime) <= StoreCoding.milliseconds(refresh.responseTime)
    }

    /// Writes `refreshes` into their rows (new headers and times, the size
    /// following the headers' length; the validation's use is a pending
    /// use, written with them), then
    /// evicts while the cache is over `limit`. A row gone meanwhile, or
    /// replaced by a newer response, is left alone; headers that cannot be
    /// encoded are not written (the entry is validated once more).
    static func apply(_ refreshes: [PendingUsage.Key: Refresh], limit: Int64, in db: Database) throws {
        guard !refreshes.isEmpty else { return }
        // SET's right-hand sides see the row as it was: the old headers'
        // length comes out, the new one's goes in.
        let statement = try db.cachedStatement(sql: """
            UPDATE http_cache SET headers = ?, request_time = ?, response_time = ?,
                size = size - length(CAST(headers AS BLOB)) + ?
            WHERE url = ? AND variant = ? AND response_time <= ?
            """)
        for (key, refresh) in refreshes {
            guard let json = try? CacheRow.headersJSON(refresh.headers) else { continue }
            let received = StoreCoding.milliseconds(refresh.responseTime)
            try statement.execute(arguments: [json, StoreCoding.milliseconds(refresh.requestTime), received,
                                              Int64(json.utf8.count), key.url, key.variant, received])
        }
        try CacheRow.evict(in: db, limit: limit)
    }
}
