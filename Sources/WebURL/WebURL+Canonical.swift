// A shortcut for the URLs request corpora and browsers hand over: http(s)
// URLs already in the parser's canonical form, which parse to themselves.

extension WebURL {
    /// The URL `string` is, when it is an `http:` or `https:` URL that the
    /// full parser would serialise unchanged and whose host is a plain domain;
    /// nil for anything else (which the full parser then reads).
    ///
    /// A whole parse copies and re-encodes every component; most URLs that a
    /// proxy or `rules match` sees are already canonical, and for them one
    /// scan that checks each byte against the parser's own percent-encode
    /// sets gives the same `WebURL`: the string itself as its serialisation,
    /// the same layout and host. It answers only where that is certain: a
    /// lowercase `http://` or `https://`, a host of lowercase letters,
    /// digits, `-`, `.` and `_` (an ASCII host is only lowercased, `xn--`
    /// labels too) that is not an IPv4 address (its last label not a
    /// number), no userinfo and no port, a
    /// path that starts with `/` and has no byte the path set encodes, no
    /// `\` and no dot segment (`.`, `..`, `%2e` …), then a query and a
    /// fragment with no byte their sets encode.
    ///
    /// A URL that ends with its host ("https://a.example") is taken too: its
    /// serialisation is the string and the path `/` the parser gives it.
    ///
    /// Public so that a caller that keeps a memo of parsed URLs can skip it
    /// for the URLs this reads (they cost less to read than to look up).
    public init?(canonicalHTTP string: String) {
        var string = string
        guard let parsed = string.withUTF8({ Self.canonicalHTTPLayout($0) }) else { return nil }
        if parsed.endsWithHost { string += "/" }
        self.init(serialization: string, domainHostLayout: parsed.layout)
    }

    /// `init?(canonicalHTTP:)` on the UTF-8 bytes of the string: its
    /// serialisation is made once, from the bytes (and the `/` a URL that
    /// ends with its host gets), rather than made and then grown.
    public init?(canonicalHTTP bytes: UnsafeBufferPointer<UInt8>) {
        guard let parsed = Self.canonicalHTTPLayout(bytes) else { return nil }
        // The scan let only ASCII through, so the bytes are valid UTF-8 as
        // they stand; copied with `memcpy` (the scan found `https://` in
        // them, so they are not empty), where the generic
        // `initialize(fromContentsOf:)` cost about 15 instructions more a URL.
        let count = bytes.count + (parsed.endsWithHost ? 1 : 0)
        let string = String(unsafeUninitializedCapacity: count) { buffer in
            buffer.baseAddress!.initialize(from: bytes.baseAddress!, count: bytes.count)
            if parsed.endsWithHost { buffer[bytes.count] = UInt8(ascii: "/") }
            return count
        }
        self.init(serialization: string, domainHostLayout: parsed.layout)
    }

    /// The layout of a canonical http(s) URL, and whether it ends with its
    /// host (its serialisation then adds the path `/`).
    static func canonicalHTTPLayout(_ bytes: UnsafeBufferPointer<UInt8>) -> (layout: URLLayout, endsWithHost: Bool)? {
        let kind: SchemeKind
        let schemeEnd: Int
        if startsWith("https://", bytes) {
            (kind, schemeEnd) = (.https, 5)
        } else if startsWith("http://", bytes) {
            (kind, schemeEnd) = (.http, 4)
        } else {
            return nil
        }
        // Each byte's classes read once from a table (see `CanonicalByteClasses`).
        return CanonicalByteClasses.table.withUnsafeBufferPointer { classes in
            canonicalHTTPLayout(bytes, kind: kind, schemeEnd: schemeEnd, classes: classes)
        }
    }

