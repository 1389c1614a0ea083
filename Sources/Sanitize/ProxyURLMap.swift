#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ContentRules
import WebURL

/// Where each upstream URL lives on the proxy, and back.
///
/// - Documents of the dictionary site sit at the proxy's root:
///   `/path?query` ↔ `https://www.loghatnameh.de/path?query`.
/// - Subresources (of any host, the site's own included) sit under
///   `/_limot/sub/TYPE/SCHEME/HOST[:PORT]/path?query`, where TYPE is the
///   WebKit resource type they were found as, so the proxy decides them
///   with the right type when the browser fetches them.
/// - `/_limot/` is the proxy's own namespace and never maps to the site.
///   A site page whose path itself starts with `/_limot` lives at
///   `/_limot/doc/_limot…` instead, so that every page stays reachable.
///
/// Fragments are never part of a proxy path (browsers do not send them);
/// callers that rewrite links append the fragment themselves.
/// `target(ofProxyPath:)` is the exact inverse of both mappings: a path made
/// here maps back to the URL it was made from; a path spelled differently
/// (as a script or a person may) maps to what a browser would make of it; and
/// the proxy's own routes, garbage and hosts that are not what they seem
/// ("a@b", "a\b") give nil.
public struct ProxyURLMap: Sendable {
    /// The dictionary site's origin (`--home`'s origin).
    public let site: WebURL
    /// `site.origin`, computed once: every link is compared with it.
    private let siteOrigin: String
    /// Its bytes, for `isSite` (empty when the site has no http(s) origin).
    let siteOriginBytes: [UInt8]

    /// The proxy's own namespace: no path under it is a site page as is.
    public static let namespace = "/_limot"
    /// Where subresources live: `/_limot/sub/TYPE/SCHEME/HOST[:PORT]/path?query`.
    public static let subresourcePrefix = "/_limot/sub/"
    /// Where site pages live whose own path starts with `/_limot`.
    public static let escapedDocumentPrefix = "/_limot/doc"

    public init(site: WebURL) {
        self.site = site
        self.siteOrigin = site.origin
        let scheme = site.scheme
        self.siteOriginBytes = scheme == "http" || scheme == "https" ? Array(siteOrigin.utf8) : []
    }

    /// Whether `url` has the site's origin: an http(s) URL whose
    /// serialisation starts with the origin and then its path. Its scheme,
    /// host and port are the origin's then, and it has no credentials (they
    /// would stand between `//` and the host). The same answer as comparing
    /// `url.origin`, without building that string for every link.
    public func isSite(_ url: WebURL) -> Bool {
        guard !siteOriginBytes.isEmpty else { return false }
        var serialization = url.serialization
        return serialization.withUTF8 { isSite(serialization: $0) }
    }

    /// `isSite(_:)` of the URL whose serialisation is `bytes`, read in
    /// place (a `CanonicalHTTPBytes`'s): no `WebURL` made to ask.
    func isSite(serialization bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = siteOriginBytes.count
        guard count > 0, bytes.count > count, bytes[count] == UInt8(ascii: "/") else { return false }
        return siteOriginBytes.withUnsafeBufferPointer { origin in
            memcmp(origin.baseAddress!, bytes.baseAddress!, count) == 0
        }
    }

    /// The proxy path for a navigation to `url` (links, forms, refresh):
    /// a root path for the site's pages, nil for other hosts (left alone).
    /// The fragment is dropped.
    /// The path and query are made a String from the serialisation's bytes
    /// (`pathAndQuery` made its String through the UTF-8 view's indices:
    /// about 700 instructions a link, where this takes about 150).
    public func documentPath(for url: WebURL) -> String? {
        guard isSite(url) else { return nil }
        let range = url.pathAndQueryRange
        var serialization = url.serialization
        let pathAndQuery = serialization.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
        return Self.isInNamespace(pathAndQuery) ? Self.escapedDocumentPrefix + pathAndQuery : pathAndQuery
    }

    /// Where a navigation to another site goes when the proxy must decide
    /// it first: `/_limot/leave?to=URL` shows limot's blocked page for a
    /// page the rules block, and otherwise sends the browser on, without a
    /// referrer. The guard script sends every scripted navigation there.
    public static let leavePath = "/_limot/leave"

    /// `/_limot/leave?to=URL` for `url`, every byte but the unreserved
    /// ones percent-encoded (the fragment included, which the site keeps).
    /// Written into one String of room enough (three bytes for each of the
    /// URL's): appending scalars and `String(radix:)` per byte cost about
    /// 20,000 instructions a link to a blocked site. Each byte is written
    /// from `leaveEscapes` (see `ByteEscapes`): a switch of ranges and the
    /// hexadecimal digits worked out for each byte cost about 620
    /// instructions a link (fixture pages, callgrind).
    public static func leavePath(for url: WebURL) -> String {
        var serialization = url.serialization
        return serialization.withUTF8 { leavePath(forSerialization: $0) }
    }

