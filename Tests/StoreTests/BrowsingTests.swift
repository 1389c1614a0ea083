import Foundation
import GRDB
@testable import Store
import Testing

@Suite("Browsing sessions and page visits")
struct BrowsingTests {
    static let pages = (0..<5).map { "https://www.loghatnameh.de/search?q=wort\($0)" }

    static func session(_ id: String = "s-1", revision: Int64, entries: Int, minute: Int) -> BrowsingSessionRecord {
        BrowsingSessionRecord(id: id, entries: Array(pages.prefix(entries)), index: entries - 1, revision: revision,
                              updatedAt: SampleLookups.minutes(minute))
    }

    @Test("a session's back/forward list is saved and loaded, and a later revision replaces it")
    func saveAndLoad() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        #expect(try store.browsingSession(id: "s-1") == nil)
        try store.saveBrowsingSession(Self.session(revision: 1, entries: 2, minute: 0), visit: nil)
        #expect(try store.browsingSession(id: "s-1") == Self.session(revision: 1, entries: 2, minute: 0))
        var back = Self.session(revision: 2, entries: 3, minute: 1)
        back.index = 0
        try store.saveBrowsingSession(back, visit: nil)
        #expect(try store.browsingSession(id: "s-1") == back)
        #expect(try store.pageVisitCount() == 0)
    }

    @Test("a batch's transaction (BEGIN and COMMIT prepared once) that fails leaves nothing of it, and the next one is written")
    func failedBatchLeavesNothing() throws {
        struct Interrupted: Error {}
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        for _ in 0..<2 {
            #expect(throws: StoreError.self) {
                try store.writeInPreparedTransaction { (db: Database) throws -> Void in
                    try db.execute(sql: "INSERT INTO page_visit (session_id, url, title, visited_at) VALUES ('s-1', 'u', NULL, 1)")
                    throw Interrupted()
                }
            }
            #expect(try store.pageVisitCount() == 0)
        }
        try store.saveBrowsingSessions([(Self.session(revision: 1, entries: 2, minute: 0), (Self.pages[1], nil)),
                                        (Self.session("s-2", revision: 1, entries: 1, minute: 1), nil)])
        try store.saveBrowsingSessions([(Self.session(revision: 2, entries: 3, minute: 2), (Self.pages[2], "wort2"))])
        #expect(try store.pageVisitCount() == 2)
        #expect(try store.browsingSession(id: "s-1") == Self.session(revision: 2, entries: 3, minute: 2))
        #expect(try store.browsingSession(id: "s-2") == Self.session("s-2", revision: 1, entries: 1, minute: 1))
    }

    @Test("a save with an older or equal revision, arriving late, is ignored; its visit is still logged")
    func outOfOrderRevision() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        let newer = Self.session(revision: 5, entries: 4, minute: 2)
        try store.saveBrowsingSession(newer, visit: (Self.pages[3], "wort3"))
        try store.saveBrowsingSession(Self.session(revision: 4, entries: 3, minute: 1), visit: (Self.pages[2], nil))
        try store.saveBrowsingSession(Self.session(revision: 5, entries: 1, minute: 3), visit: nil)
        #expect(try store.browsingSession(id: "s-1") == newer)
        #expect(try store.pageVisitCount() == 2)
    }

    @Test("visits are listed newest first, bounded by limit and since, with session and title")
    func visitsNewestFirst() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        for (index, page) in Self.pages.enumerated() {
            try store.saveBrowsingSession(Self.session(index % 2 == 0 ? "a" : "b", revision: Int64(index + 1), entries: index + 1,
                                                       minute: index),
                                          visit: (page, index == 0 ? nil : "Wörterbuch: wort\(index) – واژه"))
        }
        let visits = try store.recentPageVisits(limit: nil, since: nil)
        #expect(visits.map(\.url) == Self.pages.reversed())
        #expect(visits.map(\.visitedAt) == [4, 3, 2, 1, 0].map(SampleLookups.minutes))
        #expect(visits.map(\.sessionID) == ["a", "b", "a", "b", "a"])
        #expect(visits.first?.title == "Wörterbuch: wort4 – واژه" && visits.last?.title == nil)
        #expect(visits.map(\.id) == visits.map(\.id).sorted(by: >))
        #expect(try store.recentPageVisits(limit: 2, since: nil).map(\.url) == [Self.pages[4], Self.pages[3]])
        #expect(try store.recentPageVisits(limit: nil, since: SampleLookups.minutes(3)).count == 2)
        #expect(try store.recentPageVisits(limit: 0, since: nil).isEmpty)
    }

    @Test("prune removes visits that are older, or beyond the newest N; stale sessions go by their last save")
    func prune() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        for (index, page) in Self.pages.enumerated() {
            try store.saveBrowsingSession(Self.session("s-\(index)", revision: 1, entries: index + 1, minute: index),
                                          visit: (page, nil))
        }
        #expect(try store.prunePageVisits(olderThan: nil, keepingNewest: nil) == 0)
        #expect(try store.prunePageVisits(olderThan: SampleLookups.minutes(1), keepingNewest: nil) == 1)
        #expect(try store.prunePageVisits(olderThan: nil, keepingNewest: 2) == 2)
        #expect(try store.recentPageVisits(limit: nil, since: nil).map(\.url) == [Self.pages[4], Self.pages[3]])
        #expect(try store.prunePageVisits(olderThan: SampleLookups.minutes(4), keepingNewest: 5) == 1)

        #expect(try store.pruneBrowsingSessions(notUsedSince: SampleLookups.minutes(3)) == 3)
        #expect(try store.browsingSession(id: "s-2") == nil)
        #expect(try store.browsingSession(id: "s-3") != nil)
        #expect(try store.pageVisitCount() == 1, "pruning sessions leaves the visits")
    }

    @Test("clear forgets every visit and every session, and says how many visits")
    func clear() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        try store.recordLookup(SampleLookups.haus, origin: .proxy, at: SampleLookups.start)
        for (index, page) in Self.pages.enumerated() {
            try store.saveBrowsingSession(Self.session(revision: Int64(index + 1), entries: index + 1, minute: index),
                                          visit: (page, nil))
        }
        let lastID = try #require(try store.recentPageVisits(limit: 1, since: nil).first?.id)
        #expect(try store.clearPageVisits() == 5)
        #expect(try store.pageVisitCount() == 0)
        #expect(try store.browsingSession(id: "s-1") == nil)
        #expect(try store.lookupCount() == 1, "the notebook is not browsing history")
        #expect(try store.clearPageVisits() == 0)
        try store.saveBrowsingSession(Self.session(revision: 1, entries: 1, minute: 9), visit: (Self.pages[0], nil))
        #expect(try store.recentPageVisits(limit: 1, since: nil).first.map { $0.id > lastID } == true)
    }
}
