/// Eight bytes of a literal that an index entry requires, kept in the entry
/// itself, so that a candidate is mostly turned away by one load from the
/// URL and one compare, before `literalStands` reads the literal.
///
/// The word and host indexes find candidates by a hash of the bytes their
/// key covers, so those bytes nearly always stand; the rest of the literal
/// (`/ads/banner.` around `ads`, a host's further labels) is what turns most
/// candidates away. The window is the eight bytes with the fewest key bytes
/// (for a literal of at most eight, its end, and then the check decides
/// alone). On the benchmark's corpus, 62,000 candidates each called
/// `literalStands` (about 70 instructions with the call), most in vain; with
/// the check, `rules match` takes 250 fewer instructions a request.
struct LiteralCheck: Sendable, BitwiseCopyable, Equatable {
    /// The window's bytes (lower-case unless case-sensitive), first byte
    /// lowest; bytes before a short literal's start are zero.
    var bytes: UInt64
    /// Where the window starts, from the literal's start: `length - 8` for a
    /// literal shorter than eight bytes, else from 0 to `length - 8`.
    var offset: Int32

    /// What the check says of a literal at a place in the URL.
    enum Verdict {
        /// The window's bytes differ: the literal does not stand.
        case fails
        /// The whole literal stands (it is at most eight bytes long).
        case stands
        /// The window matches (or could not be read): `literalStands` decides.
        case unsure
    }

    /// The check of `literal` whose key (the bytes the index hashed) is
    /// `keyStart..<keyEnd`.
    init(_ literal: [UInt8], keyStart: Int, keyEnd: Int) {
        let length = literal.count
        if length < 8 {
            offset = Int32(length - 8)
        } else {
            // The window at the start or at the end, whichever holds fewer key bytes.
            func keyBytes(from start: Int) -> Int { max(0, min(keyEnd, start + 8) - max(keyStart, start)) }
            offset = keyBytes(from: length - 8) < keyBytes(from: 0) ? Int32(length - 8) : 0
        }
        var bytes: UInt64 = 0
        for index in 0..<8 {
            let position = Int(offset) + index
            if position >= 0 && position < length { bytes |= UInt64(literal[position]) << (8 * UInt64(index)) }
        }
        self.bytes = bytes
    }

    /// The verdict on the literal of `length` bytes (this check's) at
    /// `start` in `url`, which the caller has found to lie within it. It
    /// reads only within the URL whatever the offset, so the cache decoder
    /// need not check offsets (checking every entry's cost 2.8 M
    /// instructions a start from the cache).
    @inline(__always)
    func verdict(in url: UnsafeBufferPointer<UInt8>, at start: Int, length: Int, caseSensitive: Bool) -> Verdict {
        // Positions within a URL and Int32 offsets: their sums need no overflow check.
        let window = start &+ Int(offset)
        // A short literal near the URL's start: no eight bytes to read before its end.
        guard window >= 0, window &+ 8 <= url.count else { return .unsure }
        let mask: UInt64 = length >= 8 ? ~0 : ~0 << (8 * UInt64(8 - max(length, 0)))
        let actual = ASCIIChunk.lowercased(ASCIIChunk.load(UnsafeRawPointer(url.baseAddress!), window), unless: caseSensitive)
        if actual & mask != bytes { return .fails }
        return length <= 8 ? .stands : .unsure
    }
}
