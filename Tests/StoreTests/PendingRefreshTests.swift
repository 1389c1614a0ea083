import Fetch
import FixtureSupport
import Foundation
import HTTPTypes
@testable import Store
import Testing

/// A refresh after a 304 waits to be written with the pending uses: what
/// this process, another one, a restart (a crash) and later writes see of
/// it. Expectations are the sample entry as stored, or the refresh's values
/// as written here by hand.
@Suite("Refreshes of cache entries written in batches")
struct PendingRefreshTests {
    /// The 304's headers and times for the sample entry, an hour after it was stored.
    static let validated = SampleResponses.responseTime.addingTimeInterval(3600)
    static let refreshedHeaders: HTTPFields = [.contentType: "text/html; charset=utf-8", .eTag: "\"haus-1\"",
                                               .date: "Thu, 01 Jan 2026 01:00:00 GMT", .cacheControl: "max-age=0"]

    /// `entry` with the refresh's headers and times: what a refresh must make of it.
    static func refreshed(_ entry: StoredResponse) -> StoredResponse {
        var copy = entry
        copy.headers = refreshedHeaders
        copy.requestTime = validated.addingTimeInterval(-0.5)
        copy.responseTime = validated
        return copy
    }

    static func refresh(_ store: LimotStore, _ entry: StoredResponse) throws {
        try store.refresh(url: entry.url, variant: entry.variant, headers: refreshedHeaders,
                          requestTime: validated.addingTimeInterval(-0.5), responseTime: validated)
    }

    @Test("a refresh is read at once by its store; another store (a restart, a crash) sees the older row until it is written")
    func pendingUntilFlushed() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        let other = try LimotStore(directory: directory.path)
        let haus = SampleResponses.search("Haus")
        try store.store(haus)
        try Self.refresh(store, haus)
        #expect(try store.storedResponses(for: haus.url) == [Self.refreshed(haus)])
        #expect(try other.storedResponses(for: haus.url) == [haus], "not written yet: the older row, never a fresher one")
        store.flushUsage()
        #expect(try other.storedResponses(for: haus.url) == [Self.refreshed(haus)])
        #expect(try CacheTables.wronglySizedRows(store) == 0)
        let usage = try CacheTables.usage(store)
        #expect(usage.kept == usage.actual)
    }

    @Test("a refresh pending longer than the flush delay is written by the next use")
    func writtenWhenOld() throws {
        let directory = try TemporaryDirectory()
        let clock = TestClock()
        let store = try LimotStore(directory: directory.path, now: clock.now)
        let other = try LimotStore(directory: directory.path)
        let haus = SampleResponses.search("Haus")
        try store.store(haus)
        try Self.refresh(store, haus)
        clock.advance(by: StoreLimits.usageFlushDelay + 0.001)
        store.markUsed(url: "https://www.loghatnameh.de/other", variant: "")
        #expect(try other.storedResponses(for: haus.url) == [Self.refreshed(haus)])
    }

    @Test("a store, derived form or invalidation after a pending refresh is not overwritten by it")
    func laterWritesWin() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        let other = try LimotStore(directory: directory.path)
        let haus = SampleResponses.search("Haus")
        try store.store(haus)
        try Self.refresh(store, haus)
        // A new response, received (by its stamp) before the 304 was: only
        // the order of the writes tells that it comes after the refresh.
        var newer = SampleResponses.search("Haus", body: "<h1>Haus</h1><p>neu</p>")
        newer.headers = [.contentType: "text/html", .eTag: "\"haus-2\""]
        newer.responseTime = SampleResponses.responseTime.addingTimeInterval(60)
        try store.store(newer)
        store.flushUsage()
        #expect(try other.storedResponses(for: haus.url) == [newer])
        #expect(try store.storedResponses(for: haus.url) == [newer])

        try Self.refresh(store, newer)
        try store.storeDerived(url: newer.url, variant: newer.variant, key: "rules-1", bytes: Array("<p>neu</p>".utf8))
        var derived = Self.refreshed(newer)
        derived.derived = Array("<p>neu</p>".utf8)
        derived.derivedKey = "rules-1"
        #expect(try other.storedResponses(for: haus.url) == [derived], "the refresh written before the derived form")

        try Self.refresh(store, newer)
        try store.invalidate(url: newer.url)
        store.flushUsage()
        #expect(try other.storedResponses(for: haus.url).isEmpty)
        #expect(try store.storedResponses(for: haus.url).isEmpty)
    }

    @Test("a refresh is not read over, nor written over, a response another store received after the 304")
    func newerRowFromElsewhereKept() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        let other = try LimotStore(directory: directory.path)
        let haus = SampleResponses.search("Haus")
        try store.store(haus)
        try Self.refresh(store, haus)
        var newer = SampleResponses.search("Haus", body: "<h1>Haus</h1><p>später</p>")
        newer.responseTime = Self.validated.addingTimeInterval(1)
        try other.store(newer)
        #expect(try store.storedResponses(for: haus.url) == [newer])
        store.flushUsage()
        #expect(try other.storedResponses(for: haus.url) == [newer])
    }
}
