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
///
/// - GET requests without `Range` use the cache: a fresh stored copy of the
///   same variant (`Vary`) answers without the network; a stale one is
///   revalidated with its `ETag` / `Last-Modified` (a 304 refreshes it);
///   storable answers are stored, without their `Set-Cookie`.
/// - Other methods go to the network; a successful POST to a URL forgets
///   the stored copies of it (§4.4).
/// - When the site cannot be reached (no route, refused, timed out) or
///   answers 5xx, a stored copy is served anyway, as `.staleFallback`:
///   limot is a reader's offline dictionary, and the proxy's banner says how
///   old the copy is. This deliberately includes copies marked `no-cache` or
///   `must-revalidate`; copies marked `no-store` were never kept.
/// - `offline`: never the network; any stored variant of the URL answers.
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

    /// `storeFailed` hears every storage error (a full disk, a read-only
    /// directory); the fetch goes on uncached.
    public init(client: HTTPClient, storage: (any ResponseStorage)?, offline: Bool = false, keepsCopies: Bool = true,
                storeFailed: @escaping @Sendable (any Error) -> Void = { _ in }) {
        self.client = client
        self.storage = storage
        self.offline = offline
        self.keepsCopies = keepsCopies
        self.storeFailed = storeFailed
    }

    /// Request headers the cache sets itself when it revalidates.
    static let conditionalNames: Set<String> = ["if-none-match", "if-modified-since"]

    public func fetch(_ request: FetchRequest, redirectPolicy: RedirectPolicy? = nil) async throws(FetchError) -> CachedFetch {
        let key = request.url.removingFragment.serialization
        guard let storage, request.method.uppercased() == "GET", request.headers.first(named: "Range") == nil else {
            return try await uncached(request, key: key, redirectPolicy: redirectPolicy)
        }
        // Entries whose URLs no longer parse (a damaged row) are ignored.
        let candidates = (attempt { try storage.storedResponses(for: key) } ?? []).compactMap(Copy.init)
        let stored = candidates.first { CachePolicy.matches($0.entry, requestHeaders: request.headers) }
        if offline {
            guard let copy = stored ?? candidates.first else {
                throw FetchError(.notCached, url: key, message: "offline, and no copy of it was kept")
            }
            return answer(from: copy, source: .offline, fetchedAt: copy.entry.responseTime)
        }
        if let stored, CachePolicy.isFresh(stored.entry, now: Date()) {
            return answer(from: stored, source: .cache, fetchedAt: stored.entry.responseTime)
        }
        var outgoing = request
        if let stored {
            outgoing.headers = request.headers.filter { !Self.conditionalNames.contains($0.name.lowercased()) }
                + CachePolicy.conditionalHeaders(for: stored.entry)
        }
        let requestTime = Date()
        let response: FetchResponse
        do {
            response = try await client.fetch(outgoing, redirectPolicy: redirectPolicy)
        } catch {
            if Self.siteUnreachable(error.kind), let copy = stored ?? candidates.first {
                return answer(from: copy, source: .staleFallback(reason: error.message), fetchedAt: copy.entry.responseTime)
            }
            throw error
        }
        let responseTime = Date()
        if response.status == 304, var stored {
            stored.entry.headers = CachePolicy.headersAfterValidation(stored: stored.entry.headers, notModified: response.headers)
            stored.entry.requestTime = requestTime
            stored.entry.responseTime = responseTime
            let refreshed = stored.entry
            if keepsCopies { attempt { try storage.refresh(url: refreshed.url, variant: refreshed.variant, headers: refreshed.headers,
                                          requestTime: requestTime, responseTime: responseTime) } }
            return answer(from: stored, source: .revalidated, fetchedAt: responseTime)
        }
        if response.status >= 500, let copy = stored ?? candidates.first {
            return answer(from: copy, source: .staleFallback(reason: "the site answered HTTP \(response.status)"), fetchedAt: copy.entry.responseTime)
        }
        var entry: StoredResponse?
        let storable = keepsCopies && CachePolicy.isStorable(method: "GET", requestHeaders: request.headers, status: response.status, responseHeaders: response.headers)
        if storable, var same = stored, same.entry.status == response.status, same.entry.finalURL == response.url.serialization,
           same.entry.body == response.body,
           same.entry.variant == CachePolicy.varyNames(response.headers).map({ CachePolicy.variant(varyNames: $0, requestHeaders: request.headers) }) {
            // The same bytes again (a site without validators): only the
            // headers and times change, and the derived form stays valid.
            same.entry.headers = CachePolicy.storableHeaders(response.headers)
            same.entry.requestTime = requestTime
            same.entry.responseTime = responseTime
            let refreshed = same.entry
            if attempt({ try storage.refresh(url: refreshed.url, variant: refreshed.variant, headers: refreshed.headers,
                                             requestTime: requestTime, responseTime: responseTime) }) != nil {
                entry = refreshed
            }
            return CachedFetch(response: response, source: .network, fetchedAt: responseTime, stored: entry)
        }
        if storable, let names = CachePolicy.varyNames(response.headers) {
            let made = StoredResponse(
                url: key, variant: CachePolicy.variant(varyNames: names, requestHeaders: request.headers),
                finalURL: response.url.serialization, status: response.status,
                headers: CachePolicy.storableHeaders(response.headers), body: response.body,
                requestTime: requestTime, responseTime: responseTime)
            if attempt({ try storage.store(made) }) != nil { entry = made }
        } else if keepsCopies, !candidates.isEmpty, response.status != 304 {
            // The site now says not to keep it: the old copies go too.
            attempt { try storage.invalidate(url: key) }
        }
        return CachedFetch(response: response, source: .network, fetchedAt: responseTime, stored: entry)
    }

    /// A request the cache does not answer; a successful unsafe one forgets
    /// the stored copies of its URL.
    private func uncached(_ request: FetchRequest, key: String, redirectPolicy: RedirectPolicy?) async throws(FetchError) -> CachedFetch {
        if offline { throw FetchError(.notCached, url: key, message: "offline: limot does not send \(request.method) requests") }
        let response = try await client.fetch(request, redirectPolicy: redirectPolicy)
        let safe = ["GET", "HEAD", "OPTIONS", "TRACE"].contains(request.method.uppercased())
        if !safe, response.status < 400, keepsCopies, let storage {
            attempt { try storage.invalidate(url: key) }
            if response.url.serialization != key { attempt { try storage.invalidate(url: response.url.removingFragment.serialization) } }
        }
        return CachedFetch(response: response, source: .network, fetchedAt: Date(), stored: nil)
    }

    /// A stored entry with its final URL parsed.
    private struct Copy {
        var entry: StoredResponse
        let finalURL: WebURL
        init?(_ entry: StoredResponse) {
            guard let finalURL = try? WebURL(entry.finalURL) else { return nil }
            self.entry = entry
            self.finalURL = finalURL
        }
    }

    /// The answer a stored copy gives: its final URL, and the request's URL
    /// as the one redirect when they differ (so callers see it moved).
    private func answer(from copy: Copy, source: CachedFetch.Source, fetchedAt: Date) -> CachedFetch {
        let stored = copy.entry
        storage?.markUsed(url: stored.url, variant: stored.variant)
        let redirects = stored.finalURL != stored.url ? (try? WebURL(stored.url)).map { [$0] } ?? [] : []
        let response = FetchResponse(url: copy.finalURL, redirects: redirects, status: stored.status,
                                     headers: stored.headers, body: stored.body, httpVersion: "1.1")
        return CachedFetch(response: response, source: source, fetchedAt: fetchedAt, stored: stored)
    }

    /// Failures that mean the site is out of reach, not that the answer is wrong.
    static func siteUnreachable(_ kind: FetchError.Kind) -> Bool {
        switch kind {
        case .couldNotResolve, .couldNotConnect, .connectTimedOut, .timedOut, .protocolError: return true
        default: return false
        }
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
