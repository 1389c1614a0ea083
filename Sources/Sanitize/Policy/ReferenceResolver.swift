import WebURL

/// Resolves the URLs a page names against its base as the URL parser does,
/// taking WebURL's shortcut for canonical http(s) URLs where the result is
/// certain to be the same: a page's links are mostly absolute `https://…`
/// URLs and root paths (`/img/a.png`, `/search?q=Haus`), and the full parse
/// of one against a base cost several times the shortcut's one scan
/// (issue 20: the URL parse was the largest part of each link's decision).
///
/// - `https://host/…` or `http://host/…` that `WebURL(canonicalHTTP:)`
///   reads: an absolute URL with a host, which no base changes.
/// - `//host/…` against an http(s) base: the base's scheme, then the same.
/// - `/path…` against an http(s) base with a domain, no credentials and no
///   port: the base's `scheme://host`, then the same.
///
/// Anything else, and anything the shortcut refuses (spaces, tabs and line
/// breaks the parser strips, bytes it percent-encodes, dot segments,
/// `\`, upper case, ports, IP addresses), goes the full way.
struct ReferenceResolver {
    let base: WebURL
    /// `scheme:` of an http(s) base, for `//host` references; empty otherwise.
    private let schemePrefix: [UInt8]
    /// `scheme://host` of an http(s) base without credentials or port, for
    /// root paths; empty otherwise.
    private let originPrefix: [UInt8]

    init(base: WebURL) {
        self.base = base
        guard base.isHTTP || base.isHTTPS else {
            (schemePrefix, originPrefix) = ([], [])
            return
        }
        // The serialisation starts with the canonical scheme and its `:`;
        // read from its bytes rather than from the component Strings
        // (about 4,000 instructions a document less, callgrind).
        var serialization = base.serialization
        let schemeEnd = base.isHTTPS ? 6 : 5  // "https:", "http:"
        let hasPlainDomain: Bool
        if !base.hasCredentials, base.port == nil, case .domain? = base.host { hasPlainDomain = true } else { hasPlainDomain = false }
        let originEnd = base.hostnameRange.upperBound
        (schemePrefix, originPrefix) = serialization.withUTF8 { bytes in
            (Array(bytes[..<schemeEnd]), hasPlainDomain ? Array(bytes[..<originEnd]) : [])
        }
    }

    /// `raw` (character references decoded) parsed against the base, or nil
    /// where the parser fails.
    func resolve(_ raw: String) -> WebURL? {
        var raw = raw
        if let url = raw.withUTF8({ shortcut($0) }) { return url }
        return try? WebURL(raw, relativeTo: base)
    }

    private func shortcut(_ bytes: UnsafeBufferPointer<UInt8>) -> WebURL? {
        guard let first = bytes.first else { return nil }
        if first == UInt8(ascii: "h") { return WebURL(canonicalHTTP: bytes) }
        guard first == UInt8(ascii: "/") else { return nil }
        let prefix = bytes.count > 1 && bytes[1] == UInt8(ascii: "/") ? schemePrefix : originPrefix
        guard !prefix.isEmpty else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: prefix.count + bytes.count) { joined in
            _ = joined.initialize(fromContentsOf: prefix)
            _ = UnsafeMutableBufferPointer(rebasing: joined[prefix.count...]).initialize(fromContentsOf: bytes)
            return WebURL(canonicalHTTP: UnsafeBufferPointer(joined))
        }
    }
}
