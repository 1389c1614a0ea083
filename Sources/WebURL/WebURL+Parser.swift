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

    /// The preprocessed input (see `preprocess`).
    let input: [UInt8]
    private let base: WebURL?
    /// The URL being built.
    var url = URLRecord()
    /// The scheme kind of `url` (kept in step with `url.scheme`).
    var kind = SchemeKind.other
    private var state = State.schemeStart
    private var buffer: [UInt8] = []
    private var atSignSeen = false
    private var insideBrackets = false
    private var passwordTokenSeen = false
    /// Index into `input`; may be -1 briefly, as in the standard ("decrease pointer by 1").
    var pointer = 0

    init(input string: String, base: WebURL?) {
        self.input = URLParser.preprocess(string)
        self.base = base
    }

    // MARK: - State machine

    /// Runs the state machine over the whole input ("basic URL parser" without
    /// state override) and returns the URL record.
    mutating func parse() throws(ParseFailure) -> URLRecord {
        let count = input.count
        buffer.reserveCapacity(count)
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

    /// One run of the state machine for the byte at `pointer` (nil = EOF). Like
    /// the standard, states may move `pointer` back to re-read input in another
    /// state. The hot states (authority, host, path, query, fragment) consume a
    /// whole run of ordinary bytes at once instead of one byte per run.
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
                url.scheme = Array(buffer)
                buffer.removeAll(keepingCapacity: true)
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
                // Take this and the following ordinary bytes in one go.
                var end = pointer + 1
                while end < input.count {
                    let next = input[end]
                    if next == UInt8(ascii: "@") || next == UInt8(ascii: "/") || next == UInt8(ascii: "?")
                        || next == UInt8(ascii: "#") || next == UInt8(ascii: "\\")
                    { break }
                    end += 1
                }
                buffer.append(contentsOf: input[pointer..<end])
                pointer = end - 1
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
                // Take this and the following ordinary bytes in one go.
                var end = pointer + 1
                while end < input.count {
                    let next = input[end]
                    if next == UInt8(ascii: ":") || next == UInt8(ascii: "[") || next == UInt8(ascii: "]")
                        || next == UInt8(ascii: "/") || next == UInt8(ascii: "?") || next == UInt8(ascii: "#")
                        || next == UInt8(ascii: "\\")
                    { break }
                    end += 1
                }
                buffer.append(contentsOf: input[pointer..<end])
                pointer = end - 1
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
                    if url.path.isEmpty { url.path.reserveCapacity(input.count - pointer + buffer.count + 4) }
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
                // Encode this and the following ordinary bytes in one go.
                var end = pointer + 1
                while end < input.count {
                    let next = input[end]
                    if next == UInt8(ascii: "/") || next == UInt8(ascii: "?") || next == UInt8(ascii: "#")
                        || next == UInt8(ascii: "\\")
                    { break }
                    end += 1
                }
                PercentEncoding.append(input[pointer..<end], encodedWith: .path, to: &buffer)
                pointer = end - 1
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
            } else if c != nil {
                var end = pointer + 1
                while end < input.count {
                    let next = input[end]
                    if next == UInt8(ascii: "?") || next == UInt8(ascii: "#") || next == UInt8(ascii: " ") { break }
                    end += 1
                }
                PercentEncoding.append(input[pointer..<end], encodedWith: .c0Control, to: &url.path)
                pointer = end - 1
            }

        case .query:
            if c == UInt8(ascii: "#") {
                url.fragment = []
                state = .fragment
            } else if c != nil {
                var end = pointer + 1
                while end < input.count, input[end] != UInt8(ascii: "#") { end += 1 }
                var query = url.query ?? []
                url.query = nil  // keep `query` uniquely referenced while appending
                PercentEncoding.append(
                    input[pointer..<end], encodedWith: kind.isSpecial ? .specialQuery : .query, to: &query)
                url.query = query
                pointer = end - 1
            }

        case .fragment:
            if c != nil {
                var fragment = url.fragment ?? []
                url.fragment = nil
                PercentEncoding.append(input[pointer...], encodedWith: .fragment, to: &fragment)
                url.fragment = fragment
                pointer = input.count - 1
            }
        }
    }
}
