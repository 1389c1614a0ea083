// The parser's working representation of a URL (the standard's "URL record"),
// kept as UTF-8 bytes, and its serialisation into a `WebURL`.

/// Which special scheme (if any) a URL has. Special schemes get hierarchical
/// parsing, "\" as a path separator and default ports.
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
struct URLLayout: Sendable {
    var kind: SchemeKind
    var hasOpaquePath: Bool
    var port: UInt16?
    var schemeEnd: Int32
    var usernameStart: Int32, usernameEnd: Int32
    var passwordStart: Int32, passwordEnd: Int32
    var hostStart: Int32, hostEnd: Int32
    var pathStart: Int32, pathEnd: Int32
    /// Start of the query (after "?"), or -1. The query ends where the fragment's "#" is, or at the end.
    var queryStart: Int32
    /// Start of the fragment (after "#"), or -1.
    var fragmentStart: Int32
}

extension WebURL {
    /// Serialises a record (WHATWG "URL serializer") and records where each component is.
    init(record: URLRecord) {
        var out: [UInt8] = []
        out.reserveCapacity(
            record.scheme.count + record.username.count + record.password.count + record.path.count
                + (record.query?.count ?? 0) + (record.fragment?.count ?? 0) + 48)
        out.append(contentsOf: record.scheme)
        let schemeEnd = out.count
        out.append(UInt8(ascii: ":"))
        var usernameStart = out.count, usernameEnd = out.count
        var passwordStart = out.count, passwordEnd = out.count
        var hostStart = out.count, hostEnd = out.count
        if let host = record.host {
            out.append(UInt8(ascii: "/"))
            out.append(UInt8(ascii: "/"))
            usernameStart = out.count
            if !record.username.isEmpty || !record.password.isEmpty {
                out.append(contentsOf: record.username)
                usernameEnd = out.count
                passwordStart = out.count
                if !record.password.isEmpty {
                    out.append(UInt8(ascii: ":"))
                    passwordStart = out.count
                    out.append(contentsOf: record.password)
                }
                passwordEnd = out.count
                out.append(UInt8(ascii: "@"))
            } else {
                usernameEnd = out.count
                passwordStart = out.count
                passwordEnd = out.count
            }
            hostStart = out.count
            host.serialize(into: &out)
            hostEnd = out.count
            if let port = record.port {
                out.append(UInt8(ascii: ":"))
                appendDecimal(port, to: &out)
            }
        } else if !record.hasOpaquePath, record.path.count > 1,
            record.path[0] == UInt8(ascii: "/"), record.path[1] == UInt8(ascii: "/")
        {
            // "web+demo:/.//not-a-host/": keeps the path from reparsing as an authority.
            out.append(UInt8(ascii: "/"))
            out.append(UInt8(ascii: "."))
        }
        let pathStart = out.count
        out.append(contentsOf: record.path)
        let pathEnd = out.count
        var queryStart = -1, fragmentStart = -1
        if let query = record.query {
            out.append(UInt8(ascii: "?"))
            queryStart = out.count
            out.append(contentsOf: query)
        }
        if let fragment = record.fragment {
            out.append(UInt8(ascii: "#"))
            fragmentStart = out.count
            out.append(contentsOf: fragment)
        }
        self.init(
            serialization: String(decoding: out, as: UTF8.self),
            layout: URLLayout(
                kind: SchemeKind(record.scheme), hasOpaquePath: record.hasOpaquePath,
                port: record.port.map { UInt16($0) },
                schemeEnd: Int32(schemeEnd),
                usernameStart: Int32(usernameStart), usernameEnd: Int32(usernameEnd),
                passwordStart: Int32(passwordStart), passwordEnd: Int32(passwordEnd),
                hostStart: Int32(hostStart), hostEnd: Int32(hostEnd),
                pathStart: Int32(pathStart), pathEnd: Int32(pathEnd),
                queryStart: Int32(queryStart), fragmentStart: Int32(fragmentStart)),
            host: record.host)
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
