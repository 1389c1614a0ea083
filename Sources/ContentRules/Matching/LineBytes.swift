/// Bytes written one piece after another, for the lines `MatchLineWriter`
/// makes of many small pieces (a URL, a rule's number, its action's text, a
/// literal). Each piece is copied into room made ahead rather than through
/// `Array.append(contentsOf:)`, whose generic path cost about a hundred
/// instructions a piece (callgrind, `rules match` on the benchmark corpus).
///
/// The room is an array kept at its full length (its bytes past `count`
/// are left over, never read), so the memory is still the array's own.
struct LineBytes {
    /// The room, `count` bytes written and the rest left over.
    private var room: [UInt8] = []
    /// How many bytes have been written.
    private(set) var count = 0

    init() {}

    init(capacity: Int) {
        room = [UInt8](repeating: 0, count: capacity)
    }

    /// Appends the bytes.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let end = count + bytes.count
        if end > room.count { grow(toHold: end) }
        let start = count
        room.withUnsafeMutableBytes { room in
            UnsafeMutableRawBufferPointer(rebasing: room[start..<end]).copyMemory(from: UnsafeRawBufferPointer(bytes))
        }
        count = end
    }

    /// Appends the four pieces of a line (`MatchLineWriter`'s head, URL,
    /// closing quote and tail) with one room check and one uniqueness check
    /// of the array, where four `append`s made four of each: some 80
    /// instructions a request (callgrind, `rules match` on the benchmark corpus).
    @inline(__always)
    mutating func append(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>,
                         _ third: UnsafeBufferPointer<UInt8>, _ fourth: UnsafeBufferPointer<UInt8>) {
        let end = count + first.count + second.count + third.count + fourth.count
        guard end > count else { return }
        if end > room.count { grow(toHold: end) }
        let start = count
        room.withUnsafeMutableBytes { room in
            // Written out, not through a local function: that one was not inlined.
            let base = room.baseAddress! + start
            var at = 0
            if let piece = first.baseAddress { (base + at).copyMemory(from: piece, byteCount: first.count) }
            at += first.count
            if let piece = second.baseAddress { (base + at).copyMemory(from: piece, byteCount: second.count) }
            at += second.count
            if let piece = third.baseAddress { (base + at).copyMemory(from: piece, byteCount: third.count) }
            at += third.count
            if let piece = fourth.baseAddress { (base + at).copyMemory(from: piece, byteCount: fourth.count) }
        }
        count = end
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == room.count { grow(toHold: count + 1) }
        room[count] = byte
        count += 1
    }

    /// Appends a literal's bytes.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends bytes kept in an array.
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends a number's decimal digits.
    mutating func appendDecimal(_ number: Int) {
        Self.withDecimal(number) { append($0) }
    }

    /// Calls `body` with a number's decimal digits, written on the stack
    /// (a `String` of it and a `+=` of its `utf8` view cost some hundred
    /// instructions, and appending digit by digit checked the room each time).
    static func withDecimal<Result>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            var rest = number.magnitude
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if number < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            return body(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Forgets what was written, keeping the room.
    mutating func removeAll() {
        count = 0
    }

    /// Calls `body` with the bytes written.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        room.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// At least doubles the room, and more if `needed` asks for it; only the
    /// bytes written are copied.
    @inline(never)
    private mutating func grow(toHold needed: Int) {
        var larger = [UInt8](repeating: 0, count: max(needed, 2 * room.count, 64))
        let written = count
        larger.withUnsafeMutableBytes { larger in
            room.withUnsafeBytes { larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<written])) }
        }
        room = larger
    }
}
