/// Where a byte string stops being UTF-8, found in place.
///
/// Two stages need to know: fetch (before it serves a page as UTF-8) and
/// the sanitizer (which repairs what is broken, so that its output is
/// UTF-8 whatever came in). Both ask this one check, so they cannot
/// disagree on what counts as UTF-8, and a page fetch has checked reaches
/// the sanitizer as a `ValidUTF8`, so it is checked once.
public enum UTF8Check {
    /// The offset of the first byte that is not part of well-formed UTF-8,
    /// or nil when every byte is.
    ///
    /// Unicode's table of well-formed sequences (Unicode 15, table 3-7):
    /// overlong forms, surrogates and code points above U+10FFFF are
    /// refused, and a sequence cut off by the end is invalid at its first
    /// byte. Runs of ASCII (a page's markup, most of its bytes) are read
    /// eight bytes at a time, and a word that is not all ASCII says where
    /// its first non-ASCII byte is, so the ASCII between Persian words is
    /// not read byte by byte; two-byte sequences (umlauts, Persian) take a
    /// shortcut before the general table.
    public static func firstInvalidByte(in bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        var offset = 0
        while true {
            offset = firstNonASCIIByte(bytes, from: offset)
            guard offset < count else { return nil }
            // Persian words are runs of two-byte letters: four at a time.
            if offset &+ 8 <= count, isFourTwoByteSequences(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) {
                offset &+= 8
                continue
            }
            guard let length = wellFormedSequenceLength(bytes, at: offset) else { return offset }
            offset &+= length
        }
    }

    /// The offset of the first byte from `start` on that is not ASCII, or
    /// the count. A word with some top bit set gives that byte's place by
    /// its lowest set top bit (bytes read little-endian: the first is the
    /// lowest), which saves stepping through the ASCII before it one byte
    /// at a time: on the 100 KB dictionary page the check went from 240 K
    /// to 189 K instructions (callgrind).
    @inline(__always)
    private static func firstNonASCIIByte(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        let count = bytes.count
        var offset = start
        while offset &+ 8 <= count {
            let topBits = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) & 0x8080_8080_8080_8080
            if topBits != 0 { return offset &+ topBits.trailingZeroBitCount &>> 3 }
            offset &+= 8
        }
        while offset < count, bytes[offset] < 0x80 { offset &+= 1 }
        return offset
    }

    /// Whether the eight bytes of `word` (read little-endian: the first is
    /// the lowest) are four well-formed two-byte sequences: leads 0xC2–0xDF
    /// in the even bytes, continuation bytes in the odd ones. Persian and
    /// Arabic letters are such sequences, and a word of them checked at
    /// once, rather than a letter at a time through the table, took the
    /// check on the 1 MB dictionary page from 1.87 M to 1.52 M instructions
    /// (callgrind).
    @inline(__always)
    static func isFourTwoByteSequences(_ word: UInt64) -> Bool {
        let word = UInt64(littleEndian: word)
        // 110x_xxxx leads and 10xx_xxxx continuations.
        guard word & 0xC0E0_C0E0_C0E0_C0E0 == 0x80C0_80C0_80C0_80C0 else { return false }
        // No lead is 0xC0 or 0xC1 (overlong): each has a bit of 0x1E set,
        // which adding 0x7F carries into the byte's top bit (at most 0x9D: no
        // carry into the next byte).
        return ((word & 0x001E_001E_001E_001E) &+ 0x007F_007F_007F_007F) & 0x0080_0080_0080_0080 == 0x0080_0080_0080_0080
    }

    /// `firstInvalidByte(in:)` of an array's bytes.
    public static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { firstInvalidByte(in: $0) }
    }

    /// The length of the well-formed sequence that starts with the non-ASCII
    /// byte at `offset`, or nil.
    @inline(__always)
    private static func wellFormedSequenceLength(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int? {
        let lead = bytes[offset]
        if lead >= 0xC2, lead <= 0xDF {
            guard offset + 1 < bytes.count, bytes[offset + 1] & 0xC0 == 0x80 else { return nil }
            return 2
        }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard offset + length <= bytes.count else { return nil }
        let second = bytes[offset + 1]
        guard second >= low, second <= high else { return nil }
        for continuation in (offset + 2)..<(offset + length) where bytes[continuation] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }
}
