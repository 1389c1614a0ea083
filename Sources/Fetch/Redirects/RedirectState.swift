import HTTPTypes
import WebURL

/// Redirect handling as a plain value: the client sends `request`, feeds the
/// answer's status and `Location` to `next`, and gets the next hop's request,
/// nil when the answer is final, or the reason to stop.
///
/// The client follows redirects itself instead of letting curl do it, so that
/// every hop is resolved as a browser would (`WebURL`), shown to the caller's
/// `RedirectPolicy`, checked against the address policy and the scheme list,
/// and listed in `FetchResponse.redirects`.
///
/// A redirect back to a request already sent in the chain is a cycle and
/// stops at once (as async-http-client's `RedirectState` does), instead of
/// running on to the count limit: the site answers the same request the
/// same way, so every further hop would repeat the loop.
struct RedirectState: Sendable {
    /// The request for the hop being fetched.
    private(set) var request: FetchRequest
    /// The URLs fetched before `request`, in order.
    private(set) var visited: [WebURL] = []
    let maxRedirects: Int
    /// Every request of the chain so far, `request`'s too.
    private var sent: Set<Hop>

    /// What makes two hops the same request. The fragment is never sent; the
    /// method and body are, so a POST answered by a 303 to its own URL (the
    /// post/redirect/get pattern) is no cycle: the GET that follows differs.
    private struct Hop: Hashable {
        var method: String
        var url: String
        var body: [UInt8]?

        init(_ request: FetchRequest) {
            method = request.method.uppercased()
            url = request.url.removingFragment.serialization
            body = request.body
        }
    }

    init(request: FetchRequest, maxRedirects: Int) {
        self.request = request
        self.maxRedirects = maxRedirects
        self.sent = [Hop(request)]
    }

    /// Statuses that redirect when they carry a `Location`.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Headers that describe a request body; dropped with the body when a
    /// redirect turns POST into GET (Fetch standard, "request-body-header name").
    static let bodyHeaders: Set<HTTPField.Name> = [.contentType, .contentLength, .contentEncoding, .contentLanguage, .contentLocation]

    /// Headers that carry credentials; dropped when a redirect leaves the
    /// origin, so that a site cannot collect the cookies of another one by
    /// redirecting to itself (curl does the same since CVE-2022-27776).
    static let credentialHeaders: Set<HTTPField.Name> = [.cookie, .authorization, .proxyAuthorization]

    /// The request for the next hop after an answer with `status` and
    /// `location`, or nil when the answer is final.
    ///
    /// - Throws: `.invalidURL` for a Location that does not parse,
    ///   `.unsupportedScheme` for one that is not http(s), `.tooManyRedirects`
    ///   past `maxRedirects`, `.redirectCycle` for a request sent before in
    ///   this chain, `.redirectRefused` when `policy` says so.
    mutating func next(status: Int, location: String?, policy: RedirectPolicy?) throws(FetchError) -> FetchRequest? {
        guard Self.redirectStatuses.contains(status), let location, !location.isEmpty else { return nil }
        let from = request.url
        let to: WebURL
        do throws(WebURLError) {
            to = try WebURL(location, relativeTo: from)
        } catch {
            throw FetchError(.invalidURL, url: from.serialization, message: "redirect (\(status)) to an invalid URL: \(error.reason) in '\(location)'")
        }
        guard to.scheme == "http" || to.scheme == "https" else {
            throw FetchError(.unsupportedScheme, url: to.serialization, message: "redirect from \(from) to a \(to.scheme): URL refused: only http and https are fetched")
        }
        var next = request
        next.url = to
        let method = request.method.uppercased()
        if status == 303 && method != "HEAD" || (status == 301 || status == 302) && method == "POST" {
            next.method = "GET"
            next.body = nil
            next.headers.removeAll { Self.bodyHeaders.contains($0.name) }
        }
        if to.origin != from.origin {
            next.headers.removeAll { Self.credentialHeaders.contains($0.name) }
        }
        guard sent.insert(Hop(next)).inserted else {
            let chain = (visited + [from, to]).map(\.serialization).joined(separator: " → ")
            throw FetchError(.redirectCycle, url: to.serialization, message: "the site redirects in a circle: \(chain)")
        }
        guard visited.count < maxRedirects else {
            throw FetchError(.tooManyRedirects, url: to.serialization, message: "more than \(maxRedirects) redirects (the last from \(from))")
        }
        if let policy, case .refuse(let reason) = policy(from, to) {
            throw FetchError(.redirectRefused, url: to.serialization, message: "redirect from \(from) refused: \(reason)")
        }
        visited.append(from)
        request = next
        return next
    }
}
