import Synchronization

/// Every browser session's history, keyed by the session cookie.
///
/// Bounded: beyond `capacity` sessions the least recently used one is
/// forgotten, so a client inventing session ids cannot grow memory.
public final class SessionStore: Sendable {
    private struct State {
        var histories: [String: SessionHistory] = [:]
        var lastUse: [String: UInt64] = [:]
        var clock: UInt64 = 0
    }
    private let state = Mutex(State())
    public let capacity: Int
    public let historyCapacity: Int

    public init(capacity: Int = 10_000, historyCapacity: Int = 200) {
        self.capacity = capacity
        self.historyCapacity = historyCapacity
    }

    /// Runs `body` on the session's history (created empty if new) and
    /// returns its result; the change is kept.
    @discardableResult
    public func update<Result: Sendable>(_ session: String, _ body: (inout SessionHistory) -> Result) -> Result {
        state.withLock { state in
            state.clock += 1
            var history = state.histories[session] ?? SessionHistory(capacity: historyCapacity)
            let result = body(&history)
            state.histories[session] = history
            state.lastUse[session] = state.clock
            if state.histories.count > capacity {
                // Forget the least recently used tenth at once: one sort per
                // capacity/10 new sessions, so clients without cookies (one
                // new session per request) cost little.
                let forgotten = state.lastUse.sorted { $0.value < $1.value }.prefix(max(1, capacity / 10))
                for (id, _) in forgotten {
                    state.histories[id] = nil
                    state.lastUse[id] = nil
                }
            }
            return result
        }
    }

    /// A copy of the session's history (empty if unknown).
    public func history(_ session: String) -> SessionHistory {
        state.withLock { $0.histories[session] } ?? SessionHistory(capacity: historyCapacity)
    }
}
