/// An element or attribute name packed into three machine words, so that the
/// walk recognises names by hashing 24 bytes instead of building strings.
///
/// libxml2 2.9.14's HTML parser does not intern names (each node owns a
/// copy), so pointer identity cannot be used. Names longer than 24 bytes get
/// a key no table contains: no name limot cares about is that long.
struct NameKey: Hashable {
    var a: UInt64
    var b: UInt64
    var c: UInt64

    /// The longest name a key represents exactly.
    static let capacity = 24
    static let overlong = NameKey(a: .max, b: .max, c: .max)

    /// Packs a NUL-terminated name as libxml2 stores it.
    @inline(__always)
    init(_ name: UnsafePointer<UInt8>) {
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var index = 0
        while true {
            let byte = name[index]
            if byte == 0 { break }
            if index == Self.capacity {
                self = Self.overlong
                return
            }
            let shifted = UInt64(byte) << UInt64((index & 7) * 8)
            switch index >> 3 {
            case 0: words.0 |= shifted
            case 1: words.1 |= shifted
            default: words.2 |= shifted
            }
            index += 1
        }
        (a, b, c) = words
    }

    /// Packs a name given in a table (lower-case ASCII).
    init(_ name: String) {
        var bytes = Array(name.utf8)
        precondition(bytes.count <= Self.capacity, "name longer than a NameKey holds: \(name)")
        bytes.append(0)
        self = bytes.withUnsafeBufferPointer { NameKey($0.baseAddress!) }
    }

    private init(a: UInt64, b: UInt64, c: UInt64) {
        self.a = a
        self.b = b
        self.c = c
    }
}
