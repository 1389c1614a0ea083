import CUTF8

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
    /// 32 bytes at a time; Persian text, two-byte letters between ASCII
    /// spaces and punctuation, eight bytes at a time whatever its mix of
    /// the two; only the rest (three- and four-byte sequences, whatever is
    /// ill-formed, the last few bytes) a sequence at a time by the table.
    /// On the benchmark's 58 KB dictionary page: 116 K → 91 K instructions
    /// (callgrind; ASCII eight bytes a step and Persian four letters a
    /// step before, the table for every other letter).
    ///
    /// On x86-64 the C target `CUTF8` first reads the bytes 16 or 32 at a
    /// time (Keiser and Lemire's lookup tables, SSSE3 or AVX2 as the CPU
    /// has) up to the vector where something is wrong, or to the last
    /// bytes that do not fill a vector; this scanner reads on from the
    /// start of the sequence there, so the offset is the scanner's own.
    /// Our own C because Debian 12 packages no SIMD validator (no
    /// libsimdutf-dev): see Sources/CUTF8/utf8.c.
    public static func firstInvalidByte(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let checked = limot_utf8_checked_prefix(base.assumingMemoryBound(to: UInt8.self), bytes.count)
        return firstInvalidByte(in: bytes, from: checked)
    }

    /// The ways to read: the scanner alone, or vectors of 16 or 32 bytes
    /// before it (internal, for tests that compare each with the others).
    enum Vectors: Int32, CaseIterable {
        case scannerOnly = 0, ssse3 = 1, avx2 = 2

        /// The widest this CPU runs (`scannerOnly` off x86-64).
        static var best: Vectors { Vectors(rawValue: limot_utf8_best_vectors()) ?? .scannerOnly }
    }

    /// `firstInvalidByte(in:)` read with `vectors`, which this CPU must run.
    static func firstInvalidByte(in bytes: UnsafeRawBufferPointer, using vectors: Vectors) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let checked = limot_utf8_checked_prefix_using(vectors.rawValue, base.assumingMemoryBound(to: UInt8.self), bytes.count)
        return firstInvalidByte(in: bytes, from: checked)
    }

    /// The scanner: the first ill-formed byte from `start` on, which is
    /// the start of a sequence and has only well-formed bytes before it.
    private static func firstInvalidByte(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        let count = bytes.count
        var offset = start
        ascii: while true {
            while offset &+ 32 <= count {
                let first = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                let second = bytes.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)
                let third = bytes.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self)
                let fourth = bytes.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self)
                guard (first | second | third | fourth) & topBits == 0 else { break }
                offset &+= 32
            }
            while offset &+ 8 <= count {
                let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                guard word & topBits != 0 else {
                    offset &+= 8
                    continue ascii
                }
                let read = asciiAndTwoByteSequences(word)
                offset &+= read
                if read < 7 {
                    // A sequence the word could not take: by the table.
                    guard let length = wellFormedSequenceLength(bytes, at: offset) else { return offset }
                    offset &+= length
                }
            }
            // The last bytes, fewer than a word.
            while true {
                offset = firstNonASCIIByte(bytes, from: offset)
                guard offset < count else { return nil }
                guard let length = wellFormedSequenceLength(bytes, at: offset) else { return offset }
                offset &+= length
            }
        }
    }

    /// The top bit of each of a word's eight bytes.
    private static let topBits: UInt64 = 0x8080_8080_8080_8080

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
            let topBits = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) & Self.topBits
            if topBits != 0 { return offset &+ topBits.trailingZeroBitCount &>> 3 }
            offset &+= 8
        }
        while offset < count, bytes[offset] < 0x80 { offset &+= 1 }
        return offset
    }

    /// How many of the bytes of `word` (read little-endian: the first is
    /// the lowest), which starts at a sequence, are ASCII and well-formed
    /// two-byte sequences (a lead 0xC2–0xDF, then a continuation byte): 8
    /// when all are, 7 when the last is a lead (its continuation is in the
    /// next word), else the place of the first byte that is neither (a
    /// longer sequence's lead, or a byte that is not UTF-8 there), for the
    /// table to read.
    @inline(__always)
    private static func asciiAndTwoByteSequences(_ word: UInt64) -> Int {
        let word = UInt64(littleEndian: word)
        let high = word & topBits
        // Bits 6 and 5 of each byte, moved to its top bit.
        let bit6 = (word &<< 1) & topBits
        let bit5 = (word &<< 2) & topBits
        let leads = high & bit6 & ~bit5  // 110x_xxxx
        let continuations = high & ~bit6  // 10xx_xxxx
        let longer = high & bit6 & bit5  // 111x_xxxx: three or four bytes, or not UTF-8
        // Leads 0xC0 and 0xC1 (overlong) have no bit of 0x1E set: taking
        // those bits from 0x80 leaves the top bit set for them alone (no
        // borrow from the next byte).
        let overlong = leads & (topBits &- (word & 0x1E1E_1E1E_1E1E_1E1E))
        // The common case first: each continuation right after a lead, and
        // each lead but the last byte's right before one.
        if longer | overlong == 0, leads &<< 8 == continuations { return leads &>> 63 == 0 ? 8 : 7 }
        let unpairedLeads = leads & ~(continuations &>> 8) & 0x0080_8080_8080_8080
        let unpairedContinuations = continuations & ~(leads &<< 8)
        return (longer | overlong | unpairedLeads | unpairedContinuations).trailingZeroBitCount &>> 3
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
