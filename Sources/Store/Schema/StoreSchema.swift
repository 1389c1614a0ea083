import GRDB

/// The database's history, as GRDB migrations.
///
/// The list is append-only: a migration that has shipped is never edited,
/// renamed or removed, because users' databases remember the identifiers
/// they have run (in `grdb_migrations`) and only the missing ones run on
/// the next start. That is what lets an upgrade keep a user's data. Each
/// migration speaks SQL only, never the Swift model, so that a later change
/// to `LookupResult` cannot change what an old migration does.
///
/// v2 and v3 (issue 6) keep the proxy's browsing history and its HTTP
/// cache, so that both outlive a restart and are shared by every limot
/// process on the data directory.
enum StoreSchema {
    /// Every migration, in the order they run. Append only.
    private static let migrations: [(identifier: String, migrate: @Sendable (Database) throws -> Void)] = [
        ("v1-notebook", v1Notebook),
        ("v2-browsing", v2Browsing),
        ("v3-http-cache", v3HTTPCache),
    ]

    /// Every migration identifier, in the order they run.
    static var migrationIdentifiers: [String] { migrations.map(\.identifier) }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in migrations {
            migrator.registerMigration(migration.identifier, migrate: migration.migrate)
        }
        return migrator
    }

    /// v1: the vocabulary notebook, one row per lookup.
    ///
    /// - `looked_up_at`: milliseconds since 1970 UTC (an integer sorts and
    ///   compares exactly, in any time zone);
    /// - `headwords`, `translations`: JSON arrays of strings, for listings without
    ///   decoding JSON (translations of all entries, first seen first);
    /// - `result_json`: the whole `LookupResult`, for `--offline` answers
    ///   and exports.
    ///
    /// `AUTOINCREMENT` so that an id is never reused after a clear: later
    /// tables may refer to lookups.
    private static func v1Notebook(_ db: Database) throws {
        try db.execute(sql: """
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
            """)
    }

    /// v2: browsing history. One `browsing_session` row per proxy session:
    /// its back/forward list (`entries`, a JSON array of URL strings, oldest
    /// first) and where in it the reader is, so that a restarted proxy
    /// resumes it. `revision` only grows: saves from concurrent requests can
    /// arrive out of order, and a stale one must not overwrite a newer list.
    /// `page_visit` logs every page read, for the history listing; indexed by
    /// time, which is how it is listed and pruned. Times are milliseconds
    /// since 1970 UTC, as in v1.
    private static func v2Browsing(_ db: Database) throws {
        try db.execute(sql: """
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
            """)
    }

    /// v3: the HTTP cache, one row per (request URL, variant), with what
    /// RFC 9111 needs to judge it later (`headers`: a JSON array of
    /// `[name, value]` pairs, in order) and the proxy's derived form of the
    /// body. `size` is what counts toward the cache's limit: body, derived
    /// form, headers JSON and both URLs, in bytes. Indexed by `last_used`
    /// for least-recently-used eviction.
    ///
    /// `cache_usage` holds the totals in its one row, kept exact by triggers
    /// rather than by the code that writes: every process sharing the file
    /// then agrees on them, and checking the limit after a store never sums
    /// tens of thousands of rows. (An upsert that updates fires the update
    /// trigger, not the insert one, so a replaced entry is not counted
    /// twice.)
    private static func v3HTTPCache(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE http_cache (
                id INTEGER PRIMARY KEY,
                url TEXT NOT NULL,
                variant TEXT NOT NULL,
                final_url TEXT NOT NULL,
                status INTEGER NOT NULL,
                headers TEXT NOT NULL,
                body BLOB NOT NULL,
                request_time INTEGER NOT NULL,
                response_time INTEGER NOT NULL,
                last_used INTEGER NOT NULL,
                derived BLOB,
                derived_key TEXT,
                size INTEGER NOT NULL,
                UNIQUE (url, variant)
            );
            CREATE INDEX http_cache_by_use ON http_cache (last_used);
            CREATE TABLE cache_usage (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                entries INTEGER NOT NULL,
                bytes INTEGER NOT NULL
            );
            INSERT INTO cache_usage (id, entries, bytes) VALUES (1, 0, 0);
            CREATE TRIGGER http_cache_usage_insert AFTER INSERT ON http_cache BEGIN
                UPDATE cache_usage SET entries = entries + 1, bytes = bytes + NEW.size WHERE id = 1;
            END;
            CREATE TRIGGER http_cache_usage_delete AFTER DELETE ON http_cache BEGIN
                UPDATE cache_usage SET entries = entries - 1, bytes = bytes - OLD.size WHERE id = 1;
            END;
            CREATE TRIGGER http_cache_usage_update AFTER UPDATE OF size ON http_cache BEGIN
                UPDATE cache_usage SET bytes = bytes - OLD.size + NEW.size WHERE id = 1;
            END;
            """)
    }
}
