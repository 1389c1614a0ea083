import ContentRules
import Fetch
import Foundation
import HTTPTypes
import Store
import Synchronization
import Vocabulary
import WebURL

/// Looking a word up on the dictionary site: the one path that `limot
/// lookup`, `limot prefetch` and the proxy's `/_limot/lookup` share, so that
/// they ask the same address, obey the same rules and find the same entries.
///
/// A lookup normalises the query, asks the rules whether the result page may
/// be read, fetches it (through the caller's fetcher, which brings the HTTP
/// cache), decodes and extracts it, and keeps a result with entries in the
/// notebook. German typed without umlauts (`Haeuser`) that finds nothing is
/// tried once with them. Offline, the notebook answers, then the cache.
///
/// The search address starts as the profile's template and is a guess until
/// the site confirms it with entries or suggestions; see `SearchAddress`.
public final class LookupService: Sendable {
    /// What a lookup found, and how fresh it is.
    public struct Answer: Sendable {
        public var result: LookupResult
        /// When the site sent or last confirmed the page (or the lookup was kept).
        public var fetchedAt: Date
        /// Why this is a saved copy rather than the site's answer now; nil
        /// when the site sent or confirmed it now.
        public var copyReason: String?
        /// What the reader should know that did not stop the lookup.
        public var notes: [String] = []
    }

    public let profile: SiteProfile
    /// The rule lists a result page must pass, asked at each lookup: a
    /// proxy's rules change while it runs.
    let rules: @Sendable () -> ContentRuleEngine?
    let pages: (any ResultPageFetcher)?
    /// Read offline even when nothing new is kept (`keepsLookups` false).
    let notebook: LimotStore?
    let keepsLookups: Bool
    let origin: LookupOrigin
    let address: SearchAddress

    /// - Parameters:
    ///   - pages: the fetcher; nil is offline: only the notebook and the cache answer.
    ///   - engine: the rule lists a result page must pass (nil only offline).
    ///   - notebook: where results are kept and, offline, read; nil keeps nothing.
    ///   - keepsLookups: false for a reader who asked limot to keep nothing.
    ///   - notice: hears, once, that the site's own search form replaced the profile's template.
    public convenience init(profile: SiteProfile, pages: (any ResultPageFetcher)?, engine: ContentRuleEngine?, notebook: LimotStore?,
                            keepsLookups: Bool, origin: LookupOrigin, notice: @escaping @Sendable (String) -> Void = { _ in }) {
        self.init(profile: profile, pages: pages, rules: { engine }, notebook: notebook, keepsLookups: keepsLookups, origin: origin, notice: notice)
    }

    /// As `init(profile:pages:engine:…)`, for rules that change while the
    /// service lives (the proxy's, swapped whole): `rules` gives the engine
    /// in use now, asked once per lookup.
    public init(profile: SiteProfile, pages: (any ResultPageFetcher)?, rules: @escaping @Sendable () -> ContentRuleEngine?, notebook: LimotStore?,
                keepsLookups: Bool, origin: LookupOrigin, notice: @escaping @Sendable (String) -> Void = { _ in }) {
        self.profile = profile
        self.pages = pages
        self.rules = rules
        self.notebook = notebook
        self.keepsLookups = keepsLookups
        self.origin = origin
        self.address = SearchAddress(profile: profile, notice: notice)
    }

    /// What `limot lookup` and the prefetcher ask the site for; also the
    /// request the cache keys a result page by when it varies.
    public static let requestHeaders: HTTPFields = [.accept: "text/html", .acceptLanguage: "de, fa;q=0.9"]

    /// The search address in use now: the profile's, or the one the site's home page gave.
    public var search: SearchTemplate { address.current }

    /// Looks `query` up in `direction`.
    public func lookUp(_ query: String, direction: LookupDirection) async -> Result<Answer, LookupFailure> {
        let normalized = QueryNormalizer.normalize(query)
        guard !normalized.isEmpty else { return .failure(LookupFailure(.emptyQuery, "nothing to look up in “\(query)”")) }
        guard let pages else { return storedAnswer(query: query, normalized: normalized, direction: direction) }
        let first = await fetchAndExtract(query: query, normalized: normalized, direction: direction, pages: pages)
        guard case .success(let found) = first, found.result.entries.isEmpty, direction == .germanToPersian,
              let spelled = Self.withUmlauts(normalized)
        else { return first }
        let second = await fetchAndExtract(query: query, normalized: spelled, direction: direction, pages: pages)
        guard case .success(var alternative) = second, !alternative.result.entries.isEmpty else { return first }
        alternative.notes.append("no entries for “\(normalized)”; these are for “\(spelled)”")
        return .success(alternative)
    }

    /// A page asked at `template` had neither entries nor suggestions
    /// (`limot prefetch` reads pages itself): reads the home page's search
    /// form, once per run, and returns the address it moved to, if it did.
    public func searchFoundNothing(at template: SearchTemplate) async -> SearchTemplate? {
        guard let pages else { return nil }
        return await address.discover(after: template, pages: pages)
    }

