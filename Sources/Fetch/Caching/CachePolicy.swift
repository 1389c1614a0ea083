import Foundation

/// The `Cache-Control` directives of a response (or request), RFC 9111 §5.2.
/// Unknown directives are ignored; a repeated directive keeps its first value.
public struct CacheControl: Sendable, Equatable {
    public var noStore = false
    /// `no-cache`, also with a field list (treated as plain `no-cache`), and
    /// `Pragma: no-cache` when there is no `Cache-Control`.
    public var noCache = false
    public var isPrivate = false
    public var isPublic = false
    public var mustRevalidate = false
    public var immutable = false
    public var maxAge: Int?
    public var staleIfError: Int?

    /// The directives of every `Cache-Control` field in `headers`.
    public init(headers: [HTTPHeader]) {
        fatalError("not yet implemented")
    }
}

/// HTTP dates (RFC 9110 §5.6.7): IMF-fixdate, and the obsolete RFC 850 and
/// asctime forms when parsing.
public enum HTTPDate {
    /// The date, or nil when `text` is none of the three forms.
    public static func parse(_ text: String) -> Date? {
        fatalError("not yet implemented")
    }
    /// IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`.
    public static func format(_ date: Date) -> String {
        fatalError("not yet implemented")
    }
}

/// RFC 9111 for a private cache: what may be stored, how long it is fresh,
/// which stored variant answers a request, and how it is validated.
public enum CachePolicy {
    /// Heuristic freshness (no explicit lifetime, a `Last-Modified`): this
    /// fraction of the time since the modification, at most ``maxHeuristicLifetime``.
    public static let heuristicFraction = 0.1
    public static let maxHeuristicLifetime: TimeInterval = 24 * 3600

    /// Whether a response may be stored: GET, neither request nor response
    /// `no-store`, no `Vary: *`, a status the cache understands, and either
    /// explicit freshness, a heuristically cacheable status or a validator.
    public static func isStorable(method: String, requestHeaders: [HTTPHeader], status: Int, responseHeaders: [HTTPHeader]) -> Bool {
        fatalError("not yet implemented")
    }

    /// How long the response is fresh after it was generated (§4.2.1).
    public static func freshnessLifetime(headers: [HTTPHeader], responseTime: Date) -> TimeInterval {
        fatalError("not yet implemented")
    }

    /// The response's age at `now` (§4.2.3).
    public static func currentAge(headers: [HTTPHeader], requestTime: Date, responseTime: Date, now: Date) -> TimeInterval {
        fatalError("not yet implemented")
    }

    /// Whether `stored` may answer at `now` without asking the server: fresh
    /// and not `no-cache`.
    public static func isFresh(_ stored: StoredResponse, now: Date) -> Bool {
        fatalError("not yet implemented")
    }

    /// The lower-cased, sorted, distinct header names `Vary` lists (empty
    /// without `Vary`); nil for `Vary: *`. `Accept-Encoding` is left out:
    /// the client negotiates it itself, the same way on every request.
    public static func varyNames(_ headers: [HTTPHeader]) -> [String]? {
        fatalError("not yet implemented")
    }

    /// The secondary cache key: `name: value` lines of the request's values
    /// of `varyNames` (values of a repeated field joined with ", ",
    /// whitespace runs collapsed, absent fields as empty). "" for no names.
    public static func variant(varyNames: [String], requestHeaders: [HTTPHeader]) -> String {
        fatalError("not yet implemented")
    }

    /// Whether `stored` answers a request with `requestHeaders` (§4.1).
    public static func matches(_ stored: StoredResponse, requestHeaders: [HTTPHeader]) -> Bool {
        fatalError("not yet implemented")
    }

    /// `If-None-Match` from `ETag`, `If-Modified-Since` from
    /// `Last-Modified`: empty when the response has no validator.
    public static func conditionalHeaders(for stored: StoredResponse) -> [HTTPHeader] {
        fatalError("not yet implemented")
    }

    /// The stored headers updated by a 304's (§3.2): fields in the 304
    /// replace those of the same name, except `Content-Length`,
    /// `Content-Encoding`, `Content-Type` and `Content-Range`.
    public static func headersAfterValidation(stored: [HTTPHeader], notModified: [HTTPHeader]) -> [HTTPHeader] {
        fatalError("not yet implemented")
    }

    /// `headers` without what must not be kept or replayed: `Set-Cookie`,
    /// `Set-Cookie2`, hop-by-hop fields and the fields `Connection` names.
    public static func storableHeaders(_ headers: [HTTPHeader]) -> [HTTPHeader] {
        fatalError("not yet implemented")
    }

    /// Whether an `If-None-Match` value (a list, or `*`) matches `etag`,
    /// by weak comparison (RFC 9110 §13.1.2).
    public static func ifNoneMatch(_ value: String, matches etag: String) -> Bool {
        fatalError("not yet implemented")
    }
}
