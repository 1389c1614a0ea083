import Fetch
import Foundation
import HTTPTypes

/// When a failed request is tried again: exponential backoff from
/// ``base`` doubling up to ``cap``, with jitter so that parallel requests
/// do not retry in step, and the site's `Retry-After` honoured up to the cap.
public struct RetryPolicy: Sendable {
    static let base: Double = 1
    static let cap: Double = 30
    /// HTTP statuses that say "try again later".
    static let transientStatuses: Set<Int> = [429, 502, 503, 504]
    /// Failures to reach the site that may well pass (the kinds the cache
    /// also counts as "the site is out of reach").
    static let transientKinds: Set<FetchError.Kind> = [.couldNotResolve, .couldNotConnect, .connectTimedOut, .timedOut, .protocolError]

    /// Retries after the first attempt.
    public var retries: Int

    public init(retries: Int) {
        self.retries = retries
    }

    /// Seconds to wait before retry number `retry` (0 for the first
    /// retry): a random point in the upper half of `base·2^retry` (at most
    /// `cap`), or the `Retry-After` seconds when the site sent them (at most
    /// `cap`).
    static func delay(retry: Int, retryAfter: Double?, random: Double = Double.random(in: 0...1)) -> Double {
        if let retryAfter, retryAfter >= 0 { return min(cap, retryAfter) }
        let ceiling = min(cap, base * pow(2, Double(min(retry, 16))))
        return ceiling / 2 + ceiling / 2 * random
    }

    /// The seconds a `Retry-After` value asks for: delay-seconds, or an
    /// HTTP date counted from `now`; nil when absent or unreadable.
    static func retryAfter(_ headers: HTTPFields, now: Date = Date()) -> Double? {
        guard let value = headers[values: .retryAfter].first?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return seconds >= 0 ? Double(seconds) : nil }
        guard let date = HTTPDate.parse(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// Spaces the starts of requests: each one at least `interval` after the
/// previous one, whichever worker starts it.
actor Pacer {
    private let interval: Duration
    private var next: ContinuousClock.Instant?

    init(interval: Duration) {
        self.interval = interval
    }

    /// The instant the next request may start, and books it.
    func reserve() -> ContinuousClock.Instant {
        let now = ContinuousClock.now
        let slot = max(now, next ?? now)
        next = slot + interval
        return slot
    }

    /// Waits for this request's turn; throws when the task is cancelled.
    nonisolated func waitForTurn() async throws {
        let slot = await reserve()
        try await Task.sleep(until: slot, clock: .continuous)
    }
}
