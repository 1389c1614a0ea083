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
    ///
    /// Every request of a reader asks twice (session, theme): an ASCII
    /// header is read as bytes, which splitting and trimming it as
    /// Characters took some 25,000 instructions for (callgrind). A header
    /// with other bytes is read as before, as Characters, where a `;` with
    /// a combining mark after it is no separator.
    static func ownCookie(_ name: String, in browserCookies: [String]) -> String? {
        for header in browserCookies {
            switch ownCookieInASCII(name, in: header) {
            case .found(let value): return value
            case .absent: continue
            case .notASCII: break
            }
            for part in header.split(separator: ";") {
                let pair = part.trimmingSpaces()
                if pair.hasPrefix(name + "=") { return String(pair.dropFirst(name.count + 1)) }
            }
        }
        return nil
    }

    private enum ASCIIScan {
        case found(String)
        case absent
        case notASCII
    }

    /// `ownCookie` on one header known to be ASCII: the same parts (split
    /// at `;`, spaces and tabs trimmed), the first that starts `name=`.
    private static func ownCookieInASCII(_ name: String, in header: String) -> ASCIIScan {
        var header = header
        var name = name
        return header.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return .notASCII }
            return name.withUTF8 { name in
                var start = 0
                while start < bytes.count {
                    var end = start
                    while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end &+= 1 }
                    var first = start, last = end
                    while first < last, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first &+= 1 }
                    while last > first, bytes[last - 1] == UInt8(ascii: " ") || bytes[last - 1] == UInt8(ascii: "\t") { last &-= 1 }
                    if last - first > name.count, bytes[first + name.count] == UInt8(ascii: "="),
                       (0..<name.count).allSatisfy({ bytes[first + $0] == name[$0] }) {
                        return .found(String(decoding: UnsafeBufferPointer(rebasing: bytes[(first + name.count + 1)..<last]), as: UTF8.self))
                    }
                    start = end &+ 1
                }
                return .absent
            }
        }
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
