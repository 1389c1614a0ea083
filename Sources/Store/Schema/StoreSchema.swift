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
/// Planned after v1 (issue 6): browsing history per session, the HTTP cache.
enum StoreSchema {
    /// Every migration, in the order they run. Append only.
    private static let migrations: [(identifier: String, migrate: @Sendable (Database) throws -> Void)] = [
        ("v1-notebook", v1Notebook),
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
}
