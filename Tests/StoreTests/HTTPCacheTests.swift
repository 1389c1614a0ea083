import Fetch
import FixtureSupport
import Foundation
import GRDB
import HTTPTypes
@testable import Store
import Testing

@Suite("The HTTP cache's storage")
struct HTTPCacheTests {
    @Test("a stored response comes back whole: headers in order, repeated fields, Persian, times; headers in the column form older caches have")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        let haus = SampleResponses.search("Haus")
        try store.store(haus)
        #expect(try store.storedResponses(for: haus.url) == [haus])
        // HTTPFields' == lets differently named fields change places; the store must not.
        #expect(try store.storedResponses(for: haus.url).first?.headers.map(\.description) == haus.headers.map(\.description))
        #expect(try store.storedResponses(for: "https://www.loghatnameh.de/search?q=Maus").isEmpty)
        #expect(try store.hasStoredResponse(url: haus.url))
        #expect(try !store.hasStoredResponse(url: "https://www.loghatnameh.de/"))
        // The column keeps the JSON [name, value] pairs older caches have, and
        // a pair whose name is no token (an older limot kept any) is left out.
        let column = try store.pool.read { db in
            try String.fetchOne(db, sql: "SELECT headers FROM http_cache WHERE url = ?", arguments: [haus.url])
        }
        #expect(column == #"[["Content-Type","text/html; charset=utf-8"],["Cache-Control","max-age=600"],["ETag","\"haus-1\""],"#
            + #"["Vary","Accept-Language"],["Link","</a.css>; rel=preload"],["Link","</b.css>; rel=preload"]]"#)
        try store.pool.write { db in
            try db.execute(sql: "UPDATE http_cache SET headers = ? WHERE url = ?",
                           arguments: [#"[["Bad Name","x"],["ETag","\"old\""]]"#, haus.url])
        }
        #expect(try store.storedResponses(for: haus.url).first?.headers.map(\.description) == [#"ETag: "old""#])
    }

    @Test("an empty body (a redirect) is kept as empty, not as missing")
    func emptyBody() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        try store.store(SampleResponses.redirect)
        #expect(try store.storedResponses(for: SampleResponses.redirect.url) == [SampleResponses.redirect])
        var withEmptyDerived = SampleResponses.search("Leer")
        withEmptyDerived.derived = []
        withEmptyDerived.derivedKey = "rules-1"
        try store.store(withEmptyDerived)
        #expect(try store.storedResponses(for: withEmptyDerived.url).first?.derived == [])
    }

