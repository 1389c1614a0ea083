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

    /// `ByteKey.hash(of:tag:)` reads words and a tail: a byte it skipped
    /// (the tail's shift off by one, the last word left out) would give
    /// keys that differ only there one hash. Every byte of every length to
    /// 40 is changed in turn, and a zero byte appended, and the tag changed:
    /// each must change the hash (a 64-bit collision among these is not to
    /// be expected of any sound hash).
    @Test("the hash reads every byte, the count and the tag")
    func hashReadsEveryByte() {
        var random = SplitMix64(seed: 32)
        for count in 0...40 {
            let bytes = (0..<count).map { _ in UInt8(random.next(below: 256)) }
            bytes.withUnsafeBufferPointer { original in
                let hash = ByteKey.hash(of: original, tag: 7)
                #expect(ByteKey.hash(of: original, tag: 7) == hash, "not the same for the same bytes")
                #expect(ByteKey.hash(of: original, tag: 8) != hash, "the tag is not read, count \(count)")
                for position in 0..<count {
                    var changed = bytes
                    changed[position] ^= 0x01
                    changed.withUnsafeBufferPointer { #expect(ByteKey.hash(of: $0, tag: 7) != hash, "byte \(position) of \(count) is not read") }
                }
                (bytes + [0]).withUnsafeBufferPointer { #expect(ByteKey.hash(of: $0, tag: 7) != hash, "a zero byte after \(count) is not counted") }
            }
        }
    }

    /// Addresses that differ in a few bytes anywhere (a page's images, each
    /// at an address of its own) start at slots spread as random ones would
    /// be: 300 keys in 1,024 slots take about 260 distinct first slots; a
    /// slot that followed only some of the bytes (as when the table folded
    /// the hash's halves onto each other a second time, undoing the hash's
    /// own fold) takes a few dozen.
    @Test("first slots of addresses that differ in a few bytes are spread")
    func firstSlotsSpread() {
        let shapes = [("https://img.example/entry-", ".jpg"), ("https://img.example/", "/a.png"), ("https://cdn.example/images/w/", ""),
                      ("https://x.example/i?n=", "&size=64"), ("", "")]
        for (before, after) in shapes {
            var slots = Set<Int>()
            for number in 0..<300 {
                let key = Array((before + String(1000 + number) + after).utf8)
                key.withUnsafeBufferPointer { _ = slots.insert(ByteCache<Int>.firstSlot(of: ByteKey.hash(of: $0, tag: 1)) & 1_023) }
            }
            #expect(slots.count > 220, "\(before)N\(after): \(slots.count) distinct first slots of 300")
        }
    }

    /// A cache emptied with `reset` (the scratch lends it to page after
    /// page) answers as a new dictionary would: nothing of the round
    /// before, whether its room was kept (a few keys) or let go (a grown
    /// table, a long value).
    @Test("after reset, look-ups and inserts give what a new dictionary gives")
    func resetEqualsNewDictionary() {
        var random = SplitMix64(seed: 41)
        var cache = ByteCache<Int>()
        for round in 0..<40 {
            cache.reset()
            var plain: [ByteKey: Int] = [:]
            let steps = round % 5 == 4 ? 400 : 20
            for step in 0..<steps {
                var bytes = Array(random.text(from: Self.pieces, fewerThan: 4).utf8)
                if round % 7 == 6, step == 3 { bytes += Array(repeating: UInt8(ascii: "x"), count: 20_000) }
                let tag = UInt32(random.next(below: 2))
                bytes.withUnsafeBufferPointer { buffer in
                    let key = ByteKey(buffer, tag: tag)
                    let cached = cache.value(for: buffer, tag: tag)
                    #expect(cached == plain[key], "round \(round): \(bytes.prefix(20)) tag \(tag)")
                    if cached == nil {
                        cache.insert(round * 1_000 + step, for: buffer, tag: tag)
                        plain[key] = round * 1_000 + step
                    }
                }
            }
        }
    }
}
