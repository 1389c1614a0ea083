/// Cookies between the browser and the dictionary site.
///
/// The browser keeps the site's cookies under the proxy's origin; the proxy
/// passes them on to the site (never to other hosts) and passes the site's
/// `Set-Cookie` back with the attributes that would stop the browser from
/// storing them on http://127.0.0.1 (Domain, Secure, SameSite=None) removed.
/// limot's own cookies (`limot_…`) never leave the proxy.
enum CookieForwarding {
    static let ownPrefix = "limot_"

    /// The `Cookie` header to send upstream, or nil for none.
    static func upstreamCookieHeader(_ browserCookies: [String]) -> String? {
        var pairs: [String] = []
        for header in browserCookies {
            for part in header.split(separator: ";") {
                let pair = part.trimmingSpaces()
                guard !pair.isEmpty, !pair.hasPrefix(ownPrefix) else { continue }
                pairs.append(String(pair))
            }
        }
        return pairs.isEmpty ? nil : pairs.joined(separator: "; ")
    }

    /// A site's `Set-Cookie` value made storable under the proxy's origin,
    /// or nil when it must be dropped.
    static func browserSetCookie(_ value: String) -> String? {
        let parts = value.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        guard let first = parts.first, first.contains("="), !first.hasPrefix(ownPrefix) else { return nil }
        var kept = [String(first)]
        for attribute in parts.dropFirst() where !attribute.isEmpty {
            let name = attribute.split(separator: "=", maxSplits: 1).first.map { $0.lowercased() } ?? ""
            switch name {
            case "domain", "secure", "partitioned": continue
            case "samesite" where attribute.lowercased().hasSuffix("none"): continue
            default: kept.append(String(attribute))
            }
        }
        return kept.joined(separator: "; ")
    }

    /// The value of one of limot's own cookies in the browser's headers.
    static func ownCookie(_ name: String, in browserCookies: [String]) -> String? {
        for header in browserCookies {
            for part in header.split(separator: ";") {
                let pair = part.trimmingSpaces()
                if pair.hasPrefix(name + "=") { return String(pair.dropFirst(name.count + 1)) }
            }
        }
        return nil
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var slice = self
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return slice
    }
}
