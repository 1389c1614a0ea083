import Fetch
import Foundation
import HTTPTypes
import WebURL

/// Downloads subscribed lists through limot's own fetcher, with conditional
/// requests, checks that they parse and compile, and keeps the last good
/// version: what `rules subscribe`, `rules update` and `serve` share.
public struct SubscriptionUpdater: Sendable {
    /// Rule lists come as text (AdBlock syntax) or JSON (WKContentRuleList).
    public static let acceptHeaders: HTTPFields = [.accept: "text/plain, application/json;q=0.9, */*;q=0.1"]

    /// What one update did.
    public enum Outcome: Sendable {
        /// The server said the list has not changed (304), or sent the same rules.
        case unchanged
        /// A new version is kept: rules that came and went, by their JSON.
        case updated(added: Int, removed: Int)
        /// Not due yet (its `! Expires:` or the default lifetime).
        case notDue
        /// Nothing changed: the last good version stays.
        case failed(String)
    }

    /// Largest list accepted, after decompression: EasyList is about 2 MB,
    /// the largest common lists about 10 MB. The proxy's own page limit
    /// (`--max-body`) does not apply to lists.
    public static let maxListBytes = 48 << 20
    /// A large list over a slow line takes longer than a page.
    public static let downloadTimeout: Duration = .seconds(300)

    public let store: SubscriptionStore
    public let client: HTTPClient

    /// `fetch` as configured by the command line (`--connect-to`,
    /// `--cacert`, timeouts), with the limits of lists rather than pages.
    public init(store: SubscriptionStore, fetch: FetchConfiguration) {
        var configuration = fetch
        configuration.limits.maxBodyBytes = Self.maxListBytes
        configuration.limits.totalTimeout = max(configuration.limits.totalTimeout, Self.downloadTimeout)
        self.store = store
        self.client = HTTPClient(configuration: configuration)
    }

    /// Downloads and checks a list not yet subscribed; nothing is saved.
    public func download(url: String, name: String, progress: TransferProgress?) async throws(SubscriptionError) -> (response: FetchResponse, list: CheckedList) {
        guard let webURL = try? WebURL(url), webURL.scheme == "http" || webURL.scheme == "https" else { throw .badURL(url) }
        let response = try await fetch(FetchRequest(url: webURL, headers: Self.acceptHeaders), progress: progress)
        guard response.status == 200 else { throw .download("\(url): the server answered \(response.status)") }
        return (response, try CheckedList.check(response.body, name: name, urlPath: webURL.path))
    }

    /// Updates `subscription` if it is due at `now` (always with `force`):
    /// a conditional request; a new version that parses and compiles is
    /// kept, anything else keeps the last good one. Returns the record as
    /// it should be saved, with the outcome.
    public func update(_ subscription: Subscription, now: Date, force: Bool, progress: TransferProgress?) async -> (Subscription, Outcome) {
        var stored = store.storedList(of: subscription)
        guard force || stored == nil || subscription.isDue(at: now) else { return (subscription, .notDue) }
        var next = subscription
        guard let url = try? WebURL(subscription.url) else { return failed(next, SubscriptionError.badURL(subscription.url).description, now: now) }
        var headers = Self.acceptHeaders
        if stored != nil {
            if let etag = subscription.etag { headers[.ifNoneMatch] = etag }
            if let lastModified = subscription.lastModified { headers[.ifModifiedSince] = lastModified }
        }
        let response: FetchResponse
        do {
            response = try await fetch(FetchRequest(url: url, headers: headers), progress: progress)
        } catch {
            return failed(next, error.description, now: now)
        }
        switch response.status {
        case 304 where stored != nil:
            next.fetchedAt = now
            next.nextUpdate = next.nextUpdate(after: now)
            next.lastError = nil
            return (next, .unchanged)
        case 200:
            break
        default:
            return failed(next, "\(subscription.url): the server answered \(response.status)", now: now)
        }
        let checked: CheckedList
        do {
            checked = try CheckedList.check(response.body, name: subscription.name, urlPath: url.path)
        } catch {
            return failed(next, error.description, now: now)
        }
        let previous = stored.flatMap { try? CheckedList.check($0, name: subscription.name, urlPath: url.path) }
        stored = nil
        if checked.format != subscription.format { store.removeList(of: subscription) }
        next.format = checked.format
        do {
            try store.storeList(response.body, for: next)
        } catch {
            return failed(subscription, error.description, now: now)
        }
        next.etag = response.headers[values: .eTag].first
        next.lastModified = response.headers[values: .lastModified].first
        next.expiresSeconds = checked.expiresSeconds
        next.fetchedAt = now
        next.nextUpdate = next.nextUpdate(after: now)
        next.lastError = nil
        next.rules = checked.ruleCount
        next.skipped = checked.skipped
        let old = previous?.ruleIdentities ?? []
        let added = checked.ruleIdentities.subtracting(old).count
        let removed = old.subtracting(checked.ruleIdentities).count
        return (next, added == 0 && removed == 0 ? .unchanged : .updated(added: added, removed: removed))
    }

    private func failed(_ subscription: Subscription, _ message: String, now: Date) -> (Subscription, Outcome) {
        var next = subscription
        next.lastError = message
        next.nextUpdate = now.addingTimeInterval(Subscription.retryAfterFailure)
        return (next, .failed(message))
    }

    private func fetch(_ request: FetchRequest, progress: TransferProgress?) async throws(SubscriptionError) -> FetchResponse {
        do {
            return try await client.fetch(request, progress: progress)
        } catch {
            throw .download(error.kind == .bodyTooLarge
                ? "\(request.url.serialization): the list is larger than \(Self.maxListBytes >> 20) MiB, the most limot takes"
                : error.description)
        }
    }
}