    /// `ae`, `oe`, `ue` as `ä`, `ö`, `ü` and `ss` as `ß`, or nil when the word has none of them.
    public static func withUmlauts(_ word: String) -> String? {
        var spelled = word
        for (plain, umlaut) in [("ae", "ä"), ("oe", "ö"), ("ue", "ü"), ("Ae", "Ä"), ("Oe", "Ö"), ("Ue", "Ü"), ("ss", "ß")] {
            spelled = spelled.replacingOccurrences(of: plain, with: umlaut)
        }
        return spelled == word ? nil : spelled
    }

    /// The entries of a result page already fetched (a page of the site read
    /// through the proxy, a prefetched page), decoded by its charset.
    public func read(_ response: FetchResponse, query: String, direction: LookupDirection) throws(LookupFailure) -> LookupResult {
        try read(body: response.body, headers: response.headers, from: response.url.serialization, query: query, direction: direction)
    }

    func read(body: [UInt8], headers: HTTPFields, from url: String, query: String, direction: LookupDirection) throws(LookupFailure) -> LookupResult {
        let page: [UInt8]
        do {
            page = try TextDecoding.utf8(body, charset: TextDecoding.charset(contentType: headers[values: .contentType].first, body: body))
        } catch {
            throw LookupFailure(.undecodable, "\(url): cannot decode the page: \(error)", url: url)
        }
        let extracted = EntryExtractor.extract(page: page, profile: profile, direction: direction)
        return LookupResult(query: query, normalizedQuery: QueryNormalizer.normalize(query), direction: direction,
                            sourceURL: url, entries: extracted.entries, suggestions: extracted.suggestions)
    }

    /// Keeps a result with entries in the notebook; says why when it could not.
    @discardableResult
    public func keep(_ result: LookupResult, at date: Date = Date()) -> String? {
        guard keepsLookups, let notebook, !result.entries.isEmpty else { return nil }
        do {
            try notebook.recordLookup(result, origin: origin, at: date)
            return nil
        } catch {
            return "not kept in the notebook: \(error)"
        }
    }

    private func fetchAndExtract(query: String, normalized: String, direction: LookupDirection,
                                 pages: any ResultPageFetcher) async -> Result<Answer, LookupFailure> {
        let template = address.current
        let answer = await fetchAndExtract(query: query, normalized: normalized, direction: direction, template: template, pages: pages)
        // A page with neither entries nor suggestions (a 404, the home page
        // again) may mean the template is wrong: the site's own form decides.
        if case .success(let found) = answer, found.result.entries.isEmpty, found.result.suggestions.isEmpty,
           let better = await address.discover(after: template, pages: pages) {
            return await fetchAndExtract(query: query, normalized: normalized, direction: direction, template: better, pages: pages)
        }
        if case .success(let found) = answer, !(found.result.entries.isEmpty && found.result.suggestions.isEmpty) {
            address.confirm(template)
        }
        return answer
    }

    private func fetchAndExtract(query: String, normalized: String, direction: LookupDirection, template: SearchTemplate,
                                 pages: any ResultPageFetcher) async -> Result<Answer, LookupFailure> {
        guard let url = template.url(for: normalized, direction: direction) else {
            return .failure(LookupFailure(.misconfigured, "the site profile's search URL \(template) is not an http or https URL"))
        }
        if let engine = rules(), engine.decide(ResourceRequest(url: url, type: .topDocument, pageURL: url)).isBlocked {
            return .failure(LookupFailure(.blocked, "the rule lists block \(url.serialization); `limot rules explain` says which rule", url: url.serialization))
        }
        let got: CachedFetch
        do {
            got = try await pages.fetchPage(url)
        } catch {
            return .failure(LookupFailure(.unreachable, "cannot fetch from the dictionary: \(error)", url: url.serialization, fetchError: error))
        }
        let response = got.response
        // A site may answer "no such word" with 404 and a page of suggestions.
        guard (200..<300).contains(response.status) || response.status == 404 else {
            return .failure(LookupFailure(.siteError(status: response.status), "\(response.url.serialization): the site answered HTTP \(response.status)",
                                          url: response.url.serialization))
        }
        var result: LookupResult
        do {
            result = try read(response, query: normalized, direction: direction)
        } catch {
            return .failure(error)
        }
        result.query = query
        switch got.source {
        case .staleFallback(let reason):
            return .success(Answer(result: result, fetchedAt: got.fetchedAt, copyReason: "the site could not be reached (\(reason))"))
        case .offline:
            return .success(Answer(result: result, fetchedAt: got.fetchedAt, copyReason: "limot is offline (--offline)"))
        case .network, .cache, .revalidated:
            let now = Date()
            let warning = keep(result, at: now)
            return .success(Answer(result: result, fetchedAt: got.source == .network ? now : got.fetchedAt, notes: warning.map { [$0] } ?? []))
        }
    }
}
