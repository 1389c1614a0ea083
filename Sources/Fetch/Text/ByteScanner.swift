/// A cursor over bytes for the small, byte-oriented parsers of charset
/// sniffing (the input may be in any ASCII-compatible charset, so it is
/// scanned as bytes, never decoded first).
struct ByteScanner {
    let bytes: [UInt8]
    /// Where the scan ends: the bytes from here on are not read.
    let end: Int
    private(set) var position = 0

    /// A scanner of `bytes` up to `limit` of them (all when nil): a page's
    /// first kilobyte is scanned in the page's own array, where a copy of
    /// it (`Array(body.prefix(1024))`, a generic copy of a slice) took
    /// some 1,000 instructions a page (callgrind).
    init(bytes: [UInt8], limit: Int? = nil) {
        self.bytes = bytes
        end = min(limit ?? bytes.count, bytes.count)
    }

    var peek: UInt8? { position < end ? bytes[position] : nil }

    mutating func advance() {
        if position < end { position += 1 }
    }

    /// Moves to the next `byte`; false (at the end) when there is none.
    mutating func skip(to byte: UInt8) -> Bool {
        while position < end {
            if bytes[position] == byte { return true }
            position += 1
        }
        return false
    }

    /// Moves past the next `text`; false (at the end) when there is none.
    /// (The needles are literals: `StaticString` reads them in place, where
    /// a `String` would be copied into an array for every call.)
    mutating func skip(past text: StaticString) -> Bool {
        skip(past: Self.bytes(of: text), caseInsensitive: false)
    }

    mutating func skipCaseInsensitive(past text: StaticString) -> Bool {
        skip(past: Self.bytes(of: text), caseInsensitive: true)
    }

    private mutating func skip(past needle: UnsafeBufferPointer<UInt8>, caseInsensitive: Bool) -> Bool {
        while position + needle.count <= end {
            if matches(needle, caseInsensitive: caseInsensitive) {
                position += needle.count
                return true
            }
            position += 1
        }
        position = end
        return false
    }

    /// Consumes `text` if the input continues with it.
    mutating func consume(_ text: StaticString) -> Bool {
        consume(Self.bytes(of: text), caseInsensitive: false)
    }

    mutating func consumeCaseInsensitive(_ text: StaticString) -> Bool {
        consume(Self.bytes(of: text), caseInsensitive: true)
    }

    private mutating func consume(_ needle: UnsafeBufferPointer<UInt8>, caseInsensitive: Bool) -> Bool {
        guard position + needle.count <= end, matches(needle, caseInsensitive: caseInsensitive) else { return false }
        position += needle.count
        return true
    }

    private func matches(_ needle: UnsafeBufferPointer<UInt8>, caseInsensitive: Bool) -> Bool {
        for (offset, byte) in needle.enumerated() {
            let actual = bytes[position + offset]
            if actual != byte && !(caseInsensitive && actual.lowercasedASCII == byte.lowercasedASCII) { return false }
        }
        return true
    }

    private static func bytes(of text: StaticString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }

    mutating func skipSpaces() {
        while let byte = peek, byte.isHTMLSpace { position += 1 }
    }

    /// The bytes up to the first one matching `stop` (not consumed), as a
    /// string; nil when `requireEnd` and no such byte follows.
    mutating func take(until stop: (UInt8) -> Bool, requireEnd: Bool) -> String? {
        let start = position
        while let byte = peek, !stop(byte) { position += 1 }
        if requireEnd && peek == nil { return nil }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// The HTML standard's "get an attribute" (inside a tag): the next
    /// attribute's lower-cased name and its value, or nil at the tag's end.
    mutating func attribute() -> (name: String, value: String)? {
        while let byte = peek, byte.isSpaceOrSlash { position += 1 }
        guard let first = peek, first != UInt8(ascii: ">") else { return nil }
        var name: [UInt8] = []
        while let byte = peek {
            if byte == UInt8(ascii: "="), !name.isEmpty { break }
            if byte.isSpaceOrSlash || byte == UInt8(ascii: ">") { break }
            name.append(byte.lowercasedASCII)
            position += 1
        }
        skipSpaces()
        guard peek == UInt8(ascii: "=") else { return (String(decoding: name, as: UTF8.self), "") }
        position += 1
        skipSpaces()
        var value: [UInt8] = []
        if let quote = peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            position += 1
            while let byte = peek, byte != quote {
                value.append(byte.lowercasedASCII)
                position += 1
            }
            advance()
        } else {
            while let byte = peek, !byte.isHTMLSpace, byte != UInt8(ascii: ">") {
                value.append(byte.lowercasedASCII)
                position += 1
            }
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }
}

extension UInt8 {
    var isHTMLSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D }
    var isSpaceOrSlash: Bool { isHTMLSpace || self == UInt8(ascii: "/") }
    var lowercasedASCII: UInt8 { self >= 0x41 && self <= 0x5A ? self | 0x20 : self }
}
