import CRandom

/// Random bytes from the kernel's CSPRNG (`getrandom(2)`, the source Swift's
/// `SystemRandomNumberGenerator` draws from too), filled in one call: a
/// page at a new address takes a session id, a CSP nonce and a page id, 5
/// system calls one number at a time, 3 this way (strace).
enum RandomBytes {
    /// 64 random bits.
    static func word() -> UInt64 {
        var word: UInt64 = 0
        withUnsafeMutableBytes(of: &word) { fill($0) }
        return word
    }

    /// 128 random bits, in one call.
    static func twoWords() -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { fill($0) }
        return words
    }

    /// `count` random bytes, in one call.
    static func bytes(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            fill(UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
    }

    /// Fills `buffer`. Up to 256 bytes `getrandom` fills at once and is not
    /// interrupted; should it ever return less (or fail: a kernel without
    /// it), the rest comes from `SystemRandomNumberGenerator`, never zeros.
    static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        var filled = 0
        while filled < buffer.count {
            let got = getrandom(buffer.baseAddress! + filled, buffer.count - filled, 0)
            guard got > 0 else { break }
            filled += got
        }
        guard filled < buffer.count else { return }
        var generator = SystemRandomNumberGenerator()
        for index in filled..<buffer.count { buffer[index] = generator.next() }
    }
}
