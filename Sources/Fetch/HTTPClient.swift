import HTTPTypes
import WebURL

/// An async HTTP client over libcurl. Transfers run off Swift's cooperative
/// thread pool; `fetch` suspends until the answer is complete.
///
/// One client per process (or per configuration): it owns one thread that
/// runs all of its transfers (see `CurlEngine`) and a cache of open
/// connections, so keep it alive rather than making one per request.
public final class HTTPClient: Sendable {
    public let configuration: FetchConfiguration
    private let engine: CurlEngine

    public init(configuration: FetchConfiguration) {
        self.configuration = configuration
        self.engine = CurlEngine(maxRunning: configuration.maxConcurrentTransfers)
    }

    deinit {
        engine.shutdown()
    }

    /// Stops the client: queued and running transfers fail with `.cancelled`,
    /// and so do later fetches. Idempotent, does not wait; called on deinit.
    public func shutdown() {
        engine.shutdown()
    }

    /// Fetches `request`, following redirects up to `limits.maxRedirects`, each
    /// hop first approved by `redirectPolicy` and the address policy.
    ///
    /// An HTTP error status (404, 500, …) is an answer, not an error: it is
    /// returned like any other. Cancelling the calling task aborts the
    /// transfer with `.cancelled`.
    ///
    /// When a redirect turns POST into GET (301, 302, 303) the body and its
    /// headers are dropped; when it leaves the origin, `Cookie` and
    /// `Authorization` are dropped, so one site never receives another's cookies.
    ///
    /// `progress`, when given, hears of each hop's body as it arrives (a
    /// progress bar for a large download); it costs nothing when nil.
    ///
    /// Runs on the caller's executor (`nonisolated(nonsending)`): the proxy
    /// calls it from a connection's event loop, and hopping to the generic
    /// executor on entry and after each await asked the task for its
    /// executor preference, under the task's status lock, every time
    /// (callgrind: some 7 switches and 2,200 instructions fewer a page with
    /// `perform`, `CachingHTTPClient.fetch` and the proxy's `serveDocument`
    /// and `serveSitePage`).
    public nonisolated(nonsending) func fetch(_ request: FetchRequest, redirectPolicy: RedirectPolicy? = nil,
                      progress: TransferProgress? = nil) async throws(FetchError) -> FetchResponse {
        let url = request.url
        guard url.scheme == "http" || url.scheme == "https" else {
            throw FetchError(.unsupportedScheme, url: url.serialization, message: "only http and https URLs are fetched, not \(url.scheme):")
        }
        // swift-http-types' method type accepts exactly the RFC 9110 tokens.
        guard HTTPRequest.Method(request.method) != nil else {
            throw FetchError(.other, url: url.serialization, message: "'\(request.method)' is not a valid HTTP method")
        }
        var state = RedirectState(request: request, maxRedirects: configuration.limits.maxRedirects)
        while true {
            let hop = try await perform(state.request, progress: progress)
            let location = hop.headers[values: .location].first
            if try state.next(status: hop.status, location: location, policy: redirectPolicy) != nil { continue }
            return FetchResponse(
                url: state.request.url,
                redirects: state.visited,
                status: hop.status,
                headers: ResponseHeaderParser.decodedBodyHeaders(hop.headers),
                body: hop.body,
                httpVersion: hop.httpVersion)
        }
    }

    /// One hop, without following redirects.
    /// On the caller's executor, as `fetch` (see there).
    private nonisolated(nonsending) func perform(_ request: FetchRequest, progress: TransferProgress?) async throws(FetchError) -> HopResponse {
        guard !Task.isCancelled else {
            throw FetchError(.cancelled, url: request.url.serialization, message: "the request was cancelled")
        }
        let mapping = configuration.connectTo.mapping(for: request.url)
        let transfer = Transfer(
            url: request.url,
            method: RequestHeaders.normalizedMethod(request.method),
            headerLines: RequestHeaders.curlLines(for: request.headers, userAgent: configuration.userAgent),
            body: request.body,
            mapping: mapping,
            // The user's own mapping is trusted: that is how tests and local
            // mirrors point real names at loopback.
            addressPolicy: AddressPolicy(
                refusesPrivateAddresses: configuration.refusesPrivateAddresses,
                trustedTarget: mapping.map { AddressPolicy.trust(forTarget: $0.targetHost) }),
            limits: configuration.limits,
            caCertificateFile: configuration.caCertificateFile,
            progress: progress)
        let engine = self.engine
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.setContinuation(continuation)
                engine.submit(transfer)
            }
        } onCancel: {
            engine.cancel(transfer)
        }
        return try outcome.get()
    }
}
