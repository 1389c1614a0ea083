#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding the next byte of a kind with the C library's `memchr`, which
/// reads a word or a vector at a time: the tokenizer's way through text,
/// quoted values, raw text and comments to the next byte that matters.
enum ByteSearch {
    /// The index of the first `byte` at or after `start`, or `bytes.count`.
    @inline(__always)
    static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress else { return bytes.count }
        // `start` is below the count: the length left cannot overflow (no test for it).
        guard let found = memchr(base + start, Int32(byte), bytes.count &- start) else { return bytes.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// `index(of:in:from:)` for a byte that is likely near: the text between
    /// two tags and most attribute values are short, so their first sixteen
    /// bytes are searched in a register, a word at a time, before the call.
    /// (The second word: a text of 8 to 15 bytes, `Pl.` in a table cell or a
    /// line's indent, cost a `memchr` call, about sixty instructions; on the
    /// 1 MB page a fifth of the texts between tags are that long.)
    /// (One comparison decides between the word and the call: with eight
    /// bytes left from a `start` that is never negative, the input has a
    /// base address, where testing `start < count` and unwrapping it again
    /// cost the 1 MB page 0.21 M instructions, callgrind.)
    @inline(__always)
    static func nearbyIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        assert(start >= 0, "negative start")
        guard bytes.count &- start >= 8 else { return index(of: byte, in: bytes, from: start) }
        let base = bytes.baseAddress.unsafelyUnwrapped
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        let first = equalBytes(UnsafeRawPointer(base + start), pattern)
        if first != 0 { return start &+ first.trailingZeroBitCount &>> 3 }
        guard bytes.count &- start >= 16 else { return index(of: byte, in: bytes, from: start &+ 8) }
        let second = equalBytes(UnsafeRawPointer(base + start) + 8, pattern)
        if second != 0 { return start &+ 8 &+ second.trailingZeroBitCount &>> 3 }
        return index(of: byte, in: bytes, from: start &+ 16)
    }

    /// `nearbyIndex(of:in:from:)` where the caller knows that sixteen bytes
    /// from `start` lie in `bytes` (the fast lane, which stops sixteen bytes
    /// before the end): the two words are read without asking.
    @inline(__always)
    static func nearbyIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, sixteenReadableFrom start: Int) -> Int {
        assert(start >= 0 && bytes.count &- start >= 16, "fewer than sixteen bytes from start")
        let base = bytes.baseAddress.unsafelyUnwrapped
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        let first = equalBytes(UnsafeRawPointer(base + start), pattern)
        if first != 0 { return start &+ first.trailingZeroBitCount &>> 3 }
        let second = equalBytes(UnsafeRawPointer(base + start) + 8, pattern)
        if second != 0 { return start &+ 8 &+ second.trailingZeroBitCount &>> 3 }
        return index(of: byte, in: bytes, from: start &+ 16)
    }

    /// The high bit of each of the eight bytes at `bytes` equal to the byte
    /// repeated in `pattern`, up to the first such byte: the lowest flag
    /// is the first equal byte (higher flags may be borrows), zero for none.
    @inline(__always)
    private static func equalBytes(_ bytes: UnsafeRawPointer, _ pattern: UInt64) -> UInt64 {
        let differences = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self)) ^ pattern
        return (differences &- 0x0101_0101_0101_0101) & ~differences & 0x8080_8080_8080_8080
    }
}
