import Foundation
import HTTPTypes
import WebURL

/// One request through the private HTTP cache (RFC 9111) as a plain value:
/// the driver (``CachingHTTPClient``) reports what happened and performs the
/// action each step returns, against the storage and the network. Every
/// decision of the cache is made here; `CachePolicy` and `CacheControl`
/// answer the questions of the RFC it asks.
///
/// The steps, in order:
/// 1. ``start()``: look the URL up, or send the request past the cache
///    (not GET, or `Range`), or fail (offline).
/// 2. ``found(_:now:)`` with the stored variants: answer from one, or send
///    (conditionally, with a stale copy's validators), or fail (offline).
/// 3. ``received(_:now:)`` or ``failed(_:)`` with the network's outcome:
///    what to answer, and what to write to the storage.
///
/// What it answers:
/// - A fresh stored copy of the same variant (`Vary`) answers without the
///   network; a stale one is revalidated with its `ETag` / `Last-Modified`
///   (a 304 refreshes it); storable answers are stored, without their
///   `Set-Cookie`.
/// - Other methods go to the network; a successful unsafe one forgets the
///   stored copies of its URL (§4.4).
/// - When the site cannot be reached (no route, refused, timed out) or
///   answers 5xx, a stored copy answers anyway, as `.staleFallback`: limot
///   is a reader's offline dictionary, and the proxy's banner says how old
///   the copy is. This deliberately includes copies marked `no-cache` or
///   `must-revalidate`; copies marked `no-store` were never kept.
/// - Offline: never the network; any stored variant of the URL answers.
struct CacheLookupState: Sendable {
    /// A stored response the cache may answer with, its final URL parsed.
    struct Copy: Sendable, Equatable {
        var entry: StoredResponse
        let finalURL: WebURL

        /// Nil for an entry whose final URL no longer parses (a damaged row).
        init?(_ entry: StoredResponse) {
            guard let finalURL = try? WebURL(entry.finalURL) else { return nil }
            self.entry = entry
            self.finalURL = finalURL
        }

        /// The answer this copy gives: its final URL, and the request's URL
        /// as the one redirect when they differ (so callers see it moved).
        func cachedFetch(source: CachedFetch.Source) -> CachedFetch {
            let redirects = entry.finalURL != entry.url ? (try? WebURL(entry.url)).map { [$0] } ?? [] : []
            let response = FetchResponse(url: finalURL, redirects: redirects, status: entry.status,
                                         headers: entry.headers, body: entry.body, httpVersion: "1.1")
            return CachedFetch(response: response, source: source, fetchedAt: entry.responseTime, stored: entry)
        }
    }

    /// A write to the storage.
    enum Write: Sendable, Equatable {
        /// Keep this new copy (in place of the one with its url and variant).
        case store(StoredResponse)
        /// Replace the headers and times of the copy with this url and
        /// variant; its body and derived form stay.
        case refresh(StoredResponse)
        /// Forget every stored variant of the URL.
        case invalidate(url: String)
    }

    /// What ``start()`` asks for.
    enum StartAction: Sendable {
        /// Read the stored variants of this URL, and report them to ``found(_:now:)``.
        case lookUp(url: String)
        /// Send the request as it is; the cache does not answer it.
        case send(FetchRequest)
        case fail(FetchError)
    }

    /// What ``found(_:now:)`` asks for.
    enum LookupAction: Sendable {
        /// Answer with the copy (and mark it used).
        case answer(Copy, CachedFetch.Source)
        /// Send the request, with no stored copy to validate.
        case send(FetchRequest)
        /// Send the request with the validators of a stale copy of its variant.
        case sendConditional(FetchRequest)
        case fail(FetchError)
    }

    /// What ``received(_:now:)`` and ``failed(_:)`` ask for. Writes come
    /// first; a storage error never changes the answer.
    enum OutcomeAction: Sendable {
        /// Answer with the copy (and mark it used).
        case answer(Copy, CachedFetch.Source, writes: [Write])
        /// Answer with the network's response. A copy a `.store` or
        /// `.refresh` among `writes` wrote is the answer's stored entry, when
        /// the write succeeds.
        case deliver(FetchResponse, fetchedAt: Date, writes: [Write])
        case fail(FetchError)
    }

    private enum State: Sendable {
        case initial
        case lookingUp
        /// Sent past the cache.
        case bypassing
        /// Sent as a GET the cache may answer or keep.
        case awaitingNetwork(Sent)
        case finished
    }

    private struct Sent: Sendable {
        /// The copy of the request's variant, if any (validated when stale).
        var matched: Copy?
        /// Every usable stored variant of the URL.
        var candidates: [Copy]
        var requestTime: Date

        /// The copy served when the site fails: the request's variant, else any.
        var fallback: Copy? { matched ?? candidates.first }
    }

    /// Request headers the cache sets itself when it revalidates.
    static let conditionalNames: Set<HTTPField.Name> = [.ifNoneMatch, .ifModifiedSince]
    /// Methods that change nothing on the server: their success keeps the stored copies.
    static let safeMethods: Set<String> = ["GET", "HEAD", "OPTIONS", "TRACE"]

    let request: FetchRequest
    /// The primary cache key: the request's URL without fragment.
    let key: String
    /// Never the network: answer from the cache or fail with `.notCached`.
    let offline: Bool
    /// Whether new answers are written; false for `--no-history`, where
    /// copies kept before are still read.
    let keepsCopies: Bool
    private var state = State.initial

    init(request: FetchRequest, offline: Bool, keepsCopies: Bool) {
        self.request = request
        self.key = request.url.removingFragment.serialization
        self.offline = offline
        self.keepsCopies = keepsCopies
    }

