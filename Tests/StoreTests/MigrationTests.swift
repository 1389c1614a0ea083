import Foundation
import GRDB
@testable import Store
import Testing
import Vocabulary

@Suite("Store migrations")
struct MigrationTests {
    /// Every migration that has shipped, in order. Append new ones; never
    /// edit, rename or remove one: users' databases remember these names,
    /// and only the ones missing from a database run when it is opened.
    static let shippedMigrations = ["v1-notebook", "v2-browsing", "v3-http-cache"]

    @Test("a fresh database has run exactly the shipped migrations, in order")
    func freshDatabase() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        let applied = try store.pool.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        }
        #expect(applied == Self.shippedMigrations)
        #expect(StoreSchema.migrationIdentifiers.starts(with: Self.shippedMigrations),
                "a shipped migration was changed or removed; add a new one instead")
        #expect(StoreSchema.migrationIdentifiers == Self.shippedMigrations,
                "a new migration: add it to shippedMigrations, and a test that a database from before it keeps its rows")
    }

    @Test("a database written by v1 opens and keeps its rows")
    func v1DatabaseKeepsRows() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("limot.sqlite3")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: Self.v1Schema)
            try db.execute(sql: """
                INSERT INTO lookup (looked_up_at, origin, query, normalized_query, direction, headwords,
                                    translations, source_url, result_json)
                VALUES (1767225600000, 'cli', 'Haus', 'haus', 'de-fa', '["Haus"]', '["خانه"]',
                        'https://www.loghatnameh.de/search?q=Haus', ?)
                """, arguments: [Self.v1ResultJSON])
        }
        try queue.close()

        let store = try LimotStore(directory: directory.path)
        let entries = try store.recentLookups(limit: nil, since: nil)
        #expect(entries.map(\.query) == ["Haus"])
        #expect(entries.first?.translations == ["خانه"])
        #expect(entries.first?.lookedUpAt == SampleLookups.start)
        let stored = try store.storedResult(normalizedQuery: "haus", direction: .germanToPersian)
        #expect(stored?.result.entries.first?.translations == [LocalizedText("خانه", .persian)])
    }

    @Test("a database written by v1 gets the browsing and cache tables, empty and working, and keeps its rows")
    func v1DatabaseGetsNewTables() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("limot.sqlite3")
        try Self.write(path, schema: Self.v1Schema, rows: Self.v1Rows)

        let store = try LimotStore(directory: directory.path)
        #expect(try store.recentLookups(limit: nil, since: nil).map(\.query) == ["Haus"])
        let applied = try store.pool.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
        #expect(applied == Self.shippedMigrations)
        #expect(try store.pageVisitCount() == 0)
        #expect(try store.browsingSession(id: "s-1") == nil)
        #expect(try CacheTables.usage(store).kept == [0, 0], "the usage row is there, at zero")
        try store.saveBrowsingSession(BrowsingSessionRecord(id: "s-1", entries: ["https://www.loghatnameh.de/"], index: 0,
                                                            revision: 1, updatedAt: SampleLookups.start),
                                      visit: ("https://www.loghatnameh.de/", "Loghatnameh"))
        try store.store(SampleResponses.search("Haus"))
        #expect(try store.pageVisitCount() == 1)
        #expect(try store.storedResponses(for: SampleResponses.search("Haus").url) == [SampleResponses.search("Haus")])
        let usage = try CacheTables.usage(store)
        #expect(usage.kept == usage.actual && usage.kept.first == 1)
    }

    @Test("a database written by v2 gets the cache tables and keeps its lookups, sessions and visits")
    func v2DatabaseKeepsRows() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("limot.sqlite3")
        try Self.write(path, schema: Self.v1Schema + Self.v2Schema, rows: Self.v1Rows + Self.v2Rows)

        let store = try LimotStore(directory: directory.path)
        #expect(try store.recentLookups(limit: nil, since: nil).map(\.query) == ["Haus"])
        #expect(try store.storedResult(normalizedQuery: "haus", direction: .germanToPersian) != nil)
        #expect(try store.browsingSession(id: "s-1") == BrowsingSessionRecord(
            id: "s-1", entries: ["https://www.loghatnameh.de/", "https://www.loghatnameh.de/search?q=Haus"], index: 1,
            revision: 7, updatedAt: SampleLookups.minutes(1)))
        let visits = try store.recentPageVisits(limit: nil, since: nil)
        #expect(visits.map(\.url) == ["https://www.loghatnameh.de/search?q=Haus", "https://www.loghatnameh.de/"])
        #expect(visits.map(\.title) == ["Haus – لغت‌نامه", nil])
        #expect(visits.map(\.id) == [2, 1])
        try store.store(SampleResponses.search("Haus"))
        #expect(try store.cacheStatistics().entries == 1)
        #expect(try store.pool.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
                == Self.shippedMigrations)
    }

    @Test("a database from a newer limot is refused, named, and left unchanged")
    func newerDatabaseIsRefused() throws {
        let directory = try TemporaryDirectory()
        do {
            let store = try LimotStore(directory: directory.path)
            try store.recordLookup(SampleLookups.haus, origin: .commandLine, at: SampleLookups.start)
            try store.pool.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v9-future')") }
        }
        let path = directory.appending("limot.sqlite3")
        #expect(throws: StoreError.newerSchema(path: path, unknownMigrations: ["v9-future"])) {
            try LimotStore(directory: directory.path)
        }
        let rows = try DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM lookup") }
        #expect(rows == 1)
    }

    /// Writes a database as an older limot left it.
    static func write(_ path: String, schema: String, rows: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: schema)
            try db.execute(sql: rows, arguments: [v1ResultJSON])
        }
        try queue.close()
    }

    /// The lookup the v1 tests keep (`?` is ``v1ResultJSON``).
    static let v1Rows = """
        INSERT INTO lookup (looked_up_at, origin, query, normalized_query, direction, headwords,
                            translations, source_url, result_json)
        VALUES (1767225600000, 'cli', 'Haus', 'haus', 'de-fa', '["Haus"]', '["خانه"]',
                'https://www.loghatnameh.de/search?q=Haus', ?);
        """

    /// v2 as it shipped, frozen here, to follow ``v1Schema``.
    static let v2Schema = """
        INSERT INTO grdb_migrations VALUES ('v2-browsing');
        CREATE TABLE browsing_session (
            id TEXT PRIMARY KEY,
            entries TEXT NOT NULL,
            current_index INTEGER NOT NULL,
            revision INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        );
        CREATE TABLE page_visit (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            session_id TEXT NOT NULL,
            url TEXT NOT NULL,
            title TEXT,
            visited_at INTEGER NOT NULL
        );
        CREATE INDEX page_visit_by_time ON page_visit (visited_at);
        """

    /// A session and its two visits, as v2 keeps them.
    static let v2Rows = """
        INSERT INTO browsing_session (id, entries, current_index, revision, updated_at)
        VALUES ('s-1', '["https://www.loghatnameh.de/","https://www.loghatnameh.de/search?q=Haus"]', 1, 7, 1767225660000);
        INSERT INTO page_visit (session_id, url, title, visited_at)
        VALUES ('s-1', 'https://www.loghatnameh.de/', NULL, 1767225600000);
        INSERT INTO page_visit (session_id, url, title, visited_at)
        VALUES ('s-1', 'https://www.loghatnameh.de/search?q=Haus', 'Haus – لغت‌نامه', 1767225660000);
        """

    /// v1 as it shipped, frozen here: if the migration in the source is
    /// edited, this test still opens what users have on disk.
    static let v1Schema = """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('v1-notebook');
        CREATE TABLE lookup (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            looked_up_at INTEGER NOT NULL,
            origin TEXT NOT NULL CHECK (origin IN ('cli', 'proxy')),
            query TEXT NOT NULL,
            normalized_query TEXT NOT NULL,
            direction TEXT NOT NULL CHECK (direction IN ('de-fa', 'fa-de')),
            headwords TEXT NOT NULL,
            translations TEXT NOT NULL,
            source_url TEXT NOT NULL,
            result_json TEXT NOT NULL
        );
        CREATE INDEX lookup_by_time ON lookup (looked_up_at);
        CREATE INDEX lookup_by_query ON lookup (normalized_query, direction, looked_up_at);
        """

    static let v1ResultJSON = """
        {"direction":"de-fa","entries":[{"examples":[],"grammar":{"notes":[]},"headword":{"language":"de","text":"Haus"},\
        "translations":[{"language":"fa","text":"خانه"}]}],"normalizedQuery":"haus","query":"Haus",\
        "sourceURL":"https://www.loghatnameh.de/search?q=Haus","suggestions":[]}
        """
}
