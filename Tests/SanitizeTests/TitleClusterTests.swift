import Testing
@testable import Sanitize

/// `TitleText.breaks` answers the common scalars without asking a String,
/// and a title's raw text is collapsed from its bytes: these tests hold
/// them to the clusters a String finds and to the decoded characters.
@Suite("Title clusters")
struct TitleClusterTests {
    static let rawPieces = ["Haus", "خانه", "پ", "«", "»", " ", "  ", "\t", "\n", "\r\n", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}",
                            "\u{2028}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{301}", "\u{200C}", "\u{0600}", "\u{06DD}", "\u{0903}",
                            "\u{1F600}", "–", "Ü", "e\u{301}", "&", "&amp;", "&nbsp;", "&#x301;", "&#32;", "&lt", "\u{E0020}", "a"]

    @Test("a title collapsed from its raw bytes is the title the decoded text's characters give")
    func rawTitleEqualsCharacterwise() {
        var random = SplitMix64(seed: 30)
        var withoutReferences = 0
        for round in 0..<20_000 {
            // Every tenth title long: past the 300 characters kept.
            let text = random.text(from: Self.rawPieces, fewerThan: round % 10 == 0 ? 200 : 12)
            if !text.contains("&") { withoutReferences += 1 }
            let bytes = Array(text.utf8)
            let collapsed = bytes.withUnsafeBufferPointer { TitleText.collapsed(raw: $0) }
            let expected = TitleText.characterwise(bytes.withUnsafeBufferPointer { CharacterReferences.decodeText($0) })
            #expect(collapsed == expected, "\(Array(text.unicodeScalars))")
        }
        #expect(withoutReferences > 5_000, "only \(withoutReferences) titles without a reference: the bytes' own path is not tried")
    }

    /// The reference: whether a String of the two scalars holds two characters.
    static func stringBreaks(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        var pair = ""
        pair.unicodeScalars.append(first)
        pair.unicodeScalars.append(second)
        return pair.count == 2
    }

    static let whitespace = (UInt32(0)...0x3000).compactMap(Unicode.Scalar.init).filter(\.properties.isWhitespace)

    @Test("a space and every scalar beside it, either side, break where a String's clusters do")
    func everyScalarBesideASpace() {
        let space: Unicode.Scalar = " "
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), !TitleText.isWhitespace(scalar) else { continue }
            if TitleText.breaks(space, scalar) != Self.stringBreaks(space, scalar) { mismatches.append("U+0020 U+\(String(value, radix: 16))") }
            if TitleText.breaks(scalar, space) != Self.stringBreaks(scalar, space) { mismatches.append("U+\(String(value, radix: 16)) U+0020") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    @Test("each scalar the shortcut answers for stays apart from every whitespace scalar, either side")
    func shortcutScalarsBesideEveryWhitespace() {
        #expect(Self.whitespace.count == 25)
        var claimed = 0
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), TitleText.keepsApartFromWhitespace(scalar) else { continue }
            claimed += 1
            for space in Self.whitespace where !Self.stringBreaks(space, scalar) || !Self.stringBreaks(scalar, space) {
                mismatches.append("U+\(String(value, radix: 16)) beside U+\(String(space.value, radix: 16))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
        #expect(claimed > 30_000, "the shortcut answers for only \(claimed) scalars")
    }
}
