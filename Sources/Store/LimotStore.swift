import Foundation
import GRDB
import Synchronization

/// limot's named limits for the store.
public enum StoreLimits {
    /// How long a write waits for another process (a second `limot lookup`,
    /// the proxy) that holds the database's write lock, before giving up
    /// with ``StoreError/busy(path:)``. Writes take milliseconds, so five
    /// seconds means something is stuck.
    public static let busyTimeout: TimeInterval = 5
    /// The HTTP cache's size unless told otherwise: enough for thousands of
    /// dictionary pages, small beside what a browser keeps.
    public static let defaultCacheSize: Int64 = 256 << 20
    /// After a store takes the cache over its limit, least recently used
    /// entries go until it is at this fraction of the limit: the margin
    /// makes eviction a batch every so often, not a delete on every store.
    public static let cacheEvictionTarget = 0.9
    /// At most this much goes in one eviction, whatever the limit: deleting
    /// (and zeroing, `secure_delete`) holds the write lock, and 8 MiB take
    /// well under a tenth of a second, where a tenth of a 1 GiB cache took
    /// over a second.
    public static let cacheEvictionBatchBytes: Int64 = 8 << 20
    /// A response bigger than this fraction of the cache's limit is not
    /// kept: one download must not push out a whole cache of pages.
    public static let cacheMaxEntryFraction: Int64 = 8
    /// Uses of cache entries (for least-recently-used eviction) are written
    /// in one transaction once this many are pending …
    public static let usageFlushCount = 64
    /// … or once the oldest pending one is this old: a cached page is then
    /// served without a write of its own.
    public static let usageFlushDelay: TimeInterval = 1
}

/// limot's SQLite database in its data directory: the vocabulary notebook,
/// the proxy's browsing history and its HTTP cache.
///
/// One `DatabasePool` in WAL mode, so that the proxy can answer readers while
/// a `limot lookup` in another process writes; several instances (in one
/// process or several) on the same directory are safe, each write waiting up
/// to ``StoreLimits/busyTimeout`` for the others. Opening runs the schema's
/// migrations (see `StoreSchema`), so a database from any earlier limot is
/// brought up to date without losing rows, and one from a newer limot is
/// refused rather than damaged.
public final class LimotStore: Sendable {
    /// The data directory.
    public let directory: String
    /// The database file, `limot.sqlite3` in ``directory``.
    public let databasePath: String
    /// The most bytes the HTTP cache keeps (see ``CacheStatistics/bytes``)
    /// before it evicts least recently used entries.
    public let cacheSizeLimit: Int64
    let pool: DatabasePool
    /// Tells cheaply that the HTTP cache has no entry for a URL (see
    /// `CacheEntryProbe`); nil when it could not be opened.
    let entryProbe = Mutex<CacheEntryProbe?>(nil)
    /// Uses of cache entries not yet written (see `markUsed(url:variant:)`).
    let pendingUsage = Mutex(PendingUsage())
    /// Refreshes of cache entries after a 304 not yet written (see
    /// `refresh(url:variant:headers:requestTime:responseTime:)`).
    let pendingRefreshes = Mutex(PendingRefreshes())
    /// The clock the HTTP cache's uses are stamped with (least recently
    /// used goes first): the real one, or a test's.
    let now: @Sendable () -> Date

    /// Opens the store in `directory`, creating the directory (0700, parents
    /// too) and the database as needed, and migrating it to the current
    /// schema. `cacheSizeLimit` bounds the HTTP cache kept in it.
    public init(directory: String, cacheSizeLimit: Int64 = StoreLimits.defaultCacheSize,
                now: @escaping @Sendable () -> Date = { Date() }) throws(StoreError) {
        try DataDirectory.prepare(directory)
        let path = (directory as NSString).appendingPathComponent(DataDirectory.databaseFileName)
        self.directory = directory
        self.databasePath = path
        self.cacheSizeLimit = cacheSizeLimit
        self.now = now
        do {
            pool = try DatabasePool(path: path, configuration: Self.configuration)
        } catch {
            throw .wrapping(error, path: path)
        }
        try migrate()
        entryProbe.withLock { $0 = CacheEntryProbe(path: path, busyTimeoutMilliseconds: Int32(StoreLimits.busyTimeout * 1000)) }
    }

