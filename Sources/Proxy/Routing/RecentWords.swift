import Lookup
import Synchronization

/// Which words' result pages were kept in the notebook lately, so that
/// reading the same page again (a reload, back and forward, a second tab)
/// does not add it again: once per word per ``interval``.
///
/// Every page view asks, so the page's address is remembered too: the same
/// address again within the interval is answered without finding and
/// normalizing its word (Foundation's trimming and Unicode normalization,
/// tens of microseconds a page).
final class RecentWords: Sendable {
    private struct Kept {
        var words: [String: ContinuousClock.Instant] = [:]
        /// Addresses whose word was claimed, when it was.
        var pages: [String: ContinuousClock.Instant] = [:]
    }
    private let kept = Mutex(Kept())
    let interval: Duration
    /// Beyond this many words (or addresses) the stale ones are forgotten.
    static let capacity = 2_000

    init(interval: Duration = .seconds(600)) {
        self.interval = interval
    }

    /// The word of the result page at `page` (as `word` finds it), when it
    /// was not kept within the interval; it is then remembered as kept.
    /// Nil for a page with no word, or a word kept lately.
    func claim(page: String, word: () -> String?) -> String? {
        let now = ContinuousClock.now
        let seen = kept.withLock { kept in kept.pages[page].map { now - $0 < interval } ?? false }
        guard !seen, let word = word() else { return nil }
        let normalized = QueryNormalizer.normalize(word)
        let claimed = kept.withLock { kept in
            if let last = kept.words[normalized], now - last < interval { return false }
            if kept.words.count >= Self.capacity { kept.words = kept.words.filter { now - $0.value < interval } }
            if kept.pages.count >= Self.capacity { kept.pages = kept.pages.filter { now - $0.value < interval } }
            kept.words[normalized] = now
            kept.pages[page] = now
            return true
        }
        return claimed ? word : nil
    }
}
