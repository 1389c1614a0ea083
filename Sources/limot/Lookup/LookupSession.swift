import ContentRules
import Fetch
import Foundation
import Lookup
import Store
import WebURL

/// One run of `limot lookup`: the site, the rules, the fetcher and the
/// store, shared by every word the run looks up.
final class LookupSession: Sendable {
    struct Found {
        var result: LookupResult
        /// When the page was fetched (now, or when it was stored).
        var fetchedAt: Date?
        /// Something the user should know that did not stop the lookup.
        var warning: String?
    }

    /// Why a lookup gave no answer, with the exit status that says so.
    struct Failure: Error {
        var message: String
        var exitCode: Int32
    }

    let profile: SiteProfile
    let store: LimotStore?
    let keepsHistory: Bool
    let offline: Bool
    let engine: ContentRuleEngine?
    /// The site through the HTTP cache (with the store) or straight.
    let client: CachingHTTPClient?

    init(profile: SiteProfile, store: LimotStore?, keepsHistory: Bool, offline: Bool, engine: ContentRuleEngine?, fetch: FetchConfiguration?) {
        self.profile = profile
        self.store = store
        self.keepsHistory = keepsHistory
        self.offline = offline
        self.engine = engine
        self.client = fetch.map { configuration in
            CachingHTTPClient(client: HTTPClient(configuration: configuration), storage: store, keepsCopies: keepsHistory,
                              storeFailed: { error in printError("warning: the page was not cached: \(error)") })
        }
    }

    func shutdown() {
        store?.flushUsage()
        client?.client.shutdown()
    }

    func lookUp(_ query: String, direction: LookupDirection) async -> Result<Found, Failure> {
        let normalized = QueryNormalizer.normalize(query)
        guard !normalized.isEmpty else { return .failure(Failure(message: "nothing to look up in “\(query)”", exitCode: 2)) }
        if offline { return storedAnswer(query: query, normalized: normalized, direction: direction) }
        let first = await fetchAndExtract(query: query, normalized: normalized, direction: direction)
        // German typed without umlauts (Haeuser, Strasse): when that finds
        // nothing, the spelling with them is tried once.
        guard case .success(let found) = first, found.result.entries.isEmpty, direction == .germanToPersian,
              let spelled = Self.withUmlauts(normalized)
        else { return first }
        let second = await fetchAndExtract(query: query, normalized: spelled, direction: direction)
        guard case .success(var alternative) = second, !alternative.result.entries.isEmpty else { return first }
        alternative.warning = [alternative.warning, "no entries for “\(normalized)”; these are for “\(spelled)”"].compactMap { $0 }.joined(separator: "; ")
        return .success(alternative)
    }

    /// `ae`, `oe`, `ue` as `ä`, `ö`, `ü` and `ss` as `ß`, or nil when the word has none of them.
    static func withUmlauts(_ word: String) -> String? {
        var spelled = word
        for (plain, umlaut) in [("ae", "ä"), ("oe", "ö"), ("ue", "ü"), ("Ae", "Ä"), ("Oe", "Ö"), ("Ue", "Ü"), ("ss", "ß")] {
            spelled = spelled.replacingOccurrences(of: plain, with: umlaut)
        }
        return spelled == word ? nil : spelled
    }

