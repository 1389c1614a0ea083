/// Why a fetch failed: what happened, to which URL, in words a user can act on.
public struct FetchError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case invalidURL
        /// Not http or https.
        case unsupportedScheme
        case couldNotResolve
        /// A page's request would reach a loopback, private or otherwise
        /// non-public address (after DNS resolution or a redirect).
        case refusedAddress
        case couldNotConnect
        case connectTimedOut
        case timedOut
        case bodyTooLarge
        case headersTooLarge
        case tooManyRedirects
        /// A redirect back to a request already sent in the same chain.
        case redirectCycle
        case redirectRefused
        /// Certificate or TLS handshake failure.
        case tls
        /// Broken gzip/deflate/br data.
        case badContentEncoding
        /// The peer broke HTTP (reset, garbage, truncated body).
        case protocolError
        case cancelled
        /// Offline (`--offline`), and the cache holds no copy of the URL.
        case notCached
        case other
    }
    public var kind: Kind
    /// The URL being fetched when it failed (the hop, after redirects).
    public var url: String
    /// Human-readable detail, e.g. "certificate is not trusted (self-signed)".
    public var message: String
    public init(_ kind: Kind, url: String, message: String) {
        self.kind = kind
        self.url = url
        self.message = message
    }
    public var description: String { "\(url): \(message)" }
}
