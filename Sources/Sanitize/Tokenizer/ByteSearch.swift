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
        guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return bytes.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// `index(of:in:from:)` for a byte that is likely near: the text between
    /// two tags and most attribute values are short, so their first eight
    /// bytes are searched in a register before the call.
    /// (One comparison decides between the word and the call: with eight
    /// bytes left from a `start` that is never negative, the input has a
    /// base address, where testing `start < count` and unwrapping it again
    /// cost the 1 MB page 0.21 M instructions, callgrind.)
    @inline(__always)
    static func nearbyIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        assert(start >= 0, "negative start")
        guard bytes.count &- start >= 8 else { return index(of: byte, in: bytes, from: start) }
        let base = bytes.baseAddress.unsafelyUnwrapped
        let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        let differences = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        // The lowest byte flagged is the first equal one (higher flags may be borrows).
        let equal = (differences &- 0x0101_0101_0101_0101) & ~differences & 0x8080_8080_8080_8080
        if equal != 0 { return start &+ equal.trailingZeroBitCount &>> 3 }
        return index(of: byte, in: bytes, from: start &+ 8)
    }
}
