import Foundation
import GRDB
import Vocabulary

/// The vocabulary notebook: every lookup, kept for `limot history`, the
/// exports and `--offline` answers. Callers check
/// ``LimotStore/historyDisabled(environment:)`` before recording.
extension LimotStore {
    /// Keeps one lookup: the query, what was found (headwords and
    /// translations for listings, the whole result for offline answers),
    /// the page's URL and when.
    public func recordLookup(_ result: LookupResult, origin: LookupOrigin, at date: Date) throws(StoreError) {
        let arguments: StatementArguments
        do {
            let translations = StoreCoding.distinct(result.entries.flatMap { $0.translations.map(\.text) })
            arguments = [
                StoreCoding.milliseconds(date), origin.rawValue, result.query, result.normalizedQuery,
                result.direction.rawValue, try StoreCoding.json(result.entries.map(\.headword.text)),
                try StoreCoding.json(translations), result.sourceURL, try StoreCoding.json(result),
            ]
        } catch {
            throw .failed(path: databasePath, reason: "the lookup of \(result.query) cannot be encoded: \(error)")
        }
        try write { db in
            try db.execute(sql: """
                INSERT INTO lookup (looked_up_at, origin, query, normalized_query, direction,
                                    headwords, translations, source_url, result_json)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: arguments)
        }
    }

    /// Kept lookups, newest first (lookups made in the same millisecond in
    /// the order they were kept, last first): at most `limit` of them, and
    /// only those made at or after `since`; nil means no bound.
    public func recentLookups(limit: Int?, since: Date?) throws(StoreError) -> [NotebookEntry] {
        let path = databasePath
        return try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT id, looked_up_at, origin, query, normalized_query, direction, headwords, translations, source_url
                FROM lookup WHERE looked_up_at >= ?
                ORDER BY looked_up_at DESC, id DESC LIMIT ?
                """, arguments: [since.map(StoreCoding.milliseconds) ?? Int64.min, limit.map { max(0, $0) } ?? -1])
            return try rows.map { row throws(StoreError) in try NotebookEntry(row: row, path: path) }
        }
    }

    /// The newest kept result for a query, for answering `--offline`, with
    /// when it was fetched (so the answer can say how old it is).
    public func storedResult(normalizedQuery: String, direction: LookupDirection) throws(StoreError) -> (result: LookupResult, fetchedAt: Date)? {
        let path = databasePath
        let found = try read { db in
            try Row.fetchOne(db, sql: """
                SELECT id, looked_up_at, result_json FROM lookup
                WHERE normalized_query = ? AND direction = ?
                ORDER BY looked_up_at DESC, id DESC LIMIT 1
                """, arguments: [normalizedQuery, direction.rawValue])
                .map { row in (id: row["id"] as Int64, time: row["looked_up_at"] as Int64, json: row["result_json"] as String) }
        }
        guard let found else { return nil }
        do {
            return (try StoreCoding.decode(LookupResult.self, json: found.json), StoreCoding.date(milliseconds: found.time))
        } catch {
            throw .unreadableEntry(path: path, id: found.id)
        }
    }

    /// Forgets every kept lookup; returns how many there were.
    public func clearLookups() throws(StoreError) -> Int {
        let removed = try write { db in
            try db.execute(sql: "DELETE FROM lookup")
            return db.changesCount
        }
        forgetRemovedPages()
        return removed
    }

    /// Forgets lookups made before `olderThan`, and all but the newest
    /// `keepingNewest`; with both, a lookup goes when either says so; with
    /// neither, nothing goes. Returns how many were removed.
    public func pruneLookups(olderThan: Date?, keepingNewest: Int?) throws(StoreError) -> Int {
        try prune(.lookup, olderThan: olderThan, keepingNewest: keepingNewest)
    }

    /// How many lookups are kept.
    public func lookupCount() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM lookup") ?? 0 }
    }
}

extension NotebookEntry {
    /// An entry from a `lookup` row (of the columns the listing selects).
    init(row: Row, path: String) throws(StoreError) {
        let id: Int64 = row["id"]
        guard let origin = LookupOrigin(rawValue: row["origin"]),
              let direction = LookupDirection(rawValue: row["direction"]),
              let headwords = try? StoreCoding.decode([String].self, json: row["headwords"]),
              let translations = try? StoreCoding.decode([String].self, json: row["translations"])
        else { throw .unreadableEntry(path: path, id: id) }
        self.init(id: id, lookedUpAt: StoreCoding.date(milliseconds: row["looked_up_at"]), origin: origin,
                  query: row["query"], normalizedQuery: row["normalized_query"], direction: direction,
                  headwords: headwords, translations: translations, sourceURL: row["source_url"])
    }
}
