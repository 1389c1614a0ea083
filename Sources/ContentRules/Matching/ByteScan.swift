#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Scans of a `rules match` line's bytes eight at a time (or a vector at a
/// time, through C's `memchr`), for the questions every line asks of its
/// strings: where a string ends (its closing quote), whether the line holds
/// a backslash (an escape, which makes it no flat line), whether a string is
/// the previous line's page, and whether it can be written between quotes
/// as it stands.
///
/// A loop over the bytes costs a few instructions each, and a line is some
/// hundred bytes read twice; a word at a time, with the bit tricks of
/// "Bit Twiddling Hacks" (Sean Eron Anderson: "Determine if a word has a
/// zero byte", "… a byte less than n"), costs about two a byte. Each word is
/// read as little-endian, so its lowest set bit is its first byte.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that is zero, exact for the first
    /// such byte (a borrow only ever runs from a zero byte to later ones).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highBits
    }

    /// The eight bytes at `offset`, the first in the lowest bits.
    @inline(__always)
    static func word(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// The position of the first `byte` at or after `start`, else
    /// `bytes.count`. The eight bytes at `start` are looked at in a register
    /// first (a line's short strings, a type name or an empty page, end
    /// there); then C's `memchr`, which reads a vector at a time.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress else { return bytes.count }
        if bytes.count - start >= 8 {
            let found = zeroBytes(word(base, start) ^ (ones &* UInt64(byte)))
            if found != 0 { return start + found.trailingZeroBitCount / 8 }
            guard start + 8 < bytes.count else { return bytes.count }
            return memchrIndex(of: byte, base, from: start + 8, to: bytes.count)
        }
        return memchrIndex(of: byte, base, from: start, to: bytes.count)
    }

    /// Whether `byte` is among the bytes (C's `memchr`).
    static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return memchr(base, Int32(byte), bytes.count) != nil
    }

    /// The position of the first `byte` in `start..<end` of the bytes at `base`, else `end`.
    private static func memchrIndex(of byte: UInt8, _ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard let found = memchr(base + start, Int32(byte), end - start) else { return end }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether the two runs of bytes are the same.
    static func same(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        guard let a = first.baseAddress, let b = second.baseAddress else { return true }
        var position = 0
        while position + 8 <= first.count {
            if word(a, position) != word(b, position) { return false }
            position += 8
        }
        while position < first.count {
            if a[position] != b[position] { return false }
            position += 1
        }
        return true
    }

    /// Whether the bytes hold a control character, `"` or `\`: what a JSON
    /// string must escape (any other byte, UTF-8 included, stands as it is).
    static func needsJSONEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let quotes = ones &* UInt64(UInt8(ascii: "\"")), backslashes = ones &* UInt64(UInt8(ascii: "\\"))
        let spaces = ones &* 0x20
        var position = 0
        while position + 8 <= bytes.count {
            let bytes = word(base, position)
            // A byte below 0x20: its difference with 0x20 borrows into its high bit while its own is clear.
            let controls = (bytes &- spaces) & ~bytes & highBits
            if controls | zeroBytes(bytes ^ quotes) | zeroBytes(bytes ^ backslashes) != 0 { return true }
            position += 8
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            position += 1
        }
        return false
    }
}