    private func fetchAndExtract(query: String, normalized: String, direction: LookupDirection) async -> Result<Found, Failure> {
        guard let client, let engine else { return .failure(Failure(message: "no fetcher", exitCode: 3)) }
        let address = profile.searchURL(for: normalized, direction: direction)
        guard let url = try? WebURL(address), url.scheme == "http" || url.scheme == "https" else {
            return .failure(Failure(message: "the site profile's search URL \(address) is not an http or https URL", exitCode: 2))
        }
        if engine.decide(ResourceRequest(url: url, type: .topDocument, pageURL: url)).isBlocked {
            return .failure(Failure(message: "the rule lists block \(url.serialization); `limot rules explain` says which rule", exitCode: 3))
        }
        let got: CachedFetch
        do {
            got = try await client.fetch(FetchRequest(url: url, headers: Self.requestHeaders))
        } catch {
            return .failure(Failure(message: "cannot reach the dictionary: \(error)", exitCode: 3))
        }
        let response = got.response
        // A site may answer "no such word" with 404 and a page of suggestions.
        guard (200..<300).contains(response.status) || response.status == 404 else {
            return .failure(Failure(message: "\(response.url.serialization): the site answered HTTP \(response.status)", exitCode: 3))
        }
        let page: [UInt8]
        do {
            let charset = TextDecoding.charset(contentType: response.headers.first(named: "Content-Type"), body: response.body)
            page = try TextDecoding.utf8(response.body, charset: charset)
        } catch {
            return .failure(Failure(message: "\(response.url.serialization): cannot decode the page: \(error)", exitCode: 3))
        }
        let extracted = EntryExtractor.extract(page: page, profile: profile, direction: direction)
        let result = LookupResult(query: query, normalizedQuery: normalized, direction: direction, sourceURL: response.url.serialization,
                                  entries: extracted.entries, suggestions: extracted.suggestions)
        let now = Date()
        var warning: String?
        if case .staleFallback(let reason) = got.source {
            return .success(Found(result: result, fetchedAt: got.fetchedAt,
                                  warning: "the site could not be reached (\(reason)); this is the copy saved \(Self.describe(got.fetchedAt))"))
        }
        if keepsHistory, !result.entries.isEmpty, let store {
            do {
                try store.recordLookup(result, origin: .commandLine, at: now)
            } catch {
                warning = "not kept in the notebook: \(error)"
            }
        }
        return .success(Found(result: result, fetchedAt: got.source == .network ? now : got.fetchedAt, warning: warning))
    }

    /// What `limot lookup` asks the site for; also the request the proxy's
    /// cache keys a result page by when it varies.
    static let requestHeaders = [HTTPHeader("Accept", "text/html"), HTTPHeader("Accept-Language", "de, fa;q=0.9")]

    /// "on 2026-11-20 14:03".
    static func describe(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return "on " + formatter.string(from: date)
    }

    /// The site's result page for the word as the cache keeps it (read
    /// through the proxy, fetched by `limot prefetch` or an earlier lookup),
    /// its entries extracted again.
    private func cachedAnswer(normalized: String, direction: LookupDirection) -> (result: LookupResult, fetchedAt: Date)? {
        guard let store, let url = try? WebURL(profile.searchURL(for: normalized, direction: direction)) else { return nil }
        // A cache that cannot be read has nothing to give; the notebook was asked first.
        let copies = (try? store.storedResponses(for: url.removingFragment.serialization)) ?? []
        guard let copy = copies.first(where: { CachePolicy.matches($0, requestHeaders: Self.requestHeaders) }) ?? copies.first,
              (200..<300).contains(copy.status) || copy.status == 404,
              let page = try? TextDecoding.utf8(copy.body, charset: TextDecoding.charset(contentType: copy.headers.first(named: "Content-Type"), body: copy.body))
        else { return nil }
        let extracted = EntryExtractor.extract(page: page, profile: profile, direction: direction)
        guard !extracted.entries.isEmpty else { return nil }
        let result = LookupResult(query: normalized, normalizedQuery: normalized, direction: direction, sourceURL: copy.finalURL,
                                  entries: extracted.entries, suggestions: extracted.suggestions)
        return (result, copy.responseTime)
    }

    private func storedAnswer(query: String, normalized: String, direction: LookupDirection) -> Result<Found, Failure> {
        guard let store else { return .failure(Failure(message: "--offline needs the store, which cannot be opened", exitCode: 3)) }
        do {
            let spelled = direction == .germanToPersian ? Self.withUmlauts(normalized) : nil
            guard let stored = try store.storedResult(normalizedQuery: normalized, direction: direction)
                ?? spelled.flatMap({ try store.storedResult(normalizedQuery: $0, direction: direction) })
                ?? cachedAnswer(normalized: normalized, direction: direction)
                ?? spelled.flatMap({ cachedAnswer(normalized: $0, direction: direction) })
            else {
                return .failure(Failure(message: "“\(query)” (\(direction.rawValue)) is neither in the notebook nor in the cache; look it up once online (or `limot prefetch` it) to have it offline", exitCode: 1))
            }
            var result = stored.result
            result.query = query
            return .success(Found(result: result, fetchedAt: stored.fetchedAt))
        } catch {
            return .failure(Failure(message: "\(error)", exitCode: 3))
        }
    }
}
