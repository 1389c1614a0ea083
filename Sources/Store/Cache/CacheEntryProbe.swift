import GRDBSQLite
import Synchronization

/// Answers "does the HTTP cache have any entry for this URL?" on a SQLite
/// connection of its own, with one statement prepared once.
///
/// Why: the proxy asks the cache before every fetch, and a page never seen
/// before has no entry. Through GRDB's pool that miss cost about 68,000
/// instructions a page (callgrind: taking a reader from the pool, two
/// dispatch queues, the schema-version check, the statement cache's hash of
/// the SQL); here it is a lock, a bind and an index seek.
///
/// Correctness: each step is its own read transaction in autocommit mode,
/// so it sees what every process sharing the database has committed, as
/// the query through the pool does. Only "no entry" is answered from here:
/// anything else (an entry, an error, a busy database) goes the usual way,
/// so the probe can make a miss cheaper but never make up a hit.
///
/// Not thread-safe: ``LimotStore`` keeps it behind a mutex.
final class CacheEntryProbe {
    private let connection: OpaquePointer
    private let statement: OpaquePointer

    /// Opens `path` (which must already hold the `http_cache` table), or
    /// nil when it cannot: lookups then all go through the pool.
    init?(path: String, busyTimeoutMilliseconds: Int32) {
        var connection: OpaquePointer?
        // Read and write, not read-only: a read-only connection cannot open
        // a WAL database whose -shm file is not there yet. It never writes.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(path, &connection, flags, nil) == SQLITE_OK, let connection else {
            sqlite3_close_v2(connection)
            return nil
        }
        sqlite3_busy_timeout(connection, busyTimeoutMilliseconds)
        var statement: OpaquePointer?
        let sql = "SELECT 1 FROM http_cache WHERE url = ? LIMIT 1"
        guard sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
              let statement
        else {
            sqlite3_finalize(statement)
            sqlite3_close_v2(connection)
            return nil
        }
        self.connection = connection
        self.statement = statement
    }

    deinit {
        sqlite3_finalize(statement)
        sqlite3_close_v2(connection)
    }

    /// True only when the cache was seen to have no entry for `url`; false
    /// when it has one or the question could not be answered.
    func hasNoEntry(for url: String) -> Bool {
        guard !url.isEmpty else { return false }  // bound as NULL, which would match nothing
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        var url = url
        let bound = url.withUTF8 { bytes in
            // SQLITE_TRANSIENT (-1): SQLite copies the text, as the buffer
            // is only valid within this closure.
            sqlite3_bind_text(statement, 1, bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                              Int32(bytes.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }
        guard bound == SQLITE_OK else { return false }
        return sqlite3_step(statement) == SQLITE_DONE
    }
}
