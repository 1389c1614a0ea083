/// Appends little-endian integers and length-prefixed strings to a byte
/// buffer: the writing half of the compiled rule cache's format
/// (`BinaryReader` reads it back).
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func write<Value: FixedWidthInteger>(_ value: Value) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A count or small number in as few bytes as it needs (LEB128): most
    /// numbers in a rule list (indexes, lines, lengths) fit in one to three.
    mutating func writeVarint(_ value: Int) {
        precondition(value >= 0, "varints are counts")
        var rest = UInt64(value)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            writeVarint(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func write(_ raw: some Sequence<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    mutating func write(_ flag: Bool) {
        bytes.append(flag ? 1 : 0)
    }

    mutating func write(optional text: String?) {
        write(UInt8(text == nil ? 0 : 1))
        if let text { write(text) }
    }

    mutating func write(_ texts: [String]) {
        writeVarint(texts.count)
        for text in texts { write(text) }
    }

    /// A count and then the values' memory as it is (`BinaryReader.readRaw`
    /// copies it back in one go): the engine's tables are plain values, and
    /// copying them whole is what makes a cached start fast. Only a limot
    /// of the same memory layout reads them (`EngineCoding.layout`).
    mutating func writeRaw<Value: BitwiseCopyable>(_ values: UnsafeBufferPointer<Value>) {
        writeVarint(values.count)
        pad()
        bytes.append(contentsOf: UnsafeRawBufferPointer(values))
    }

    /// Zeros up to the next multiple of `tableAlignment`, so that a table
    /// starts aligned for its values in a mapped file (`BinaryReader.table`).
    mutating func pad() {
        bytes.append(contentsOf: repeatElement(0, count: Self.padding(after: bytes.count)))
    }

    /// Every table starts at a multiple of this many bytes from the payload's
    /// start (and the payload at one from the file's): the largest alignment
    /// of any value written raw.
    static let tableAlignment = 8

    /// The zeros that follow `offset` before a table.
    static func padding(after offset: Int) -> Int {
        (tableAlignment - offset % tableAlignment) % tableAlignment
    }

    mutating func writeRaw<Value: BitwiseCopyable>(_ values: [Value]) {
        values.withUnsafeBufferPointer { writeRaw($0) }
    }
}