    /// `canonicalHTTPLayout(_:)` after the scheme, with each byte's classes looked up in `classes`.
    @inline(__always)
    private static func canonicalHTTPLayout(_ bytes: UnsafeBufferPointer<UInt8>, kind: SchemeKind, schemeEnd: Int,
                                            classes: UnsafeBufferPointer<UInt8>) -> (layout: URLLayout, endsWithHost: Bool)? {
        let hostStart = schemeEnd + 3
        let position = firstIndex(of: CanonicalByteClasses.hostStop, in: bytes, from: hostStart, classes: classes)
        let hostEnd = position
        guard hostEnd > hostStart else { return nil }
        let host = UnsafeBufferPointer(rebasing: bytes[hostStart..<hostEnd])
        guard !mayEndInANumber(host) || !IPv4.endsInANumber(Array(host)) else { return nil }
        if position == bytes.count {
            return (layout(kind: kind, schemeEnd: schemeEnd, host: hostStart..<hostEnd, path: hostEnd..<hostEnd + 1, queryStart: -1,
                           fragmentStart: -1), true)
        }
        guard bytes[position] == UInt8(ascii: "/"),
              let rest = canonicalPathLayout(bytes, from: position, classes: classes) else { return nil }
        return (layout(kind: kind, schemeEnd: schemeEnd, host: hostStart..<hostEnd, path: position..<rest.pathEnd,
                       queryStart: rest.queryStart, fragmentStart: rest.fragmentStart), false)
    }

    /// Where the path (from `pathStart`, a `/`), the query and the fragment
    /// of a canonical http(s) URL end and start in `bytes` (-1: none), or
    /// nil where the full parser would change them.
    @inline(__always)
    fileprivate static func canonicalPathLayout(_ bytes: UnsafeBufferPointer<UInt8>, from pathStart: Int,
                                            classes: UnsafeBufferPointer<UInt8>) -> (pathEnd: Int, queryStart: Int, fragmentStart: Int)? {
        // The path: segments of bytes the path set leaves alone, none a dot segment.
        // The path set holds `?` and `#` and the query set `#`: each loop
        // looks at a byte twice only when its set holds it.
        var position = pathStart + 1
        var segmentStart = position
        while true {
            position = firstIndex(of: CanonicalByteClasses.pathStop, in: bytes, from: position, classes: classes)
            guard position < bytes.count else { break }
            let byte = bytes[position]
            guard byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") else { return nil }
            if isDotSegment(UnsafeBufferPointer(rebasing: bytes[segmentStart..<position])) { return nil }
            guard byte == UInt8(ascii: "/") else { break }
            position += 1
            segmentStart = position
        }
        if position == bytes.count, isDotSegment(UnsafeBufferPointer(rebasing: bytes[segmentStart..<position])) { return nil }
        let pathEnd = position
        var queryStart = -1
        if position < bytes.count, bytes[position] == UInt8(ascii: "?") {
            position += 1
            queryStart = position
            position = firstIndex(of: CanonicalByteClasses.query, in: bytes, from: position, classes: classes)
            guard position == bytes.count || bytes[position] == UInt8(ascii: "#") else { return nil }
        }
        var fragmentStart = -1
        if position < bytes.count, bytes[position] == UInt8(ascii: "#") {
            position += 1
            fragmentStart = position
            position = firstIndex(of: CanonicalByteClasses.fragment, in: bytes, from: position, classes: classes)
            guard position == bytes.count else { return nil }
        }
        return (pathEnd, queryStart, fragmentStart)
    }

    /// The index of the first byte of `bytes` from `start` whose classes
    /// hold `set`, or `bytes.count`. Four bytes are read at once, their
    /// classes joined: about three and a half instructions a byte, where
    /// the loop of one byte at a time took six to nine (callgrind; a page's
    /// URLs are read whole, tens of bytes each).
    @inline(__always)
    fileprivate static func firstIndex(of set: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                       classes: UnsafeBufferPointer<UInt8>) -> Int {
        let end = bytes.count
        guard start < end, let base = bytes.baseAddress, let table = classes.baseAddress else { return max(start, end) }
        var position = start
        while end &- position >= 4 {
            let joined = table[Int(base[position])] | table[Int(base[position &+ 1])] | table[Int(base[position &+ 2])]
                | table[Int(base[position &+ 3])]
            if joined & set != 0 { break }
            position &+= 4
        }
        while position < end, table[Int(base[position])] & set == 0 { position &+= 1 }
        return position
    }

