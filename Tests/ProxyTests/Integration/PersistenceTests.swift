#if canImport(Glibc)
import Glibc
#endif
import FixtureSupport
import Foundation
import GRDB
import Store
import Synchronization
import Testing

/// What survives a restart, a crash and a second process: the reader's
/// history is kept in the store and the store stays whole.
@Suite(.serialized) struct PersistenceTests {
    static func temporaryDataDir() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("limot-persist-\(UUID().uuidString)").path
    }

    /// `PRAGMA integrity_check`'s answer for the store in `dataDir`.
    static func integrity(_ dataDir: String) throws -> [String] {
        let queue = try DatabaseQueue(path: dataDir + "/limot.sqlite3")
        return try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    @Test func aRestartRestoresTheHistoryAndContinuesWhereTheReaderLeftOff() throws {
        let testbed = try ProxyTestbed.get()
        let dataDir = Self.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        var cookies: [String: String] = [:]
        do {
            let first = try testbed.startProxy([], dataDir: dataDir)
            let browser = TestBrowser(port: first.port)
            for path in ["/", "/search?q=Haus", "/search?q=Buch"] { #expect(try browser.open(path).status == 200) }
            let back = try browser.open("/_limot/nav/back")
            #expect(back.text.contains("Haus"))
            cookies = browser.cookies
            #expect(first.stop() == 0)
        }
        let second = try testbed.startProxy([], dataDir: dataDir)
        let browser = TestBrowser(port: second.port, cookies: cookies)
        // The first visit to / goes once to the page the reader was on.
        let resumed = try browser.request("/")
        #expect(resumed.status == 303)
        #expect(resumed.header("Location") == "/search?q=Haus")
        let page = try browser.open("/search?q=Haus")
        #expect(page.text.contains("href=\"/_limot/nav/back\""), "back leads to the home page read before the restart")
        #expect(page.text.contains("href=\"/_limot/nav/forward\""), "forward leads to Buch")
        #expect(try browser.open("/_limot/nav/forward").text.contains("Buch"))
        // Home is one click away, and / is the home page from now on.
        let home = try browser.request("/_limot/nav/home")
        #expect(home.header("Location") == "/")
        #expect(try browser.request("/").status == 200)
        // The pages read are listed for `limot history`, newest first, with titles.
        // Page views are written within 20 ms, in batches.
        let store = try LimotStore(directory: dataDir)
        var visits = try store.recentPageVisits(limit: nil, since: nil)
        let deadline = Date().addingTimeInterval(5)
        while visits.first?.url != "https://www.loghatnameh.de/" && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            visits = try store.recentPageVisits(limit: nil, since: nil)
        }
        #expect(visits.first?.url == "https://www.loghatnameh.de/")
        #expect(visits.contains { $0.url == "https://www.loghatnameh.de/search?q=Buch" && $0.title?.isEmpty == false })
        // Another browser (no cookie) starts at home.
        #expect(try TestBrowser(port: second.port).request("/").status == 200)
    }

    @Test func aResultPageReadThroughTheProxyIsKeptInTheNotebookOnce() throws {
        let testbed = try ProxyTestbed.get()
        let proxy = try testbed.startProxy([])
        let browser = TestBrowser(port: proxy.port)
        for _ in 0..<3 { #expect(try browser.open("/search?q=Haus").status == 200) }
        let store = try LimotStore(directory: proxy.dataDir)
        let deadline = Date().addingTimeInterval(10)
        while try store.lookupCount() == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 0.3)
        let kept = try store.recentLookups(limit: nil, since: nil)
        #expect(kept.map(\.query) == ["Haus"], "three views of one page are one lookup")
        #expect(kept.first?.origin == .proxy)
        #expect(kept.first?.translations.isEmpty == false)
    }

    @Test func noHistoryKeepsNothingOfWhatWasRead() throws {
        let testbed = try ProxyTestbed.get()
        let proxy = try testbed.startProxy(["--no-history"])
        #expect(try TestBrowser(port: proxy.port).open("/search?q=Haus").status == 200)
        #expect(try TestBrowser(port: proxy.port).open("/_limot/lookup?q=Buch").status == 200)
        let store = try LimotStore(directory: proxy.dataDir)
        #expect(try store.pageVisitCount() == 0)
        #expect(try store.lookupCount() == 0)
        #expect(try store.cacheStatistics().entries == 0, "a cached result page would tell what was read")
    }

    /// Killed at random points while many readers browse: the file is
    /// whole, and every page answered before the last moments is in the
    /// history (page views are written in batches within 20 ms; a kill
    /// loses at most those not yet written, never one that was).
    @Test(arguments: [1.0, 1.7, 2.5])
    func aKilledProxyLosesNoAnsweredPageAndLeavesTheStoreWhole(killAfter seconds: Double) throws {
        let testbed = try ProxyTestbed.get()
        let dataDir = Self.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let proxy = try testbed.startProxy([], dataDir: dataDir)
        let answered = Mutex<[(url: String, at: Date)]>([])
        let stop = Atomic<Bool>(false)
        let group = DispatchGroup()
        for reader in 0..<6 {
            DispatchQueue.global().async(group: group) {
                let browser = TestBrowser(port: proxy.port)
                var index = 0
                while !stop.load(ordering: .relaxed) {
                    index += 1
                    let word = "w\(reader)x\(index)"
                    guard let page = try? browser.request("/search?q=\(word)"), page.status == 200 else { continue }
                    answered.withLock { $0.append(("https://www.loghatnameh.de/search?q=\(word)", Date())) }
                }
            }
        }
        // Killed `seconds` after the readers got going (a loaded machine
        // starts slowly), while they keep writing.
        let started = Date()
        while answered.withLock({ $0.count }) < 10 && Date().timeIntervalSince(started) < 30 {
            Thread.sleep(forTimeInterval: 0.02)
        }
        Thread.sleep(forTimeInterval: seconds)
        let killedAt = Date()
        proxy.kill()
        stop.store(true, ordering: .relaxed)
        group.wait()
        let pages = answered.withLock { $0 }
        #expect(pages.count >= 10, "the readers got pages before the kill")
        #expect(try Self.integrity(dataDir) == ["ok"])
        let store = try LimotStore(directory: dataDir)
        let kept = Set(try store.recentPageVisits(limit: nil, since: nil).map(\.url))
        let settled = pages.filter { killedAt.timeIntervalSince($0.at) > 0.5 }
        #expect(!settled.isEmpty)
        let lost = settled.filter { !kept.contains($0.url) }.map(\.url)
        #expect(lost.isEmpty, "answered half a second before the kill but not kept: \(lost.prefix(5))")
    }

    /// One process serving, others looking words up, on one data directory.
    @Test func aServerAndLookupsShareTheDataDirectory() throws {
        let testbed = try ProxyTestbed.get()
        let dataDir = Self.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let proxy = try testbed.startProxy([], dataDir: dataDir)
        let stop = Atomic<Bool>(false)
        let browsing = DispatchGroup()
        let served = Atomic<Int>(0)
        DispatchQueue.global().async(group: browsing) {
            let browser = TestBrowser(port: proxy.port)
            while !stop.load(ordering: .relaxed) {
                for path in ["/", "/search?q=Haus", "/search?q=gehen"] where (try? browser.open(path))?.status == 200 {
                    served.add(1, ordering: .relaxed)
                }
            }
        }
        let lookups = DispatchGroup()
        let failures = Mutex<[String]>([])
        for word in ["Haus", "Buch", "gehen", "خانه", "Haus", "Buch"] {
            DispatchQueue.global().async(group: lookups) {
                let result = try? LimotCommand.run(["lookup", word, "--json", "--data-dir", dataDir, "--cacert", testbed.authority.caFile,
                                                    "--connect-to", "www.loghatnameh.de:443:127.0.0.1:\(testbed.fixtures.port)"])
                if result?.status != 0 { failures.withLock { $0.append("\(word): \(result?.standardError ?? "did not run")") } }
            }
        }
        lookups.wait()
        stop.store(true, ordering: .relaxed)
        browsing.wait()
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        #expect(served.load(ordering: .relaxed) > 0)
        #expect(proxy.isRunning)
        #expect(try Self.integrity(dataDir) == ["ok"])
        let store = try LimotStore(directory: dataDir)
        #expect(try store.lookupCount() >= 6)
        #expect(try store.pageVisitCount() > 0)
    }
}
