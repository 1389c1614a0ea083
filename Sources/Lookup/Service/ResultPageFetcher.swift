import Fetch
import WebURL

/// Fetches a page of the dictionary site for the lookup service: the
/// terminal's fetcher (the HTTP cache in front of libcurl), or the proxy's,
/// which adds its own address policy and the browser's language headers.
public protocol ResultPageFetcher: Sendable {
    func fetchPage(_ url: WebURL) async throws(FetchError) -> CachedFetch
}

extension CachingHTTPClient: ResultPageFetcher {
    public func fetchPage(_ url: WebURL) async throws(FetchError) -> CachedFetch {
        try await fetch(FetchRequest(url: url, headers: LookupService.requestHeaders))
    }
}
