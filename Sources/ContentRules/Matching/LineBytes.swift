/// Bytes written one piece after another, for the lines `MatchLineWriter`
/// makes of many small pieces (a URL, a rule's number, its action's text, a
/// literal). Each piece is copied into room made ahead rather than through
/// `Array.append(contentsOf:)`, whose generic path cost about a hundred
/// instructions a piece (callgrind, `rules match` on the benchmark corpus).
///
/// The room is memory of its own, which a `LineBytes` allocates and frees:
/// it cannot be copied, so one value owns it and writes to it without
/// asking. Kept in an array, each append asked whether the array was
/// uniquely referenced (`swift_isUniquelyReferenced`, some twenty times for
/// a new line's tail): owned, `rules match` costs some 400 fewer
/// instructions a request (callgrind, benchmark corpus).
struct LineBytes: ~Copyable {
    /// The room, `count` bytes written and the rest left over.
    private var room: UnsafeMutablePointer<UInt8>
    /// How many bytes `room` holds.
    private var capacity: Int
    /// How many bytes have been written.
    private(set) var count = 0

    /// Room for a few bytes, grown as needed.
    init() {
        self.init(capacity: 16)
    }

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        room = .allocate(capacity: self.capacity)
    }

    deinit {
        room.deallocate()
    }

    /// Appends the bytes.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let end = count + bytes.count
        if end > capacity { grow(toHold: end) }
        if let source = bytes.baseAddress { (room + count).update(from: source, count: bytes.count) }
        count = end
    }

    /// Appends the four pieces of a line (`MatchLineWriter`'s head, URL,
    /// closing quote and tail) with one room check, where four `append`s
    /// made four.
    @inline(__always)
    mutating func append(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>,
                         _ third: UnsafeBufferPointer<UInt8>, _ fourth: UnsafeBufferPointer<UInt8>) {
        let end = count + first.count + second.count + third.count + fourth.count
        if end > capacity { grow(toHold: end) }
        // Written out, not through a local function: that one was not inlined.
        var at = room + count
        if let piece = first.baseAddress { at.update(from: piece, count: first.count) }
        at += first.count
        if let piece = second.baseAddress { at.update(from: piece, count: second.count) }
        at += second.count
        if let piece = third.baseAddress { at.update(from: piece, count: third.count) }
        at += third.count
        if let piece = fourth.baseAddress { at.update(from: piece, count: fourth.count) }
        count = end
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
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
        DecimalDigits.with(number) { append($0) }
    }

    /// Forgets what was written, keeping the room.
    mutating func removeAll() {
        count = 0
    }

    /// Calls `body` with the bytes written.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: room, count: count))
    }

    /// At least doubles the room, and more if `needed` asks for it; only the
    /// bytes written are copied.
    @inline(never)
    private mutating func grow(toHold needed: Int) {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: max(needed, 2 * capacity))
        larger.initialize(from: room, count: count)
        room.deallocate()
        (room, capacity) = (larger, max(needed, 2 * capacity))
    }
}
