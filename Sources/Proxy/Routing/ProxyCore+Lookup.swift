import ContentRules
import Fetch
import Foundation
import Hummingbird
import Lookup
import Store
import Vocabulary
import WebURL

extension ProxyCore {
    /// `/_limot/lookup?q=WORD[&dir=de-fa|fa-de]`: the entries `limot lookup`
    /// prints, as a page of the proxy, by the same lookup service (the same
    /// search address, rules, extraction and notebook), fetched through the
    /// proxy's own address policy.
    func lookup(exchange: inout Exchange) async -> Response {
        let word = (exchange.queryValue("q") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !word.isEmpty else { return exchange.page(LookupPage.empty, status: 200) }
        guard word.utf8.count <= 200 else {
            return exchange.page(ProxyError(status: 400, title: "Too long", detail: "A word to look up has at most 200 bytes."))
        }
        let direction = exchange.queryValue("dir").flatMap(LookupDirection.init(rawValue:)) ?? LookupDirection.detect(word)
        switch await lookups.lookUp(word, direction: direction) {
        case .failure(let failure):
            return exchange.page(Self.proxyError(for: failure, site: configuration.home.hostname))
        case .success(let answer):
            for note in answer.notes { logger.notice("lookup of \(word): \(note)") }
            let sitePage = (try? WebURL(answer.result.sourceURL)).flatMap { urlMap.documentPath(for: $0) }
            let lookupPage = LookupPage(result: answer.result, sitePagePath: sitePage)
            let notice = answer.copyReason.map { CopyNotice(fetchedAt: answer.fetchedAt, reason: $0) }
            return exchange.page(lookupPage.page, status: answer.result.entries.isEmpty ? 404 : 200, copy: notice)
        }
    }

    /// What a failed lookup means to the reader, as a page with its status.
    static func proxyError(for failure: LookupFailure, site: String) -> ProxyError {
        switch failure.kind {
        case .unreachable:
            if let error = failure.fetchError { return proxyError(for: error, site: site) }
            return ProxyError(status: 502, title: "The site cannot be reached", detail: failure.message, url: failure.url)
        case .blocked:
            return ProxyError(status: 403, title: "Blocked by your rules", detail: "A rule blocks the dictionary's result page.", url: failure.url)
        case .emptyQuery:
            return ProxyError(status: 400, title: "Nothing to look up", detail: failure.message)
        case .misconfigured:
            return ProxyError(status: 500, title: "Search is misconfigured", detail: "The site profile's search address does not lead to the dictionary site.", url: failure.url)
        case .siteError(let status):
            return ProxyError(status: 502, title: "The site answered with an error",
                              detail: "\(site) answered \(status). Try again later.", url: failure.url)
        case .undecodable:
            return ProxyError(status: 502, title: "Unreadable page", detail: "The page's text could not be decoded.", url: failure.url, cause: failure.message)
        case .notStored, .noStore:
            return ProxyError(status: 504, title: "Not available offline", detail: failure.message)
        }
    }

    /// A result page of the site read through the proxy: its word and
    /// entries go to the notebook, once per word every ten minutes, and off
    /// the page's way out (finding the entries takes milliseconds).
    func keepSearchPageInNotebook(_ fetched: FetchResponse) {
        guard configuration.keepsHistory, configuration.store != nil,
              let word = recentWords.claim(page: fetched.url.serialization, word: { lookups.search.word(in: fetched.url) })
        else { return }
        Task.detached(priority: .utility) { [self] in
            guard let result = try? lookups.read(fetched, query: word, direction: LookupDirection.detect(word)) else { return }
            if let warning = lookups.keep(result) { storeWarnings.warn("lookup \(warning)") }
        }
    }
}

/// The proxy's fetcher as the lookup service uses it: only addresses the
/// proxy would fetch for a page (the site, never a private or loopback
/// address), redirects checked by the same policy and rules as a page's.
/// The request carries limot's own lookup headers, not the browser's, so a
/// result page is one cache entry whether the terminal or a browser asked.
/// Redirects are decided by the rules in use when the page is fetched.
struct ProxyResultPages: ResultPageFetcher {
    let fetcher: CachingHTTPClient
    let policy: UpstreamPolicy
    let rules: RuleEngineSlot
    let blockLog: BlockLog

    func fetchPage(_ url: WebURL) async throws(FetchError) -> CachedFetch {
        if let why = policy.refusal(for: url, requireKnownHost: true) {
            throw FetchError(.refusedAddress, url: url.serialization, message: why)
        }
        let redirectPolicy = ProxyCore.redirectPolicy(type: .topDocument, page: nil, policy: policy, engine: rules.current.engine, blockLog: blockLog)
        return try await fetcher.fetch(FetchRequest(url: url, headers: LookupService.requestHeaders), redirectPolicy: redirectPolicy)
    }
}
