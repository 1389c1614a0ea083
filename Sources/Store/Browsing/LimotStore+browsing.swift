import Foundation
import GRDB

/// Browsing history: each proxy session's back/forward list, and a log of
/// pages read. Callers check ``LimotStore/historyDisabled(environment:)``
/// before recording.
extension LimotStore {
    /// Saves a session's back/forward list (only if `revision` is greater
    /// than the stored one: concurrent saves may arrive out of order) and,
    /// when `visit` is given, logs a page view at the session's `updatedAt`;
    /// one transaction. The visit is logged even when the list is out of
    /// date: the page was read all the same.
    public func saveBrowsingSession(_ session: BrowsingSessionRecord, visit: (url: String, title: String?)?) throws(StoreError) {
        try saveBrowsingSessions([(session, visit)])
    }

    /// Several saves as ``saveBrowsingSession(_:visit:)`` does them, in
    /// order, in one transaction: the proxy writes its page views in
    /// batches, so that a page is not held up by a commit.
    public func saveBrowsingSessions(_ saves: [(session: BrowsingSessionRecord, visit: (url: String, title: String?)?)]) throws(StoreError) {
        var rows: [(session: BrowsingSessionRecord, entries: String, time: Int64, visit: (url: String, title: String?)?)] = []
        for save in saves {
            do {
                rows.append((save.session, try StoreCoding.json(strings: save.session.entries), StoreCoding.milliseconds(save.session.updatedAt), save.visit))
            } catch {
                throw .failed(path: databasePath, reason: "browsing session \(save.session.id) cannot be encoded: \(error)")
            }
        }
        guard !rows.isEmpty else { return }
        try writeInPreparedTransaction { db in
            // Prepared once per connection (GRDB's statement cache), not
            // parsed and authorized again for every row of every batch.
            let saveSession = try db.cachedStatement(sql: """
                INSERT INTO browsing_session (id, entries, current_index, revision, updated_at)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET
                    entries = excluded.entries, current_index = excluded.current_index,
                    revision = excluded.revision, updated_at = excluded.updated_at
                WHERE excluded.revision > browsing_session.revision
                """)
            let logVisit = try db.cachedStatement(sql: "INSERT INTO page_visit (session_id, url, title, visited_at) VALUES (?, ?, ?, ?)")
            for row in rows {
                try saveSession.execute(arguments: [row.session.id, row.entries, row.session.index, row.session.revision, row.time])
                if let visit = row.visit {
                    try logVisit.execute(arguments: [row.session.id, visit.url, visit.title, row.time])
                }
            }
        }
    }

    /// The kept back/forward list of session `id`, or nil.
    public func browsingSession(id: String) throws(StoreError) -> BrowsingSessionRecord? {
        // Asked for each request of a session not in memory (after a
        // restart, or once it was forgotten there): prepared once.
        let found = try readOneStatement { db in
            try Row.fetchOne(db.cachedStatement(sql: """
                SELECT entries, current_index, revision, updated_at FROM browsing_session WHERE id = ?
                """), arguments: [id])
                .map { row in (entries: row["entries"] as String, index: row["current_index"] as Int,
                               revision: row["revision"] as Int64, time: row["updated_at"] as Int64) }
        }
        guard let found else { return nil }
        guard let entries = try? StoreCoding.decode([String].self, json: found.entries) else {
            throw .failed(path: databasePath, reason: "browsing session \(id) cannot be read back")
        }
        return BrowsingSessionRecord(id: id, entries: entries, index: found.index, revision: found.revision,
                                     updatedAt: StoreCoding.date(milliseconds: found.time))
    }

    /// Pages read, newest first (visits in the same millisecond in the order
    /// they were logged, last first): at most `limit`, and only those at or
    /// after `since`; nil means no bound.
    public func recentPageVisits(limit: Int?, since: Date?) throws(StoreError) -> [PageVisit] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, session_id, url, title, visited_at FROM page_visit WHERE visited_at >= ?
                ORDER BY visited_at DESC, id DESC LIMIT ?
                """, arguments: [since.map(StoreCoding.milliseconds) ?? Int64.min, limit.map { max(0, $0) } ?? -1])
            .map { row in
                PageVisit(id: row["id"], sessionID: row["session_id"], url: row["url"], title: row["title"],
                          visitedAt: StoreCoding.date(milliseconds: row["visited_at"]))
            }
        }
    }

    /// How many page visits are logged.
    public func pageVisitCount() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM page_visit") ?? 0 }
    }

    /// Forgets every page visit and every session's back/forward list (they
    /// name the same pages); returns how many visits there were.
    public func clearPageVisits() throws(StoreError) -> Int {
        let removed = try write { db in
            try db.execute(sql: "DELETE FROM page_visit")
            let visits = db.changesCount
            try db.execute(sql: "DELETE FROM browsing_session")
            return (visits: visits, sessions: db.changesCount)
        }
        if removed.visits + removed.sessions > 0 { forgetRemovedPages() }
        return removed.visits
    }

    /// Forgets visits before `olderThan`, and all but the newest
    /// `keepingNewest`; with both, a visit goes when either says so; with
    /// neither, nothing goes. Returns how many were removed.
    public func prunePageVisits(olderThan: Date?, keepingNewest: Int?) throws(StoreError) -> Int {
        try prune(.pageVisit, olderThan: olderThan, keepingNewest: keepingNewest)
    }

    /// Forgets the back/forward lists of sessions not saved since `date`
    /// (their visits stay in the history); returns how many.
    public func pruneBrowsingSessions(notUsedSince date: Date) throws(StoreError) -> Int {
        let removed = try write { db in
            try db.execute(sql: "DELETE FROM browsing_session WHERE updated_at < ?",
                           arguments: [StoreCoding.milliseconds(date)])
            return db.changesCount
        }
        if removed > 0 { forgetRemovedPages() }
        return removed
    }
}
