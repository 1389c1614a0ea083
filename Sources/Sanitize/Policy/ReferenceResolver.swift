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
    /// The start of an http(s) base's serialisation that references are
    /// joined to: `scheme://host` of a base without credentials or port,
    /// else `scheme:`; empty for another base. One array for both
    /// prefixes, where two cost a document an allocation more.
    private let prefixes: [UInt8]
    /// How many bytes of `prefixes` are `scheme:`, for `//host` references
    /// (0 for a base that is not http(s)).
    private let schemePrefixCount: Int
    /// Whether `prefixes` is `scheme://host`, for root paths.
    private let hasOriginPrefix: Bool
    /// `prefixes` read once as a canonical origin, where it is one (the
    /// same array, not a copy): a root path is then joined to it with only
    /// the path scanned (`WebURL(canonicalHTTP:rootPath:)`). nil where
    /// `hasOriginPrefix` is false, or the shortcut refuses the origin, and
    /// so every URL joined to it.
    private let origin: CanonicalHTTPOrigin?

    init(base: WebURL) {
        self.base = base
        guard base.isHTTP || base.isHTTPS else {
            (prefixes, schemePrefixCount, hasOriginPrefix, origin) = ([], 0, false, nil)
            return
        }
        // The serialisation starts with the canonical scheme and its `:`;
        // read from its bytes rather than from the component Strings
        // (about 4,000 instructions a document less, callgrind).
        var serialization = base.serialization
        let schemeEnd = base.isHTTPS ? 6 : 5  // "https:", "http:"
        let hasPlainDomain: Bool
        hasPlainDomain = !base.hasCredentials && base.port == nil && base.hasDomainHost
        let end = hasPlainDomain ? base.hostnameRange.upperBound : schemeEnd
        prefixes = serialization.withUTF8 { Array($0[..<end]) }
        schemePrefixCount = schemeEnd
        hasOriginPrefix = hasPlainDomain
        origin = hasPlainDomain ? CanonicalHTTPOrigin(prefixes) : nil
    }

    /// `raw` (character references decoded) parsed against the base, or nil
    /// where the parser fails.
    func resolve(_ raw: String) -> WebURL? {
        var raw = raw
        if let url = raw.withUTF8({ shortcut($0) }) { return url }
        return try? WebURL(raw, relativeTo: base)
    }

    /// `resolve(_:)` where the result is an http(s) URL, nil otherwise: a
    /// reference that names another scheme as written (`mailto:`, `data:`,
    /// `javascript:`) is not parsed, as the policy would drop its URL
    /// anyway (a `mailto:` link a fixture page cost a full parse, about
    /// 6,000 instructions, callgrind; a `data:` image as many as it has bytes).
    func resolveHTTP(_ raw: String) -> WebURL? {
        var raw = raw
        return raw.withUTF8 { resolveHTTP($0) }
    }

    /// `resolveHTTP(_:)` of a reference's UTF-8 bytes (valid UTF-8), as an
    /// attribute holds them: only a reference the shortcut refuses is made
    /// into a String, for the full parse.
    func resolveHTTP(_ raw: UnsafeBufferPointer<UInt8>) -> WebURL? {
        if Self.namesOtherScheme(raw) { return nil }
        guard let url = shortcut(raw) ?? (try? WebURL(String(decoding: raw, as: UTF8.self), relativeTo: base)),
              url.isHTTP || url.isHTTPS else { return nil }
        return url
    }

    /// The room `canonicalHTTP(_:room:)` needs for a reference of `count`
    /// bytes: the prefix it may be joined to, and a `/` after its host.
    func room(forReferenceOf count: Int) -> Int { prefixes.count + count + 1 }

    /// The reference the shortcut takes (see the type's note), read in
    /// place: `resolveHTTP(_:)`'s URL as bytes and layout, without its
    /// String (see `CanonicalHTTPBytes`); joined to the base's prefix in
    /// `room` (`room(forReferenceOf:)` bytes) where it is relative. nil
    /// for a reference the shortcut refuses, for `resolveHTTPParsing(_:)`.
    func canonicalHTTP(_ bytes: UnsafeBufferPointer<UInt8>, room: UnsafeMutableBufferPointer<UInt8>) -> CanonicalHTTPBytes? {
        guard let first = bytes.first else { return nil }
        if first == UInt8(ascii: "h") { return WebURL.canonicalHTTPBytes(bytes, room: room) }
        guard first == UInt8(ascii: "/") else { return nil }
        let isSchemeRelative = bytes.count > 1 && bytes[1] == UInt8(ascii: "/")
        if !isSchemeRelative {
            guard hasOriginPrefix else { return nil }
            return origin?.canonicalBytes(rootPath: bytes, room: room)
        }
        let prefixCount = schemePrefixCount
        guard prefixCount > 0 else { return nil }
        let joined = prefixes.withUnsafeBufferPointer { prefixes in
            _ = room.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: prefixes[..<prefixCount]))
            _ = UnsafeMutableBufferPointer(rebasing: room[prefixCount...]).initialize(fromContentsOf: bytes)
            return UnsafeBufferPointer(rebasing: room[..<(prefixCount + bytes.count)])
        }
        return WebURL.canonicalHTTPBytes(joined, room: room)
    }

    /// `resolveHTTP(_:)` of a reference `canonicalHTTP(_:room:)` refused:
    /// the full parse, without the shortcut's scan again.
    func resolveHTTPParsing(_ raw: UnsafeBufferPointer<UInt8>) -> WebURL? {
        if Self.namesOtherScheme(raw) { return nil }
        guard let url = try? WebURL(String(decoding: raw, as: UTF8.self), relativeTo: base), url.isHTTP || url.isHTTPS else { return nil }
        return url
    }

    /// Whether `bytes` begin with a scheme other than http(s) as the URL
    /// parser reads one: after leading spaces and C0 controls, an ASCII
    /// letter, then letters, digits, `+`, `-` and `.` up to a `:`. A tab or
    /// line break on the way (which the parser removes) gives false, as
    /// does anything that is not certainly such a scheme.
    static func namesOtherScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count, bytes[index] <= 0x20 { index += 1 }
        let start = index
        guard index < bytes.count, (bytes[index] | 0x20) >= UInt8(ascii: "a"), (bytes[index] | 0x20) <= UInt8(ascii: "z") else { return false }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { break }
            let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard letter || digit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") else { return false }
            index += 1
        }
        guard index < bytes.count else { return false }
        let scheme = UnsafeBufferPointer(rebasing: bytes[start..<index])
        return !Self.isScheme(scheme, "http") && !Self.isScheme(scheme, "https")
    }

    /// Whether `scheme` is `name` (lower-case ASCII) in any case.
    private static func isScheme(_ scheme: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard scheme.count == name.utf8CodeUnitCount else { return false }
        for index in 0..<scheme.count where scheme[index] | 0x20 != name.utf8Start[index] { return false }
        return true
    }

    private func shortcut(_ bytes: UnsafeBufferPointer<UInt8>) -> WebURL? {
        guard let first = bytes.first else { return nil }
        if first == UInt8(ascii: "h") { return WebURL(canonicalHTTP: bytes) }
        guard first == UInt8(ascii: "/") else { return nil }
        let isSchemeRelative = bytes.count > 1 && bytes[1] == UInt8(ascii: "/")
        if !isSchemeRelative {
            // The origin lent to its method, not copied out as an argument.
            guard hasOriginPrefix else { return nil }
            return origin?.url(rootPath: bytes)
        }
        let prefixCount = schemePrefixCount
        guard prefixCount > 0 else { return nil }
        return prefixes.withUnsafeBufferPointer { prefixes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: prefixCount + bytes.count) { joined in
                _ = joined.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: prefixes[..<prefixCount]))
                _ = UnsafeMutableBufferPointer(rebasing: joined[prefixCount...]).initialize(fromContentsOf: bytes)
                return WebURL(canonicalHTTP: UnsafeBufferPointer(joined))
            }
        }
    }
}
