/// Reads what `BinaryWriter` wrote, checking every read against the end of
/// the buffer: a damaged or foreign cache file throws `Damaged`, it never
/// reads out of bounds or traps.
struct BinaryReader {
    /// The bytes do not hold what the format says; `offset` is where reading stopped.
    struct Damaged: Error, Sendable, CustomStringConvertible {
        var offset: Int
        var reason: String
        var description: String { "at byte \(offset): \(reason)" }
    }

    private let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int
    /// The mapped file `bytes` lie in, if they do: `table(_:)` then returns
    /// views into it instead of copies, and whoever keeps such a view keeps
    /// the mapping too.
    let mapping: MappedCacheFile?

    /// Reads `bytes`, which must stay valid while the reader is used; they
    /// lie in `mapping` when it is given.
    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0, mapping: MappedCacheFile? = nil) {
        self.bytes = bytes
        self.offset = offset
        self.mapping = mapping
    }

    var isAtEnd: Bool { offset == bytes.count }

    private mutating func take(_ count: Int) throws(Damaged) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= bytes.count - offset else {
            throw Damaged(offset: offset, reason: "\(count) bytes wanted, \(bytes.count - offset) left")
        }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }

    mutating func read<Value: FixedWidthInteger>(_: Value.Type = Value.self) throws(Damaged) -> Value {
        let raw = try take(MemoryLayout<Value>.size)
        var value = Value.zero
        withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: raw) }
        return Value(littleEndian: value)
    }

    /// A LEB128 count, at most `limit` (no count in the file may exceed the bytes left to hold it).
    mutating func readVarint(limit: Int = Int(Int32.max)) throws(Damaged) -> Int {
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte: UInt8 = try read()
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { break }
            shift += 7
            guard shift < 35 else { throw Damaged(offset: start, reason: "a number runs on") }
        }
        guard value <= UInt64(limit) else { throw Damaged(offset: start, reason: "\(value) exceeds \(limit)") }
        return Int(value)
    }

    /// A count of items that take at least one byte each.
    mutating func readCount() throws(Damaged) -> Int {
        try readVarint(limit: bytes.count - offset)
    }

    mutating func readBytes(_ count: Int) throws(Damaged) -> UnsafeRawBufferPointer {
        try take(count)
    }

    mutating func readString() throws(Damaged) -> String {
        let raw = try take(try readCount())
        guard let text = String(validating: raw, as: UTF8.self) else {
            throw Damaged(offset: offset - raw.count, reason: "a string is not UTF-8")
        }
        return text
    }

    mutating func readOptionalString() throws(Damaged) -> String? {
        switch try read(UInt8.self) {
        case 0: return nil
        case 1: return try readString()
        case let flag: throw Damaged(offset: offset - 1, reason: "optional flag \(flag)")
        }
    }

    mutating func readStrings() throws(Damaged) -> [String] {
        let count = try readCount()
        var texts: [String] = []
        texts.reserveCapacity(count)
        for _ in 0..<count { texts.append(try readString()) }
        return texts
    }

    /// Values written by `BinaryWriter.writeRaw`, in a new array.
    ///
    /// Grown by `reserveCapacity` and `append`, which the compiler
    /// specialises for `Value`: `Array(unsafeUninitializedCapacity:)`
    /// allocates through a standard library function it cannot, which looks
    /// the array's type up at run time: two look-ups a domain list, and
    /// `rules match` on no requests (a start from the cache) took 87.4 M
    /// instructions rather than 82.6 M (callgrind).
    mutating func readRaw<Value: BitwiseCopyable>(_: Value.Type = Value.self) throws(Damaged) -> [Value] {
        let raw = try takeRaw(Value.self)
        let stride = MemoryLayout<Value>.stride, count = raw.count / stride
        var values: [Value] = []
        values.reserveCapacity(count)
        if let base = raw.baseAddress, Int(bitPattern: base) % MemoryLayout<Value>.alignment == 0 {
            raw.withMemoryRebound(to: Value.self) { values.append(contentsOf: $0) }
        } else {
            for index in 0..<count { values.append(raw.loadUnaligned(fromByteOffset: index * stride, as: Value.self)) }
        }
        return values
    }

    /// The bytes of values written by `BinaryWriter.writeRaw`, not copied
    /// (valid while the reader's bytes are): read everything a table needs
    /// first, then allocate, so that a damaged file leaks nothing.
    mutating func takeRaw<Value: BitwiseCopyable>(_: Value.Type) throws(Damaged) -> UnsafeRawBufferPointer {
        let stride = MemoryLayout<Value>.stride
        let count = try readVarint(limit: (bytes.count - offset) / stride)
        let paddingStart = offset
        for byte in try take(BinaryWriter.padding(after: offset)) where byte != 0 {
            throw Damaged(offset: paddingStart, reason: "padding before a table is not zero")
        }
        return try take(count * stride)
    }

    /// A table written by `BinaryWriter.writeRaw`, for an owner that frees
    /// it unless `mapping` is set (see `table(of:)`).
    mutating func table<Value: BitwiseCopyable>(_: Value.Type) throws(Damaged) -> UnsafeMutableBufferPointer<Value> {
        try table(of: try takeRaw(Value.self))
    }

    /// The values in `raw` (from `takeRaw`), for an owner that frees them
    /// unless `mapping` is set: a view into the mapped file when the reader
    /// reads one, else a copy. Read everything a table needs first, then call
    /// this, so that a damaged file leaks nothing.
    func table<Value: BitwiseCopyable>(of raw: UnsafeRawBufferPointer) throws(Damaged) -> UnsafeMutableBufferPointer<Value> {
        guard mapping != nil else { return .copying(raw) }
        guard let base = raw.baseAddress, !raw.isEmpty else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
        guard Int(bitPattern: base) % MemoryLayout<Value>.alignment == 0 else {
            throw Damaged(offset: bytes.baseAddress.map { $0.distance(to: base) } ?? 0, reason: "a table not aligned for its values")
        }
        // Read-only memory: the owners never write through the pointer.
        return UnsafeMutableBufferPointer(start: UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Value.self)),
                                          count: raw.count / MemoryLayout<Value>.stride)
    }

    /// A flag byte, 0 or 1.
    mutating func readBool() throws(Damaged) -> Bool {
        switch try read(UInt8.self) {
        case 0: return false
        case 1: return true
        case let flag: throw Damaged(offset: offset - 1, reason: "flag \(flag)")
        }
    }
}

extension UnsafeMutableBufferPointer where Element: BitwiseCopyable {
    /// A new buffer holding the values in `raw` (from `BinaryReader.takeRaw`).
    static func copying(_ raw: UnsafeRawBufferPointer) -> Self {
        let buffer = Self.allocate(capacity: raw.count / MemoryLayout<Element>.stride)
        UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw)
        return buffer
    }
}
