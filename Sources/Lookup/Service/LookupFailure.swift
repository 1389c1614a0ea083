import Fetch

/// Why a lookup gave no answer: what happened and where, for the terminal
/// (a message and an exit status) and the proxy (a page with a status).
public struct LookupFailure: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The query has nothing to look up once normalised.
        case emptyQuery
        /// The site profile's search address is not an http or https URL on the site.
        case misconfigured
        /// The rule lists block the result page.
        case blocked
        /// The page could not be fetched (`fetchError` says why).
        case unreachable
        /// The site answered with an error status.
        case siteError(status: Int)
        /// The page's text could not be decoded.
        case undecodable
        /// Offline, and neither the notebook nor the cache holds the word.
        case notStored
        /// Offline without a store to answer from.
        case noStore
    }

    public var kind: Kind
    public var message: String
    /// The URL concerned, when there is one.
    public var url: String?
    /// The fetcher's own error, for `.unreachable`.
    public var fetchError: FetchError?

    public init(_ kind: Kind, _ message: String, url: String? = nil, fetchError: FetchError? = nil) {
        self.kind = kind
        self.message = message
        self.url = url
        self.fetchError = fetchError
    }

    public var description: String { message }
}