    /// `leavePath(for:)` of the URL whose serialisation is `bytes` (read in
    /// place, a `CanonicalHTTPBytes`'s with its fragment).
    static func leavePath(forSerialization bytes: UnsafeBufferPointer<UInt8>) -> String {
        let prefix: StaticString = "/_limot/leave?to="
        return leaveEscapes.withUnsafeBufferPointer { escapes in
            String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + bytes.count * 3 + ByteEscapes.spareBytes) { out in
                let start = UnsafeMutableRawPointer(out.baseAddress.unsafelyUnwrapped)
                start.copyMemory(from: prefix.utf8Start, byteCount: prefix.utf8CodeUnitCount)
                return prefix.utf8CodeUnitCount + ByteEscapes.write(bytes, escapes: escapes, to: start + prefix.utf8CodeUnitCount)
            }
        }
    }

    /// How `leavePath(for:)` writes each byte (see `ByteEscapes`): the
    /// unreserved ones (ASCII letters, digits, `-._~`) as they are, every
    /// other `%XY`.
    static let leaveEscapes: [UInt32] = (0...255).map { (value: Int) -> UInt32 in
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return ByteEscapes.keeping(byte)
        default:
            return ByteEscapes.escaping(byte)
        }
    }

    /// The proxy path for a subresource `url` loaded as `type`; nil when it
    /// cannot be proxied (not http/https, or with credentials, which a proxy
    /// path cannot carry, or a host `.` or `..`, which browsers remove from
    /// a path as a dot segment). A set of several types is named by its first.
    public func subresourcePath(for url: WebURL, type: ResourceTypes) -> String? {
        guard url.isHTTP || url.isHTTPS, !url.hasCredentials, let name = Self.typeName(type) else { return nil }
        if url.port == nil, let path = Self.subresourcePath(serialization: url.serialization, host: url.hostnameRange,
                                                            pathAndQuery: url.pathAndQueryRange, isHTTPS: url.isHTTPS, typeName: name) {
            return path
        }
        let hostname = url.hostname
        guard !hostname.isEmpty, hostname != ".", hostname != ".." else { return nil }
        var path = Self.subresourcePrefix
        path.reserveCapacity(path.utf8.count + name.utf8.count + url.serialization.utf8.count + 2)
        path += name
        path += "/"
        path += url.isHTTPS ? "https" : "http"
        path += "/"
        path += Self.pathSegment(ofHost: hostname)
        if let port = url.port { path += ":\(port)" }
        path += url.pathAndQuery
        return path
    }

    /// `subresourcePath(for:type:)` of a URL without port whose host needs
    /// no percent-encoding (nil for the others), copied from the URL's
    /// serialization into one String: six appends and the host and path
    /// Strings cost about 600 instructions more a subresource. The pieces
    /// are copied with `memcpy` and the host read once with a test a byte
    /// for the common lower-case letters: the generic
    /// `initialize(fromContentsOf:)` a piece and `contains(where:)` with four
    /// comparisons a host byte cost about 1,030 instructions a first-seen
    /// image (p58k-images, callgrind).
    private static func subresourcePath(serialization: String, host: Range<Int>, pathAndQuery: Range<Int>, isHTTPS: Bool, typeName: String) -> String? {
        var serialization = serialization
        var typeName = typeName
        return serialization.withUTF8 { bytes -> String? in
            typeName.withUTF8 { name in
                guard let count = plainHostPathCount(bytes, host: host, pathAndQuery: pathAndQuery, isHTTPS: isHTTPS, name: name) else { return nil }
                return String(unsafeUninitializedCapacity: count) { out in
                    writePlainHostPath(bytes, host: host, pathAndQuery: pathAndQuery, isHTTPS: isHTTPS, name: name, to: out.baseAddress!)
                    return count
                }
            }
        }
    }

    /// The length of the proxy path `writePlainHostPath` writes for the URL
    /// whose serialisation is `bytes`, or nil where it does not apply: no
    /// host, a host `.` or `..` (which the way with Strings refuses), or one
    /// with bytes `pathSegment(ofHost:)` encodes.
    @inline(__always)
    static func plainHostPathCount(_ bytes: UnsafeBufferPointer<UInt8>, host: Range<Int>, pathAndQuery: Range<Int>, isHTTPS: Bool,
                                   hostIsCanonical: Bool = false, name: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let hostStart = base + host.lowerBound, hostCount = host.count
        if hostCount == 0 || hostCount <= 2 && hostStart[0] == UInt8(ascii: ".") && hostStart[hostCount - 1] == UInt8(ascii: ".") {
            return nil
        }
        guard hostIsCanonical || !holdsPercentEncodedHostByte(UnsafeBufferPointer(start: hostStart, count: hostCount)) else { return nil }
        let prefix: StaticString = "/_limot/sub/"  // `subresourcePrefix`
        let scheme = isHTTPS ? 7 : 6  // "/https/", "/http/"
        return prefix.utf8CodeUnitCount + name.count + scheme + hostCount + pathAndQuery.count
    }

    /// Writes `/_limot/sub/NAME/SCHEME/HOST/path?query` at `out`, the pieces
    /// copied from the serialisation `bytes` (`plainHostPathCount` bytes;
    /// it said the host is plain).
    @inline(__always)
    static func writePlainHostPath(_ bytes: UnsafeBufferPointer<UInt8>, host: Range<Int>, pathAndQuery: Range<Int>, isHTTPS: Bool,
                                           name: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) {
        let base = bytes.baseAddress.unsafelyUnwrapped
        let prefix: StaticString = "/_limot/sub/"  // `subresourcePrefix`
        let scheme: StaticString = isHTTPS ? "/https/" : "/http/"
        var cursor = out
        copy(prefix.utf8Start, prefix.utf8CodeUnitCount, to: &cursor)
        if let start = name.baseAddress { copy(start, name.count, to: &cursor) }
        copy(scheme.utf8Start, scheme.utf8CodeUnitCount, to: &cursor)
        copy(base + host.lowerBound, host.count, to: &cursor)
        copy(base + pathAndQuery.lowerBound, pathAndQuery.count, to: &cursor)
    }

    /// Whether `host` holds one of the bytes `pathSegment(ofHost:)` encodes
    /// (`"`, `` ` ``, `{`, `}`). Lower-case letters, most of a host, are
    /// passed with one comparison.
    @inline(__always)
    private static func holdsPercentEncodedHostByte(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in host where byte &- UInt8(ascii: "a") >= 26 {
            if byte == 0x22 || byte == 0x60 || byte == 0x7B || byte == 0x7D { return true }
        }
        return false
    }

    /// Copies `count` bytes from `source` to `cursor`, and moves `cursor` past them.
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, _ count: Int, to cursor: inout UnsafeMutablePointer<UInt8>) {
        cursor.initialize(from: source, count: count)
        cursor += count
    }

    /// What a proxy path (path and query, as the browser sent it) stands for.
    public func target(ofProxyPath path: String) -> ProxyTarget? {
        guard path.utf8.first == UInt8(ascii: "/"), !path.utf8.contains(UInt8(ascii: "#")) else { return nil }
        if path.hasPrefix(Self.subresourcePrefix) {
            return subresourceTarget(path.utf8.dropFirst(Self.subresourcePrefix.utf8.count))
        }
        var documentPath = Substring(path)
        if path.hasPrefix(Self.escapedDocumentPrefix + "/") {
            documentPath = documentPath.dropFirst(Self.escapedDocumentPrefix.utf8.count)
            guard Self.isInNamespace(documentPath) else { return nil }
        } else if Self.isInNamespace(documentPath) {
            return nil
        }
        guard let url = try? WebURL(siteOrigin + documentPath), url.origin == siteOrigin, url.fragment == nil
        else { return nil }
        return ProxyTarget(url: url, kind: .document)
    }

    /// `TYPE/SCHEME/HOST[:PORT]/path?query` back to its URL.
    private func subresourceTarget(_ rest: Substring.UTF8View) -> ProxyTarget? {
        let slash = UInt8(ascii: "/")
        guard let typeEnd = rest.firstIndex(of: slash) else { return nil }
        let afterType = rest[rest.index(after: typeEnd)...]
        guard let schemeEnd = afterType.firstIndex(of: slash) else { return nil }
        let afterScheme = afterType[afterType.index(after: schemeEnd)...]
        guard let hostEnd = afterScheme.firstIndex(of: slash) else { return nil }
        let typeName = String(Substring(rest[..<typeEnd]))
        let scheme = String(Substring(afterType[..<schemeEnd]))
        let hostAndPort = String(Substring(afterScheme[..<hostEnd]))
        let pathAndQuery = String(Substring(afterScheme[hostEnd...]))
        guard let type = Self.typesByName[typeName], scheme == "http" || scheme == "https", !hostAndPort.isEmpty,
            let url = try? WebURL(scheme + "://" + hostAndPort + pathAndQuery),
            url.username.isEmpty, url.password.isEmpty, url.fragment == nil,
            // The host segment must be the host, not something the URL parser reads
            // differently ("a@b", "a\b", a default port spelled out).
            Self.pathSegment(ofHost: url.hostname) + (url.port.map { ":\($0)" } ?? "") == hostAndPort
        else { return nil }
        return ProxyTarget(url: url, kind: .subresource(type))
    }

    /// A host as a path segment, as the browser sends it: a host may contain
    /// `"`, `` ` ``, `{` and `}`, which browsers percent-encode in paths (and
    /// the URL parser decodes again in hosts), so the path is written that way
    /// already and maps back as the browser sends it.
    static func pathSegment(ofHost hostname: String) -> String {
        guard hostname.utf8.contains(where: { $0 == 0x22 || $0 == 0x60 || $0 == 0x7B || $0 == 0x7D }) else { return hostname }
        var segment = ""
        for character in hostname.unicodeScalars {
            switch character {
            case "\"", "`", "{", "}": segment += "%" + String(character.value, radix: 16, uppercase: true)
            default: segment.unicodeScalars.append(character)
            }
        }
        return segment
    }

    /// Whether a root path belongs to the proxy's namespace: its first
    /// segment is exactly `_limot`.
    static func isInNamespace<S: StringProtocol>(_ pathAndQuery: S) -> Bool {
        guard pathAndQuery.hasPrefix(namespace) else { return false }
        let next = pathAndQuery.utf8.dropFirst(namespace.utf8.count).first
        return next == nil || next == UInt8(ascii: "/") || next == UInt8(ascii: "?")
    }

    /// Every single resource type by its WebKit name (`image`, `style-sheet`, …).
    static let typesByName: [String: ResourceTypes] = {
        var table: [String: ResourceTypes] = [:]
        for bit in 0..<32 {
            let type = ResourceTypes(rawValue: 1 << UInt32(bit))
            guard ResourceTypes.all.contains(type), let name = type.names.first else { continue }
            table[name] = type
        }
        return table
    }()

    /// The WebKit name of a type (the first of a set), as used in paths.
    static func typeName(_ type: ResourceTypes) -> String? {
        let bits = type.rawValue
        // A single type (every subresource's) from a table: `names` makes
        // two arrays a call.
        if bits != 0, bits & (bits - 1) == 0 { return namesByBit[bits.trailingZeroBitCount] }
        return type.names.first
    }

    /// The name of each single type by its bit (nil for bits that name none).
    private static let namesByBit: [String?] = (0..<32).map { bit in
        ResourceTypes(rawValue: 1 << UInt32(bit)).names.first
    }

    /// `namesByBit`'s names as bytes, one after another, and where each
    /// bit's name ends in them (an empty name: none): for
    /// `writeSubresourcePath`, which copies a name's bytes from here, where
    /// the name as a String cost a retain, a release and a copy of its
    /// bytes for `withUTF8` (about 100 instructions a first-seen image,
    /// p58k-images, callgrind).
    private static let typeNameBytes: [UInt8] = namesByBit.flatMap { Array(($0 ?? "").utf8) }
    private static let typeNameEnds: [Int] = {
        var end = 0
        return namesByBit.map { name in
            end += name?.utf8.count ?? 0
            return end
        }
    }()

    /// `body` of the bytes of `typeName(type)` for a single type that has
    /// a name; nil (without calling `body`) for another type or set of types.
    @inline(__always)
    static func withSingleTypeName<Result>(_ type: ResourceTypes, _ body: (UnsafeBufferPointer<UInt8>) -> Result?) -> Result? {
        let bits = type.rawValue
        guard bits != 0, bits & (bits &- 1) == 0 else { return nil }
        let bit = bits.trailingZeroBitCount
        return typeNameBytes.withUnsafeBufferPointer { names in
            typeNameEnds.withUnsafeBufferPointer { ends in
                let start = bit == 0 ? 0 : ends[bit - 1], end = ends[bit]
                guard end > start else { return nil }
                return body(UnsafeBufferPointer(rebasing: names[start..<end]))
            }
        }
    }
}

/// An upstream URL and how the browser is loading it.
public struct ProxyTarget: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A page of the site, at the proxy's root.
        case document
        /// A subresource, with the WebKit type it was found as.
        case subresource(ResourceTypes)
    }
    public var url: WebURL
    public var kind: Kind
    public init(url: WebURL, kind: Kind) {
        self.url = url
        self.kind = kind
    }
}
