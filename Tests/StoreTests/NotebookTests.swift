import Foundation
import Vocabulary
import Store
import Testing

@Suite("The vocabulary notebook")
struct NotebookTests {
    @Test("lookups are listed newest first, with what a listing shows")
    func listNewestFirst() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        for (result, date) in SampleLookups.notebook {
            try store.recordLookup(result, origin: result.direction == .persianToGerman ? .proxy : .commandLine, at: date)
        }
        let entries = try store.recentLookups(limit: nil, since: nil)
        #expect(entries.map(\.query) == ["Haus", "Hause", "Zitat", "کتاب\u{200C}خانه", "Haus"])
        #expect(entries.map(\.lookedUpAt) == [4, 3, 2, 1, 0].map(SampleLookups.minutes))
        let library = try #require(entries.first { $0.direction == .persianToGerman })
        #expect(library.origin == .proxy)
        #expect(library.normalizedQuery == "کتاب\u{200C}خانه")
        #expect(library.headwords == ["کتاب\u{200C}خانه"])
        #expect(library.translations == ["Bibliothek", "Bücherei"])
        #expect(library.sourceURL == "https://www.loghatnameh.de/search?q=ketabkhane")
        let notFound = try #require(entries.first { $0.query == "Hause" })
        #expect(notFound.headwords.isEmpty && notFound.translations.isEmpty)
        #expect(entries.map(\.id) == entries.map(\.id).sorted(by: >))
    }

    @Test("limit and since bound the listing")
    func limitAndSince() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        for (result, date) in SampleLookups.notebook { try store.recordLookup(result, origin: .commandLine, at: date) }
        #expect(try store.recentLookups(limit: 2, since: nil).map(\.query) == ["Haus", "Hause"])
        #expect(try store.recentLookups(limit: nil, since: SampleLookups.minutes(2)).map(\.query) == ["Haus", "Hause", "Zitat"])
        #expect(try store.recentLookups(limit: 0, since: nil).isEmpty)
        #expect(try store.lookupCount() == 5)
    }

    @Test("the newest stored result comes back whole, with when it was fetched")
    func storedResultRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        for (result, date) in SampleLookups.notebook { try store.recordLookup(result, origin: .commandLine, at: date) }
        let haus = try #require(try store.storedResult(normalizedQuery: "haus", direction: .germanToPersian))
        #expect(haus.result == SampleLookups.hausAgain)
        #expect(haus.fetchedAt == SampleLookups.minutes(4))
        let quotation = try store.storedResult(normalizedQuery: "zitat", direction: .germanToPersian)
        #expect(quotation?.result == SampleLookups.quotation, "quotes, tabs, line breaks, ZWNJ and the grammar survive")
        let library = try store.storedResult(normalizedQuery: "کتاب\u{200C}خانه", direction: .persianToGerman)
        #expect(library?.result == SampleLookups.library)
        #expect(try store.storedResult(normalizedQuery: "hause", direction: .germanToPersian)?.result.suggestions == ["Haus", "Hase"])
        #expect(try store.storedResult(normalizedQuery: "haus", direction: .persianToGerman) == nil, "the direction is part of the key")
        #expect(try store.storedResult(normalizedQuery: "کتاب خانه", direction: .persianToGerman) == nil, "a ZWNJ is not a space")
    }

    @Test("prune removes what is older, or beyond the newest N, and says how many")
    func prune() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        for (result, date) in SampleLookups.notebook { try store.recordLookup(result, origin: .commandLine, at: date) }
        #expect(try store.pruneLookups(olderThan: nil, keepingNewest: nil) == 0)
        #expect(try store.pruneLookups(olderThan: SampleLookups.minutes(1), keepingNewest: nil) == 1)
        #expect(try store.recentLookups(limit: nil, since: nil).last?.query == "کتاب\u{200C}خانه")
        #expect(try store.pruneLookups(olderThan: nil, keepingNewest: 2) == 2)
        #expect(try store.recentLookups(limit: nil, since: nil).map(\.query) == ["Haus", "Hause"])
        #expect(try store.pruneLookups(olderThan: nil, keepingNewest: 5) == 0)
    }

    @Test("clear removes every lookup and says how many; new ids are never reused")
    func clear() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        for (result, date) in SampleLookups.notebook { try store.recordLookup(result, origin: .commandLine, at: date) }
        let lastID = try #require(try store.recentLookups(limit: 1, since: nil).first?.id)
        #expect(try store.clearLookups() == 5)
        #expect(try store.lookupCount() == 0)
        #expect(try store.recentLookups(limit: nil, since: nil).isEmpty)
        #expect(try store.storedResult(normalizedQuery: "haus", direction: .germanToPersian) == nil)
        #expect(try store.clearLookups() == 0)
        try store.recordLookup(SampleLookups.haus, origin: .commandLine, at: SampleLookups.minutes(10))
        #expect(try store.recentLookups(limit: 1, since: nil).first.map { $0.id > lastID } == true)
    }

    @Test("two stores on one directory, writing at the same time, lose nothing")
    func concurrentWriters() async throws {
        let directory = try TemporaryDirectory()
        let first = try LimotStore(directory: directory.path)
        let second = try LimotStore(directory: directory.path)
        let perWriter = 100
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, store) in [first, second].enumerated() {
                group.addTask {
                    for step in 0..<perWriter {
                        var result = SampleLookups.haus
                        result.query = "w\(index)-\(step)"
                        try store.recordLookup(result, origin: index == 0 ? .commandLine : .proxy, at: SampleLookups.minutes(step))
                    }
                }
            }
            try await group.waitForAll()
        }
        let reader = try LimotStore(directory: directory.path)
        let entries = try reader.recentLookups(limit: nil, since: nil)
        #expect(entries.count == 2 * perWriter)
        #expect(Set(entries.map(\.query)).count == 2 * perWriter)
        #expect(Set(entries.map(\.id)).count == 2 * perWriter)
    }
}
