/// The output of a walk: one growing byte buffer and the places where the
/// per-response holes (nonce, head start, body end) go.
///
/// Everything is written into a single `[UInt8]`, so building a page costs one
/// amortised copy of its bytes. The array is made as long as its room, its
/// bytes not yet written (`used` counts those that are), and written through
/// a pointer to its first byte: a write is a store or a `memcpy` after one
/// test of room, where `append(contentsOf:)` took about 48 instructions of
/// its own for each run of bytes copied. On a large page the segments are cut out
/// as they end, where what a hole ends is small next to the buffer's room
/// (the head's pieces): copied out, and the buffer starts again, so that
/// the body, the page's bulk, is at its start and becomes its segment at
/// the end without a copy (the copy of the page's bytes was 3% of
/// sanitizing the 100 KB page, and a fresh allocation of the page's size).
struct MarkupWriter {
    /// The bytes from `cutOffset` on: the first `used` of this array, the
    /// rest room not yet written.
    private var buffer: [UInt8] = []
    /// `buffer`'s first byte (nil while it has no room). Copies of a writer
    /// share the buffer's memory: only the writer that owns it writes it,
    /// as with the rewriter's `ElementStack`.
    private var base: UnsafeMutablePointer<UInt8>?
    /// How many of `buffer`'s bytes are written.
    private var used = 0
    /// Where `buffer` starts in the output: what came before is in `done`.
    private var cutOffset = 0
    /// The segments of the output before `cutOffset`, in order.
    private var done: [SanitizedDocument.Segment] = []
    /// The holes at or after `cutOffset`, by offset in the output.
    private var holes: [Hole] = []
    /// A per-response hole and its offset in the output.
    typealias Hole = (offset: Int, segment: SanitizedDocument.Segment)

    init(capacity: Int) {
        (buffer, base) = Self.room(capacity)
        // A page's holes (head start, body end, a few nonces) in one room:
        // grown from empty, the array was made four times a page (fixture
        // pages, about 900 instructions a page).
        holes.reserveCapacity(Self.expectedHoles)
    }

    /// Room for holes made at the start: the head start, the body end and
    /// fourteen inline scripts' nonces. (With room for six, the fixture
    /// result pages' seven scripts grew the array once a page.)
    static let expectedHoles = 16

    /// Room for the output of a page of `inputCount` bytes after a head
    /// prefix of `headPrefix` bytes: a quarter more than the page, since
    /// the routed addresses make it longer. With an eighth more, the
    /// benchmark's result page (60,421 bytes in, 70,870 out) outgrew its
    /// room: the buffer was grown once, a 69 KB copy, and the proxy's memo
    /// of sanitized pages copied it again to free the doubled room
    /// (callgrind: 140,000 instructions a page).
    init(forInput inputCount: Int, headPrefix: Int) {
        self.init(capacity: inputCount + inputCount / 4 + headPrefix + 256)
    }

    /// A writer for such a page that writes into `room`, the room an
    /// earlier page's writer left (`takeRoom`), when it is large enough:
    /// it is taken from there (left empty), so that the writer holds the
    /// only reference to it. A page whose segments were all copied out
    /// (most pages under 32 KB, see `segments`) left its whole room, which
    /// made anew was an allocation and a free of the page's size (fixture
    /// result pages, about 600 instructions a page).
    ///
    /// `holes`: the room for holes an earlier writer left (`takeHoles`),
    /// taken from there the same way, emptied.
    init(forInput inputCount: Int, headPrefix: Int, reusing room: inout [UInt8], holes keptHoles: inout [Hole]) {
        let capacity = inputCount + inputCount / 4 + headPrefix + 256
        var taken: [UInt8] = []
        swap(&taken, &room)
        if taken.count >= capacity {
            base = taken.withUnsafeMutableBufferPointer { $0.baseAddress }
            buffer = taken
        } else {
            (buffer, base) = Self.room(capacity)
        }
        swap(&holes, &keptHoles)
        if !holes.isEmpty { holes.removeAll(keepingCapacity: true) }
        if holes.capacity < Self.expectedHoles { holes.reserveCapacity(Self.expectedHoles) }
    }

    /// The room for holes, for a later writer (`segments` empties it and
    /// keeps its room; the writer that takes it empties it too); this
    /// writer is left without it.
    mutating func takeHoles() -> [Hole] {
        var taken: [Hole] = []
        swap(&taken, &holes)
        return taken
    }

    /// The room `segments` left when it copied every segment out (none,
    /// when it handed the buffer over), for a later writer; this writer is
    /// left without room.
    mutating func takeRoom() -> [UInt8] {
        var room: [UInt8] = []
        swap(&room, &buffer)
        base = nil
        used = 0
        return room
    }

    /// How many bytes have been written.
    var count: Int { cutOffset + used }

    /// The bytes written since the last cut, without the room after them
    /// (for tests: the rewriter reads its output through `segments()`).
    var written: [UInt8] { Array(buffer[..<used]) }

