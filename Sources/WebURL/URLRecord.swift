// The parser's working representation of a URL (the standard's "URL record"),
// kept as UTF-8 bytes, and its serialisation into a `WebURL`.

/// Which special scheme (if any) a URL has. Special schemes get hierarchical
/// parsing, "\" as a path separator and default ports.
@usableFromInline
enum SchemeKind: UInt8, Sendable {
    case http, https, ws, wss, ftp, file, other

    /// Classifies a lowercase scheme.
    init(_ scheme: [UInt8]) {
        func matches(_ literal: StaticString) -> Bool {
            guard literal.utf8CodeUnitCount == scheme.count else { return false }
            let bytes = literal.utf8Start
            for i in 0..<scheme.count where scheme[i] != bytes[i] { return false }
            return true
        }
        switch scheme.first {
        case UInt8(ascii: "h"): self = matches("http") ? .http : matches("https") ? .https : .other
        case UInt8(ascii: "w"): self = matches("ws") ? .ws : matches("wss") ? .wss : .other
        case UInt8(ascii: "f"): self = matches("file") ? .file : matches("ftp") ? .ftp : .other
        default: self = .other
        }
    }

    var isSpecial: Bool { self != .other }

    var defaultPort: Int? {
        switch self {
        case .http, .ws: return 80
        case .https, .wss: return 443
        case .ftp: return 21
        case .file, .other: return nil
        }
    }
}

/// A URL record with every component as bytes. `path` is the serialised path:
/// either an opaque path, or the list form flattened as "/segment/segment"
/// ("" = empty list, "/" = one empty segment). Segments never contain a raw
/// "/", so the list operations (append, shorten, count) stay simple.
struct URLRecord {
    var scheme: [UInt8] = []
    var username: [UInt8] = []
    var password: [UInt8] = []
    var host: WebURL.Host? = nil
    var port: Int? = nil
    var path: [UInt8] = []
    var hasOpaquePath = false
    var query: [UInt8]? = nil
    var fragment: [UInt8]? = nil
}

/// Byte offsets of each component within `WebURL.serialization`.
/// `@usableFromInline`, so that `WebURL`'s getters of offsets and flags
/// can be inlined into other modules (see `WebURL.hostnameRange`).
@usableFromInline
struct URLLayout: Sendable {
    @usableFromInline var kind: SchemeKind
    @usableFromInline var hasOpaquePath: Bool
    @usableFromInline var port: UInt16?
    @usableFromInline var schemeEnd: Int32
    @usableFromInline var usernameStart: Int32, usernameEnd: Int32
    @usableFromInline var passwordStart: Int32, passwordEnd: Int32
    @usableFromInline var hostStart: Int32, hostEnd: Int32
    @usableFromInline var pathStart: Int32, pathEnd: Int32
    /// Start of the query (after "?"), or -1. The query ends where the fragment's "#" is, or at the end.
    @usableFromInline var queryStart: Int32
    /// Start of the fragment (after "#"), or -1.
    @usableFromInline var fragmentStart: Int32
}

/// Where serialised bytes go: first a counter (to size the string and find
/// the component offsets), then the string's own storage. Both passes run the
/// same `URLRecord.serialize` code, so they cannot disagree.
protocol ByteSink {
    var count: Int { get }
    mutating func write(_ byte: UInt8)
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>)
}

struct ByteCounter: ByteSink {
    var count = 0
    @inline(__always) mutating func write(_ byte: UInt8) { count += 1 }
    @inline(__always) mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) { count += bytes.count }
}

struct ByteWriter: ByteSink {
    let base: UnsafeMutablePointer<UInt8>
    var count = 0
    @inline(__always) mutating func write(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }
    @inline(__always) mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }
}

extension ByteSink {
    @inline(__always) mutating func write(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { write($0) } }
    @inline(__always) mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { write($0) }
    }
}

