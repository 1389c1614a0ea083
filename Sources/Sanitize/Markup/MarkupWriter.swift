/// The output of a walk: one growing byte buffer and the places where the
/// per-response holes (nonce, head start, body end) go.
///
/// Everything is appended to a single `[UInt8]`, so building a page costs one
/// amortised copy of its bytes; the segments are cut out once at the end.
struct MarkupWriter {
    private(set) var buffer: [UInt8] = []
    private var holes: [(offset: Int, segment: SanitizedDocument.Segment)] = []

    init(capacity: Int) {
        buffer.reserveCapacity(capacity)
    }

    /// Marks a per-response hole at the current position.
    mutating func hole(_ segment: SanitizedDocument.Segment) {
        holes.append((buffer.count, segment))
    }

    /// The bytes cut at the holes; adjacent bytes are one segment.
    func segments() -> [SanitizedDocument.Segment] {
        var segments: [SanitizedDocument.Segment] = []
        segments.reserveCapacity(holes.count * 2 + 1)
        var start = 0
        for (offset, segment) in holes {
            if offset > start { segments.append(.bytes(Array(buffer[start..<offset]))) }
            segments.append(segment)
            start = offset
        }
        if buffer.count > start { segments.append(.bytes(Array(buffer[start...]))) }
        return segments
    }

    // MARK: Raw output

    @inline(__always)
    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    @inline(__always)
    mutating func write(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    @inline(__always)
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    @inline(__always)
    mutating func write(_ byte: UInt8) {
        buffer.append(byte)
    }

    /// A NUL-terminated string, unescaped (raw text, names).
    mutating func write(cString: UnsafePointer<UInt8>) {
        var end = 0
        while cString[end] != 0 { end += 1 }
        buffer.append(contentsOf: UnsafeBufferPointer(start: cString, count: end))
    }

    // MARK: Escaped output

    /// Text content: `&`, `<` and `>` escaped, everything else (UTF-8,
    /// no-break spaces, ZWNJ) byte for byte.
    mutating func writeText(cString: UnsafePointer<UInt8>) {
        writeEscaped(cString: cString, quotes: false)
    }

    /// An attribute value for a double-quoted attribute: `&`, `"`, `<` and
    /// `>` escaped, so that no value can end the attribute or start markup.
    mutating func writeAttributeValue(cString: UnsafePointer<UInt8>) {
        writeEscaped(cString: cString, quotes: true)
    }

    mutating func writeAttributeValue(_ bytes: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in 0..<bytes.count {
            guard let entity = Self.entity(bytes[index], quotes: true) else { continue }
            if index > runStart { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            entity.withUTF8Buffer { buffer.append(contentsOf: $0) }
            runStart = index + 1
        }
        if bytes.count > runStart { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    mutating func writeAttributeValue(_ text: String) {
        var text = text
        text.withUTF8 { writeAttributeValue($0) }
    }

    mutating func writeAttributeValue(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { writeAttributeValue($0) }
    }

    private mutating func writeEscaped(cString: UnsafePointer<UInt8>, quotes: Bool) {
        var index = 0
        var runStart = 0
        while true {
            let byte = cString[index]
            if byte == 0 { break }
            if byte < 0x3F, let entity = Self.entity(byte, quotes: quotes) {
                if index > runStart { buffer.append(contentsOf: UnsafeBufferPointer(start: cString + runStart, count: index - runStart)) }
                entity.withUTF8Buffer { buffer.append(contentsOf: $0) }
                runStart = index + 1
            }
            index += 1
        }
        if index > runStart { buffer.append(contentsOf: UnsafeBufferPointer(start: cString + runStart, count: index - runStart)) }
    }

    @inline(__always)
    private static func entity(_ byte: UInt8, quotes: Bool) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): return "&amp;"
        case UInt8(ascii: "<"): return "&lt;"
        case UInt8(ascii: ">"): return "&gt;"
        case UInt8(ascii: "\"") where quotes: return "&quot;"
        default: return nil
        }
    }
}
