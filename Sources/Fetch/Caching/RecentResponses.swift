import Foundation
import HTTPTypes
import Synchronization

/// A `ResponseStorage` in front of another that keeps the stored responses
/// of the URLs read lately in memory for a few seconds.
///
/// Why: the proxy reads the cache entry of a page on every view of it, and
/// a reader going back and forth (or a page open in many tabs) reads the same
/// entry again and again. From memory that costs a dictionary lookup; from
/// SQLite it costs a query, a copy of the body and its sanitized form, and
/// decoding the headers.
///
/// Consistency: every write goes to the storage underneath first and then
/// drops what memory holds of that URL, and a read that raced with a write
/// is not kept, so this process never answers with an older copy than the
/// one it stored. What other processes write to the same store (`limot
/// prefetch`, `limot cache clear`) is seen once memory's copy expires,
/// `lifetime` after it was read.
public final class RecentResponses: ResponseStorage {
    private struct Entry {
        var responses: [StoredResponse]
        var readAt: Date
    }

    private struct State {
        var entries: RecentlyUsed<Entry>
        /// Counts writes, so that a read started before one is not kept.
        var writes: UInt64 = 0
    }

    /// The storage underneath, which keeps everything.
    public let base: any ResponseStorage
    public let lifetime: Duration
    public let maxBytes: Int
    private let state: Mutex<State>
    /// The clock copies expire by: the real one, or a test's.
    private let now: @Sendable () -> Date

    public init(wrapping base: any ResponseStorage, lifetime: Duration = .seconds(5), maxBytes: Int = 32 << 20, maxEntries: Int = 256,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.base = base
        self.lifetime = lifetime
        self.maxBytes = maxBytes
        self.now = now
        self.state = Mutex(State(entries: RecentlyUsed(maxEntries: maxEntries, maxBytes: maxBytes)))
    }

    /// Whether a copy read at `readAt` may still answer at `now`. A clock
    /// set back (the wall clock can be) expires it rather than keeping it longer.
    private func isCurrent(readAt: Date, now: Date) -> Bool {
        let age = now.timeIntervalSince(readAt)
        return age >= 0 && age < lifetime / .seconds(1)
    }

    public func storedResponses(for url: String) throws -> [StoredResponse] {
        let now = self.now()
        let (kept, writesBefore): ([StoredResponse]?, UInt64) = state.withLock { state in
            guard let entry = state.entries.use(url) else { return (nil, state.writes) }
            guard isCurrent(readAt: entry.readAt, now: now) else {
                state.entries.remove(url)
                return (nil, state.writes)
            }
            return (entry.responses, state.writes)
        }
        if let kept { return kept }
        let responses = try base.storedResponses(for: url)
        // Nothing stored is not kept: every page never seen before is such
        // a miss, and keeping it cost about 3,000 instructions a page
        // (callgrind), only to be dropped when the page is stored (or to
        // push a page that is stored out of memory, when it is not). The
        // store answers a miss without its pool (`CacheEntryProbe`).
        guard !responses.isEmpty else { return responses }
        let bytes = responses.reduce(0) { $0 + Self.size(of: $1) }
        guard bytes <= maxBytes / 8 else { return responses }  // one big page does not push the rest out
        state.withLock { state in
            guard state.writes == writesBefore else { return }
            state.entries.insert(Entry(responses: responses, readAt: now), bytes: bytes, for: url)
        }
        return responses
    }

    public func store(_ response: StoredResponse) throws {
        defer { forget(response.url) }
        try base.store(response)
    }

    /// Memory's copy is refreshed as the storage's was, where other writes
    /// drop it: a page sent with `max-age=0` or `no-cache` is validated on
    /// every view, and reading it back from SQLite after each 304 (the body,
    /// its sanitized form, the headers decoded) took more instructions than
    /// the rest of the answer (callgrind).
    public func refresh(url: String, variant: String, headers: HTTPFields, requestTime: Date, responseTime: Date) throws {
        do {
            try base.refresh(url: url, variant: variant, headers: headers, requestTime: requestTime, responseTime: responseTime)
        } catch {
            forget(url)
            throw error
        }
        state.withLock { state in
            state.writes &+= 1
            guard var entry = state.entries.use(url),
                  let index = entry.responses.firstIndex(where: { $0.variant == variant })
            else {
                state.entries.remove(url)
                return
            }
            entry.responses[index].headers = headers
            entry.responses[index].requestTime = requestTime
            entry.responses[index].responseTime = responseTime
            let bytes = entry.responses.reduce(0) { $0 + Self.size(of: $1) }
            state.entries.insert(entry, bytes: bytes, for: url)
        }
    }

    public func storeDerived(url: String, variant: String, key: String, bytes: [UInt8]) throws {
        defer { forget(url) }
        try base.storeDerived(url: url, variant: variant, key: key, bytes: bytes)
    }

    public func invalidate(url: String) throws {
        defer { forget(url) }
        try base.invalidate(url: url)
    }

    public func markUsed(url: String, variant: String) {
        base.markUsed(url: url, variant: variant)
    }

    /// Drops memory's copy of `url` after a write (also a failed one: the
    /// storage may hold either version then).
    private func forget(_ url: String) {
        state.withLock { state in
            state.writes &+= 1
            state.entries.remove(url)
        }
    }

    private static func size(of response: StoredResponse) -> Int {
        response.body.count + (response.derived?.count ?? 0) + response.url.utf8.count
            + response.headers.reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 32 } + 256
    }
}

