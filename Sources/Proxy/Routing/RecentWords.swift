import Lookup
import Synchronization

/// Which words' result pages were kept in the notebook lately, so that
/// reading the same page again (a reload, back and forward, a second tab)
/// does not add it again: once per word per ``interval``.
///
/// Every page view asks, so the page's address is remembered too: the same
/// address again within the interval is answered without finding and
/// normalizing its word (Foundation's trimming and Unicode normalization,
/// tens of microseconds a page). So is the word as the address spelled it:
/// another address with the same word (`&n=2`, another tab's parameters)
/// is answered without normalizing it again.
///
/// Bounded: each record holds at most ``capacity`` entries. The stale ones
/// go first; when all are fresh (a reader, or a client, asking more than
/// ``capacity`` new words within the interval), the older half goes, so a
/// word may then be kept in the notebook again within the interval.
final class RecentWords: Sendable {
    private struct Kept {
        /// Normalized words, when they were claimed.
        var words: [String: ContinuousClock.Instant] = [:]
        /// Words as their addresses spelled them, when they (or a word that
        /// normalizes alike) were claimed.
        var spellings: [String: ContinuousClock.Instant] = [:]
        /// Addresses whose word was claimed, when it was.
        var pages: [String: ContinuousClock.Instant] = [:]
    }
    private let kept = Mutex(Kept())
    let interval: Duration
    /// The most entries each record (words, spellings, addresses) holds.
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
        let spelledLately = kept.withLock { kept in kept.spellings[word].map { now - $0 < interval } ?? false }
        guard !spelledLately else { return nil }
        let normalized = QueryNormalizer.normalize(word)
        let claimed = kept.withLock { kept in
            if let last = kept.words[normalized], now - last < interval {
                // Claimed under another spelling: this one is now known too.
                remember(word, at: last, in: &kept.spellings, now: now)
                return false
            }
            remember(normalized, at: now, in: &kept.words, now: now)
            remember(word, at: now, in: &kept.spellings, now: now)
            remember(page, at: now, in: &kept.pages, now: now)
            return true
        }
        return claimed ? word : nil
    }

    /// How many entries each record holds (for the bound's test).
    var counts: (words: Int, spellings: Int, pages: Int) {
        kept.withLock { ($0.words.count, $0.spellings.count, $0.pages.count) }
    }

    /// Records `key` at `time`, first making room within ``capacity``.
    private func remember(_ key: String, at time: ContinuousClock.Instant, in record: inout [String: ContinuousClock.Instant], now: ContinuousClock.Instant) {
        if record[key] == nil, record.count >= Self.capacity {
            record = record.filter { now - $0.value < interval }
            if record.count >= Self.capacity {
                // All fresh: the newer half stays. One sort per
                // capacity/2 new entries, not a scan on each.
                let newest = record.sorted { $0.value > $1.value }.prefix(Self.capacity / 2)
                record = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
            }
        }
        record[key] = time
    }
}
