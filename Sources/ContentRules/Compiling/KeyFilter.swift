/// A set of 64-bit hash keys that can answer "certainly not here" from a
/// bitmap of eight bits per key: small enough to stay in the processor's
/// first-level cache, so that the many probes for keys no rule has (most of
/// a URL's words and labels) cost no miss on a large table.
///
/// Immutable once built; read through a pointer on the request path.
final class KeyFilter: Sendable {
    nonisolated(unsafe) private let words: UnsafeMutableBufferPointer<UInt64>
    private let mask: Int
    /// The cache file `words` lie in, when read from one; nil when they are this filter's own.
    private let mapping: MappedCacheFile?

    init<Keys: Sequence<UInt64>>(_ keys: Keys, count: Int) {
        var wordCount = 1
        while wordCount * 64 < count * 8 { wordCount <<= 1 }
        mask = wordCount * 64 - 1
        mapping = nil
        words = .allocate(capacity: wordCount)
        words.initialize(repeating: 0)
        for key in keys {
            let bit = Self.bit(key, mask)
            words[bit >> 6] |= 1 << UInt64(bit & 63)
        }
    }

    /// Reads what `encode(into:)` wrote (the compiled rule cache).
    init(decoding reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        let start = reader.offset
        let raw = try reader.takeRaw(UInt64.self)
        let wordCount = raw.count / 8
        guard wordCount > 0, wordCount & (wordCount - 1) == 0 else {
            throw BinaryReader.Damaged(offset: start, reason: "a key filter of \(wordCount) words")
        }
        mask = wordCount * 64 - 1
        mapping = reader.mapping
        words = try reader.table(of: raw)
    }

    func encode(into writer: inout BinaryWriter) {
        writer.writeRaw(UnsafeBufferPointer(words))
    }

    deinit {
        if mapping == nil { words.deallocate() }
    }

    /// False when the key is certainly absent.
    @inline(__always)
    func mayContain(_ key: UInt64) -> Bool {
        let bit = Self.bit(key, mask)
        return words[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }

    /// The key's bit: its high half, as hash tables number slots by the low bits.
    @inline(__always)
    private static func bit(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: key >> 32) & mask
    }
}
