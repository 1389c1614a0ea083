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

    /// How many bytes have been written.
    var count: Int { buffer.count }

    /// Marks a per-response hole at the current position.
    mutating func hole(_ segment: SanitizedDocument.Segment) {
        holes.append((buffer.count, segment))
    }

    /// Marks a hole at an earlier position (the body end, once it is known
    /// that nothing but whitespace and comments follows it).
    mutating func insertHole(_ segment: SanitizedDocument.Segment, at offset: Int) {
        let index = holes.firstIndex { $0.offset > offset } ?? holes.count
        holes.insert((offset, segment), at: index)
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

    // MARK: Escaped output

    /// An attribute value for a double-quoted attribute: `&`, `"`, `<` and
    /// `>` escaped, so that no value can end the attribute or start markup.
    mutating func writeAttributeValue(_ bytes: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            // "&", "<", ">" and "\"" are all below "?": most bytes skip the switch.
            guard byte < 0x3F, let entity = Self.entity(byte, quotes: true) else { continue }
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
