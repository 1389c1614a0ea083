/// An element or attribute name, ASCII-lower-cased and packed into three
/// machine words, so that the rewriter recognises names by hashing 24 bytes
/// instead of building strings.
///
/// Names longer than 24 bytes get a key no table contains: no name limot
/// cares about is that long.
struct NameKey: Hashable {
    var a: UInt64
    var b: UInt64
    var c: UInt64

    static let capacity = 24
    static let empty = NameKey(a: 0, b: 0, c: 0)
    static let overlong = NameKey(a: .max, b: .max, c: .max)

    /// Packs a name given in a table (lower-case ASCII).
    init(_ name: String) {
        precondition(name.utf8.count <= Self.capacity, "name longer than a NameKey holds: \(name)")
        guard !name.isEmpty else {
            self = .empty
            return
        }
        var name = name
        self = name.withUTF8 { NameKey(lowercasing: $0.baseAddress!, count: $0.count) }
    }

    /// Packs the `count` bytes at `start`, ASCII-lower-cased, a word at a
    /// time: the tokenizer finds a name's end first, then packs it (one copy
    /// and three word-wide lower-casings per name, not a step per byte).
    /// Not inlined: the copy through a local buffer brought a stack guard
    /// and a spill into every scan that packs a name, where it serves only
    /// names at the input's last 24 bytes.
    @inline(never)
    init(lowercasing start: UnsafePointer<UInt8>, count: Int) {
        guard count <= Self.capacity else {
            self = .overlong
            return
        }
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: start, byteCount: count) }
        self.init(
            a: Self.asciiLowercased(UInt64(littleEndian: words.0)),
            b: Self.asciiLowercased(UInt64(littleEndian: words.1)),
            c: Self.asciiLowercased(UInt64(littleEndian: words.2)))
    }

    /// Packs the `count` bytes at `start`, as `init(lowercasing:count:)`,
    /// where `readable` bytes from `start` lie in the input: with a whole key's
    /// worth readable, three unaligned loads with the bytes past the name
    /// masked off, where the copy through memory is a `memcpy` call per name.
    @inline(__always)
    init(lowercasing start: UnsafePointer<UInt8>, count: Int, readable: Int) {
        guard count <= Self.capacity, readable >= Self.capacity else {
            self.init(lowercasing: start, count: count)
            return
        }
        let raw = UnsafeRawPointer(start)
        let a = Self.asciiLowercased(UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) & Self.mask(keeping: count))
        // Most names fit one word: the other two are then zero, without loads.
        guard count > 8 else {
            self.init(a: a, b: 0, c: 0)
            return
        }
        self.init(
            a: a,
            b: Self.asciiLowercased(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & Self.mask(keeping: count - 8)),
            c: Self.asciiLowercased(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) & Self.mask(keeping: count - 16)))
    }

    /// The key of a name of `count` bytes (1 to 8), the first bytes of
    /// `word` (read little-endian), as `init(lowercasing:count:readable:)`
    /// packs it, for a scan that has the word at hand.
    @inline(__always)
    init(packing word: UInt64, count: Int) {
        self.init(a: Self.asciiLowercased(word & Self.mask(keeping: count)), b: 0, c: 0)
    }

    /// A mask of the low `bytes` bytes of a word (all of it from 8, none below 1).
    @inline(__always)
    private static func mask(keeping bytes: Int) -> UInt64 {
        bytes >= 8 ? .max : bytes <= 0 ? 0 : (1 << UInt64(bytes &* 8)) &- 1
    }

    /// The eight bytes of `word` with `A`–`Z` made `a`–`z` and every other
    /// byte (non-ASCII too) left alone: the high bit of each byte of
    /// `upper` is set where the byte is in 0x41...0x5A, and moves to 0x20.
    @inline(__always)
    static func asciiLowercased(_ word: UInt64) -> UInt64 {
        let ascii = word & 0x7F7F_7F7F_7F7F_7F7F
        let atLeastA = ascii &+ 0x3F3F_3F3F_3F3F_3F3F
        let pastZ = ascii &+ 0x2525_2525_2525_2525
        let upper = atLeastA & ~pastZ & ~word & 0x8080_8080_8080_8080
        return word | (upper >> 2)
    }

    private init(a: UInt64, b: UInt64, c: UInt64) {
        self.a = a
        self.b = b
        self.c = c
    }

    /// The (lower-cased) name's bytes.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        for word in [a, b, c] {
            for shift in stride(from: 0, to: 64, by: 8) {
                let byte = UInt8(truncatingIfNeeded: word >> UInt64(shift))
                if byte == 0 { return bytes }
                bytes.append(byte)
            }
        }
        return bytes
    }
}
