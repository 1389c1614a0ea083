import Foundation
import WebURL

/// A fetch answered by the HTTP cache or the network, and which.
public struct CachedFetch: Sendable {
    public enum Source: Sendable, Equatable {
        /// Fetched now (and stored when storable).
        case network
        /// A fresh stored copy; the site was not asked.
        case cache
        /// A stored copy the site confirmed now (304).
        case revalidated
        /// A stored copy, stale or unvalidated, because the site could not
        /// be reached or answered with a server error; `reason` says what
        /// happened, for the reader's banner.
        case staleFallback(reason: String)
        /// A stored copy served without asking (`--offline`).
        case offline
    }
    public var response: FetchResponse
    public var source: Source
    /// When the site last sent or confirmed this content.
    public var fetchedAt: Date
    /// The cache entry behind the answer (or just stored), for callers that
    /// keep a derived form; nil when nothing was stored.
    public var stored: StoredResponse?

    public init(response: FetchResponse, source: Source, fetchedAt: Date, stored: StoredResponse?) {
        self.response = response
        self.source = source
        self.fetchedAt = fetchedAt
        self.stored = stored
    }

    /// Whether the answer is a copy the site did not confirm now.
    public var isStaleCopy: Bool {
        switch source {
        case .staleFallback, .offline: return true
        case .network, .cache, .revalidated: return false
        }
    }
}

/// An `HTTPClient` with a private HTTP cache (RFC 9111) in front of it: the
/// driver of ``CacheLookupState``, which decides what is answered from the
/// storage, what is sent, and what is kept (see there for the rules); this
/// performs its actions against the storage and the network.
///
/// The storage failing (a full disk, a read-only data directory) never fails
/// a fetch: `storeFailed` hears of it and the answer is served uncached.
public final class CachingHTTPClient: Sendable {
    public let client: HTTPClient
    public let storage: (any ResponseStorage)?
    /// Never touch the network: answer from the cache or fail with `.notCached`.
    public let offline: Bool
    /// Whether new answers are kept. False for a user who asked limot to
    /// keep nothing (`--no-history`): copies kept before are still read.
    public let keepsCopies: Bool
    private let storeFailed: @Sendable (any Error) -> Void
    /// The time freshness is judged at and copies are stamped with: the
    /// real clock, or a test's that moves only when told.
    private let now: @Sendable () -> Date

    /// `storeFailed` hears every storage error (a full disk, a read-only
    /// directory); the fetch goes on uncached.
    public init(client: HTTPClient, storage: (any ResponseStorage)?, offline: Bool = false, keepsCopies: Bool = true,
                now: @escaping @Sendable () -> Date = { Date() },
                storeFailed: @escaping @Sendable (any Error) -> Void = { _ in }) {
        self.client = client
        self.storage = storage
        self.offline = offline
        self.keepsCopies = keepsCopies
        self.now = now
        self.storeFailed = storeFailed
    }

    /// Runs on the caller's executor, as `HTTPClient.fetch` (see there).
    public nonisolated(nonsending) func fetch(_ request: FetchRequest, redirectPolicy: RedirectPolicy? = nil) async throws(FetchError) -> CachedFetch {
        var state = CacheLookupState(request: request, offline: offline, keepsCopies: keepsCopies && storage != nil)
        let outgoing: FetchRequest
        switch state.start() {
        case .lookUp(let url):
            // A storage that cannot be read is an empty one.
            let stored = storage.flatMap { storage in attempt { try storage.storedResponses(for: url) } } ?? []
            switch state.found(stored, now: now()) {
            case .answer(let copy, let source): return answer(from: copy, source: source)
            case .send(let request), .sendConditional(let request): outgoing = request
            case .fail(let error): throw error
            }
        case .send(let request): outgoing = request
        case .fail(let error): throw error
        }
        let outcome: CacheLookupState.OutcomeAction
        do {
            let response = try await client.fetch(outgoing, redirectPolicy: redirectPolicy)
            outcome = state.received(response, now: now())
        } catch {
            outcome = state.failed(error)
        }
        switch outcome {
        case .answer(let copy, let source, let writes):
            for write in writes { perform(write) }
            return answer(from: copy, source: source)
        case .deliver(let response, let fetchedAt, let writes):
            let stored = writes.compactMap(perform).last
            return CachedFetch(response: response, source: .network, fetchedAt: fetchedAt, stored: stored)
        case .fail(let error):
            throw error
        }
    }

    /// Performs a write; the copy it kept, if it kept one.
    @discardableResult
    private func perform(_ write: CacheLookupState.Write) -> StoredResponse? {
        guard let storage else { return nil }
        switch write {
        case .store(let copy):
            return attempt { try storage.store(copy) }.map { copy }
        case .refresh(let copy):
            return attempt { try storage.refresh(url: copy.url, variant: copy.variant, headers: copy.headers,
                                                 requestTime: copy.requestTime, responseTime: copy.responseTime) }.map { copy }
        case .invalidate(let url):
            attempt { try storage.invalidate(url: url) }
            return nil
        }
    }

    /// A stored copy as the answer, marked used for the eviction's recency.
    private func answer(from copy: CacheLookupState.Copy, source: CachedFetch.Source) -> CachedFetch {
        storage?.markUsed(url: copy.entry.url, variant: copy.entry.variant)
        return copy.cachedFetch(source: source)
    }

    /// Runs a storage call; its error goes to `storeFailed` and gives nil.
    @discardableResult
    private func attempt<T>(_ body: () throws -> T) -> T? {
        do { return try body() } catch {
            storeFailed(error)
            return nil
        }
    }
}
