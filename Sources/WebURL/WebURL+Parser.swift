// The WHATWG "basic URL parser" state machine (URL Standard §4.4), on UTF-8 bytes.
//
// Every non-ASCII byte is percent-encoded in every percent-encode set, so
// working byte by byte gives the same result as the standard's code points.
// State names and step order follow the standard so the two can be compared
// side by side; state override (the setters' mode) is not implemented.

struct URLParser {
    private enum State {
        case schemeStart, scheme, noScheme, specialRelativeOrAuthority, pathOrAuthority
        case relative, relativeSlash, specialAuthoritySlashes, specialAuthorityIgnoreSlashes
        case authority, host, port, file, fileSlash, fileHost, pathStart, path, opaquePath
        case query, fragment
    }

    private let input: [UInt8]
    private let base: WebURL?
    private var url = URLRecord()
    private var kind = SchemeKind.other
    private var state = State.schemeStart
    private var buffer: [UInt8] = []
    private var atSignSeen = false
    private var insideBrackets = false
    private var passwordTokenSeen = false
    private var pointer = 0

    init(input string: String, base: WebURL?) {
        self.input = URLParser.preprocess(string)
        self.base = base
    }

    /// Strips leading and trailing C0 controls and spaces, and removes every tab, LF and CR.
    private static func preprocess(_ string: String) -> [UInt8] {
        if let bytes = string.utf8.withContiguousStorageIfAvailable({ preprocess($0) }) { return bytes }
        return preprocess(Array(string.utf8))
    }

    private static func preprocess<C: Collection<UInt8>>(_ raw: C) -> [UInt8] where C.Index == Int {
        var start = raw.startIndex, end = raw.endIndex
        while start < end, raw[start] <= 0x20 { start += 1 }
        while end > start, raw[end - 1] <= 0x20 { end -= 1 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(end - start)
        for i in start..<end {
            let byte = raw[i]
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            bytes.append(byte)
        }
        return bytes
    }

    // MARK: - Helpers

    /// Whether the input after the current position starts with `byte`.
    private func remainingStarts(with byte: UInt8) -> Bool {
        pointer + 1 < input.count && input[pointer + 1] == byte
    }

    /// "starts with a Windows drive letter", for the input from `index` on.
    private func startsWithWindowsDriveLetter(at index: Int) -> Bool {
        guard index >= 0, index + 1 < input.count, input[index].isASCIIAlpha,
            input[index + 1] == UInt8(ascii: ":") || input[index + 1] == UInt8(ascii: "|")
        else { return false }
        if index + 2 == input.count { return true }
        switch input[index + 2] {
        case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "?"), UInt8(ascii: "#"): return true
        default: return false
        }
    }

    private static func isWindowsDriveLetter(_ bytes: [UInt8]) -> Bool {
        bytes.count == 2 && bytes[0].isASCIIAlpha && (bytes[1] == UInt8(ascii: ":") || bytes[1] == UInt8(ascii: "|"))
    }

    /// Whether the first segment of a flattened path is a normalized drive letter ("/C:" or "/C:/…").
    private static func firstSegmentIsNormalizedDriveLetter(_ path: [UInt8]) -> Bool {
        path.count >= 3 && path[1].isASCIIAlpha && path[2] == UInt8(ascii: ":")
            && (path.count == 3 || path[3] == UInt8(ascii: "/"))
    }

    /// "shorten url's path": drop the last segment, except a lone drive letter of a file URL.
    private mutating func shortenPath() {
        if kind == .file, URLParser.firstSegmentIsNormalizedDriveLetter(url.path), url.path.count == 3 { return }
        if let slash = url.path.lastIndex(of: UInt8(ascii: "/")) {
            url.path.removeSubrange(slash...)
        }
    }

    private static func isPercentTwoE(_ b: [UInt8], at i: Int) -> Bool {
        b[i] == UInt8(ascii: "%") && b[i + 1] == UInt8(ascii: "2") && (b[i + 2] | 0x20) == UInt8(ascii: "e")
    }

    /// "." or "%2e" (any case).
    private static func isSingleDot(_ b: [UInt8]) -> Bool {
        (b.count == 1 && b[0] == UInt8(ascii: ".")) || (b.count == 3 && isPercentTwoE(b, at: 0))
    }

    /// "..", ".%2e", "%2e.", "%2e%2e" (any case).
    private static func isDoubleDot(_ b: [UInt8]) -> Bool {
        let dot = UInt8(ascii: ".")
        switch b.count {
        case 2: return b[0] == dot && b[1] == dot
        case 4: return (b[0] == dot && isPercentTwoE(b, at: 1)) || (isPercentTwoE(b, at: 0) && b[3] == dot)
        case 6: return isPercentTwoE(b, at: 0) && isPercentTwoE(b, at: 3)
        default: return false
        }
    }

