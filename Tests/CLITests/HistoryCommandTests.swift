import Foundation
import Lookup
import Store
import Testing
import Vocabulary

@Suite("limot history")
struct HistoryCommandTests {
    /// 2026-01-01T00:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    /// A data directory with three lookups: German to Persian, Persian to
    /// German (a ZWNJ in the word), and one that found nothing.
    static func filledDirectory() throws -> String {
        let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("limot-history-\(UUID().uuidString)")
        let store = try LimotStore(directory: directory)
        try store.recordLookup(LookupResult(
            query: "Haus", normalizedQuery: "haus", direction: .germanToPersian, sourceURL: "https://www.loghatnameh.de/search?q=Haus",
            entries: [DictionaryEntry(headword: LocalizedText("Haus", .german),
                                      translations: [LocalizedText("خانه", .persian), LocalizedText("منزل", .persian)])]),
            origin: .commandLine, at: start)
        try store.recordLookup(LookupResult(
            query: "کتاب\u{200C}خانه", normalizedQuery: "کتاب\u{200C}خانه", direction: .persianToGerman,
            sourceURL: "https://www.loghatnameh.de/search?q=ketabkhane",
            entries: [DictionaryEntry(headword: LocalizedText("کتاب\u{200C}خانه", .persian),
                                      translations: [LocalizedText("Bibliothek", .german)])]),
            origin: .proxy, at: start.addingTimeInterval(60))
        try store.recordLookup(LookupResult(
            query: "Hause", normalizedQuery: "hause", direction: .germanToPersian,
            sourceURL: "https://www.loghatnameh.de/search?q=Hause", entries: [], suggestions: ["Haus"]),
            origin: .commandLine, at: start.addingTimeInterval(120))
        return directory
    }

    @Test("list prints a table, newest first, Persian in directional isolates")
    func listTable() throws {
        let directory = try Self.filledDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try LimotProcess.run(["history", "--data-dir", directory], environment: ["TZ": "UTC"])
        #expect(result.status == 0)
        try LimotProcess.expectGolden(result.standardOutput, "history-list.txt")
        #expect(result.standardOutput.contains("\u{2068}خانه; منزل\u{2069}"))
        #expect(result.standardOutput.contains("\u{2068}کتاب\u{200C}خانه\u{2069}"))
    }