    /// An array of `capacity` bytes not yet written, and its first byte's
    /// address. Its bytes are left as the allocation has them: a `UInt8`
    /// may hold any bits, and none is read before it is written.
    private static func room(_ capacity: Int) -> ([UInt8], UnsafeMutablePointer<UInt8>?) {
        var room = [UInt8](unsafeUninitializedCapacity: capacity) { _, count in count = capacity }
        let base = room.withUnsafeMutableBufferPointer { $0.baseAddress }
        return (room, base)
    }

    /// Room for `extra` bytes more: twice the room, or what they need.
    @inline(never)
    private mutating func grow(toHold extra: Int) {
        var (larger, largerBase) = Self.room(max(buffer.count * 2, used + extra, 64))
        if used > 0, let base, let largerBase { largerBase.initialize(from: base, count: used) }
        swap(&buffer, &larger)
        base = largerBase
    }

    /// Marks a per-response hole at the current position.
    mutating func hole(_ segment: SanitizedDocument.Segment) {
        holes.append((count, segment))
        if buffer.count >= Self.cuttingCapacity, used < buffer.count / 4 { cut() }
    }

    /// The room from which the buffer is cut at holes: below, a page's copy
    /// costs less than cutting it as it is written (the fixture result
    /// pages, about 10 KB, took 0.3% more instructions cut).
    static let cuttingCapacity = 32 * 1024

    /// Marks a hole at an earlier position (the body end, once it is known
    /// that nothing but whitespace and comments follows it).
    mutating func insertHole(_ segment: SanitizedDocument.Segment, at offset: Int) {
        guard offset < cutOffset else {
            let index = holes.firstIndex { $0.offset > offset } ?? holes.count
            holes.insert((offset, segment), at: index)
            return
        }
        // In what was cut out: before the bytes segment that holds the offset
        // (after the holes at its start), splitting it where the offset is inside.
        var position = 0
        for index in done.indices {
            guard case .bytes(let bytes) = done[index] else { continue }
            if offset < position + bytes.count {
                let split = offset - position
                if split == 0 {
                    done.insert(segment, at: index)
                } else {
                    done.replaceSubrange(index...index, with: [.bytes(Array(bytes[..<split])), segment, .bytes(Array(bytes[split...]))])
                }
                return
            }
            position += bytes.count
        }
    }

    /// Moves the buffer's bytes and holes to `done`; the buffer starts again
    /// with its room.
    private mutating func cut() {
        // Taken out while it grows: appended to as `self.done` while the
        // buffer is read, it was copied (not uniquely referenced) each cut.
        var pieces: [SanitizedDocument.Segment] = []
        swap(&pieces, &done)
        if pieces.isEmpty { pieces.reserveCapacity(holes.count * 2 + 8) }
        appendPieces(from: 0, to: &pieces)
        swap(&pieces, &done)
        holes.removeAll(keepingCapacity: true)
        cutOffset += used
        used = 0
    }

    /// Appends to `segments` the buffer's bytes from `start` on, each run
    /// between holes copied into an array of its size, and the holes.
    private func appendPieces(from start: Int, to segments: inout [SanitizedDocument.Segment]) {
        var start = start
        for (offset, segment) in holes {
            let end = offset - cutOffset
            if end > start { segments.append(.bytes(copied(start..<end))) }
            segments.append(segment)
            start = end
        }
        if used > start { segments.append(.bytes(copied(start..<used))) }
    }