    /// Whether `c` ends an authority, host or port: EOF, "/", "?", "#", or "\" in special URLs.
    private func endsAuthority(_ c: UInt8?) -> Bool {
        guard let c else { return true }
        return c == UInt8(ascii: "/") || c == UInt8(ascii: "?") || c == UInt8(ascii: "#")
            || (kind.isSpecial && c == UInt8(ascii: "\\"))
    }

    /// "/" or, in special URLs, "\".
    private func isSlash(_ c: UInt8?) -> Bool {
        c == UInt8(ascii: "/") || (kind.isSpecial && c == UInt8(ascii: "\\"))
    }

    // MARK: - State machine

    mutating func parse() throws(ParseFailure) -> URLRecord {
        let count = input.count
        while true {
            let c: UInt8? = pointer < count ? input[pointer] : nil
            try step(c)
            if pointer >= count { break }
            pointer += 1
        }
        var result = URLRecord()
        swap(&result, &url)  // hand the buffers over without copying
        return result
    }

    private mutating func step(_ c: UInt8?) throws(ParseFailure) {
        switch state {
        case .schemeStart:
            if let c, c.isASCIIAlpha {
                buffer.append(c.asciiLowercased)
                state = .scheme
            } else {
                state = .noScheme
                pointer -= 1
            }

        case .scheme:
            if let c, c.isASCIIAlphanumeric || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") {
                buffer.append(c.asciiLowercased)
            } else if c == UInt8(ascii: ":") {
                kind = SchemeKind(buffer)
                url.scheme = buffer
                buffer = []
                if kind == .file {
                    state = .file
                } else if kind.isSpecial, let base, base.layout.kind == kind {
                    state = .specialRelativeOrAuthority
                } else if kind.isSpecial {
                    state = .specialAuthoritySlashes
                } else if remainingStarts(with: UInt8(ascii: "/")) {
                    state = .pathOrAuthority
                    pointer += 1
                } else {
                    url.hasOpaquePath = true
                    state = .opaquePath
                }
            } else {
                // Not a scheme after all: start over as a relative reference.
                buffer.removeAll(keepingCapacity: true)
                state = .noScheme
                pointer = -1
            }

        case .noScheme:
            guard let base else { throw ParseFailure(.missingScheme) }
            if base.layout.hasOpaquePath {
                guard c == UInt8(ascii: "#") else { throw ParseFailure(.missingScheme) }
                let baseRecord = base.record
                url.scheme = baseRecord.scheme
                kind = base.layout.kind
                url.path = baseRecord.path
                url.hasOpaquePath = true
                url.query = baseRecord.query
                url.fragment = []
                state = .fragment
            } else if base.layout.kind != .file {
                state = .relative
                pointer -= 1
            } else {
                state = .file
                pointer -= 1
            }

        case .specialRelativeOrAuthority:
            if c == UInt8(ascii: "/"), remainingStarts(with: UInt8(ascii: "/")) {
                state = .specialAuthorityIgnoreSlashes
                pointer += 1
            } else {
                state = .relative
                pointer -= 1
            }

        case .pathOrAuthority:
            if c == UInt8(ascii: "/") {
                state = .authority
            } else {
                state = .path
                pointer -= 1
            }

        case .relative:
            let baseRecord = base!.record
            url.scheme = baseRecord.scheme
            kind = base!.layout.kind
            if isSlash(c) {
                state = .relativeSlash
            } else {
                url.username = baseRecord.username
                url.password = baseRecord.password
                url.host = baseRecord.host
                url.port = baseRecord.port
                url.path = baseRecord.path
                url.query = baseRecord.query
                if c == UInt8(ascii: "?") {
                    url.query = []
                    state = .query
                } else if c == UInt8(ascii: "#") {
                    url.fragment = []
                    state = .fragment
                } else if c != nil {
                    url.query = nil
                    shortenPath()
                    state = .path
                    pointer -= 1
                }
            }

        case .relativeSlash:
            if kind.isSpecial, c == UInt8(ascii: "/") || c == UInt8(ascii: "\\") {
                state = .specialAuthorityIgnoreSlashes
            } else if c == UInt8(ascii: "/") {
                state = .authority
            } else {
                let baseRecord = base!.record
                url.username = baseRecord.username
                url.password = baseRecord.password
                url.host = baseRecord.host
                url.port = baseRecord.port
                state = .path
                pointer -= 1
            }

        case .specialAuthoritySlashes:
            if c == UInt8(ascii: "/"), remainingStarts(with: UInt8(ascii: "/")) {
                state = .specialAuthorityIgnoreSlashes
                pointer += 1
            } else {
                state = .specialAuthorityIgnoreSlashes
                pointer -= 1
            }

        case .specialAuthorityIgnoreSlashes:
            if c != UInt8(ascii: "/"), c != UInt8(ascii: "\\") {
                state = .authority
                pointer -= 1
            }

        case .authority:
            if c == UInt8(ascii: "@") {
                if atSignSeen { buffer.insert(contentsOf: "%40".utf8, at: 0) }
                atSignSeen = true
                for byte in buffer {
                    if byte == UInt8(ascii: ":"), !passwordTokenSeen {
                        passwordTokenSeen = true
                        continue
                    }
                    if passwordTokenSeen {
                        PercentEncoding.append(byte, encodedWith: .userinfo, to: &url.password)
                    } else {
                        PercentEncoding.append(byte, encodedWith: .userinfo, to: &url.username)
                    }
                }
                buffer.removeAll(keepingCapacity: true)
            } else if endsAuthority(c) {
                if atSignSeen, buffer.isEmpty { throw ParseFailure(.hostMissing) }
                pointer -= buffer.count + 1
                buffer.removeAll(keepingCapacity: true)
                state = .host
            } else {
                buffer.append(c!)
                // Fast path: take the following ordinary bytes in one go.
                while pointer + 1 < input.count {
                    let next = input[pointer + 1]
                    if next == UInt8(ascii: "@") || next == UInt8(ascii: "/") || next == UInt8(ascii: "?")
                        || next == UInt8(ascii: "#") || next == UInt8(ascii: "\\")
                    { break }
                    buffer.append(next)
                    pointer += 1
                }
            }

        case .host:
            if c == UInt8(ascii: ":"), !insideBrackets {
                if buffer.isEmpty { throw ParseFailure(.hostMissing) }
                url.host = try HostParser.parse(buffer, isOpaque: !kind.isSpecial)
                buffer.removeAll(keepingCapacity: true)
                state = .port
            } else if endsAuthority(c) {
                pointer -= 1
                if kind.isSpecial, buffer.isEmpty { throw ParseFailure(.hostMissing) }
                url.host = try HostParser.parse(buffer, isOpaque: !kind.isSpecial)
                buffer.removeAll(keepingCapacity: true)
                state = .pathStart
            } else {
                if c == UInt8(ascii: "[") { insideBrackets = true }
                if c == UInt8(ascii: "]") { insideBrackets = false }
                buffer.append(c!)
            }

        case .port:
            if let c, c.isASCIIDigit {
                buffer.append(c)
            } else if endsAuthority(c) {
                if !buffer.isEmpty {
                    var port = 0
                    for digit in buffer {
                        port = port * 10 + Int(digit - UInt8(ascii: "0"))
                        if port > 65535 { throw ParseFailure(.portOutOfRange) }
                    }
                    url.port = port == kind.defaultPort ? nil : port
                    buffer.removeAll(keepingCapacity: true)
                }
                state = .pathStart
                pointer -= 1
            } else {
                throw ParseFailure(.invalidPort)
            }

        case .file:
            url.scheme = Array("file".utf8)
            kind = .file
            url.host = .empty
            if c == UInt8(ascii: "/") || c == UInt8(ascii: "\\") {
                state = .fileSlash
            } else if let base, base.layout.kind == .file {
                let baseRecord = base.record
                url.host = baseRecord.host
                url.path = baseRecord.path
                url.query = baseRecord.query
                if c == UInt8(ascii: "?") {
                    url.query = []
                    state = .query
                } else if c == UInt8(ascii: "#") {
                    url.fragment = []
                    state = .fragment
                } else if c != nil {
                    url.query = nil
                    if !startsWithWindowsDriveLetter(at: pointer) {
                        shortenPath()
                    } else {
                        url.path = []
                    }
                    state = .path
                    pointer -= 1
                }
            } else {
                state = .path
                pointer -= 1
            }

        case .fileSlash:
            if c == UInt8(ascii: "/") || c == UInt8(ascii: "\\") {
                state = .fileHost
            } else {
                if let base, base.layout.kind == .file {
                    let baseRecord = base.record
                    url.host = baseRecord.host
                    if !startsWithWindowsDriveLetter(at: pointer),
                        URLParser.firstSegmentIsNormalizedDriveLetter(baseRecord.path)
                    {
                        url.path.append(contentsOf: baseRecord.path[0..<3])
                    }
                }
                state = .path
                pointer -= 1
            }

        case .fileHost:
            if c == nil || c == UInt8(ascii: "/") || c == UInt8(ascii: "\\") || c == UInt8(ascii: "?")
                || c == UInt8(ascii: "#")
            {
                pointer -= 1
                if URLParser.isWindowsDriveLetter(buffer) {
                    // "file://C:/x": the drive letter is the first path segment; buffer carries it over.
                    state = .path
                } else if buffer.isEmpty {
                    url.host = .empty
                    state = .pathStart
                } else {
                    var host = try HostParser.parse(buffer, isOpaque: false)
                    if host == .domain("localhost") { host = .empty }
                    url.host = host
                    buffer.removeAll(keepingCapacity: true)
                    state = .pathStart
                }
            } else {
                buffer.append(c!)
            }

        case .pathStart:
            if kind.isSpecial {
                state = .path
                if c != UInt8(ascii: "/"), c != UInt8(ascii: "\\") { pointer -= 1 }
            } else if c == UInt8(ascii: "?") {
                url.query = []
                state = .query
            } else if c == UInt8(ascii: "#") {
                url.fragment = []
                state = .fragment
            } else if c != nil {
                state = .path
                if c != UInt8(ascii: "/") { pointer -= 1 }
            }

        case .path:
            if c == nil || isSlash(c) || c == UInt8(ascii: "?") || c == UInt8(ascii: "#") {
                if URLParser.isDoubleDot(buffer) {
                    shortenPath()
                    if !isSlash(c) { url.path.append(UInt8(ascii: "/")) }
                } else if URLParser.isSingleDot(buffer), !isSlash(c) {
                    url.path.append(UInt8(ascii: "/"))
                } else if !URLParser.isSingleDot(buffer) {
                    if kind == .file, url.path.isEmpty, URLParser.isWindowsDriveLetter(buffer) {
                        buffer[1] = UInt8(ascii: ":")
                    }
                    url.path.append(UInt8(ascii: "/"))
                    url.path.append(contentsOf: buffer)
                }
                buffer.removeAll(keepingCapacity: true)
                if c == UInt8(ascii: "?") {
                    url.query = []
                    state = .query
                } else if c == UInt8(ascii: "#") {
                    url.fragment = []
                    state = .fragment
                }
            } else {
                let set = PercentEncodeSet.path
                PercentEncoding.append(c!, encodedWith: set, to: &buffer)
                while pointer + 1 < input.count {
                    let next = input[pointer + 1]
                    if next == UInt8(ascii: "/") || next == UInt8(ascii: "?") || next == UInt8(ascii: "#")
                        || next == UInt8(ascii: "\\")
                    { break }
                    PercentEncoding.append(next, encodedWith: set, to: &buffer)
                    pointer += 1
                }
            }

        case .opaquePath:
            if c == UInt8(ascii: "?") {
                url.query = []
                state = .query
            } else if c == UInt8(ascii: "#") {
                url.fragment = []
                state = .fragment
            } else if c == UInt8(ascii: " ") {
                // A space right before "?" or "#" is encoded so it survives serialisation round trips.
                if remainingStarts(with: UInt8(ascii: "?")) || remainingStarts(with: UInt8(ascii: "#")) {
                    url.path.append(contentsOf: "%20".utf8)
                } else {
                    url.path.append(UInt8(ascii: " "))
                }
            } else if let c {
                let set = PercentEncodeSet.c0Control
                PercentEncoding.append(c, encodedWith: set, to: &url.path)
                while pointer + 1 < input.count {
                    let next = input[pointer + 1]
                    if next == UInt8(ascii: "?") || next == UInt8(ascii: "#") || next == UInt8(ascii: " ") { break }
                    PercentEncoding.append(next, encodedWith: set, to: &url.path)
                    pointer += 1
                }
            }

        case .query:
            if c == UInt8(ascii: "#") {
                url.fragment = []
                state = .fragment
            } else if let c {
                let set = kind.isSpecial ? PercentEncodeSet.specialQuery : PercentEncodeSet.query
                var query = url.query ?? []
                url.query = nil  // keep `query` uniquely referenced while appending
                PercentEncoding.append(c, encodedWith: set, to: &query)
                while pointer + 1 < input.count, input[pointer + 1] != UInt8(ascii: "#") {
                    PercentEncoding.append(input[pointer + 1], encodedWith: set, to: &query)
                    pointer += 1
                }
                url.query = query
            }

        case .fragment:
            if c != nil {
                var fragment = url.fragment ?? []
                url.fragment = nil
                fragment.reserveCapacity(input.count - pointer)
                PercentEncoding.append(contentsOf: input[pointer...], encodedWith: .fragment, to: &fragment)
                url.fragment = fragment
                pointer = input.count - 1
            }
        }
    }
}
