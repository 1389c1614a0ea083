import ContentRules
import Fetch
import Foundation
import Hummingbird
import Lookup
import Store
import WebURL

extension ProxyCore {
    /// `/_limot/lookup?q=WORD[&dir=de-fa|fa-de]`: the entries `limot lookup`
    /// prints, as a page of the proxy: the site's result page fetched with
    /// the same rules and guards as any page, its entries extracted, the
    /// lookup kept in the notebook.
    func lookup(exchange: inout Exchange) async -> Response {
        let word = (exchange.queryValue("q") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !word.isEmpty else { return exchange.page(LookupPage.empty, status: 200) }
        guard word.utf8.count <= 200 else {
            return exchange.page(ProxyError(status: 400, title: "Too long", detail: "A word to look up has at most 200 bytes."))
        }
        let direction = exchange.queryValue("dir").flatMap(LookupDirection.init(rawValue:)) ?? LookupDirection.detect(word)
        let normalized = QueryNormalizer.normalize(word)
        guard let url = searchURL(for: normalized, direction: direction) else {
            return exchange.page(ProxyError(status: 500, title: "Search is misconfigured", detail: "The search URL template does not lead to the dictionary site."))
        }
        if configuration.engine.decide(ResourceRequest(url: url, type: .topDocument, pageURL: url)).isBlocked {
            return exchange.page(ProxyError(status: 403, title: "Blocked by your rules", detail: "A rule blocks the dictionary's result page.", url: url.serialization))
        }
        if let why = policy.refusal(for: url, requireKnownHost: true) {
            return exchange.page(ProxyError(status: 403, title: "Refused", detail: why, url: url.serialization))
        }
        let got: CachedFetch
        do {
            got = try await fetcher.fetch(
                FetchRequest(url: url, headers: upstreamHeaders(for: url, exchange: exchange, sendsCookies: false, conditional: false, referrer: nil)),
                redirectPolicy: redirectPolicy(type: .topDocument, page: nil))
        } catch {
            return exchange.page(Self.proxyError(for: error, site: url.hostname))
        }
        let fetched = got.response
        guard (200..<300).contains(fetched.status) || fetched.status == 404 else {
            return exchange.page(ProxyError(status: 502, title: "The site answered with an error",
                                            detail: "\(fetched.url.hostname) answered \(fetched.status). Try again later.", url: fetched.url.serialization))
        }
        let page: [UInt8]
        do {
            page = try TextDecoding.utf8(fetched.body, charset: TextDecoding.charset(contentType: Self.contentType(fetched.headers), body: fetched.body))
        } catch {
            return exchange.page(ProxyError(status: 502, title: "Unreadable page", detail: "The page's text could not be decoded.", url: fetched.url.serialization, cause: error.description))
        }
        let extracted = EntryExtractor.extract(page: page, profile: configuration.siteProfile, direction: direction)
        let result = LookupResult(query: word, normalizedQuery: normalized, direction: direction, sourceURL: fetched.url.serialization,
                                  entries: extracted.entries, suggestions: extracted.suggestions)
        if !got.isStaleCopy { keepInNotebook(result) }
        let lookupPage = LookupPage(result: result, sitePagePath: urlMap.documentPath(for: fetched.url))
        return exchange.page(lookupPage.page, status: result.entries.isEmpty ? 404 : 200, copy: CopyNotice(got))
    }

    /// The site's result page for a word: the profile's template, else the configured one.
    private func searchURL(for word: String, direction: LookupDirection) -> WebURL? {
        let address = configuration.siteProfile?.searchURL(for: word, direction: direction)
            ?? configuration.searchTemplate.replacingOccurrences(of: "{query}", with: HTMLEscaping.queryComponent(word))
        guard let url = try? WebURL(address, relativeTo: configuration.home), url.hostname == configuration.home.hostname else { return nil }
        return url
    }

    /// A result page of the site read through the proxy: its word and
    /// entries go to the notebook, once per word every ten minutes, and off
    /// the page's way out (finding the entries takes milliseconds).
    func keepSearchPageInNotebook(_ fetched: FetchResponse) {
        guard configuration.keepsHistory, configuration.store != nil, let word = searchPages?.word(in: fetched.url),
              recentWords.claim(QueryNormalizer.normalize(word)) else { return }
        Task.detached(priority: .utility) { [self] in
            guard let page = try? TextDecoding.utf8(fetched.body, charset: TextDecoding.charset(contentType: Self.contentType(fetched.headers), body: fetched.body))
            else { return }
            let direction = LookupDirection.detect(word)
            let extracted = EntryExtractor.extract(page: page, profile: configuration.siteProfile, direction: direction)
            keepInNotebook(LookupResult(query: word, normalizedQuery: QueryNormalizer.normalize(word), direction: direction,
                                        sourceURL: fetched.url.serialization, entries: extracted.entries, suggestions: extracted.suggestions))
        }
    }

    /// Keeps a lookup that found entries; a store that fails is logged, never the reader's problem.
    func keepInNotebook(_ result: LookupResult) {
        guard configuration.keepsHistory, let notebook = configuration.store, !result.entries.isEmpty else { return }
        do {
            try notebook.recordLookup(result, origin: .proxy, at: Date())
        } catch {
            storeWarnings.warn("lookup not kept in the notebook: \(error)")
        }
    }
}
