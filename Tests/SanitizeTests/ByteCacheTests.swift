import Testing
@testable import Sanitize

/// The policy's memo of attribute URLs by their bytes answers as a plain
/// dictionary of the same keys would: nothing it was not given, and for
/// what it was given, the value given, through its table's growth.
@Suite("Byte cache")
struct ByteCacheTests {
    static let pieces = ["/", "a", "b", "?q=", "Haus", "خانه", "&amp;", "#", ""]

    @Test("look-ups and inserts give what a dictionary gives, empty keys and tags included")
    func equalsDictionary() {
        var random = SplitMix64(seed: 25)
        var cache = ByteCache<Int>()
        var plain: [ByteKey: Int] = [:]
        var hits = 0
        for step in 0..<6_000 {
            let bytes = Array(random.text(from: Self.pieces, fewerThan: 5).utf8)
            let tag = UInt32(random.next(below: 3))
            bytes.withUnsafeBufferPointer { buffer in
                let key = ByteKey(buffer, tag: tag)
                let cached = cache.value(for: buffer, tag: tag)
                #expect(cached == plain[key], "\(bytes) tag \(tag)")
                if cached == nil {
                    cache.insert(step, for: buffer, tag: tag)
                    plain[key] = step
                } else {
                    hits += 1
                }
            }
        }
        #expect(plain.count > 2 * ByteCache<Int>.initialSlotCount, "the table never grew: \(plain.count) keys")
        #expect(hits > 1_000, "only \(hits) repeats: the generator no longer repeats keys")
    }
}
