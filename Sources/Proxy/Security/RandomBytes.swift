import CRandom
import Synchronization

/// Random bytes from the kernel's CSPRNG (`getrandom(2)`, the source Swift's
/// `SystemRandomNumberGenerator` draws from too). A page at a new address
/// takes a session id, a CSP nonce and a page id: 5 system calls one number
/// at a time, 3 with a call each; the words are now taken from 256 bytes
/// drawn at once (32 words): five words a page, a call every six pages.
enum RandomBytes {
    /// 64 random bits.
    static func word() -> UInt64 {
        takeWords(1).0
    }

    /// 128 random bits.
    static func twoWords() -> (UInt64, UInt64) {
        takeWords(2)
    }

    /// Words drawn from the kernel a buffer at a time, each handed out
    /// once, in order, and overwritten with zero as it goes.
    private struct Pool: ~Copyable {
        static let size = 32
        let words = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: size)
        var next = size
        deinit { words.deallocate() }
    }
    private static let pool = Mutex(Pool())

    /// The next `count` (1 or 2) words of the pool, drawing it again when it
    /// runs short; the second is zero when `count` is 1.
    private static func takeWords(_ count: Int) -> (UInt64, UInt64) {
        pool.withLock { pool in
            if pool.next + count > Pool.size {
                fill(UnsafeMutableRawBufferPointer(pool.words))
                pool.next = 0
            }
            let first = pool.words[pool.next]
            let second = count == 2 ? pool.words[pool.next + 1] : 0
            for index in pool.next..<(pool.next + count) { pool.words[index] = 0 }
            pool.next += count
            return (first, second)
        }
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
