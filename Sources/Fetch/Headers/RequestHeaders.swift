/// The request header lines handed to curl (CURLOPT_HTTPHEADER).
///
/// The caller's headers go out as given, except those that belong to the
/// connection or that curl must compute itself: sending a forwarded
/// `Connection`, `Host` or `Content-Length` would break the request or let a
/// page smuggle a second one. A line break inside a value is refused rather
/// than dropped, because it means the caller forwarded something unchecked.
enum RequestHeaders {
    /// Never forwarded: hop-by-hop headers (RFC 9110 §7.6.1), `Host` (from the
    /// URL), `Content-Length` (from the body) and `Accept-Encoding` (the
    /// client decodes what it asked for).
    static let managedByClient: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding",
        "upgrade", "host", "content-length", "accept-encoding", "expect", "http2-settings",
    ]

    /// Lines "Name: value" for curl, plus the ones that switch off curl's own
    /// `Expect: 100-continue` (a second round trip per upload) and supply the
    /// default User-Agent when the request has none.
    static func curlLines(for headers: [HTTPHeader], userAgent: String, url: String) throws(FetchError) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(headers.count + 2)
        var hasUserAgent = false
        for header in headers {
            let name = header.name.lowercased()
            if managedByClient.contains(name) { continue }
            guard isToken(header.name) else {
                throw FetchError(.other, url: url, message: "request header name '\(header.name)' is not a valid HTTP token")
            }
            guard !header.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                throw FetchError(.other, url: url, message: "request header \(header.name) contains a line break")
            }
            if name == "user-agent" { hasUserAgent = true }
            // "Name:" would tell curl to drop its own header; "Name;" sends it empty.
            lines.append(header.value.isEmpty ? "\(header.name);" : "\(header.name): \(header.value)")
        }
        if !hasUserAgent && !userAgent.isEmpty { lines.append("User-Agent: \(userAgent)") }
        lines.append("Expect:")
        return lines
    }

    /// The method as sent: the standard ones upper-cased as browsers do
    /// (Fetch standard, "normalize a method"), any other token as given.
    static func normalizedMethod(_ method: String) -> String {
        let upper = method.uppercased()
        return ["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH"].contains(upper) ? upper : method
    }

    /// RFC 9110 token: what a header name or a method may be made of.
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    return true
                default:
                    return "!#$%&'*+-.^_`|~".utf8.contains(byte)
                }
            }
    }
}
