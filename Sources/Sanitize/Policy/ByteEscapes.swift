/// Percent-encoding written a byte at a time from a table of words, one
/// for each byte value: the word holds the byte's escape (the byte itself,
/// or `%` and two upper-case hexadecimal digits) from its lowest byte up,
/// and how many bytes that is in its top byte. Each byte costs a load, a
/// store of the whole word and an add, with no test of the byte: the
/// range tests and hexadecimal digits worked out for each byte cost
/// about fifteen instructions a byte (fixture pages, callgrind).
enum ByteEscapes {
    /// The room a writer needs past the last byte it writes: the word of
    /// a byte kept as it is spills three bytes beyond it.
    static let spareBytes = 3

    /// The word of a byte written as it is.
    static func keeping(_ byte: UInt8) -> UInt32 {
        1 << 24 | UInt32(byte)
    }

    /// The word of a byte written `%XY`.
    static func escaping(_ byte: UInt8) -> UInt32 {
        3 << 24 | UInt32(hexDigit(byte & 0xF)) << 16 | UInt32(hexDigit(byte >> 4)) << 8 | UInt32(UInt8(ascii: "%"))
    }

    /// Writes each of `bytes` as `escapes` (a table of 256 words) says at
    /// `start`, which has room for them and `spareBytes` more, and returns
    /// how many bytes it wrote.
    @inline(__always)
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, escapes: UnsafeBufferPointer<UInt32>, to start: UnsafeMutableRawPointer) -> Int {
        let table = escapes.baseAddress.unsafelyUnwrapped
        var count = 0
        for byte in bytes {
            let escape = table[Int(byte)]
            // Four bytes stored, the escape's one or three counted: the
            // rest is overwritten by the next escape, or lies past the end.
            (start + count).storeBytes(of: escape.littleEndian, as: UInt32.self)
            count &+= Int(escape &>> 24)
        }
        return count
    }

    /// The upper-case hexadecimal digit of `value` (0–15), as the URL parser writes it.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
