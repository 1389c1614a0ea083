import Fetch
import FixtureSupport
import Foundation
@testable import Store
import Testing

@Suite("The HTTP cache's size limit")
struct CacheEvictionTests {
    /// 100 kB: entries of `entrySize` bytes in all; ten fit, the eleventh
    /// takes the cache over.
    static let limit: Int64 = 100_000
    static let bodySize = 9_200

    static func url(_ index: Int) -> String { "https://www.loghatnameh.de/static/part-\(index).css" }

    @Test("over the limit, least recently used entries go first, until the cache is at 90% of it")
    func evictsLeastRecentlyUsed() throws {
        let directory = try TemporaryDirectory()
        let clock = TestClock()
        let store = try LimotStore(directory: directory.path, cacheSizeLimit: Self.limit, now: clock.now)
        for index in 0..<10 { try store.store(SampleResponses.page(Self.url(index), size: Self.bodySize)) }
        let before = try store.cacheStatistics()
        #expect(before.entries == 10 && before.bytes <= Self.limit)
        let entrySize = before.bytes / 10

        // Entry 0 was stored first, but is used after the others were stored.
        clock.advance(by: 1)
        store.markUsed(url: Self.url(0), variant: "")
        store.flushUsage()
        try store.store(SampleResponses.page(Self.url(10), size: Self.bodySize))

        let after = try store.cacheStatistics()
        #expect(after.bytes <= Self.limit * 9 / 10)
        #expect(after.bytes + entrySize > Self.limit * 9 / 10, "no more is evicted than needed to reach 90%")
        #expect(try CacheTables.urls(store) == ([0] + Array(3...10)).map(Self.url).sorted())
        let usage = try CacheTables.usage(store)
        #expect(usage.kept == usage.actual)
    }

    @Test("uses not yet flushed count too: a store writes them before it evicts")
    func pendingUsesCountForEviction() throws {
        let directory = try TemporaryDirectory()
        let clock = TestClock()
        let store = try LimotStore(directory: directory.path, cacheSizeLimit: Self.limit, now: clock.now)
        for index in 0..<10 { try store.store(SampleResponses.page(Self.url(index), size: Self.bodySize)) }
        clock.advance(by: 0.5)
        store.markUsed(url: Self.url(0), variant: "")
        store.markUsed(url: Self.url(1), variant: "")
        try store.store(SampleResponses.page(Self.url(10), size: Self.bodySize))
        #expect(try CacheTables.urls(store) == ([0, 1] + Array(4...10)).map(Self.url).sorted())
    }

    @Test("a growing derived form evicts others too")
    func derivedFormEvicts() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path, cacheSizeLimit: Self.limit)
        // Nineteen entries of about 5 kB fit; 4 kB more of derived form do not.
        for index in 0..<19 { try store.store(SampleResponses.page(Self.url(index), size: 5_000)) }
        #expect(try store.cacheStatistics().entries == 19)
        try store.storeDerived(url: Self.url(18), variant: "", key: "k", bytes: Array(repeating: 1, count: 4_000))
        #expect(try store.cacheStatistics().bytes <= Self.limit * 9 / 10)
        #expect(try store.storedResponses(for: Self.url(18)).first?.derived?.count == 4_000)
        #expect(try !store.hasStoredResponse(url: Self.url(0)))
    }

    @Test("a response bigger than an eighth of the limit is never stored, and does not leave an older copy")
    func oversizeIsNotStored() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path, cacheSizeLimit: Self.limit)
        let big = SampleResponses.page(Self.url(0), size: Int(Self.limit / 8) + 1)
        try store.store(big)
        #expect(try !store.hasStoredResponse(url: big.url))
        #expect(try store.cacheStatistics().entries == 0)

        try store.store(SampleResponses.page(Self.url(1), size: 1_000))
        try store.store(SampleResponses.page(Self.url(1), size: Int(Self.limit / 8) + 1))
        #expect(try !store.hasStoredResponse(url: Self.url(1)), "the smaller copy is no longer what the site sends")

        try store.store(SampleResponses.page(Self.url(2), size: 1_000))
        try store.storeDerived(url: Self.url(2), variant: "", key: "k", bytes: Array(repeating: 1, count: Int(Self.limit / 8)))
        let kept = try #require(try store.storedResponses(for: Self.url(2)).first)
        #expect(kept.derived == nil, "a derived form that would make the entry too big is not kept")
        let usage = try CacheTables.usage(store)
        #expect(usage.kept == usage.actual)
    }
}