    @Test("list --json, --limit and --since")
    func listJSON() throws {
        let directory = try Self.filledDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try LimotProcess.run(["history", "list", "--json", "--limit", "2", "--since", "2026-01-01T00:00:30Z", "--data-dir", directory])
        #expect(result.status == 0)
        let array = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]]
        #expect(array?.compactMap { $0["query"] as? String } == ["Hause", "کتاب\u{200C}خانه"])
        #expect(array?.first?["looked_up_at"] as? String == "2026-01-01T00:02:00Z")
        #expect(array?.last?["origin"] as? String == "proxy")
    }

    @Test("an empty history lists with a friendly message and status 0; export says there is nothing, status 1")
    func emptyHistory() throws {
        let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("limot-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let list = try LimotProcess.run(["history", "--data-dir", directory])
        #expect(list.status == 0)
        #expect(list.standardOutput.hasPrefix("No lookups kept yet in \(directory)/limot.sqlite3."))
        let export = try LimotProcess.run(["history", "export", "--anki", directory + "/notes.txt", "--data-dir", directory])
        #expect(export.status == 1)
        #expect(export.standardError.contains("Nothing to export"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/notes.txt"))
    }

    @Test("export writes the Anki file and the CSV file and says how many notes")
    func export() throws {
        let directory = try Self.filledDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let anki = try LimotProcess.run(["history", "export", "--anki", directory + "/notes.txt", "--data-dir", directory])
        #expect(anki.status == 0)
        #expect(anki.standardOutput == "Wrote 2 notes to \(directory)/notes.txt.\n")
        let text = try String(contentsOfFile: directory + "/notes.txt", encoding: .utf8)
        #expect(text.hasPrefix("#separator:tab\n#html:false\n#tags column:5\nHaus\tخانه; منزل\t"))
        let csv = try LimotProcess.run(["history", "export", "--csv", directory + "/notes.csv", "--data-dir", directory])
        #expect(csv.status == 0)
        #expect(try String(contentsOfFile: directory + "/notes.csv", encoding: .utf8).contains("Bibliothek,کتاب\u{200C}خانه,"))
        let both = try LimotProcess.run(["history", "export", "--anki", "a", "--csv", "b", "--data-dir", directory])
        #expect(both.status == 2)
    }

    @Test("clear needs --yes without a terminal; prune says what it removed")
    func clearAndPrune() throws {
        let directory = try Self.filledDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let refused = try LimotProcess.run(["history", "clear", "--data-dir", directory])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("pass --yes"))
        let pruned = try LimotProcess.run(["history", "prune", "--keep", "1", "--data-dir", directory])
        #expect(pruned.status == 0)
        #expect(pruned.standardOutput == "Removed 2 lookups; 1 kept.\n")
        let nothing = try LimotProcess.run(["history", "prune", "--older-than", "2025-12-31", "--data-dir", directory])
        #expect(nothing.status == 1)
        let cleared = try LimotProcess.run(["history", "clear", "--yes", "--data-dir", directory])
        #expect(cleared.status == 0)
        #expect(cleared.standardOutput == "Cleared 1 lookup.\n")
        let again = try LimotProcess.run(["history", "clear", "--yes", "--data-dir", directory])
        #expect(again.status == 1)
    }

    /// Two pages read through the proxy: a titled one and an untitled one.
    static func addPageVisits(_ directory: String) throws {
        let store = try LimotStore(directory: directory)
        try store.saveBrowsingSession(
            BrowsingSessionRecord(id: "s1", entries: ["https://www.loghatnameh.de/search?q=Haus"], index: 0, revision: 1,
                                  updatedAt: start.addingTimeInterval(30)),
            visit: (url: "https://www.loghatnameh.de/search?q=Haus", title: "Haus – Wörterbuch Deutsch-Persisch"))
        try store.saveBrowsingSession(
            BrowsingSessionRecord(id: "s1", entries: ["https://www.loghatnameh.de/search?q=Haus", "https://www.loghatnameh.de/impressum.html"],
                                  index: 1, revision: 2, updatedAt: start.addingTimeInterval(90)),
            visit: (url: "https://www.loghatnameh.de/impressum.html", title: nil))
    }

    @Test("the list shows the pages read after the words; --pages and --words show one section")
    func listPages() throws {
        let directory = try Self.filledDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.addPageVisits(directory)
        let both = try LimotProcess.run(["history", "--data-dir", directory], environment: ["TZ": "UTC"])
        #expect(both.status == 0, "\(both.standardError)")
        let sections = both.standardOutput.components(separatedBy: "\n\nPages\n")
        #expect(sections.count == 2, "\(both.standardOutput)")
        #expect(sections.first?.hasPrefix("Words\nTIME              DIR    WORD") == true, "\(both.standardOutput)")
        #expect(sections.last == """
            TIME              TITLE                               URL
            2026-01-01 00:01  (untitled)                          https://www.loghatnameh.de/impressum.html
            2026-01-01 00:00  Haus – Wörterbuch Deutsch-Persisch  https://www.loghatnameh.de/search?q=Haus

            """, "\(both.standardOutput)")

        let pages = try LimotProcess.run(["history", "list", "--pages", "--limit", "1", "--data-dir", directory], environment: ["TZ": "UTC"])
        #expect(pages.status == 0)
        #expect(pages.standardOutput.hasPrefix("TIME              TITLE       URL\n2026-01-01 00:01  (untitled)  "), "\(pages.standardOutput)")
        #expect(!pages.standardOutput.contains("Haus"))
        let words = try LimotProcess.run(["history", "list", "--words", "--data-dir", directory], environment: ["TZ": "UTC"])
        #expect(words.standardOutput.hasPrefix("TIME              DIR    WORD"), "\(words.standardOutput)")
        #expect(!words.standardOutput.contains("impressum"))
        #expect(try LimotProcess.run(["history", "--words", "--pages", "--data-dir", directory]).status == 2)

        // --json stays the lookups (scripts read it); --pages makes it the pages.
        let lookupsJSON = try LimotProcess.run(["history", "list", "--json", "--data-dir", directory])
        let lookups = try JSONSerialization.jsonObject(with: Data(lookupsJSON.standardOutput.utf8)) as? [[String: Any]]
        #expect(lookups?.count == 3)
        #expect(lookups?.first?["query"] as? String == "Hause")
        let pagesJSON = try LimotProcess.run(["history", "list", "--json", "--pages", "--data-dir", directory])
        let visits = try JSONSerialization.jsonObject(with: Data(pagesJSON.standardOutput.utf8)) as? [[String: Any]]
        #expect(visits?.count == 2)
        #expect(visits?.first?["url"] as? String == "https://www.loghatnameh.de/impressum.html")
        #expect(visits?.first?["visited_at"] as? String == "2026-01-01T00:01:30Z")
        #expect(visits?.first?["session_id"] as? String == "s1")
        #expect(visits?.last?["title"] as? String == "Haus – Wörterbuch Deutsch-Persisch")
    }

    @Test("clear and prune act on lookups and pages, or on the one --words or --pages names")
    func clearAndPrunePages() throws {
        let directory = try Self.filledDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.addPageVisits(directory)
        let pruned = try LimotProcess.run(["history", "prune", "--keep", "1", "--data-dir", directory])
        #expect(pruned.status == 0)
        #expect(pruned.standardOutput == "Removed 2 lookups and 1 page visit; 1 lookup and 1 page visit kept.\n")
        let pages = try LimotProcess.run(["history", "clear", "--pages", "--yes", "--data-dir", directory])
        #expect(pages.status == 0)
        #expect(pages.standardOutput == "Cleared 1 page visit.\n")
        let list = try LimotProcess.run(["history", "list", "--words", "--json", "--data-dir", directory])
        #expect((try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [Any])?.count == 1, "the lookups stay")
        let noPages = try LimotProcess.run(["history", "clear", "--pages", "--yes", "--data-dir", directory])
        #expect(noPages.status == 1)
        #expect(noPages.standardOutput == "Nothing to clear: no pages are kept.\n")
        try Self.addPageVisits(directory)
        let all = try LimotProcess.run(["history", "clear", "--yes", "--data-dir", directory])
        #expect(all.standardOutput == "Cleared 1 lookup and 2 page visits.\n")
    }

    @Test("a data directory that cannot be used is named, status 1")
    func unusableDirectory() throws {
        let file = (NSTemporaryDirectory() as NSString).appendingPathComponent("limot-file-\(UUID().uuidString)")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try LimotProcess.run(["history", "--data-dir", file + "/limot"])
        #expect(result.status == 1)
        #expect(result.standardError == "error: \(file) is not a directory: limot's data directory cannot be created under it\n")
    }
}
