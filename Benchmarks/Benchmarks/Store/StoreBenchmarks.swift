import Benchmark
import Fetch
import Foundation
import GRDB
import Store

/// The store at the size issue 6 names (10,000 history entries, 50,000 cache
/// entries; see `StoreFixture`): a cached page looked up in under 1 ms, the
/// per-page-view write, the history listing, and storing into a full cache,
/// where least recently used entries are evicted down to 90% of the limit.
///
/// One iteration is one call, so the percentiles are per-call figures. Each
/// benchmark runs in a process of its own (ordo-one's harness), opening the
/// store in its setup, outside the measurement.
let benchmarks: @Sendable () -> Void = {
    // Wall clock only beside allocations: the process CPU time the harness
    // reads moves in 10 ms steps here, too coarse for calls of 0.2 ms.
    let metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal]

    Benchmark("Store lookup: storedResponses(for:) of a random stored URL, 50,000 entries",
              configuration: .init(metrics: metrics, warmupIterations: 200, maxDuration: .seconds(5), maxIterations: 20_000)) { (benchmark: Benchmark, lookups: Lookups) in
        for _ in benchmark.scaledIterations { blackHole(lookups.next()) }
    } setup: {
        try Lookups(directory: StoreFixture.directory(), entries: StoreFixture.cacheEntries)
    }

    Benchmark("Store lookup: storedResponses(for:) of a random stored URL, 100 entries",
              configuration: .init(metrics: metrics, warmupIterations: 200, maxDuration: .seconds(5), maxIterations: 20_000)) { (benchmark: Benchmark, lookups: Lookups) in
        for _ in benchmark.scaledIterations { blackHole(lookups.next()) }
    } setup: { () throws -> Lookups in
        let directory = StoreFixture.scratch.appendingPathComponent("limot-store-small-\(getpid())").path
        try? FileManager.default.removeItem(atPath: directory)
        try StoreFixture.fill(directory: directory, entries: 0..<100, visits: 100)
        return try Lookups(directory: directory, entries: 100)
    } teardown: {
        try? FileManager.default.removeItem(atPath: StoreFixture.scratch.appendingPathComponent("limot-store-small-\(getpid())").path)
    }

    // One eviction takes the cache from just over its limit to 90% of it,
    // about 5,000 entries of the fixture's sizes; it happens a few inserts
    // into the run, and the run is long enough for about one such cycle,
    // so that the mean over the run is the amortised cost per insert (also
    // printed by the teardown, with the eviction's own time).
    let eviction = EvictionRun()
    Benchmark("Store write: store(_:) of a new 2–60 KB entry at the cache's limit (evicts to 90%)",
              configuration: .init(metrics: metrics + [.custom("entries evicted", polarity: .prefersSmaller, useScalingFactor: false)],
                                   warmupIterations: 20, maxDuration: .seconds(40), maxIterations: 5_000)) { (benchmark: Benchmark, run: EvictionRun) in
        run.insert(benchmark)
    } setup: {
        try eviction.prepare()
        return eviction
    } teardown: {
        eviction.finish()
    }

    let visits = VisitRun()
    Benchmark("Store write: saveBrowsingSession with a visit (a page view), 10,000 visits",
              configuration: .init(metrics: metrics, warmupIterations: 10, maxDuration: .seconds(5), maxIterations: 3_000)) { (benchmark: Benchmark, run: VisitRun) in
        for _ in benchmark.scaledIterations { run.save() }
    } setup: {
        try visits.prepare()
        return visits
    } teardown: {
        visits.finish()
    }

    Benchmark("Store history: recentPageVisits(limit: 20), 10,000 visits",
              configuration: .init(metrics: metrics, warmupIterations: 100, maxDuration: .seconds(3), maxIterations: 20_000)) { (benchmark: Benchmark, store: LimotStore) in
        for _ in benchmark.scaledIterations {
            let listed = try! store.recentPageVisits(limit: 20, since: nil)
            precondition(listed.count == 20)
            blackHole(listed)
        }
    } setup: {
        try LimotStore(directory: StoreFixture.directory(), cacheSizeLimit: 1 << 40)
    }
}

/// Lookups of the store's URLs in a shuffled order (the same every run).
final class Lookups: @unchecked Sendable {
    let store: LimotStore
    private let urls: [String]
    private var cursor = 0

    init(directory: String, entries: Int) throws {
        // A limit far above the contents: nothing here evicts.
        store = try LimotStore(directory: directory, cacheSizeLimit: 1 << 40)
        var random = SplitMix64(seed: 42)
        urls = (0..<entries).map { CacheEntries.entry($0).url }.shuffled(using: &random)
    }

    func next() -> [StoredResponse] {
        let found = try! store.storedResponses(for: urls[cursor])
        precondition(found.count == 1, "\(urls[cursor]) is not in the store")
        cursor = (cursor + 1) % urls.count
        return found
    }
}

/// Stores new entries into a copy of the fixture whose limit is a few
/// entries above its size, and keeps what each store cost and evicted.
final class EvictionRun: @unchecked Sendable {
    private var directory = ""
    private var store: LimotStore?
    private var usage: DatabaseQueue?
    private var nextIndex = StoreFixture.cacheEntries
    private var inserts: [(time: Duration, evicted: Int, freed: Int64, added: Int64)] = []
    private var limit: Int64 = 0

