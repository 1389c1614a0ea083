import Testing
@testable import UTF8Check

/// The vectors in front of the scanner (C, SSSE3 and AVX2): each must give
/// the offset the standard library's decoder gives, wherever an error falls
/// against the 16-, 32- and 64-byte steps, which the scanner alone reads
/// nothing of.
@Suite struct VectorTests {
    /// Every way this CPU reads: the scanner alone and each width of
    /// vectors up to the widest it has.
    static let ways = UTF8Check.Vectors.allCases.filter { $0.rawValue <= UTF8Check.Vectors.best.rawValue }

    static let oracle = UTF8CheckScanTests.firstInvalidByteByTheStandardLibrary

    /// The offsets each way finds that the standard library does not.
    static func disagreements(_ input: [UInt8]) -> [UTF8Check.Vectors] {
        let expected = oracle(input)
        return ways.filter { way in input.withUnsafeBytes { UTF8Check.firstInvalidByte(in: $0, using: way) } != expected }
    }

    #if arch(x86_64)
    /// On x86-64 the vectors are used (every x86-64 CPU of this century has
    /// SSSE3), so the tests below test them.
    @Test func theVectorsAreUsedOnThisCPU() {
        #expect(UTF8Check.Vectors.best != .scannerOnly)
    }
    #endif

    /// Sequences cut short at every length: a lead and fewer
    /// continuations than it needs.
    static let truncated: [[UInt8]] = ["\u{80}", "\u{7FF}", "\u{800}", "€", "\u{FFFF}", "𝄞", "\u{10000}", "\u{10FFFF}"]
        .flatMap { text -> [[UInt8]] in
            let bytes = Array(text.utf8)
            return (1..<bytes.count).map { Array(bytes[..<$0]) }
        }

    /// Each ill-formed kind (stray continuations, C0/C1 and F5–FF,
    /// overlongs, surrogates, above U+10FFFF, cut short) at every offset
    /// 0–99 of ASCII and of Persian text, so across each vector boundary;
    /// also with valid text only.
    @Test func findsEachKindOfErrorAtEveryOffset() {
        let fillers = [Array(repeating: UInt8(ascii: "x"), count: 140), Array(String(repeating: "خانه منزل ", count: 8).utf8)]
        var failures: [[UInt8]] = []
        for filler in fillers {
            if !Self.disagreements(filler).isEmpty { failures.append(filler) }
            for invalid in UTF8CheckScanTests.invalidSequences + Self.truncated {
                for offset in 0..<100 {
                    // A Persian filler is cut at the offset, which may split a letter: also an error, before this one.
                    let input = Array(filler[..<offset]) + invalid + Array(filler[offset...])
                    if !Self.disagreements(input).isEmpty { failures.append(input) }
                }
            }
        }
        #expect(failures.count == 0, "first: \(failures.first ?? [])")
    }

    /// Every pair of bytes, with continuations after it, straddling the
    /// first 16- and 32-byte boundaries and inside a vector.
    @Test func everyPairOfBytesAroundTheBoundaries() {
        var failures: [[UInt8]] = []
        for offset in [7, 15, 31] {
            for first in 0...255 {
                for second in 0...255 {
                    var input = Array(repeating: UInt8(ascii: "y"), count: 72)
                    input[offset] = UInt8(first)
                    input[offset + 1] = UInt8(second)
                    input[offset + 2] = 0x80 | UInt8(first & 0x3F)
                    input[offset + 3] = 0x80 | UInt8(second & 0x3F)
                    if !Self.disagreements(input).isEmpty { failures.append(input) }
                }
            }
        }
        #expect(failures.count == 0, "first: \(failures.first ?? [])")
    }

    /// Long mixed text (every length of sequence, ASCII runs that fill
    /// whole vectors) with up to three bytes set to a random value or one
    /// at a boundary of the table, and sometimes its end cut (seeded).
    @Test func agreesOnLongMixedTextWithBytesChanged() {
        var generator = SeededNumbers(state: 4_096)
        func random(_ bound: Int) -> Int { generator.below(bound) }
        let pieces = ["a", " ", "<td class=\"x\">", String(repeating: "z", count: 40), "\u{80}", "\u{7FF}", "ß", "خ", "ه", "\u{200C}", "€", "\u{FFFF}", "𝄞", "\u{10FFFF}"]
        let boundaries: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        var failures: [[UInt8]] = []
        for _ in 0..<6_000 {
            var bytes = Array((0..<random(60)).map { _ in pieces[random(pieces.count)] }.joined().utf8)
            for _ in 0..<random(4) where !bytes.isEmpty {
                bytes[random(bytes.count)] = random(2) == 0 ? UInt8(random(256)) : boundaries[random(boundaries.count)]
            }
            if random(8) == 0, !bytes.isEmpty { bytes.removeLast(min(bytes.count, 1 + random(3))) }
            if !Self.disagreements(bytes).isEmpty { failures.append(bytes) }
        }
        #expect(failures.count == 0, "of 6,000, first: \(failures.first ?? [])")
    }

    /// What the public function answers: the widest vectors' offset, on an
    /// input long enough for them, valid and with an error far in.
    @Test func thePublicCheckAgreesOnAPage() {
        var page = Array(String(repeating: "<tr><td>Haus</td><td>خانه، منزل</td></tr>\n", count: 200).utf8)
        #expect(UTF8Check.firstInvalidByte(in: page) == nil)
        page[5_001] = 0xC0
        #expect(UTF8Check.firstInvalidByte(in: page) == Self.oracle(page))
    }
}
