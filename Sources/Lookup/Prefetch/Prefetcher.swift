import ContentRules
import Fetch
import Foundation
import HTTPTypes
import Store
import WebURL
import Vocabulary

/// What became of one word of a prefetch.
public enum PrefetchOutcome: Sendable, Equatable {
    /// Its page was fetched and stored, and has entries.
    case fetched
    /// Its page was fetched and stored, but the extractor found no entries.
    case noEntries
    /// The site answered 404 ("no such word"); that page was stored.
    case notFound
    /// Its page was already in the cache.
    case alreadyCached
    case failed(PrefetchFailure)
    /// Stopped by Ctrl-C or SIGTERM before it finished; nothing stored.
    case interrupted
}

/// Why a word's page was not stored.
public struct PrefetchFailure: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The site could not be reached or answered with an error status.
        case network
        /// The rule lists block the page.
        case rejected
        /// The page came but the cache did not keep it.
        case notStored
    }
    public var kind: Kind
    public var reason: String

    public init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }
}

/// One word to fetch: its search page's URL, in its direction.
public struct PrefetchJob: Sendable {
    public var word: WordList.Word
    public var direction: LookupDirection
    public var url: WebURL

    public init(word: WordList.Word, direction: LookupDirection, url: WebURL) {
        self.word = word
        self.direction = direction
        self.url = url
    }
}

/// Fetches the search pages of a list of words through the HTTP cache,
/// politely: a few at a time, spaced, transient failures retried with
/// backoff. Stops starting words when its task is cancelled.
public final class Prefetcher: Sendable {
    let client: CachingHTTPClient
    let store: LimotStore
    /// Reads a fetched page's entries as `limot lookup` does.
    let lookups: LookupService
    let retry: RetryPolicy
    let concurrency: Int
    let refresh: Bool
    private let pacer: Pacer
    /// The last error the store reported while the cache kept a page.
    private let lastStoreError = Locked<String?>(nil)

    public init(http: HTTPClient, store: LimotStore, lookups: LookupService, retry: RetryPolicy, concurrency: Int, delay: Double, refresh: Bool) {
        let storeErrors = lastStoreError
        // --refresh: the cache shows no copy, so every page comes from the
        // site; a new copy replaces the old one, a failure leaves it.
        let storage: any ResponseStorage = refresh ? UnreadStorage(store) : store
        self.client = CachingHTTPClient(client: http, storage: storage, storeFailed: { error in
            storeErrors.withLock { $0 = "\(error)" }
        })
        self.store = store
        self.lookups = lookups
        self.retry = retry
        self.concurrency = concurrency
        self.refresh = refresh
        self.pacer = Pacer(interval: .milliseconds(Int64((delay * 1000).rounded())))
    }