extension URLRecord {
    /// The WHATWG "URL serializer". `ipBytes` is the serialised host if it is an
    /// IP address, `portBytes` the decimal port (if any). Returns the component offsets.
    @inline(__always)
    func serialize<Sink: ByteSink>(into out: inout Sink, ipBytes: [UInt8], portBytes: [UInt8]) -> URLLayout {
        out.write(scheme)
        let schemeEnd = out.count
        out.write(UInt8(ascii: ":"))
        var usernameStart = out.count, usernameEnd = out.count
        var passwordStart = out.count, passwordEnd = out.count
        var hostStart = out.count, hostEnd = out.count
        if host != nil {
            out.write(UInt8(ascii: "/"))
            out.write(UInt8(ascii: "/"))
            usernameStart = out.count
            if !username.isEmpty || !password.isEmpty {
                out.write(username)
                usernameEnd = out.count
                passwordStart = out.count
                if !password.isEmpty {
                    out.write(UInt8(ascii: ":"))
                    passwordStart = out.count
                    out.write(password)
                }
                passwordEnd = out.count
                out.write(UInt8(ascii: "@"))
            } else {
                usernameEnd = out.count
                passwordStart = out.count
                passwordEnd = out.count
            }
            hostStart = out.count
            switch host {
            case .domain(let name)?, .opaque(let name)?: out.write(name)
            default: out.write(ipBytes)
            }
            hostEnd = out.count
            if port != nil {
                out.write(UInt8(ascii: ":"))
                out.write(portBytes)
            }
        } else if !hasOpaquePath, path.count > 1, path[0] == UInt8(ascii: "/"), path[1] == UInt8(ascii: "/") {
            // "web+demo:/.//not-a-host/": keeps the path from reparsing as an authority.
            out.write(UInt8(ascii: "/"))
            out.write(UInt8(ascii: "."))
        }
        let pathStart = out.count
        out.write(path)
        let pathEnd = out.count
        var queryStart = -1, fragmentStart = -1
        if let query {
            out.write(UInt8(ascii: "?"))
            queryStart = out.count
            out.write(query)
        }
        if let fragment {
            out.write(UInt8(ascii: "#"))
            fragmentStart = out.count
            out.write(fragment)
        }
        return URLLayout(
            kind: SchemeKind(scheme), hasOpaquePath: hasOpaquePath, port: port.map { UInt16($0) },
            schemeEnd: Int32(schemeEnd),
            usernameStart: Int32(usernameStart), usernameEnd: Int32(usernameEnd),
            passwordStart: Int32(passwordStart), passwordEnd: Int32(passwordEnd),
            hostStart: Int32(hostStart), hostEnd: Int32(hostEnd),
            pathStart: Int32(pathStart), pathEnd: Int32(pathEnd),
            queryStart: Int32(queryStart), fragmentStart: Int32(fragmentStart))
    }
}

extension WebURL {
    /// Serialises a record straight into the string's storage and records where each component is.
    init(record: URLRecord) {
        var ipBytes: [UInt8] = []
        switch record.host {
        case .ipv4?, .ipv6?: record.host!.serialize(into: &ipBytes)
        default: break
        }
        var portBytes: [UInt8] = []
        if let port = record.port { appendDecimal(port, to: &portBytes) }
        var counter = ByteCounter()
        let layout = record.serialize(into: &counter, ipBytes: ipBytes, portBytes: portBytes)
        let serialization = String(unsafeUninitializedCapacity: counter.count) { buffer in
            var writer = ByteWriter(base: buffer.baseAddress!)
            _ = record.serialize(into: &writer, ipBytes: ipBytes, portBytes: portBytes)
            return writer.count
        }
        self.init(serialization: serialization, layout: layout, host: record.host)
    }

    /// The record this URL was serialised from (used for relative resolution and modification).
    var record: URLRecord {
        var record = URLRecord()
        record.scheme = bytes(0, Int(layout.schemeEnd))
        record.username = bytes(Int(layout.usernameStart), Int(layout.usernameEnd))
        record.password = bytes(Int(layout.passwordStart), Int(layout.passwordEnd))
        record.host = host
        record.port = layout.port.map { Int($0) }
        record.path = bytes(Int(layout.pathStart), Int(layout.pathEnd))
        record.hasOpaquePath = layout.hasOpaquePath
        if let range = queryRange { record.query = bytes(range.lowerBound, range.upperBound) }
        if layout.fragmentStart >= 0 { record.fragment = bytes(Int(layout.fragmentStart), serialization.utf8.count) }
        return record
    }

    @inlinable
    var queryRange: Range<Int>? {
        guard layout.queryStart >= 0 else { return nil }
        let end = layout.fragmentStart >= 0 ? Int(layout.fragmentStart) - 1 : serialization.utf8.count
        return Int(layout.queryStart)..<end
    }

    /// Copies bytes `start..<end` of the serialisation.
    func bytes(_ start: Int, _ end: Int) -> [UInt8] {
        let utf8 = serialization.utf8
        return Array(utf8[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
    }

    /// The substring `start..<end` of the serialisation (always ASCII, so byte offsets are character offsets).
    func component(_ start: Int, _ end: Int) -> String {
        let utf8 = serialization.utf8
        return String(Substring(utf8[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]))
    }
}
