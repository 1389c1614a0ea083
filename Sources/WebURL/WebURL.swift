/// A URL parsed and serialised exactly as browsers do (WHATWG URL Standard).
///
/// limot matches request URLs against WebKit content-blocker rules, which are
/// regular expressions over the browser's canonical URL string. A URL that is
/// spelled differently from what WebKit would produce ("HTTP://Example.COM:80/a/../b",
/// "http://0x7f.1/", "http://bücher.de/") would silently escape or wrongly hit a
/// rule, so this type canonicalises with the standard's "basic URL parser" and
/// stores the serialisation (`href`) with the offsets of each component.
///
/// Equality and hashing use the serialisation only.
public struct WebURL: Sendable, Hashable, CustomStringConvertible {
    /// The canonical URL string (the standard's serialisation, JavaScript's `href`).
    /// Always ASCII: non-ASCII input is percent-encoded or Punycode-encoded.
    public let serialization: String
    /// `@usableFromInline` for the getters of offsets and flags below,
    /// which are `@inlinable`: called across modules, each call copied the
    /// whole URL (about 90 bytes) to the stack to read one or two fields,
    /// a dozen calls for each URL a page's sanitizer routes.
    @usableFromInline let layout: URLLayout
    /// The parsed host, or nil for URLs without one ("mailto:a@b", "data:…").
    public var host: Host? {
        switch storedHost {
        case .domainInSerialization: .domain(hostname)
        case .parsed(let host): host
        }
    }
    /// Whether `host` is a domain, known without making it: `host` reads
    /// the domain back into a String of its own (a document's resolver
    /// asked it of the base, about 370 instructions a document, callgrind).
    public var hasDomainHost: Bool {
        switch storedHost {
        case .domainInSerialization:
            return true
        case .parsed(let host):
            guard case .domain? = host else { return false }
            return true
        }
    }
    /// A domain is not kept beside the serialisation, which spells it as it
    /// is: a URL is then one string to make, copy and free, not two (most
    /// hosts are too long to fit in a `String` without a buffer of its own),
    /// and `host` reads the domain back when asked.
    private let storedHost: StoredHost

    private enum StoredHost: Sendable {
        case domainInSerialization
        case parsed(Host?)
    }

    init(serialization: String, layout: URLLayout, host: Host?) {
        self.serialization = serialization
        self.layout = layout
        if case .domain = host { storedHost = .domainInSerialization } else { storedHost = .parsed(host) }
    }

    /// A URL whose host is a domain: the bytes of `layout`'s host range.
    init(serialization: String, domainHostLayout layout: URLLayout) {
        self.serialization = serialization
        self.layout = layout
        storedHost = .domainInSerialization
    }

    /// Parses like a browser (WHATWG URL Standard "basic URL parser"), optionally against a base URL.
    ///
    /// Relative references ("../img/a.png", "//cdn.example/x", "?page=2", "#top")
    /// need `base`, which is how links inside a fetched HTML page are resolved
    /// against the page's URL.
    ///
    /// - Throws: `WebURLError` naming the input and the reason, for the inputs a
    ///   browser would also refuse (e.g. "http://[1::2::3]/", "http://a:99999/", "foo" without a base).
    public init(_ string: String, relativeTo base: WebURL? = nil) throws(WebURLError) {
        if base == nil, let url = WebURL(canonicalHTTP: string) {
            self = url
            return
        }
        try self.init(fullyParsing: string, relativeTo: base)
    }

    /// The standard's basic URL parser alone, without the shortcut for
    /// canonical http(s) URLs (which the tests compare with it).
    init(fullyParsing string: String, relativeTo base: WebURL? = nil) throws(WebURLError) {
        do {
            var parser = URLParser(input: string, base: base)
            self.init(record: try parser.parse())
        } catch {
            throw WebURLError(input: string, reason: error.reason)
        }
    }