    /// `init?(canonicalHTTP:)` of `origin`'s bytes followed by `rootPath`
    /// (a `/` and what follows it), the same URL or nil where that is nil:
    /// the origin was read once, so only the path is scanned, and the
    /// serialisation is written once from both. For a page's root-path
    /// references (`/img/a.png`), which were joined to the origin in a
    /// buffer, copied from it into the String and scanned whole, host too.
    public init?(canonicalHTTP origin: CanonicalHTTPOrigin, rootPath: UnsafeBufferPointer<UInt8>) {
        guard let url = origin.url(rootPath: rootPath) else { return nil }
        self = url
    }

    /// The layout of a URL with a host and no userinfo or port, as the serialiser records it.
    fileprivate static func layout(kind: SchemeKind, schemeEnd: Int, host: Range<Int>, path: Range<Int>, queryStart: Int,
                               fragmentStart: Int) -> URLLayout {
        let hostStart = Int32(host.lowerBound)
        return URLLayout(
            kind: kind, hasOpaquePath: false, port: nil, schemeEnd: Int32(schemeEnd),
            usernameStart: hostStart, usernameEnd: hostStart, passwordStart: hostStart, passwordEnd: hostStart,
            hostStart: hostStart, hostEnd: Int32(host.upperBound),
            pathStart: Int32(path.lowerBound), pathEnd: Int32(path.upperBound),
            queryStart: Int32(queryStart), fragmentStart: Int32(fragmentStart))
    }

    /// Whether the bytes start with the literal, compared byte by byte (the
    /// generic `starts(with:)` over a `String.UTF8View` costs hundreds of
    /// instructions a call).
    @inline(__always)
    private static func startsWith(_ literal: StaticString, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        let start = literal.utf8Start
        for index in 0..<count where bytes[index] != start[index] { return false }
        return true
    }

    /// Whether a host's last label (before one trailing dot) starts with a
    /// digit: every number the IPv4 parser reads does (`0x…` too), so a host
    /// whose last label does not is no IPv4 address, without copying it for
    /// `IPv4.endsInANumber`. Nor does one whose last label ends in a letter
    /// past `f` other than `x` (a number ends in a digit, a hex digit, or is
    /// `0x`): most hosts (`com`, `net`, `org`) are told so from that one
    /// byte, without the walk back to the label's start (25 instructions a
    /// URL less, callgrind, benchmark corpus).
    private static func mayEndInANumber(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = host.count
        if end > 1, host[end - 1] == UInt8(ascii: ".") { end -= 1 }
        guard end > 0 else { return false }
        let last = host[end - 1]
        if last >= UInt8(ascii: "g"), last != UInt8(ascii: "x") { return false }
        var start = end
        while start > 0, host[start - 1] != UInt8(ascii: ".") { start -= 1 }
        return start < end && host[start] >= UInt8(ascii: "0") && host[start] <= UInt8(ascii: "9")
    }

    /// Lowercase ASCII letters, digits, `-`, `.` and `_`: bytes the host
    /// parser keeps as they are in an ASCII domain.
    static func isCanonicalHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    /// A segment the path parser drops or resolves: `.`, `..` or a spelling with `%2e`.
    private static func isDotSegment(_ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = segment.first, first == UInt8(ascii: ".") || first == UInt8(ascii: "%") else { return false }
        let bytes = Array(segment)
        return URLParser.isSingleDot(bytes) || URLParser.isDoubleDot(bytes)
    }
}

/// `http://host` or `https://host` as `WebURL(canonicalHTTP:)` takes it
/// (a canonical domain, no userinfo, no port, nothing after the host),
/// read once, for `WebURL(canonicalHTTP:rootPath:)` to join paths to.
public struct CanonicalHTTPOrigin: Sendable {
    /// The origin's bytes, as given.
    public let bytes: [UInt8]
    let kind: SchemeKind
    let schemeEnd: Int
    let host: Range<Int>

