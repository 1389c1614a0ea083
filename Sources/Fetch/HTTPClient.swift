import WebURL

/// An async HTTP client over libcurl. Transfers run off Swift's cooperative
/// thread pool; `fetch` suspends until the answer is complete.
public final class HTTPClient: Sendable {
    public let configuration: FetchConfiguration

    public init(configuration: FetchConfiguration) {
        self.configuration = configuration
    }

    /// Fetches `request`, following redirects up to `limits.maxRedirects`, each
    /// hop first approved by `redirectPolicy` and the address policy.
    public func fetch(_ request: FetchRequest, redirectPolicy: RedirectPolicy? = nil) async throws(FetchError) -> FetchResponse {
        throw FetchError(.other, url: request.url.serialization, message: "not implemented yet")
    }
}
