import Testing
@testable import Sanitize

/// Decoding copies the bytes between references in runs and reads `&amp;`
/// without a name lookup: the result must be what the reference-by-reference
/// reading gives, byte for byte.
@Suite struct CharacterReferencesTests {
    static let pieces = ["&amp;", "&amp", "&AMP;", "&ampx;", "&amp;amp;", "&lt;", "&gt", "&quot;", "&nbsp", "&copy", "&copy=", "&copy2",
                         "&notin;", "&notit;", "&#38;", "&#x26", "&#0;", "&#x110000;", "&#150;", "&", "&&", "&;", "&#", "&#x;",
                         "a", "Z", "9", "=", ";", "/", "?", " ", "é", "خ", "😀", "q=Haus", "x"]

    /// The plain reading: each byte on its own, each `&` read as a reference.
    static func decodedByteByByte(_ raw: UnsafeBufferPointer<UInt8>, inAttribute: Bool) -> String {
        var output: [UInt8] = []
        var index = 0
        while index < raw.count {
            guard raw[index] == UInt8(ascii: "&"), let (length, value) = CharacterReferences.reference(raw, at: index, inAttribute: inAttribute) else {
                output.append(raw[index])
                index += 1
                continue
            }
            output.append(contentsOf: value.utf8)
            index += length
        }
        return String(decoding: output, as: UTF8.self)
    }

    @Test func decodingAgreesWithTheReferenceByReferenceReading() {
        var random = SplitMix64(seed: 21)
        var withReferences = 0
        for _ in 0..<20_000 {
            let text = random.text(from: Self.pieces, fewerThan: 10)
            let raw = Array(text.utf8)
            raw.withUnsafeBufferPointer { raw in
                let attribute = CharacterReferences.decodeAttribute(raw)
                #expect(Array(attribute.utf8) == Array(Self.decodedByteByByte(raw, inAttribute: true).utf8), "\(text.debugDescription)")
                #expect(Array(CharacterReferences.decodeText(raw).utf8) == Array(Self.decodedByteByByte(raw, inAttribute: false).utf8), "\(text.debugDescription)")
                if attribute != text { withReferences += 1 }
            }
        }
        #expect(withReferences > 5_000, "only \(withReferences) texts decoded to something else: the generator no longer makes references")
        #expect(Array("a&amp;b&lt;c&copy=d&#38;".utf8).withUnsafeBufferPointer { CharacterReferences.decodeAttribute($0) } == "a&b<c&copy=d&")
    }
}
