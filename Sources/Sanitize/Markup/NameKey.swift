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
        var builder = Builder()
        for byte in name.utf8 { builder.append(byte) }
        precondition(name.utf8.count <= Self.capacity, "name longer than a NameKey holds: \(name)")
        self = builder.key
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

    /// Builds a key byte by byte as the tokenizer reads a name.
    struct Builder {
        private var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        private var count = 0

        @inline(__always)
        mutating func append(_ byte: UInt8) {
            guard count < NameKey.capacity else {
                count = NameKey.capacity + 1
                return
            }
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            let shifted = UInt64(lower) << UInt64((count & 7) * 8)
            switch count >> 3 {
            case 0: words.0 |= shifted
            case 1: words.1 |= shifted
            default: words.2 |= shifted
            }
            count += 1
        }

        var key: NameKey {
            count > NameKey.capacity ? .overlong : NameKey(a: words.0, b: words.1, c: words.2)
        }
    }
}