    /// Pending uses and refreshes of cache entries are written before the
    /// store goes, so that a short-lived `limot` process still leaves its
    /// recency and validations behind.
    deinit {
        flushUsage()
    }

    /// Where limot keeps its data unless told otherwise: `$LIMOT_DATA_DIR`,
    /// else `$XDG_DATA_HOME/limot`, else `~/.local/share/limot`.
    public static func defaultDirectory(environment: [String: String]) -> String {
        DataDirectory.defaultPath(environment: environment)
    }

    /// True when `LIMOT_NO_HISTORY` is set to anything but empty or `0`:
    /// then callers record nothing (the user's choice of privacy), while
    /// reading what was kept before still works.
    public static func historyDisabled(environment: [String: String]) -> Bool {
        guard let value = environment["LIMOT_NO_HISTORY"] else { return false }
        return !value.isEmpty && value != "0"
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.label = "limot"
        configuration.busyMode = .timeout(StoreLimits.busyTimeout)
        configuration.prepareDatabase { db in
            // Cleared history is overwritten on disk, not just unlinked.
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        return configuration
    }

    private func migrate() throws(StoreError) {
        let migrator = StoreSchema.migrator
        let known = Set(migrator.migrations)
        let unknown = try read { db in try migrator.appliedIdentifiers(db).subtracting(known).sorted() }
        if !unknown.isEmpty { throw .newerSchema(path: databasePath, unknownMigrations: unknown) }
        do {
            try migrator.migrate(pool)
        } catch {
            throw .wrapping(error, path: databasePath)
        }
    }

    /// Runs `updates` in one write transaction, with errors as StoreError.
    func write<T>(_ updates: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.write(updates)
        } catch {
            throw .wrapping(error, path: databasePath)
        }
    }

    /// Runs `updates` in one write transaction as ``write(_:)`` does, begun
    /// and ended by statements prepared once per connection (GRDB's
    /// statement cache): ``write(_:)`` has SQLite parse and authorize its
    /// `BEGIN IMMEDIATE` and `COMMIT` again every time: 62,000 -> 39,000
    /// instructions a transaction for the two (callgrind). For the writes
    /// the proxy makes as pages are read (the history, batched).
    func writeInPreparedTransaction<T>(_ updates: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.writeWithoutTransaction { db in
                try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
                do {
                    let result = try updates(db)
                    try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
                    return result
                } catch {
                    // As GRDB's own transactions: rolled back (unless SQLite
                    // already did), the first error thrown.
                    try? db.rollback()
                    throw error
                }
            }
        } catch {
            throw .wrapping(error, path: databasePath)
        }
    }

    /// Runs `value` in one read transaction (a snapshot), with errors as
    /// StoreError.
    func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.read(value)
        } catch {
            throw .wrapping(error, path: databasePath)
        }
    }

    /// Runs `value`, which reads with one statement, outside a transaction:
    /// one statement sees one snapshot of the database on its own, so the
    /// `BEGIN` and `COMMIT` that ``read(_:)`` adds (each a statement parsed
    /// again every time) buy nothing here. Every page the proxy fetches
    /// asks the cache this way.
    func readOneStatement<T: Sendable>(_ value: @Sendable (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.unsafeRead(value)
        } catch {
            throw .wrapping(error, path: databasePath)
        }
    }

    /// Empties the write-ahead log after a removal, so that forgotten rows
    /// do not linger in it (the pages themselves are zeroed by
    /// `secure_delete`). Best effort: with a reader active elsewhere the log
    /// is emptied at a later checkpoint instead, which loses nothing.
    func forgetRemovedPages() {
        _ = try? pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }
}
