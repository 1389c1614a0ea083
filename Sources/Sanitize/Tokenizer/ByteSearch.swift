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
}