    public static func == (lhs: WebURL, rhs: WebURL) -> Bool { lhs.serialization == rhs.serialization }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialization) }

    /// Same as `serialization`, so URLs interpolate into log lines canonically.
    public var description: String { serialization }

    /// The scheme, lowercase, without the trailing ":" ("https").
    public var scheme: String { component(0, Int(layout.schemeEnd)) }

    /// Whether the scheme is "http", read from the parsed scheme's kind: a
    /// hot path's `scheme == "http"` builds a String each time (about 290
    /// instructions by callgrind, for each URL a page's sanitizer decides).
    @inlinable public var isHTTP: Bool { layout.kind == .http }

    /// Whether the scheme is "https" (as `isHTTP`, without a String).
    @inlinable public var isHTTPS: Bool { layout.kind == .https }

    /// Whether the URL has a username or a password (`username` or
    /// `password` not empty), without building either String.
    @inlinable public var hasCredentials: Bool {
        layout.usernameEnd > layout.usernameStart || layout.passwordEnd > layout.passwordStart
    }

    /// Whether the scheme is one of the standard's special schemes (http, https, ws, wss, ftp, file),
    /// which have hierarchical paths, hosts that are domains or IP addresses, and default ports.
    public var isSpecial: Bool { layout.kind.isSpecial }

    /// The percent-encoded username ("" if none).
    public var username: String { component(Int(layout.usernameStart), Int(layout.usernameEnd)) }

    /// The percent-encoded password ("" if none).
    public var password: String { component(Int(layout.passwordStart), Int(layout.passwordEnd)) }

    /// The serialised host: "example.com", "127.0.0.1", "[::1]" (with brackets), "" if there is none.
    /// This is what browsers compare for first-/third-party decisions and what
    /// content-blocker `if-domain` conditions match.
    public var hostname: String { component(Int(layout.hostStart), Int(layout.hostEnd)) }

    /// Where `hostname` sits in `serialization`, in UTF-8 code units: for
    /// code on a hot path that reads the bytes instead of building a String.
    @inlinable public var hostnameRange: Range<Int> { Int(layout.hostStart)..<Int(layout.hostEnd) }

    /// The explicit port, or nil when absent or equal to the scheme's default
    /// (the parser removes default ports, as browsers do).
    @inlinable public var port: Int? { layout.port.map { Int($0) } }

    /// The port a connection would use: the explicit port, else the scheme's default (nil if it has none).
    public var effectivePort: Int? { port ?? layout.kind.defaultPort }

    /// The serialised path ("/a/b", or the opaque path of "mailto:x@y", "data:…").
    public var path: String { component(Int(layout.pathStart), Int(layout.pathEnd)) }

    /// Whether the path is opaque (a non-special URL with no "/" after the scheme, e.g. "data:", "mailto:").
    public var hasOpaquePath: Bool { layout.hasOpaquePath }

    /// The percent-encoded query without "?", or nil when there is no "?" at all ("" for a bare "?").
    public var query: String? { queryRange.map { component($0.lowerBound, $0.upperBound) } }

    /// The percent-encoded fragment without "#", or nil when there is no "#".
    public var fragment: String? {
        layout.fragmentStart >= 0 ? component(Int(layout.fragmentStart), serialization.utf8.count) : nil
    }

    /// Path and query, as sent in an HTTP/1.1 request line ("/a/b?x=1"). The fragment is never sent.
    public var pathAndQuery: String {
        component(pathAndQueryRange.lowerBound, pathAndQueryRange.upperBound)
    }

    /// Where `pathAndQuery` sits in `serialization`, in UTF-8 code units (as `hostnameRange`).
    @inlinable public var pathAndQueryRange: Range<Int> {
        Int(layout.pathStart)..<(queryRange?.upperBound ?? Int(layout.pathEnd))
    }

    /// The ASCII serialisation of the URL's origin: "https://example.com" or
    /// "http://example.com:8080" for http(s)/ws(s)/ftp, the inner URL's origin for
    /// "blob:https://…", and "null" for everything else (opaque origins, including file:).
    public var origin: String {
        switch layout.kind {
        case .http, .https, .ws, .wss, .ftp:
            var origin = scheme + "://" + hostname
            if let port { origin += ":\(port)" }
            return origin
        case .file:
            return "null"
        case .other:
            guard scheme == "blob", let inner = try? WebURL(path),
                inner.layout.kind == .http || inner.layout.kind == .https
            else { return "null" }
            return inner.origin
        }
    }

    /// Whether the URL has a fragment (an empty one too), that is, whether
    /// `removingFragment` is another URL: a caller asks before it calls, and
    /// takes the URL as it is when not (`removingFragment` returned a copy of
    /// it through a call, about 150 instructions a routed URL, callgrind).
    @inlinable public var hasFragment: Bool { layout.fragmentStart >= 0 }

    /// Where `fragment` sits in `serialization`, in UTF-8 code units (nil
    /// without one), as `hostnameRange`: for a caller that copies the
    /// fragment's bytes rather than making them a String.
    @inlinable public var fragmentRange: Range<Int>? {
        layout.fragmentStart >= 0 ? Int(layout.fragmentStart)..<serialization.utf8.count : nil
    }

    /// This URL without its fragment: what is actually requested, and the form
    /// used as a cache key or for comparing documents.
    public var removingFragment: WebURL {
        guard layout.fragmentStart >= 0 else { return self }
        let hashIndex = Int(layout.fragmentStart) - 1
        var layout = self.layout
        layout.fragmentStart = -1
        return WebURL(serialization: component(0, hashIndex), layout: layout, host: host)
    }

    /// This URL with a different scheme, following the standard's `protocol`
    /// setter; used to upgrade "http:" to "https:" (WebKit's "make-https" action).
    ///
    /// Like the setter, it returns the URL unchanged when the change is not
    /// allowed: special ↔ non-special, to "file" with credentials or a port,
    /// from a "file" URL with an empty host, or an invalid scheme.
    ///
    /// Only the default port of the *new* scheme is dropped: "http://a:443/"
    /// becomes "https://a/" and "http://a:8080/" becomes "https://a:8080/".
    /// ("http://a:80/" was already stored as "http://a/", so it becomes "https://a/".)
    /// Anything from the first ":" on is ignored, so "https:" works too.
    public func withScheme(_ newScheme: String) -> WebURL {
        var bytes: [UInt8] = []
        for byte in newScheme.utf8 {
            if byte == UInt8(ascii: ":") { break }
            let lower = byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0)
            let valid = bytes.isEmpty ? lower.isASCIIAlpha : (lower.isASCIIAlphanumeric || lower == 0x2B || lower == 0x2D || lower == 0x2E)
            guard valid else { return self }
            bytes.append(lower)
        }
        guard !bytes.isEmpty else { return self }
        let newKind = SchemeKind(bytes)
        guard newKind.isSpecial == layout.kind.isSpecial else { return self }
        if newKind == .file, !username.isEmpty || !password.isEmpty || port != nil { return self }
        if layout.kind == .file, host == .empty { return self }
        var record = self.record
        record.scheme = bytes
        if let port = record.port, port == newKind.defaultPort { record.port = nil }
        return WebURL(record: record)
    }
}

extension UInt8 {
    @inline(__always) var isASCIIAlpha: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
    @inline(__always) var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
    @inline(__always) var isASCIIAlphanumeric: Bool { isASCIIAlpha || isASCIIDigit }
    @inline(__always) var asciiLowercased: UInt8 { self >= 0x41 && self <= 0x5A ? self | 0x20 : self }
}
