// Small predicates and list operations used by the URL parser's state machine,
// named after the definitions in the URL Standard.

extension URLParser {
    /// Strips leading and trailing C0 controls and spaces, and removes every tab, LF and CR.
    static func preprocess(_ string: String) -> [UInt8] {
        if let bytes = string.utf8.withContiguousStorageIfAvailable({ preprocess($0) }) { return bytes }
        return preprocess(Array(string.utf8))
    }

    static func preprocess<C: Collection<UInt8>>(_ raw: C) -> [UInt8] where C.Index == Int {
        var start = raw.startIndex, end = raw.endIndex
        while start < end, raw[start] <= 0x20 { start += 1 }
        while end > start, raw[end - 1] <= 0x20 { end -= 1 }
        if !raw[start..<end].contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return Array(raw[start..<end])
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(end - start)
        for i in start..<end {
            let byte = raw[i]
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            bytes.append(byte)
        }
        return bytes
    }

    /// Whether the input after the current position starts with `byte`.
    func remainingStarts(with byte: UInt8) -> Bool {
        pointer + 1 < input.count && input[pointer + 1] == byte
    }

    /// "starts with a Windows drive letter", for the input from `index` on.
    func startsWithWindowsDriveLetter(at index: Int) -> Bool {
        guard index >= 0, index + 1 < input.count, input[index].isASCIIAlpha,
            input[index + 1] == UInt8(ascii: ":") || input[index + 1] == UInt8(ascii: "|")
        else { return false }
        if index + 2 == input.count { return true }
        switch input[index + 2] {
        case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "?"), UInt8(ascii: "#"): return true
        default: return false
        }
    }

    static func isWindowsDriveLetter(_ bytes: [UInt8]) -> Bool {
        bytes.count == 2 && bytes[0].isASCIIAlpha && (bytes[1] == UInt8(ascii: ":") || bytes[1] == UInt8(ascii: "|"))
    }

    /// Whether the first segment of a flattened path is a normalized drive letter ("/C:" or "/C:/…").
    static func firstSegmentIsNormalizedDriveLetter(_ path: [UInt8]) -> Bool {
        path.count >= 3 && path[1].isASCIIAlpha && path[2] == UInt8(ascii: ":")
            && (path.count == 3 || path[3] == UInt8(ascii: "/"))
    }

    /// "shorten url's path": drop the last segment, except a lone drive letter of a file URL.
    mutating func shortenPath() {
        if kind == .file, URLParser.firstSegmentIsNormalizedDriveLetter(url.path), url.path.count == 3 { return }
        if let slash = url.path.lastIndex(of: UInt8(ascii: "/")) {
            url.path.removeSubrange(slash...)
        }
    }

    static func isPercentTwoE(_ b: [UInt8], at i: Int) -> Bool {
        b[i] == UInt8(ascii: "%") && b[i + 1] == UInt8(ascii: "2") && (b[i + 2] | 0x20) == UInt8(ascii: "e")
    }

    /// "." or "%2e" (any case).
    static func isSingleDot(_ b: [UInt8]) -> Bool {
        (b.count == 1 && b[0] == UInt8(ascii: ".")) || (b.count == 3 && isPercentTwoE(b, at: 0))
    }

    /// "..", ".%2e", "%2e.", "%2e%2e" (any case).
    static func isDoubleDot(_ b: [UInt8]) -> Bool {
        let dot = UInt8(ascii: ".")
        switch b.count {
        case 2: return b[0] == dot && b[1] == dot
        case 4: return (b[0] == dot && isPercentTwoE(b, at: 1)) || (isPercentTwoE(b, at: 0) && b[3] == dot)
        case 6: return isPercentTwoE(b, at: 0) && isPercentTwoE(b, at: 3)
        default: return false
        }
    }

    /// Whether `c` ends an authority, host or port: EOF, "/", "?", "#", or "\" in special URLs.
    func endsAuthority(_ c: UInt8?) -> Bool {
        guard let c else { return true }
        return c == UInt8(ascii: "/") || c == UInt8(ascii: "?") || c == UInt8(ascii: "#")
            || (kind.isSpecial && c == UInt8(ascii: "\\"))
    }

    /// "/" or, in special URLs, "\".
    func isSlash(_ c: UInt8?) -> Bool {
        c == UInt8(ascii: "/") || (kind.isSpecial && c == UInt8(ascii: "\\"))
    }

    /// What every state before the query does with `?` and `#`: begin an
    /// empty query or an empty fragment. Whether `c` began either.
    @discardableResult
    mutating func beginsQueryOrFragment(_ c: UInt8?) -> Bool {
        if c == UInt8(ascii: "?") {
            url.query = []
            state = .query
            return true
        }
        if c == UInt8(ascii: "#") {
            url.fragment = []
            state = .fragment
            return true
        }
        return false
    }

    /// Where the run of bytes from the current one on ends: at the first
    /// after it that `stops`, or at the input's end. The states that take
    /// ordinary bytes take such a run in one go.
    @inline(__always)
    func endOfRun(stoppingAt stops: (UInt8) -> Bool) -> Int {
        var end = pointer + 1
        while end < input.count, !stops(input[end]) { end += 1 }
        return end
    }
}