    /// Fetches every job, `concurrency` at a time; `started` hears each
    /// word as it starts, `finished` each outcome. Returns when all are
    /// done, or, once the task is cancelled, when the words in flight have
    /// stopped (their outcome `.interrupted`).
    public func run(_ jobs: [PrefetchJob], started: @escaping @Sendable (PrefetchJob) -> Void,
             finished: @escaping @Sendable (PrefetchJob, PrefetchOutcome) -> Void) async {
        let next = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<min(concurrency, jobs.count) {
                group.addTask {
                    while !Task.isCancelled {
                        let index = next.withLock { index in
                            defer { index += 1 }
                            return index
                        }
                        guard index < jobs.count else { return }
                        started(jobs[index])
                        finished(jobs[index], await self.prefetch(jobs[index]))
                    }
                }
            }
        }
    }

    /// One word: its page fetched (retried while that may help), stored,
    /// and read for entries.
    public func prefetch(_ job: PrefetchJob) async -> PrefetchOutcome {
        // What `limot lookup` sends, so that its request finds the stored
        // page even when the site's answers vary on these headers.
        let request = FetchRequest(url: job.url, headers: LookupService.requestHeaders)
        var retries = 0
        while true {
            do {
                try await pacer.waitForTurn()
            } catch {
                return .interrupted
            }
            switch await attempt(request, job: job) {
            case .done(let outcome):
                return outcome
            case .transient(let reason, let retryAfter):
                guard !Task.isCancelled else { return .interrupted }
                guard retries < retry.retries else {
                    let tries = retries + 1
                    return .failed(PrefetchFailure(kind: .network, reason: reason + (tries > 1 ? " (\(tries) attempts)" : "")))
                }
                do {
                    try await Task.sleep(for: .seconds(RetryPolicy.delay(retry: retries, retryAfter: retryAfter)))
                } catch {
                    return .interrupted
                }
                retries += 1
            }
        }
    }

    private enum Attempt {
        case done(PrefetchOutcome)
        /// Worth another try, after `retryAfter` seconds if the site said.
        case transient(reason: String, retryAfter: Double?)
    }

    private func attempt(_ request: FetchRequest, job: PrefetchJob) async -> Attempt {
        let answer: CachedFetch
        do {
            answer = try await client.fetch(request)
        } catch {
            if error.kind == .cancelled || Task.isCancelled { return .done(.interrupted) }
            if RetryPolicy.transientKinds.contains(error.kind) { return .transient(reason: error.message, retryAfter: nil) }
            return .done(.failed(PrefetchFailure(kind: .network, reason: error.message)))
        }
        if case .staleFallback(let reason) = answer.source {
            return .transient(reason: reason, retryAfter: nil)
        }
        let response = answer.response
        let status = response.status
        guard (200..<300).contains(status) || status == 404 else {
            // An error page the cache kept would make the next run skip the word.
            if answer.source == .network, answer.stored != nil { try? store.invalidate(url: job.url.serialization) }
            let reason = "the site answered HTTP \(status)"
            if RetryPolicy.transientStatuses.contains(status) {
                return .transient(reason: reason, retryAfter: RetryPolicy.retryAfter(response.headers))
            }
            return .done(.failed(PrefetchFailure(kind: .network, reason: reason)))
        }
        guard (try? store.hasStoredResponse(url: job.url.serialization)) == true else {
            return .done(.failed(PrefetchFailure(kind: .notStored, reason: notStoredReason(response))))
        }
        let result = try? lookups.read(response, query: job.word.normalized, direction: job.direction)
        if let result, result.entries.isEmpty, result.suggestions.isEmpty {
            // Neither entries nor suggestions: perhaps the search is elsewhere.
            _ = await lookups.searchFoundNothing(at: lookups.search)
        }
        if status == 404 { return .done(.notFound) }
        return .done(result?.entries.isEmpty == false ? .fetched : .noEntries)
    }

    private func notStoredReason(_ response: FetchResponse) -> String {
        if let error = lastStoreError.value { return "the cache could not keep the page: \(error)" }
        let control = (response.headers[.cacheControl] ?? "").lowercased()
        if control.contains("no-store") { return "the site forbids keeping the page (Cache-Control: no-store)" }
        return "the cache did not keep the page"
    }
}

/// The store as a cache that keeps but never answers: what `--refresh`
/// fetches through.
private struct UnreadStorage: ResponseStorage {
    let store: LimotStore

    init(_ store: LimotStore) {
        self.store = store
    }

    func storedResponses(for url: String) throws -> [StoredResponse] { [] }
    func store(_ response: StoredResponse) throws { try store.store(response) }
    func refresh(url: String, variant: String, headers: HTTPFields, requestTime: Date, responseTime: Date) throws {
        try store.refresh(url: url, variant: variant, headers: headers, requestTime: requestTime, responseTime: responseTime)
    }
    func storeDerived(url: String, variant: String, key: String, bytes: [UInt8]) throws {
        try store.storeDerived(url: url, variant: variant, key: key, bytes: bytes)
    }
    func invalidate(url: String) throws { try store.invalidate(url: url) }
    func markUsed(url: String, variant: String) { store.markUsed(url: url, variant: variant) }
}
