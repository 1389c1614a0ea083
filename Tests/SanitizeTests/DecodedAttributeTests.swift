import Testing
@testable import Sanitize

/// `ResourcePolicy.withDecodedAttribute`, which decodes a value whose only
/// references are `&amp;` on the stack: the bytes it hands over are always
/// those of `CharacterReferences.decodeAttribute`, the general decoder.
@Suite struct DecodedAttributeTests {
    /// Pieces of attribute values: `&amp;` and ampersands that start no
    /// reference (which the stack way takes), and references of every kind
    /// around them (which send it the general way).
    static let pieces = ["a", "q=1", "/img/", "é", "&", "&amp;", "&amp", "&am", "&AMP;", "&ampx", "&amp;amp;", "&lt;", "&#38;", "&#x26;",
                         "&tid=", "&t=", "&copy", "&copy2", "&copy=", "&nGt;", "&notin;", "&=", "&#", "&;", ";", "=", "#", "?", " "]

    @Test("the bytes handed over are the general decoder's, for generated values")
    func sameAsGeneralDecoder() {
        var random = SplitMix64(seed: 29)
        var fast = 0
        for _ in 0..<6_000 {
            let count = random.next(below: 9)
            let value = (0..<count).map { _ in Self.pieces[random.next(below: Self.pieces.count)] }.joined()
            let raw = Array(value.utf8)
            let expected = raw.withUnsafeBufferPointer { Array(CharacterReferences.decodeAttribute($0).utf8) }
            let handed = raw.withUnsafeBufferPointer { raw in ResourcePolicy.withDecodedAttribute(raw) { Array($0) } }
            #expect(handed == expected, "\(value)")
            let onStack = raw.withUnsafeBufferPointer { raw in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(raw.count, 1)) { ResourcePolicy.decodingAmpersands(raw, into: $0) }
            }
            if onStack != nil { fast += 1 }
        }
        // Both ways were taken, many times each.
        #expect(fast > 1_000 && fast < 5_000, "\(fast) of 6,000 on the stack")
    }

    @Test("values of `&amp;` and plain ampersands are decoded on the stack; other references are not")
    func whichWay() {
        func stack(_ value: String) -> String? {
            let raw = Array(value.utf8)
            return raw.withUnsafeBufferPointer { raw in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(raw.count, 1)) { out in
                    ResourcePolicy.decodingAmpersands(raw, into: out).map { String(decoding: UnsafeBufferPointer(rebasing: out[..<$0]), as: UTF8.self) }
                }
            }
        }
        #expect(stack("https://a.example/ads?iu=1&amp;sz=300x250&amp;output=html") == "https://a.example/ads?iu=1&sz=300x250&output=html")
        #expect(stack("/collect?v=1&tid=UA-1&amp;t=pageview") == "/collect?v=1&tid=UA-1&t=pageview")
        #expect(stack("a&amp;amp;b&") == "a&amp;b&")
        #expect(stack("") == "")
        #expect(stack("a&lt;b") == nil)
        #expect(stack("a&#38;b") == nil)
        #expect(stack("&copy;") == nil)
    }
}
