import Foundation
import Store
import Synchronization

/// Every browser session's history, keyed by the session cookie, kept in
/// memory and, with a store, in the database: a restarted proxy picks each
/// session up where it was, back/forward list and all.
///
/// Bounded in memory: beyond `capacity` sessions the least recently used
/// one is forgotten there (the database still has it), so a client
/// inventing session ids cannot grow memory.
public final class SessionStore: Sendable {
    /// What memory keeps of one session.
    private struct Session {
        var history: SessionHistory
        /// `State.clock` when it was last used.
        var lastUse: UInt64
        /// The last saved revision: saves may finish out of order.
        var revision: Int64 = 0
    }

    private struct State {
        /// By session id, all of a session in one entry: a request looks its
        /// session up a few times, and three dictionaries (history, last
        /// use, revision) hashed the id for each (a new session's request
        /// hashed it 13 times, some 3,000 instructions, callgrind).
        var sessions: [String: Session] = [:]
        var clock: UInt64 = 0
        /// Sessions read back from the database whose first page in this
        /// process has not been served yet ("continue where you left off").
        var resumable: Set<String> = []
    }
    private let state = Mutex(State())
    /// Saves not written yet, and whether a flush is on its way.
    private let pending = Mutex<(saves: [(session: BrowsingSessionRecord, visit: (url: String, title: String?)?)], flushScheduled: Bool)>(([], false))
    /// How long a page view waits to be written with the others of that
    /// moment: one commit for many views, none on a page's way out.
    static let flushDelay: Duration = .milliseconds(20)
    /// Held while saves are taken and written, so that the flush at
    /// shutdown waits for one already writing: without it, the shutdown's
    /// flush found nothing pending while a scheduled flush was still
    /// writing the last page views, and the process could end before they
    /// were in the file (a restart then lost them: CI caught it once).
    private let writing = Mutex(())
    public let capacity: Int
    public let historyCapacity: Int
    /// Where sessions and the pages read are kept; nil keeps them in memory only.
    let persistence: LimotStore?
    /// Hears a failed save; the session goes on in memory.
    let saveFailed: @Sendable (StoreError) -> Void

    public init(capacity: Int = 10_000, historyCapacity: Int = 200, persistence: LimotStore? = nil,
                saveFailed: @escaping @Sendable (StoreError) -> Void = { _ in }) {
        self.capacity = capacity
        self.historyCapacity = historyCapacity
        self.persistence = persistence
        self.saveFailed = saveFailed
    }

    /// Runs `body` on the session's history (read back from the database,
    /// or created empty) and returns its result; a change is kept, and
    /// saved within ``flushDelay`` (with the other changes of that moment,
    /// in one transaction).
    @discardableResult
    public func update<Result: Sendable>(_ session: String, _ body: (inout SessionHistory) -> Result) -> Result {
        change(session, visit: nil) { history in (body(&history), false) }
    }

    /// The browser showed `url` (titled `title`) as a top-level page: the
    /// history moves (see ``SessionHistory/recordVisit(_:)``), and a page
    /// not merely reloaded is logged for `limot history`, in one transaction
    /// with the session.
    @discardableResult
    public func recordPageView(_ session: String, url: String, title: String?) -> SessionHistory.Visit {
        change(session, visit: (url, title)) { history in
            let visit = history.recordVisit(url)
            return (visit, visit != .reload)
        }
    }

    /// A session that began with this request (no cookie yet): it is in no
    /// database, so it is never looked up there.
    public func begin(_ session: String) {
        state.withLock { state in
            guard state.sessions[session] == nil else { return }
            state.clock += 1
            state.sessions[session] = Session(history: SessionHistory(capacity: historyCapacity), lastUse: state.clock)
            forgetLeastRecentlyUsed(&state)
        }
    }

    /// A copy of the session's history (empty if unknown).
    public func history(_ session: String) -> SessionHistory {
        // In memory (every session after its first request here): one lock
        // and one look-up, not a look-up for the database's sake first.
        if let history = state.withLock({ $0.sessions[session]?.history }) { return history }
        let stored = storedHistory(session)
        return state.withLock { state in
            adopt(stored, for: session, into: &state)
            return state.sessions[session]?.history
        } ?? SessionHistory(capacity: historyCapacity)
    }

    /// Once per session read back from the database: the page it was on,
    /// for the first request after a restart. Nil afterwards, and for
    /// sessions that began in this process.
    public func takeResumption(_ session: String) -> String? {
        // In memory: one lock and one look-up (`.some(nil)`: in memory, not
        // resumable); a session that began here is never resumable.
        let inMemory = state.withLock { state -> String?? in
            guard let index = state.sessions.index(forKey: session) else { return nil }
            guard !state.resumable.isEmpty, state.resumable.remove(session) != nil else { return .some(nil) }
            return .some(state.sessions.values[index].history.current)
        }
        if let inMemory { return inMemory }
        let stored = storedHistory(session)
        return state.withLock { state in
            adopt(stored, for: session, into: &state)
            guard state.resumable.remove(session) != nil else { return nil }
            return state.sessions[session]?.history.current
        }
    }

