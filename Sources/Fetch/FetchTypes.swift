import HTTPTypes
import WebURL

/// What to fetch. The client adds `Accept-Encoding` itself and decodes the body.
public struct FetchRequest: Sendable {
    public var url: WebURL
    public var method: String
    /// Sent as given (Cookie, Accept, Accept-Language, Content-Type, …), in
    /// swift-http-types' model, the one the proxy's server (Hummingbird)
    /// speaks too. Hop-by-hop headers and `Host` are the client's business
    /// and are ignored.
    public var headers: HTTPFields
    public var body: [UInt8]?
    public init(url: WebURL, method: String = "GET", headers: HTTPFields = [:], body: [UInt8]? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }
}

/// A complete, decoded answer.
public struct FetchResponse: Sendable {
    /// The URL that answered, after redirects.
    public var url: WebURL
    /// Every URL visited before `url`, in order (empty without redirects).
    public var redirects: [WebURL]
    public var status: Int
    /// Response headers of the final hop. `Content-Encoding` and
    /// `Content-Length` describe the wire, not `body`, and are removed.
    /// Fields whose name is not a token (a hostile server's) are skipped.
    public var headers: HTTPFields
    /// The body after content decoding (gzip, deflate, br), never larger
    /// than `FetchLimits.maxBodyBytes`.
    public var body: [UInt8]
    /// "1.1" or "2".
    public var httpVersion: String
    public init(url: WebURL, redirects: [WebURL], status: Int, headers: HTTPFields, body: [UInt8], httpVersion: String) {
        self.url = url
        self.redirects = redirects
        self.status = status
        self.headers = headers
        self.body = body
        self.httpVersion = httpVersion
    }
}

/// Whether a redirect hop may be followed; asked before every hop.
public enum RedirectVerdict: Sendable, Equatable {
    case follow
    /// Stops with `FetchError.Kind.redirectRefused` carrying `reason`.
    case refuse(reason: String)
}

/// Told how much of a body has arrived, as it arrives (curl's transfer
/// progress): `expected` is the announced length, nil when the server did not
/// say. Called on the client's transfer thread, so it must return quickly.
public typealias TransferProgress = @Sendable (_ received: Int64, _ expected: Int64?) -> Void

/// Asked for each redirect hop, with the URL redirected from and to.
public typealias RedirectPolicy = @Sendable (_ from: WebURL, _ to: WebURL) -> RedirectVerdict
