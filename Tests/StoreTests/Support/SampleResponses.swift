import Fetch
import Foundation
import GRDB
import HTTPTypes
@testable import Store

/// Responses as the caching client keeps them: a dictionary page with the
/// headers the site sends, a redirect with an empty body, and pages of a
/// chosen size for the eviction tests.
enum SampleResponses {
    static let requestTime = SampleLookups.start
    static let responseTime = SampleLookups.start.addingTimeInterval(0.25)

    static let link = HTTPField.Name("Link")!
    static let headers: HTTPFields = [
        .contentType: "text/html; charset=utf-8",
        .cacheControl: "max-age=600",
        .eTag: "\"haus-1\"",
        .vary: "Accept-Language",
        link: "</a.css>; rel=preload",
        link: "</b.css>; rel=preload",
    ]

    /// The search page for `word`, in the variant for `language`.
    static func search(_ word: String, language: String = "de", body: String? = nil) -> StoredResponse {
        StoredResponse(
            url: "https://www.loghatnameh.de/search?q=\(word)", variant: "accept-language: \(language)",
            finalURL: "https://www.loghatnameh.de/search?q=\(word.lowercased())&lang=de", status: 200,
            headers: headers, body: Array((body ?? "<h1>\(word)</h1><p>خانه\u{200C}ها</p>").utf8),
            requestTime: requestTime, responseTime: responseTime)
    }

    /// A page of `size` body bytes at `url`, without `Vary`.
    static func page(_ url: String, size: Int, responseTime: Date = responseTime) -> StoredResponse {
        StoredResponse(url: url, variant: "", finalURL: url, status: 200, headers: [.contentType: "text/css"],
                       body: Array(repeating: UInt8(ascii: "x"), count: size),
                       requestTime: responseTime.addingTimeInterval(-0.1), responseTime: responseTime)
    }

    /// A redirect: no body at all.
    static let redirect = StoredResponse(
        url: "https://loghatnameh.de/", variant: "", finalURL: "https://loghatnameh.de/", status: 301,
        headers: [.location: "https://www.loghatnameh.de/"], body: [],
        requestTime: requestTime, responseTime: responseTime)
}

/// Looks at the cache's rows directly, to check what the API cannot show.
enum CacheTables {
    /// The usage row, and the count and sum it must equal.
    static func usage(_ store: LimotStore) throws -> (kept: [Int64], actual: [Int64]) {
        try store.pool.read { db in
            let kept = try Row.fetchOne(db, sql: "SELECT entries, bytes FROM cache_usage WHERE id = 1")
            let actual = try Row.fetchOne(db, sql: "SELECT count(*), ifnull(sum(size), 0) FROM http_cache")
            return ([kept?[0] ?? -1, kept?[1] ?? -1], [actual?[0] ?? -1, actual?[1] ?? -1])
        }
    }

    /// Rows whose `size` is not the bytes of their variable columns.
    static func wronglySizedRows(_ store: LimotStore) throws -> Int {
        try store.pool.read { db in
            try Int.fetchOne(db, sql: """
                SELECT count(*) FROM http_cache WHERE size != length(body) + ifnull(length(derived), 0)
                    + length(CAST(headers AS BLOB)) + length(CAST(url AS BLOB)) + length(CAST(final_url AS BLOB))
                """) ?? -1
        }
    }

    /// When the entries for `url` were last used, as kept (not pending).
    static func lastUsed(_ store: LimotStore, url: String) throws -> Int64? {
        try store.pool.read { db in try Int64.fetchOne(db, sql: "SELECT max(last_used) FROM http_cache WHERE url = ?", arguments: [url]) }
    }

    /// The URLs kept, sorted.
    static func urls(_ store: LimotStore) throws -> [String] {
        try store.pool.read { db in try String.fetchAll(db, sql: "SELECT url FROM http_cache ORDER BY url") }
    }
}
