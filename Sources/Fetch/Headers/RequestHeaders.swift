import HTTPTypes

/// The request header lines handed to curl (CURLOPT_HTTPHEADER).
///
/// The caller's headers go out as given, except those that belong to the
/// connection or that curl must compute itself: sending a forwarded
/// `Connection`, `Host` or `Content-Length` would break the request or let a
/// page smuggle a second one. Names and values need no check here:
/// `HTTPField.Name` is a valid token by construction, and `HTTPField` turns
/// CR, LF, NUL and other control bytes of a value into spaces, so no line
/// can be split into two.
enum RequestHeaders {
    /// Never forwarded: hop-by-hop headers (RFC 9110 §7.6.1), `Host` (from the
    /// URL), `Content-Length` (from the body) and `Accept-Encoding` (the
    /// client decodes what it asked for).
    static let managedByClient: Set<HTTPField.Name> = [
        .connection, .keepAlive, .proxyConnection, .te, .trailer, .transferEncoding,
        .upgrade, .hostField, .contentLength, .acceptEncoding, .expect, .http2Settings,
    ]

    /// Lines "Name: value" for curl, plus the ones that switch off curl's own
    /// `Expect: 100-continue` (a second round trip per upload) and supply the
    /// default User-Agent when the request has none.
    static func curlLines(for headers: HTTPFields, userAgent: String) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(headers.count + 2)
        for field in headers where !managedByClient.contains(field.name) {
            // "Name:" would tell curl to drop its own header; "Name;" sends it empty.
            lines.append(field.value.isEmpty ? "\(field.name.rawName);" : "\(field.name.rawName): \(field.value)")
        }
        if !headers.contains(.userAgent) && !userAgent.isEmpty { lines.append("User-Agent: \(userAgent)") }
        lines.append("Expect:")
        return lines
    }

    /// The method as sent: the standard ones upper-cased as browsers do
    /// (Fetch standard, "normalize a method"), any other token as given.
    static func normalizedMethod(_ method: String) -> String {
        let upper = method.uppercased()
        return ["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH"].contains(upper) ? upper : method
    }
}
