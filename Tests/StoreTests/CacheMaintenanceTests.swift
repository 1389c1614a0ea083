import Fetch
import Foundation
import GRDB
@testable import Store
import Testing

@Suite("Looking after the HTTP cache")
struct CacheMaintenanceTests {
    @Test("statistics: totals, limit, oldest and newest fetch, the ten biggest hosts, the file's size")
    func statistics() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path, cacheSizeLimit: 1 << 20)
        let empty = try store.cacheStatistics()
        #expect(empty.entries == 0 && empty.bytes == 0 && empty.limit == 1 << 20)
        #expect(empty.oldestFetch == nil && empty.newestFetch == nil && empty.hosts.isEmpty)

        let start = SampleLookups.start
        try store.store(SampleResponses.page("https://www.loghatnameh.de/a", size: 5_000, responseTime: start))
        try store.store(SampleResponses.page("https://WWW.loghatnameh.de:443/b", size: 5_000, responseTime: start.addingTimeInterval(60)))
        try store.store(SampleResponses.page("https://user@www.loghatnameh.de/c?q=1", size: 5_000, responseTime: start.addingTimeInterval(30)))
        try store.store(SampleResponses.page("http://[::1]:8080/d", size: 4_000, responseTime: start.addingTimeInterval(10)))
        for index in 0..<11 {
            try store.store(SampleResponses.page("https://host\(index).example/x", size: 100 + index,
                                                 responseTime: start.addingTimeInterval(20)))
        }
        let statistics = try store.cacheStatistics()
        #expect(statistics.entries == 15)
        #expect(try statistics.bytes == CacheTables.usage(store).actual[1])
        #expect(statistics.oldestFetch == start)
        #expect(statistics.newestFetch == start.addingTimeInterval(60))
        #expect(statistics.hosts.count == 10)
        #expect(statistics.hosts.first?.host == "www.loghatnameh.de")
        #expect(statistics.hosts.first?.entries == 3)
        #expect(statistics.hosts.dropFirst().first?.host == "[::1]")
        #expect(statistics.hosts.map(\.bytes) == statistics.hosts.map(\.bytes).sorted(by: >))
        #expect(statistics.hosts.last?.host == "host3.example", "the smallest hosts (host0 … host2) are left out")
        #expect(statistics.databaseFileBytes > 0)
    }

    @Test("clear forgets every response, says how many and how big, and leaves other tables alone")
    func clear() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        try store.recordLookup(SampleLookups.haus, origin: .proxy, at: SampleLookups.start)
        for word in ["Haus", "Maus", "Baum"] { try store.store(SampleResponses.search(word)) }
        let before = try store.cacheStatistics()
        let cleared = try store.clearCache()
        #expect(cleared.entries == 3 && cleared.bytes == before.bytes)
        let after = try store.cacheStatistics()
        #expect(after.entries == 0 && after.bytes == 0 && after.hosts.isEmpty)
        #expect(try !store.hasStoredResponse(url: SampleResponses.search("Haus").url))
        #expect(try store.lookupCount() == 1)
        #expect(try store.clearCache() == (0, 0))
    }

    @Test("vacuum gives back the space of a cleared cache")
    func vacuumShrinksTheFile() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        for index in 0..<40 {
            try store.store(SampleResponses.page("https://www.loghatnameh.de/big-\(index)", size: 100_000))
        }
        #expect(try store.cacheStatistics().databaseFileBytes > 4_000_000)
        _ = try store.clearCache()
        let sizes = try store.vacuum()
        #expect(sizes.before > 4_000_000)
        #expect(sizes.after < 1_000_000)
        #expect(sizes.after == (try store.cacheStatistics().databaseFileBytes))
        try store.store(SampleResponses.search("Haus"))
        #expect(try store.storedResponses(for: SampleResponses.search("Haus").url).count == 1)
    }

    @Test("vacuum while another process holds the write lock fails as busy and loses nothing")
    func vacuumWhenBusy() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        try store.store(SampleResponses.search("Haus"))
        // Another connection takes the write lock and keeps it until told.
        let other = try DatabaseQueue(path: store.databasePath)
        let locked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? other.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    locked.signal()
                    release.wait()
                    return .commit
                }
            }
            done.signal()
        }
        locked.wait()
        #expect(throws: StoreError.busy(path: store.databasePath)) { try store.vacuum() }
        release.signal()
        done.wait()
        #expect(try store.hasStoredResponse(url: SampleResponses.search("Haus").url))
        #expect(try store.vacuum().after > 0, "once the lock is gone, vacuum works")
    }
}