    // MARK: Memory and database

    private struct Stored {
        var history: SessionHistory
        var revision: Int64
    }

    private func change<Result: Sendable>(_ session: String, visit: (url: String, title: String?)?,
                                          _ body: (inout SessionHistory) -> (Result, logsVisit: Bool)) -> Result {
        let persists = persistence != nil
        // The session changed in place, as used at `clock`.
        func apply(_ entry: inout Session, clock: UInt64) -> (Result, BrowsingSessionRecord?, Bool) {
            let before = entry.history
            let (result, logsVisit) = body(&entry.history)
            entry.lastUse = clock
            guard persists, entry.history != before || logsVisit else { return (result, nil, false) }
            entry.revision += 1
            let history = entry.history
            let record = BrowsingSessionRecord(id: session, entries: history.entries, index: history.index, revision: entry.revision, updatedAt: Date())
            return (result, record, logsVisit)
        }
        // In memory: changed under one lock, found with one look-up (the
        // database is asked only for a session not in memory).
        let changed = state.withLock { state -> (Result, BrowsingSessionRecord?, Bool)? in
            guard let index = state.sessions.index(forKey: session) else { return nil }
            state.clock += 1
            let clock = state.clock
            return apply(&state.sessions.values[index], clock: clock)
        }
        let (result, record, logsVisit): (Result, BrowsingSessionRecord?, Bool)
        if let changed {
            (result, record, logsVisit) = changed
        } else {
            let stored = storedHistory(session)
            (result, record, logsVisit) = state.withLock { state in
                adopt(stored, for: session, into: &state)
                state.clock += 1
                let clock = state.clock
                // Found (or made) with one look-up.
                let changed = apply(&state.sessions[session, default: Session(history: SessionHistory(capacity: historyCapacity), lastUse: clock)], clock: clock)
                forgetLeastRecentlyUsed(&state)
                return changed
            }
        }
        if let record { enqueue(record, visit: logsVisit ? visit : nil) }
        return result
    }

    private func enqueue(_ record: BrowsingSessionRecord, visit: (url: String, title: String?)?) {
        let schedule = pending.withLock { pending in
            pending.saves.append((record, visit))
            defer { pending.flushScheduled = true }
            return !pending.flushScheduled
        }
        guard schedule else { return }
        Task.detached { [self] in
            try? await Task.sleep(for: Self.flushDelay)
            flush()
        }
    }

    /// Writes the saves waiting, in one transaction; at shutdown too. A
    /// process killed meanwhile loses at most the last ``flushDelay`` of
    /// page views, never one that was written, and never the file.
    public func flush() {
        writing.withLock { _ in
            let saves = pending.withLock { pending in
                defer { pending = ([], false) }
                return pending.saves
            }
            guard let persistence, !saves.isEmpty else { return }
            do throws(StoreError) {
                try persistence.saveBrowsingSessions(saves)
            } catch {
                saveFailed(error)
            }
        }
    }

    /// The session as the database has it, when it is not in memory.
    private func storedHistory(_ session: String) -> Stored? {
        guard let persistence, state.withLock({ $0.sessions[session] == nil }) else { return nil }
        do {
            guard let record = try persistence.browsingSession(id: session) else { return nil }
            return Stored(history: SessionHistory(entries: record.entries, index: record.index, capacity: historyCapacity),
                          revision: record.revision)
        } catch {
            saveFailed(error)
            return nil
        }
    }

    /// Takes a session read from the database into memory, unless another
    /// request did so meanwhile.
    private func adopt(_ stored: Stored?, for session: String, into state: inout State) {
        guard let stored, state.sessions[session] == nil else { return }
        state.clock += 1
        state.sessions[session] = Session(history: stored.history, lastUse: state.clock, revision: max(0, stored.revision))
        if stored.history.current != nil { state.resumable.insert(session) }
        forgetLeastRecentlyUsed(&state)
    }

    private func forgetLeastRecentlyUsed(_ state: inout State) {
        guard state.sessions.count > capacity else { return }
        // Forget the least recently used tenth at once: one sort per
        // capacity/10 new sessions, so clients without cookies (one new
        // session per request) cost little.
        let forgotten = state.sessions.map { (id: $0.key, lastUse: $0.value.lastUse) }.sorted { $0.lastUse < $1.lastUse }.prefix(max(1, capacity / 10))
        for (id, _) in forgotten {
            state.sessions[id] = nil
            state.resumable.remove(id)
        }
    }
}
