import Foundation
import HTTPTypes

/// RFC 9111 for a private cache: what may be stored, how long it is fresh,
/// which stored variant answers a request, and how it is validated.
public enum CachePolicy {
    /// Heuristic freshness (no explicit lifetime, a `Last-Modified`): this
    /// fraction of the time since the modification, at most ``maxHeuristicLifetime``.
    public static let heuristicFraction = 0.1
    public static let maxHeuristicLifetime: TimeInterval = 24 * 3600

    /// Statuses a cache may reuse without explicit freshness (RFC 9110 §15.1).
    static let heuristicallyCacheable: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]
    /// Statuses kept at all: the heuristic ones, and redirects that say how
    /// long they last. 206 (partial) is never kept: this cache does not
    /// combine ranges.
    static let understood: Set<Int> = heuristicallyCacheable.union([302, 303, 307])

    /// Whether a response may be stored: GET, neither request nor response
    /// `no-store`, no `Vary: *`, a status the cache understands, and either
    /// explicit freshness, a heuristically cacheable status or a validator.
    public static func isStorable(method: String, requestHeaders: HTTPFields, status: Int, responseHeaders: HTTPFields) -> Bool {
        guard method.uppercased() == "GET", understood.contains(status),
              !requestHeaders.contains(.range),
              !CacheControl(headers: requestHeaders).noStore else { return false }
        let control = CacheControl(headers: responseHeaders)
        guard !control.noStore, varyNames(responseHeaders) != nil else { return false }
        let explicit = control.maxAge != nil || responseHeaders.contains(.expires) || control.isPublic || control.isPrivate
        return explicit || heuristicallyCacheable.contains(status)
    }

    /// How long the response is fresh after it was generated (§4.2.1):
    /// `max-age`, else `Expires` − `Date`, else the heuristic for a
    /// cacheable status with `Last-Modified`, else zero.
    public static func freshnessLifetime(headers: HTTPFields, status: Int = 200, responseTime: Date) -> TimeInterval {
        let control = CacheControl(headers: headers)
        if let maxAge = control.maxAge { return TimeInterval(maxAge) }
        let date = headers[values: .date].first.flatMap(HTTPDate.parse) ?? responseTime
        if let expires = headers[values: .expires].first {
            // An invalid Expires (often "0") means already expired (§5.3).
            guard let expiry = HTTPDate.parse(expires) else { return 0 }
            return max(0, expiry.timeIntervalSince(date))
        }
        if heuristicallyCacheable.contains(status), let modified = headers[values: .lastModified].first.flatMap(HTTPDate.parse) {
            return min(maxHeuristicLifetime, max(0, date.timeIntervalSince(modified) * heuristicFraction))
        }
        return 0
    }

    /// The response's age at `now` (§4.2.3).
    public static func currentAge(headers: HTTPFields, requestTime: Date, responseTime: Date, now: Date) -> TimeInterval {
        let ageValue = TimeInterval(CacheControl.seconds(headers[values: .age].first?.trimmingCharacters(in: .whitespaces)) ?? 0)
        let date = headers[values: .date].first.flatMap(HTTPDate.parse) ?? responseTime
        let apparentAge = max(0, responseTime.timeIntervalSince(date))
        let responseDelay = max(0, responseTime.timeIntervalSince(requestTime))
        let correctedInitialAge = max(apparentAge, ageValue + responseDelay)
        return correctedInitialAge + max(0, now.timeIntervalSince(responseTime))
    }

    /// Whether `stored` may answer at `now` without asking the server: fresh
    /// and not `no-cache`.
    public static func isFresh(_ stored: StoredResponse, now: Date) -> Bool {
        guard !CacheControl(headers: stored.headers).noCache else { return false }
        let lifetime = freshnessLifetime(headers: stored.headers, status: stored.status, responseTime: stored.responseTime)
        return currentAge(headers: stored.headers, requestTime: stored.requestTime, responseTime: stored.responseTime, now: now) < lifetime
    }

    /// The lower-cased, sorted, distinct header names `Vary` lists (empty
    /// without `Vary`); nil for `Vary: *`. `Accept-Encoding` is left out:
    /// the client negotiates it itself, the same way on every request.
    public static func varyNames(_ headers: HTTPFields) -> [String]? {
        var names = Set<String>()
        for field in headers[values: .vary] {
            for name in field.split(separator: ",") {
                let name = name.trimmingCharacters(in: .whitespaces).lowercased()
                if name == "*" { return nil }
                if !name.isEmpty, name != "accept-encoding" { names.insert(name) }
            }
        }
        return names.sorted()
    }

    /// The secondary cache key: `name: value` lines of the request's values
    /// of `varyNames` (values of a repeated field joined with ", ",
    /// whitespace runs collapsed, absent fields as empty). "" for no names.
    public static func variant(varyNames: [String], requestHeaders: HTTPFields) -> String {
        varyNames.map { name in
            // A name that is not a token cannot be among the request's fields.
            let values = HTTPField.Name(name).map { requestHeaders[values: $0] } ?? []
            let value = values.joined(separator: ", ")
                .split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            return "\(name): \(value)"
        }.joined(separator: "\n")
    }

    /// Whether `stored` answers a request with `requestHeaders` (§4.1).
    public static func matches(_ stored: StoredResponse, requestHeaders: HTTPFields) -> Bool {
        guard let names = varyNames(stored.headers) else { return false }
        return variant(varyNames: names, requestHeaders: requestHeaders) == stored.variant
    }

    /// `If-None-Match` from `ETag`, `If-Modified-Since` from
    /// `Last-Modified`: empty when the response has no validator.
    public static func conditionalHeaders(for stored: StoredResponse) -> HTTPFields {
        var headers = HTTPFields()
        if let etag = stored.headers[values: .eTag].first { headers.append(HTTPField(name: .ifNoneMatch, value: etag)) }
        if let modified = stored.headers[values: .lastModified].first { headers.append(HTTPField(name: .ifModifiedSince, value: modified)) }
        return headers
    }

    /// Fields a 304 does not update: they describe the stored body.
    static let bodyDescribing: Set<HTTPField.Name> = [.contentLength, .contentEncoding, .contentType, .contentRange, .transferEncoding]

    /// The stored headers updated by a 304's (§3.2): fields in the 304
    /// replace those of the same name, except `Content-Length`,
    /// `Content-Encoding`, `Content-Type` and `Content-Range`.
    public static func headersAfterValidation(stored: HTTPFields, notModified: HTTPFields) -> HTTPFields {
        let incoming = storableHeaders(notModified).filter { !bodyDescribing.contains($0.name) }
        let replaced = Set(incoming.map(\.name))
        return stored.filter { !replaced.contains($0.name) } + incoming
    }

    static let hopByHop: Set<HTTPField.Name> = [.connection, .keepAlive, .proxyConnection, .proxyAuthenticate, .proxyAuthorization,
                                                .te, .trailer, .transferEncoding, .upgrade, .setCookie, .setCookie2]

    /// `headers` without what must not be kept or replayed: `Set-Cookie`,
    /// `Set-Cookie2`, hop-by-hop fields and the fields `Connection` names.
    public static func storableHeaders(_ headers: HTTPFields) -> HTTPFields {
        let named = Set(headers[values: .connection].flatMap { $0.split(separator: ",") }
            .compactMap { HTTPField.Name($0.trimmingCharacters(in: .whitespaces)) })
        return headers.filter { !hopByHop.contains($0.name) && !named.contains($0.name) }
    }

    /// Whether an `If-None-Match` value (a list, or `*`) matches `etag`,
    /// by weak comparison (RFC 9110 §13.1.2).
    public static func ifNoneMatch(_ value: String, matches etag: String) -> Bool {
        func opaque(_ tag: Substring) -> Substring {
            let trimmed = tag.drop { $0 == " " || $0 == "\t" }
            return trimmed.hasPrefix("W/") ? trimmed.dropFirst(2) : trimmed
        }
        let candidate = opaque(Substring(etag.trimmingCharacters(in: .whitespaces)))
        return value.split(separator: ",").contains { tag in
            let tag = opaque(tag).trimmingCharacters(in: .whitespaces)
            return tag == "*" || Substring(tag) == candidate
        }
    }
}