    @Test("a store replaces the entry of the same url and variant, and keeps other variants apart")
    func replaceAndVariants() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        let german = SampleResponses.search("Haus", language: "de")
        let persian = SampleResponses.search("Haus", language: "fa", body: "<p>خانه</p>")
        try store.store(german)
        try store.store(persian)
        var newer = SampleResponses.search("Haus", language: "de", body: "<h1>Haus</h1><p>منزل</p>")
        newer.status = 203
        newer.headers = [.contentType: "text/html"]
        newer.responseTime = SampleResponses.responseTime.addingTimeInterval(60)
        try store.store(newer)
        let kept = try store.storedResponses(for: german.url)
        #expect(kept == [newer, persian])
        let usage = try CacheTables.usage(store)
        #expect(usage.kept == usage.actual && usage.kept.first == 2)
    }

    @Test("a refresh after a 304 replaces headers and times and keeps body and derived form")
    func refresh() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        let haus = SampleResponses.search("Haus")
        try store.store(haus)
        try store.storeDerived(url: haus.url, variant: haus.variant, key: "rules-1", bytes: Array("<p>clean</p>".utf8))
        let validated = SampleResponses.responseTime.addingTimeInterval(3600)
        let headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .eTag: "\"haus-1\"",
                                   .date: "Thu, 01 Jan 2026 01:00:00 GMT", .cacheControl: "max-age=1200"]
        try store.refresh(url: haus.url, variant: haus.variant, headers: headers,
                          requestTime: validated.addingTimeInterval(-0.5), responseTime: validated)
        let kept = try #require(try store.storedResponses(for: haus.url).first)
        #expect(kept.headers == headers)
        #expect(kept.requestTime == validated.addingTimeInterval(-0.5))
        #expect(kept.responseTime == validated)
        #expect(kept.body == haus.body)
        #expect(kept.derived == Array("<p>clean</p>".utf8) && kept.derivedKey == "rules-1")
        #expect(try CacheTables.wronglySizedRows(store) == 0)
        // A refresh of an entry that has gone meanwhile does nothing.
        try store.refresh(url: "https://www.loghatnameh.de/gone", variant: "", headers: headers,
                          requestTime: validated, responseTime: validated)
        #expect(try !store.hasStoredResponse(url: "https://www.loghatnameh.de/gone"))
    }

    @Test("a derived form is kept with its key, replaced by the next, and cleared when the entry is replaced")
    func derived() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        let haus = SampleResponses.search("Haus")
        try store.store(haus)
        try store.storeDerived(url: haus.url, variant: haus.variant, key: "rules-1", bytes: Array("<p>one</p>".utf8))
        try store.storeDerived(url: haus.url, variant: haus.variant, key: "rules-2", bytes: Array("<p>two, longer</p>".utf8))
        var kept = try #require(try store.storedResponses(for: haus.url).first)
        #expect(kept.derived == Array("<p>two, longer</p>".utf8) && kept.derivedKey == "rules-2")
        #expect(try CacheTables.wronglySizedRows(store) == 0)
        try store.store(haus)
        kept = try #require(try store.storedResponses(for: haus.url).first)
        #expect(kept.derived == nil && kept.derivedKey == nil)
        // For an entry that is not there, nothing is kept.
        try store.storeDerived(url: "https://www.loghatnameh.de/gone", variant: "", key: "rules-1", bytes: [1, 2, 3])
        #expect(try !store.hasStoredResponse(url: "https://www.loghatnameh.de/gone"))
    }

    @Test("invalidate forgets every variant of a URL and only those")
    func invalidate() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        try store.store(SampleResponses.search("Haus", language: "de"))
        try store.store(SampleResponses.search("Haus", language: "fa"))
        try store.store(SampleResponses.search("Maus"))
        try store.invalidate(url: SampleResponses.search("Haus").url)
        #expect(try store.storedResponses(for: SampleResponses.search("Haus").url).isEmpty)
        #expect(try store.storedResponses(for: SampleResponses.search("Maus").url).count == 1)
        try store.invalidate(url: "https://www.loghatnameh.de/never-stored")
        #expect(try CacheTables.usage(store).kept == CacheTables.usage(store).actual)
    }

    @Test("the usage row equals count and sum of sizes after inserts, replaces, derived forms, refreshes and deletes")
    func usageIsExact() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        func check(_ step: String, _ entries: Int64) throws {
            let usage = try CacheTables.usage(store)
            #expect(usage.kept == usage.actual, "after \(step)")
            #expect(usage.kept.first == entries, "after \(step)")
            #expect(try CacheTables.wronglySizedRows(store) == 0, "after \(step)")
        }
        let words = ["Haus", "Maus", "Baum", "Stadt", "Fluss"]
        for word in words { try store.store(SampleResponses.search(word)) }
        try check("inserts", 5)
        try store.store(SampleResponses.search("Haus", body: String(repeating: "lang ", count: 500)))
        try store.store(SampleResponses.search("Maus", body: ""))
        try check("replaces", 5)
        try store.storeDerived(url: SampleResponses.search("Baum").url, variant: "accept-language: de", key: "k",
                               bytes: Array(repeating: 7, count: 900))
        try store.storeDerived(url: SampleResponses.search("Baum").url, variant: "accept-language: de", key: "k",
                               bytes: Array(repeating: 7, count: 30))
        try check("derived forms", 5)
        try store.refresh(url: SampleResponses.search("Stadt").url, variant: "accept-language: de",
                          headers: [.eTag: "\"a much longer validator than before\""],
                          requestTime: SampleResponses.requestTime, responseTime: SampleResponses.responseTime)
        store.flushUsage()  // a refresh waits to be written with the pending uses
        try check("a refresh", 5)
        try store.invalidate(url: SampleResponses.search("Fluss").url)
        try check("an invalidation", 4)
        _ = try store.clearCache()
        try check("a clear", 0)
    }

    @Test("two stores on one directory see each other's entries and share the usage totals")
    func twoInstances() throws {
        let directory = try TemporaryDirectory()
        let first = try LimotStore(directory: directory.path)
        let second = try LimotStore(directory: directory.path)
        try first.store(SampleResponses.search("Haus"))
        #expect(try second.storedResponses(for: SampleResponses.search("Haus").url) == [SampleResponses.search("Haus")])
        try second.store(SampleResponses.search("Maus"))
        try second.storeDerived(url: SampleResponses.search("Haus").url, variant: "accept-language: de", key: "k", bytes: [1])
        #expect(try first.storedResponses(for: SampleResponses.search("Maus").url).count == 1)
        #expect(try first.storedResponses(for: SampleResponses.search("Haus").url).first?.derived == [1])
        #expect(try first.cacheStatistics().entries == 2)
        #expect(try first.cacheStatistics().bytes == second.cacheStatistics().bytes)
        try first.invalidate(url: SampleResponses.search("Maus").url)
        #expect(try !second.hasStoredResponse(url: SampleResponses.search("Maus").url))
    }

    @Test("a miss answered without the pool is not remembered: an entry another store writes is found at once, and the probe leaves no read open")
    func missProbeSeesOtherStores() throws {
        let directory = try TemporaryDirectory()
        let first = try LimotStore(directory: directory.path)
        let second = try LimotStore(directory: directory.path)
        let maus = SampleResponses.search("Maus")
        #expect(first.entryProbe.withLock { $0?.hasNoEntry(for: maus.url) } == true)
        #expect(try first.storedResponses(for: maus.url).isEmpty)
        try second.store(maus)
        #expect(first.entryProbe.withLock { $0?.hasNoEntry(for: maus.url) } == false)
        #expect(try first.storedResponses(for: maus.url) == [maus])
        // The probe found a row: its read must have ended, or a truncating
        // checkpoint (what `cache clear` runs) waits for it and fails.
        _ = first.entryProbe.withLock { $0?.hasNoEntry(for: maus.url) }
        _ = try second.pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        try second.invalidate(url: maus.url)
        #expect(try first.storedResponses(for: maus.url).isEmpty)
        #expect(first.entryProbe.withLock { $0?.hasNoEntry(for: "") } == false)
    }

    @Test("markUsed writes nothing until flushed, then moves the entry's last use forward")
    func markUsedIsBatched() throws {
        let directory = try TemporaryDirectory()
        let (store, _, haus, stored) = try Self.storeUsedLater(in: directory)
        #expect(try CacheTables.lastUsed(store, url: haus.url) == stored, "one use is not written at once")
        store.flushUsage()
        #expect(try CacheTables.lastUsed(store, url: haus.url) == stored + 500)
        store.flushUsage()  // nothing pending: nothing to do
    }

    @Test("a use pending longer than the flush delay is written by the next markUsed")
    func markUsedFlushesWhenOld() throws {
        let directory = try TemporaryDirectory()
        let (store, clock, haus, stored) = try Self.storeUsedLater(in: directory)
        clock.advance(by: StoreLimits.usageFlushDelay)
        store.markUsed(url: "https://www.loghatnameh.de/other", variant: "")
        #expect(try CacheTables.lastUsed(store, url: haus.url) == stored, "not yet older than the delay")
        clock.advance(by: 0.001)
        store.markUsed(url: "https://www.loghatnameh.de/other", variant: "")
        #expect(try CacheTables.lastUsed(store, url: haus.url) == stored + 500)
    }

    @Test("more than 64 pending uses are written by the markUsed that goes over")
    func markUsedFlushesWhenMany() throws {
        let directory = try TemporaryDirectory()
        let (store, _, haus, stored) = try Self.storeUsedLater(in: directory)
        for index in 0..<StoreLimits.usageFlushCount {
            store.markUsed(url: "https://www.loghatnameh.de/other-\(index)", variant: "")
        }
        #expect(try CacheTables.lastUsed(store, url: haus.url) == stored + 500)
    }

    /// A store in `directory` on a test clock with one entry, used (not yet
    /// written) half a second after it was stored at `stored` (milliseconds).
    private static func storeUsedLater(in directory: TemporaryDirectory) throws
        -> (store: LimotStore, clock: TestClock, entry: StoredResponse, stored: Int64) {
        let clock = TestClock()
        let store = try LimotStore(directory: directory.path, now: clock.now)
        let haus = SampleResponses.search("Haus")
        try store.store(haus)
        let stored = try #require(try CacheTables.lastUsed(store, url: haus.url))
        clock.advance(by: 0.5)
        store.markUsed(url: haus.url, variant: haus.variant)
        return (store, clock, haus, stored)
    }
}
