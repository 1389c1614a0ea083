// The URL parser's authority states (userinfo, host, port) and its file
// states (URL Standard §4.4); the state machine is in WebURL+Parser.swift.

extension URLParser {
    /// The authority states and the file states, whose host is the authority's.
    mutating func stepAuthorityOrFile(_ c: UInt8?) throws(ParseFailure) {
        switch state {
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
                let end = endOfRun {
                    $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?")
                        || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "\\")
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
                if !beginsQueryOrFragment(c), c != nil {
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

        default:
            preconditionFailure("step(_:) sends only the authority and file states here")
        }
    }
}