    func prepare() throws {
        directory = try StoreFixture.copy()
        let usage = try DatabaseQueue(path: directory + "/limot.sqlite3")
        let bytes = try usage.read { db in try Int64.fetchOne(db, sql: "SELECT bytes FROM cache_usage") ?? 0 }
        // 40 average entries of room: the warm-up does not evict, the
        // first eviction comes early in the measured run.
        limit = bytes + 40 * 22_000
        store = try LimotStore(directory: directory, cacheSizeLimit: limit)
        self.usage = usage
    }

    private func totals() -> (entries: Int, bytes: Int64) {
        try! usage!.read { db in
            let row = try Row.fetchOne(db, sql: "SELECT entries, bytes FROM cache_usage")!
            return (row["entries"], row["bytes"])
        }
    }

    func insert(_ benchmark: Benchmark) {
        let entry = CacheEntries.entry(nextIndex)
        nextIndex += 1
        // What the entry counts toward the limit, as the store reckons it.
        let added = Int64(entry.body.count + (entry.derived?.count ?? 0) + (try! CacheEntries.headersJSON(entry.headers)).utf8.count
                          + entry.url.utf8.count + entry.finalURL.utf8.count)
        let before = totals()
        let clock = ContinuousClock()
        benchmark.startMeasurement()
        let started = clock.now
        try! store!.store(entry)
        let time = started.duration(to: clock.now)
        benchmark.stopMeasurement()
        let after = totals()
        let evicted = before.entries + 1 - after.entries
        inserts.append((time, evicted, evicted > 0 ? before.bytes + added - after.bytes : 0, added))
        benchmark.measurement(.custom("entries evicted", polarity: .prefersSmaller, useScalingFactor: false), evicted)
    }

    /// Prints the amortised cost: the mean over the run, and (in case the
    /// run was not one whole cycle) the mean of the inserts that evicted
    /// nothing plus each eviction spread over the inserts that fill the
    /// room it made.
    func finish() {
        let measured = inserts.dropFirst(20) // the warm-up
        let milliseconds = { (time: Duration) in Double(time.components.seconds) * 1000 + Double(time.components.attoseconds) / 1e15 }
        let plain = measured.filter { $0.evicted == 0 }.map { milliseconds($0.time) }
        let evicting = measured.filter { $0.evicted > 0 }
        let meanPlain = plain.reduce(0, +) / Double(max(1, plain.count))
        let meanAdded = Double(measured.map(\.added).reduce(0, +)) / Double(max(1, measured.count))
        var amortised = meanPlain
        var lines: [String] = []
        for insert in evicting {
            let cycle = Double(insert.freed) / meanAdded
            amortised += (milliseconds(insert.time) - meanPlain) / cycle / Double(evicting.count)
            lines.append(String(format: "  an eviction: %.1f ms, %d entries, %.1f MB freed (room for about %.0f inserts)",
                                milliseconds(insert.time), insert.evicted, Double(insert.freed) / 1e6, cycle))
        }
        let mean = measured.map { milliseconds($0.time) }.reduce(0, +) / Double(max(1, measured.count))
        var report = "store(_:) at the limit (\(limit / 1_000_000) MB): \(measured.count) inserts, \(evicting.count) evicted\n"
        report += lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
        report += String(format: "  mean over the run %.3f ms; without eviction %.3f ms; amortised over a cycle %.3f ms per insert\n",
                         mean, meanPlain, amortised)
        FileHandle.standardError.write(Data(report.utf8))
        store = nil
        usage = nil
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Saves one session's list with a visit, as the proxy does for each page
/// view, into the fixture; the teardown removes what it added.
final class VisitRun: @unchecked Sendable {
    private var store: LimotStore?
    private var directory = ""
    private var lastVisit: Int64 = 0
    private var revision: Int64 = 100
    private var count = 0
    private let session = "bench" + String(repeating: "0", count: 27)
    private let entries = (0..<50).map { CacheEntries.pageURL(100_000 + $0) }

    func prepare() throws {
        directory = try StoreFixture.directory()
        let queue = try DatabaseQueue(path: directory + "/limot.sqlite3")
        lastVisit = try queue.read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM page_visit") ?? 0 }
        store = try LimotStore(directory: directory, cacheSizeLimit: 1 << 40)
    }

    func save() {
        revision += 1
        count += 1
        let url = CacheEntries.pageURL(200_000 + count)
        let record = BrowsingSessionRecord(id: session, entries: entries + [url], index: 50, revision: revision, updatedAt: Date())
        try! store!.saveBrowsingSession(record, visit: (url: url, title: "\(CacheEntries.word(count)) – Wörterbuch Deutsch Persisch"))
    }

    func finish() {
        store = nil
        do {
            let queue = try DatabaseQueue(path: directory + "/limot.sqlite3")
            try queue.write { db in
                try db.execute(sql: "DELETE FROM page_visit WHERE id > ?", arguments: [lastVisit])
                try db.execute(sql: "DELETE FROM browsing_session WHERE id = ?", arguments: [session])
            }
        } catch {
            FileHandle.standardError.write(Data("could not remove the benchmark's visits: \(error)\n".utf8))
        }
    }
}