    /// nil unless `WebURL(canonicalHTTP:)` takes `bytes` as a URL that ends with its host.
    public init?(_ bytes: [UInt8]) {
        let parsed = bytes.withUnsafeBufferPointer { WebURL.canonicalHTTPLayout($0) }
        guard let parsed, parsed.endsWithHost else { return nil }
        self.bytes = bytes
        kind = parsed.layout.kind
        schemeEnd = Int(parsed.layout.schemeEnd)
        host = Int(parsed.layout.hostStart)..<Int(parsed.layout.hostEnd)
    }

    /// `WebURL(canonicalHTTP: self, rootPath:)`. A method, so that a caller
    /// holding the origin (a document's resolver) lends it: as the
    /// initialiser's argument, the optional origin was copied out of the
    /// resolver and destroyed after, a retain and an outlined destroy of
    /// its array for each root path (about 80 instructions a first-seen
    /// image, p58k-images, callgrind).
    public func url(rootPath: UnsafeBufferPointer<UInt8>) -> WebURL? {
        guard let layout = layout(rootPath: rootPath) else { return nil }
        let offset = bytes.count
        let count = offset + rootPath.count
        let pathBytes = rootPath.baseAddress!
        let string = bytes.withUnsafeBufferPointer { originBytes in
            String(unsafeUninitializedCapacity: count) { buffer in
                buffer.baseAddress!.initialize(from: originBytes.baseAddress!, count: offset)
                (buffer.baseAddress! + offset).initialize(from: pathBytes, count: rootPath.count)
                return count
            }
        }
        return WebURL(serialization: string, domainHostLayout: layout)
    }

    /// The layout of the URL `url(rootPath:)` makes, read from the path
    /// alone (its offsets past the origin's); nil where that is nil.
    @inline(__always)
    func layout(rootPath: UnsafeBufferPointer<UInt8>) -> URLLayout? {
        guard rootPath.first == UInt8(ascii: "/"), rootPath.baseAddress != nil else { return nil }
        let pathLayout = CanonicalByteClasses.table.withUnsafeBufferPointer { classes in
            WebURL.canonicalPathLayout(rootPath, from: 0, classes: classes)
        }
        guard let pathLayout else { return nil }
        let offset = bytes.count
        func shifted(_ position: Int) -> Int { position < 0 ? position : position + offset }
        return WebURL.layout(
            kind: kind, schemeEnd: schemeEnd, host: host, path: offset..<pathLayout.pathEnd + offset,
            queryStart: shifted(pathLayout.queryStart), fragmentStart: shifted(pathLayout.fragmentStart))
    }
}

/// The questions the canonical shortcut's loops ask of a byte, answered for
/// all 256 bytes in one table: whether it ends a canonical host (it may not
/// stand in one, `WebURL.isCanonicalHostByte`: asked this way round, the
/// host's scan is the same search for a stop as the others'), and whether
/// the path (`pathOrSlash`), special-query and fragment percent-encode sets
/// hold it. A look-up and a
/// test a byte, where the host's range tests and a set's shifts took about
/// twice the instructions: some 200 fewer a URL of the benchmark corpus
/// (callgrind), and one static to make sure of, not three.
enum CanonicalByteClasses {
    static let hostStop: UInt8 = 1
    static let pathStop: UInt8 = 2
    static let query: UInt8 = 4
    static let fragment: UInt8 = 8

    /// Each byte's classes, indexed by the byte.
    static let table: [UInt8] = (0...255).map { (value: Int) -> UInt8 in
        let byte = UInt8(value)
        var classes: UInt8 = 0
        if !WebURL.isCanonicalHostByte(byte) { classes |= hostStop }
        if PercentEncodeSet.pathOrSlash.contains(byte) { classes |= pathStop }
        if PercentEncodeSet.specialQuery.contains(byte) { classes |= query }
        if PercentEncodeSet.fragment.contains(byte) { classes |= fragment }
        return classes
    }
}
