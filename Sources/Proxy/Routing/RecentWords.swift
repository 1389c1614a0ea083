import Synchronization

/// Which words' result pages were kept in the notebook lately, so that
/// reading the same page again (a reload, back and forward, a second tab)
/// does not add it again: once per word per ``interval``.
final class RecentWords: Sendable {
    private let kept = Mutex<[String: ContinuousClock.Instant]>([:])
    let interval: Duration
    /// Beyond this many words the stale ones are forgotten.
    static let capacity = 2_000

    init(interval: Duration = .seconds(600)) {
        self.interval = interval
    }

    /// True, and remembered, when `word` was not kept within the interval.
    func claim(_ word: String) -> Bool {
        let now = ContinuousClock.now
        return kept.withLock { kept in
            if let last = kept[word], now - last < interval { return false }
            if kept.count >= Self.capacity { kept = kept.filter { now - $0.value < interval } }
            kept[word] = now
            return true
        }
    }
}
