/// A hash of a run of bytes read eight at a time, for the byte-keyed memos
/// of the rules engine and the sanitizer (`HostProbeMemo`, the sanitizer's
/// `ByteCache`): each word is mixed in by a multiply, and the product's high
/// half folded onto its low, so that every byte reaches the low bits a table
/// of slots reads. FNV-1a, a byte at a time, cost about five instructions a
/// byte, and the sanitizer hashes every attribute URL it is asked (a
/// 60-byte image address was some 300 instructions of its look-up;
/// callgrind, `profile_sanitize.sh`). Not a stable value: the words are
/// read in the machine's byte order, and the hash is for memos of one run.
public enum ByteHash {
    /// The hash of `bytes`, their count and `tag`.
    @inlinable
    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>, tag: UInt32 = 0) -> UInt64 {
        let count = bytes.count
        var hash = mix(0x243F_6A88_85A3_08D3, UInt64(tag) << 32 | UInt64(UInt32(truncatingIfNeeded: count)))
        guard let base = bytes.baseAddress, count > 0 else { return hash }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while count - index >= 8 {
            hash = mix(hash, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        let left = count - index
        guard left > 0 else { return hash }
        var tail: UInt64 = 0
        if count >= 8 {
            // The last eight bytes, of which the high `left` are the ones not read yet.
            tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) >> UInt64(8 * (8 - left))
        } else {
            for offset in 0..<left { tail |= UInt64(base[offset]) << UInt64(8 * offset) }
        }
        return mix(hash, tail)
    }

    /// One step of `hash(_:tag:)`: `word` mixed into `hash`.
    @inlinable @inline(__always)
    static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let product = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
        return product ^ (product >> 32)
    }
}
