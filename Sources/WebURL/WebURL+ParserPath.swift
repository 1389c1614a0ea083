// The URL parser's path, query and fragment states (URL Standard §4.4);
// the state machine is in WebURL+Parser.swift.

extension URLParser {
    /// The states after the authority: path (or opaque path), query and fragment.
    mutating func stepPathQueryOrFragment(_ c: UInt8?) throws(ParseFailure) {
        switch state {
        case .pathStart:
            if kind.isSpecial {
                state = .path
                if c != UInt8(ascii: "/"), c != UInt8(ascii: "\\") { pointer -= 1 }
            } else if !beginsQueryOrFragment(c), c != nil {
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
                beginsQueryOrFragment(c)
            } else {
                // Encode this and the following ordinary bytes in one go.
                let end = endOfRun {
                    $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "\\")
                }
                PercentEncoding.append(input[pointer..<end], encodedWith: .path, to: &buffer)
                pointer = end - 1
            }

        case .opaquePath:
            if beginsQueryOrFragment(c) {
                break
            } else if c == UInt8(ascii: " ") {
                // A space right before "?" or "#" is encoded so it survives serialisation round trips.
                if remainingStarts(with: UInt8(ascii: "?")) || remainingStarts(with: UInt8(ascii: "#")) {
                    url.path.append(contentsOf: "%20".utf8)
                } else {
                    url.path.append(UInt8(ascii: " "))
                }
            } else if c != nil {
                let end = endOfRun { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: " ") }
                PercentEncoding.append(input[pointer..<end], encodedWith: .c0Control, to: &url.path)
                pointer = end - 1
            }

        case .query:
            if c == UInt8(ascii: "#") {
                url.fragment = []
                state = .fragment
            } else if c != nil {
                let end = endOfRun { $0 == UInt8(ascii: "#") }
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

        default:
            preconditionFailure("step(_:) sends only the path, query and fragment states here")
        }
    }
}
