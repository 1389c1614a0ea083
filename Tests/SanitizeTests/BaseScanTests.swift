import CMarkupSearch
import Testing
@testable import Sanitize

/// `BaseElement.mentionsBase` and each way its C scan reads (a byte at a
/// time, SSE2, AVX2), against a plain search written here: the scan's
/// answer decides whether a page's `<base href>` is looked for at all.
struct BaseScanTests {
    /// The plain answer: some index holds `<` and then `base` in any ASCII case.
    static func plainMentionsBase(_ bytes: [UInt8]) -> Bool {
        let letters: [UInt8] = Array("base".utf8)
        return bytes.indices.contains { index in
            index + 5 <= bytes.count && bytes[index] == UInt8(ascii: "<")
                && (0..<4).allSatisfy { bytes[index + 1 + $0] | 0x20 == letters[$0] }
        }
    }

    /// Every reading this CPU has, and the one the sanitizer uses.
    static func answers(_ bytes: [UInt8]) -> [Bool] {
        bytes.withUnsafeBufferPointer { buffer in
            var answers = [BaseElement.mentionsBase(buffer)]
            let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
            for vectors in 0...Int(limot_markup_best_vectors()) {
                answers.append(limot_mentions_base_using(Int32(vectors), base, buffer.count) == 1)
            }
            return answers
        }
    }

    @Test("each of <base, <BASE, <bAsE is found at every offset and length across the vectors' steps, and a cut one is not")
    func baseAtEveryOffsetAndLength() {
        for spelling in ["<base", "<BASE", "<bAsE"] {
            for offset in 0..<300 {
                for after in [0, 1, 2, 15, 16, 31, 32, 63, 64, 127, 128, 129] {
                    let bytes = Array(String(repeating: "x", count: offset).utf8) + Array(spelling.utf8) + Array(repeating: UInt8(ascii: "<"), count: after)
                    #expect(Self.answers(bytes).allSatisfy { $0 }, "\(spelling) at \(offset), \(after) after")
                    // Its last letter cut off by the end, or changed: no match.
                    let cut = Array(bytes[..<(offset + 4)])
                    #expect(Self.answers(cut).allSatisfy { !$0 }, "\(spelling) cut at \(offset)")
                    var changed = bytes
                    changed[offset + 4] = UInt8(ascii: "f")
                    #expect(Self.answers(changed).allSatisfy { !$0 }, "\(spelling) changed at \(offset), \(after) after")
                }
            }
        }
    }

    @Test("the scan answers as the plain search does on generated pages of up to 700 bytes")
    func baseScanAgreesWithPlainSearch() {
        let pieces = ["<", "b", "B", "a", "A", "s", "S", "e", "E", "<base", "<bAsE", "<BASE", "<bas", "<b", "<br>", "x", " ", "ä", "\u{0}", "\u{7F}", "b\u{C2}"]
        var random = SplitMix64(seed: 27)
        var found = 0
        for _ in 0..<20_000 {
            var text = String(repeating: "x", count: random.next(below: 300))
            for _ in 0..<random.next(below: 100) { text += pieces[random.next(below: pieces.count)] }
            let bytes = Array(text.utf8)
            let expected = Self.plainMentionsBase(bytes)
            if expected { found += 1 }
            #expect(Self.answers(bytes).allSatisfy { $0 == expected }, "\(text.debugDescription)")
        }
        #expect(found > 1_000 && found < 19_000, "found in \(found): the generator no longer makes both")
    }
}
