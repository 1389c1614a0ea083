import Foundation
import HTTPTypes

/// A response kept by the HTTP cache, with what RFC 9111 needs to judge it
/// later: when it was asked for and received, and the request header values
/// it varies on.
public struct StoredResponse: Sendable, Equatable {
    /// The request URL it answers, without fragment: the primary cache key.
    public var url: String
    /// The request's values of the headers the response's `Vary` names, in
    /// canonical form (``CachePolicy/variant(varyNames:requestHeaders:)``):
    /// the secondary key. Empty when the response has no `Vary`.
    public var variant: String
    /// The URL that answered, after redirects (equal to `url` without).
    public var finalURL: String
    public var status: Int
    /// The response headers, without `Set-Cookie` and hop-by-hop fields
    /// (``CachePolicy/storableHeaders(_:)``).
    public var headers: HTTPFields
    /// The body as decoded by the client (no content encoding).
    public var body: [UInt8]
    /// When the request that got this response, or its latest validation,
    /// was sent.
    public var requestTime: Date
    /// When that response arrived: also "fetched at" for the reader.
    public var responseTime: Date
    /// A form of the body its user derived and keeps alongside (the proxy's
    /// sanitized page), or nil.
    public var derived: [UInt8]?
    /// What `derived` was made with (the proxy: its rules' fingerprint), so
    /// that a derived form made under other rules is not used.
    public var derivedKey: String?

    public init(url: String, variant: String, finalURL: String, status: Int, headers: HTTPFields, body: [UInt8],
                requestTime: Date, responseTime: Date, derived: [UInt8]? = nil, derivedKey: String? = nil) {
        self.url = url
        self.variant = variant
        self.finalURL = finalURL
        self.status = status
        self.headers = headers
        self.body = body
        self.requestTime = requestTime
        self.responseTime = responseTime
        self.derived = derived
        self.derivedKey = derivedKey
    }
}

/// Where the HTTP cache keeps responses (limot's SQLite store implements it).
/// Methods throw what the storage throws; the caching client reports those
/// errors and carries on uncached, so a full disk never stops a fetch.
public protocol ResponseStorage: Sendable {
    /// Every stored variant for `url`.
    func storedResponses(for url: String) throws -> [StoredResponse]
    /// Keeps `response`, replacing the entry with the same url and variant
    /// (and its derived form), then evicts least recently used entries while
    /// the cache is over its size limit.
    func store(_ response: StoredResponse) throws
    /// After a 304: the entry's headers and times are replaced, its body and
    /// derived form kept.
    func refresh(url: String, variant: String, headers: HTTPFields, requestTime: Date, responseTime: Date) throws
    /// Keeps a derived form of an entry's body, made with `key`.
    func storeDerived(url: String, variant: String, key: String, bytes: [UInt8]) throws
    /// Forgets every variant of `url` (after a POST to it, RFC 9111 §4.4).
    func invalidate(url: String) throws
    /// Records that the entry was used now, for least-recently-used
    /// eviction. May be batched and written later; never throws.
    func markUsed(url: String, variant: String)
}
