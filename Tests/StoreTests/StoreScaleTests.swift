import Fetch
import Foundation
import GRDB
import HTTPTypes
@testable import Store
import Testing

/// The sizes issue 6 plans for: 50,000 cache entries, 10,000 visits. No
/// timings are asserted (machines differ); what is checked is what keeps
/// the store fast at that size: lookups by URL search the unique index,
/// eviction walks the `last_used` index, and the totals need no sum.
@Suite("The store at scale")
struct StoreScaleTests {
    @Test("50,000 cache entries and 10,000 visits: lookups search indexes, totals stay exact")
    func fiftyThousandEntries() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        let headers = try CacheRow.headersJSON([.contentType: "text/html"])
        try store.pool.write { db in
            let insert = try db.makeStatement(sql: """
                INSERT INTO http_cache (url, variant, final_url, status, headers, body, request_time, response_time,
                                        last_used, size)
                VALUES (?1, '', ?1, 200, ?2, ?3, ?4, ?4, ?4, ?5)
                """)
            for index in 0..<50_000 {
                let url = "https://www.loghatnameh.de/search?q=w\(index)"
                let body = Data("<p>\(index)</p>".utf8)
                let size = body.count + headers.utf8.count + 2 * url.utf8.count
                try insert.execute(arguments: [url, headers, body, 1_767_225_600_000 + Int64(index), size])
            }
            let visit = try db.makeStatement(sql: """
                INSERT INTO page_visit (session_id, url, title, visited_at) VALUES ('s', ?, 'Wörterbuch', ?)
                """)
            for index in 0..<10_000 {
                try visit.execute(arguments: ["https://www.loghatnameh.de/search?q=w\(index)", 1_767_225_600_000 + Int64(index)])
            }
        }
        let usage = try CacheTables.usage(store)
        #expect(usage.kept == usage.actual && usage.kept.first == 50_000)
        #expect(try CacheTables.wronglySizedRows(store) == 0)

        let lookupPlan = try store.pool.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + CacheRow.selectByURL, arguments: ["x"]).map { $0["detail"] as String }
        }
        #expect(lookupPlan.count == 1 && lookupPlan.allSatisfy { $0.hasPrefix("SEARCH http_cache USING INDEX") },
                "\(lookupPlan)")
        let evictionPlan = try store.pool.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + CacheRow.leastRecentlyUsed, arguments: [1]).map { $0["detail"] as String }
        }
        #expect(evictionPlan.contains { $0.contains("http_cache_by_use") } && !evictionPlan.contains { $0.contains("TEMP B-TREE") },
                "\(evictionPlan)")

        let found = try store.storedResponses(for: "https://www.loghatnameh.de/search?q=w49999")
        #expect(found.first?.body == Array("<p>49999</p>".utf8))
        try store.store(SampleResponses.search("Haus"))
        #expect(try store.cacheStatistics().entries == 50_001)

        #expect(try store.pageVisitCount() == 10_000)
        #expect(try store.recentPageVisits(limit: 3, since: nil).map(\.url).first == "https://www.loghatnameh.de/search?q=w9999")
        #expect(try store.prunePageVisits(olderThan: nil, keepingNewest: 5_000) == 5_000)
    }
}