    private var method: String { request.method.uppercased() }

    /// The first step: whether the cache has a say in this request.
    mutating func start() -> StartAction {
        guard case .initial = state else { preconditionFailure("start() called twice") }
        if method == "GET", !request.headers.contains(.range) {
            state = .lookingUp
            return .lookUp(url: key)
        }
        guard !offline else {
            state = .finished
            let what = method == "GET" ? "range requests" : "\(request.method) requests"
            return .fail(FetchError(.notCached, url: key, message: "offline: limot does not send \(what)"))
        }
        state = .bypassing
        return .send(request)
    }

    /// The stored variants of the URL, read at `now`.
    mutating func found(_ stored: [StoredResponse], now: Date) -> LookupAction {
        guard case .lookingUp = state else { preconditionFailure("found(_:now:) called before start() asked for it") }
        let candidates = stored.compactMap(Copy.init)
        let matched = candidates.first { CachePolicy.matches($0.entry, requestHeaders: request.headers) }
        if offline {
            state = .finished
            guard let copy = matched ?? candidates.first else {
                return .fail(FetchError(.notCached, url: key, message: "offline, and no copy of it was kept"))
            }
            return .answer(copy, .offline)
        }
        if let matched, CachePolicy.isFresh(matched.entry, now: now) {
            state = .finished
            return .answer(matched, .cache)
        }
        state = .awaitingNetwork(Sent(matched: matched, candidates: candidates, requestTime: now))
        let validators = matched.map { CachePolicy.conditionalHeaders(for: $0.entry) } ?? [:]
        guard !validators.isEmpty else { return .send(request) }
        var conditional = request
        conditional.headers = request.headers.filter { !Self.conditionalNames.contains($0.name) } + validators
        return .sendConditional(conditional)
    }

    /// The network answered at `now`.
    mutating func received(_ response: FetchResponse, now: Date) -> OutcomeAction {
        switch state {
        case .bypassing:
            state = .finished
            return .deliver(response, fetchedAt: now, writes: invalidations(after: response))
        case .awaitingNetwork(let sent):
            state = .finished
            return outcome(of: response, sent: sent, now: now)
        case .initial, .lookingUp, .finished:
            preconditionFailure("received(_:now:) called with no request sent")
        }
    }

    /// The network failed.
    mutating func failed(_ error: FetchError) -> OutcomeAction {
        switch state {
        case .bypassing:
            state = .finished
            return .fail(error)
        case .awaitingNetwork(let sent):
            state = .finished
            guard Self.siteUnreachable(error.kind), let copy = sent.fallback else { return .fail(error) }
            return .answer(copy, .staleFallback(reason: error.message), writes: [])
        case .initial, .lookingUp, .finished:
            preconditionFailure("failed(_:) called with no request sent")
        }
    }

    /// A successful unsafe request forgets the stored copies of its URL and
    /// of the URL it was redirected to (§4.4).
    private func invalidations(after response: FetchResponse) -> [Write] {
        guard !Self.safeMethods.contains(method), response.status < 400, keepsCopies else { return [] }
        let final = response.url.removingFragment.serialization
        return [.invalidate(url: key)] + (final != key ? [.invalidate(url: final)] : [])
    }

    private func outcome(of response: FetchResponse, sent: Sent, now: Date) -> OutcomeAction {
        if response.status == 304, var validated = sent.matched {
            validated.entry.headers = CachePolicy.headersAfterValidation(stored: validated.entry.headers, notModified: response.headers)
            validated.entry.requestTime = sent.requestTime
            validated.entry.responseTime = now
            return .answer(validated, .revalidated, writes: keepsCopies ? [.refresh(validated.entry)] : [])
        }
        if response.status >= 500, let copy = sent.fallback {
            return .answer(copy, .staleFallback(reason: "the site answered HTTP \(response.status)"), writes: [])
        }
        let storable = keepsCopies && CachePolicy.isStorable(method: "GET", requestHeaders: request.headers,
                                                             status: response.status, responseHeaders: response.headers)
        guard storable, let varyNames = CachePolicy.varyNames(response.headers) else {
            // The site now says not to keep it: the old copies go too.
            let forget = keepsCopies && !sent.candidates.isEmpty && response.status != 304
            return .deliver(response, fetchedAt: now, writes: forget ? [.invalidate(url: key)] : [])
        }
        let variant = CachePolicy.variant(varyNames: varyNames, requestHeaders: request.headers)
        if var same = sent.matched?.entry, same.status == response.status, same.finalURL == response.url.serialization,
           same.variant == variant, same.body == response.body {
            // The same bytes again (a site without validators): only the
            // headers and times change, and the derived form stays valid.
            same.headers = CachePolicy.storableHeaders(response.headers)
            same.requestTime = sent.requestTime
            same.responseTime = now
            return .deliver(response, fetchedAt: now, writes: [.refresh(same)])
        }
        let made = StoredResponse(
            url: key, variant: variant, finalURL: response.url.serialization, status: response.status,
            headers: CachePolicy.storableHeaders(response.headers), body: response.body,
            requestTime: sent.requestTime, responseTime: now)
        return .deliver(response, fetchedAt: now, writes: [.store(made)])
    }

    /// Failures that mean the site is out of reach, not that the answer is wrong.
    static func siteUnreachable(_ kind: FetchError.Kind) -> Bool {
        switch kind {
        case .couldNotResolve, .couldNotConnect, .connectTimedOut, .timedOut, .protocolError: return true
        default: return false
        }
    }
}