    /// The buffer's bytes in `range` in an array of their size.
    @inline(__always)
    private func copied(_ range: Range<Int>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: base.unsafelyUnwrapped + range.lowerBound, count: range.count))
    }

    /// The bytes cut at the holes; adjacent bytes are one segment. The
    /// buffer's first piece, when it is the larger part of the buffer, is
    /// handed over as its segment; the writer is left empty. Made in one
    /// array of the right size, not through `cut`, whose emptying of the
    /// holes and the buffer for more bytes (keeping their room) cost a
    /// small page about 500 instructions for nothing.
    mutating func segments() -> [SanitizedDocument.Segment] {
        let firstEnd = (holes.first?.offset ?? count) - cutOffset
        var segments: [SanitizedDocument.Segment] = []
        swap(&segments, &done)
        segments.reserveCapacity(segments.count + holes.count * 2 + 1)
        if firstEnd > 0, firstEnd * 2 >= used {
            var rest: [SanitizedDocument.Segment] = []
            rest.reserveCapacity(holes.count * 2)
            appendPieces(from: firstEnd, to: &rest)
            var first: [UInt8] = []
            swap(&first, &buffer)
            first.removeSubrange(firstEnd...)  // and the room not written
            segments.append(.bytes(first))
            segments += rest
        } else {
            appendPieces(from: 0, to: &segments)
        }
        // The room stays when nothing of it was handed over (`takeRoom`):
        // the writer is empty, with its room.
        (used, cutOffset) = (0, 0)
        holes.removeAll(keepingCapacity: true)
        if buffer.isEmpty { base = nil }
        return segments
    }

    // MARK: Raw output

    @inline(__always)
    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { write($0) }
    }

    @inline(__always)
    mutating func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    @inline(__always)
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        let length = bytes.count
        guard length > 0, let source = bytes.baseAddress else { return }
        if buffer.count &- used < length { grow(toHold: length) }
        let target = base.unsafelyUnwrapped + used
        if length <= Self.bytewiseLimit {
            for index in 0..<length { target[index] = source[index] }
        } else {
            target.initialize(from: source, count: length)
        }
        used &+= length
    }

    /// Up to this many bytes are appended one by one: most writes into a
    /// rewritten tag are that short (`<`, a tag name, `="`, `/>`), and a byte
    /// append costs a few instructions where `append(contentsOf:)` takes
    /// about 40 and a call to memcpy. Fixture pages 2,292,584 -> 2,276,989
    /// instructions, 1 MB page 27,662,671 -> 27,378,155 (callgrind); 2 and
    /// 8 saved less, 16 less again.
    static let bytewiseLimit = 4

    @inline(__always)
    mutating func write(_ byte: UInt8) {
        if used == buffer.count { grow(toHold: 1) }
        base.unsafelyUnwrapped[used] = byte
        used &+= 1
    }

    // MARK: Escaped output

    /// An attribute value for a double-quoted attribute: `&`, `"`, `<` and
    /// `>` escaped, so that no value can end the attribute or start markup.
    /// Read eight bytes at a time: a word without any of the four is passed
    /// over with one test (`mayHoldEscaped`), and only a word with one is
    /// looked at byte by byte. Byte by byte, every `/`, `:`, `.` and digit
    /// of a routed URL (all below `?`, as the four are) went through the
    /// switch. Writing replaced values, inclusive (callgrind): fixture pages
    /// 35,315 -> 23,777 instructions, 1 MB page 613,622 -> 433,351.
    mutating func writeAttributeValue(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            if count - index >= 8, !Self.mayHoldEscaped(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let end = min(index + 8, count)
            while index < end {
                let byte = base[index]
                // "&", "<", ">" and "\"" are all below "?": most bytes skip the switch.
                if byte < 0x3F, let entity = Self.entity(byte, quotes: true) {
                    if index > runStart { write(UnsafeBufferPointer(start: base + runStart, count: index - runStart)) }
                    entity.withUTF8Buffer { write($0) }
                    runStart = index + 1
                }
                index += 1
            }
        }
        if count > runStart { write(UnsafeBufferPointer(start: base + runStart, count: count - runStart)) }
    }

    /// Whether any byte of `word` is `&`, `<`, `>` or `"`: the test for a
    /// zero byte in `word ^ c` for each (exact either way, in any byte order).
    @inline(__always)
    static func mayHoldEscaped(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let ampersands = word ^ (0x26 &* ones), lessThans = word ^ (0x3C &* ones)
        let greaterThans = word ^ (0x3E &* ones), quotes = word ^ (0x22 &* ones)
        let found = (ampersands &- ones) & ~ampersands | (lessThans &- ones) & ~lessThans
            | (greaterThans &- ones) & ~greaterThans | (quotes &- ones) & ~quotes
        return found & highs != 0
    }

    mutating func writeAttributeValue(_ text: String) {
        var text = text
        text.withUTF8 { writeAttributeValue($0) }
    }

    /// `text` into a double-quoted attribute, where it is known to hold none
    /// of the bytes `writeAttributeValue` escapes (`holdsEscaped` said so):
    /// appended as it is. A native string's bytes are read where they are:
    /// the copy that `withUTF8` needs (it may make a string contiguous) was
    /// a retain and a release for each routed address.
    mutating func writePlainAttributeValue(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ write($0) }) != nil { return }
        var text = text
        text.withUTF8 { write($0) }
    }

    /// Whether `bytes` hold any of `&`, `<`, `>`, `"`, the bytes
    /// `writeAttributeValue` escapes: read eight bytes at a time, and the
    /// last bytes as the word that ends with them (read again where it
    /// overlaps the one before), not one by one. The four are two pairs
    /// one bit apart (`"` 0x22 and `&` 0x26 differ only in 0x04, `<` 0x3C
    /// and `>` 0x3E only in 0x02): with that bit set in every byte, each
    /// pair is one value, and a word takes two zero-byte tests where
    /// `mayHoldEscaped` takes four.
    static func holdsEscaped(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101
        /// Whether a byte of `word` is one of the four: a zero byte in
        /// either folded pair (exact for the word as a whole).
        func holdsPair(_ word: UInt64) -> Bool {
            let quoteOrAmpersand = (word | 0x04 &* ones) ^ (0x26 &* ones)
            let angleBracket = (word | 0x02 &* ones) ^ (0x3E &* ones)
            let zeros = (quoteOrAmpersand &- ones) & ~quoteOrAmpersand | (angleBracket &- ones) & ~angleBracket
            return zeros & (0x80 &* ones) != 0
        }
        let count = bytes.count
        guard count >= 8 else {
            for byte in bytes where byte | 0x04 == 0x26 || byte | 0x02 == 0x3E { return true }
            return false
        }
        var index = 0
        while count - index > 8 {
            if holdsPair(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) { return true }
            index += 8
        }
        return holdsPair(UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self))
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
