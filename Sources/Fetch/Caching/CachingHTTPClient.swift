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

/// An `HTTPClient` with a private HTTP cache (RFC 9111) in front of it.
/// See the implementation for the rules it follows.
public final class CachingHTTPClient: Sendable {
    public let client: HTTPClient
    public let storage: (any ResponseStorage)?
    /// Never touch the network: answer from the cache or fail with `.notCached`.
    public let offline: Bool

    /// `storeFailed` hears every storage error (a full disk, a read-only
    /// directory); the fetch goes on uncached.
    public init(client: HTTPClient, storage: (any ResponseStorage)?, offline: Bool = false,
                storeFailed: @escaping @Sendable (any Error) -> Void = { _ in }) {
        fatalError("not yet implemented")
    }

    public func fetch(_ request: FetchRequest, redirectPolicy: RedirectPolicy? = nil) async throws(FetchError) -> CachedFetch {
        fatalError("not yet implemented")
    }
}
