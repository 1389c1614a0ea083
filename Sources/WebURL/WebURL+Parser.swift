// The WHATWG "basic URL parser" state machine (URL Standard §4.4), on UTF-8 bytes.
//
// Every non-ASCII byte is percent-encoded in every percent-encode set, so
// working byte by byte gives the same result as the standard's code points.
// State names and step order follow the standard so the two can be compared
// side by side; state override (the setters' mode) is not implemented.

struct URLParser {
    enum State {
        case schemeStart, scheme, noScheme, specialRelativeOrAuthority, pathOrAuthority
        case relative, relativeSlash, specialAuthoritySlashes, specialAuthorityIgnoreSlashes
        case authority, host, port, file, fileSlash, fileHost, pathStart, path, opaquePath
        case query, fragment
    }

    /// The preprocessed input (see `preprocess`).
    let input: [UInt8]
    let base: WebURL?
    /// The URL being built.
    var url = URLRecord()
    /// The scheme kind of `url` (kept in step with `url.scheme`).
    var kind = SchemeKind.other
    var state = State.schemeStart
    var buffer: [UInt8] = []
    var atSignSeen = false
    var insideBrackets = false
    var passwordTokenSeen = false
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
        case .schemeStart, .scheme, .noScheme, .specialRelativeOrAuthority, .pathOrAuthority, .relative, .relativeSlash:
            try stepSchemeOrRelative(c)
        case .specialAuthoritySlashes, .specialAuthorityIgnoreSlashes, .authority, .host, .port, .file, .fileSlash, .fileHost:
            try stepAuthorityOrFile(c)
        case .pathStart, .path, .opaquePath, .query, .fragment:
            try stepPathQueryOrFragment(c)
        }
    }

    // MARK: - Scheme and relative states

    /// The states up to the authority: the scheme, and a relative reference's
    /// parts taken from the base URL.
    private mutating func stepSchemeOrRelative(_ c: UInt8?) throws(ParseFailure) {
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
                if !beginsQueryOrFragment(c), c != nil {
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

        default:
            preconditionFailure("step(_:) sends only the scheme and relative states here")
        }
    }
}
