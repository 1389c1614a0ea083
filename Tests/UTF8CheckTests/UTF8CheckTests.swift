import Testing
import UTF8Check

/// The one UTF-8 check fetch and the sanitizer share: Unicode's table of
/// well-formed sequences, with the offset of the first byte outside it.
@Suite struct UTF8CheckTests {
    @Test func firstInvalidByteOffset() {
        #expect(UTF8Check.firstInvalidByte(in: Array("Straße خانه".utf8)) == nil)
        #expect(UTF8Check.firstInvalidByte(in: [0xC3]) == 0)
        #expect(UTF8Check.firstInvalidByte(in: [0x61, 0xED, 0xA0, 0x80]) == 1, "surrogates are not UTF-8")
    }

    /// The validator reads ASCII eight bytes at a time: it must agree with
    /// the standard library's decoder on every one- and two-byte sequence
    /// and on three- and four-byte ones around each boundary of the table
    /// of well-formed sequences, wherever they fall in a word of ASCII.
    @Test func agreesWithTheStandardLibrary() {
        let expected = UTF8CheckScanTests.firstInvalidByteByTheStandardLibrary
        var sequences: [[UInt8]] = []
        for first in 0...255 {
            sequences.append([UInt8(first)])
            for second in 0...255 { sequences.append([UInt8(first), UInt8(second)]) }
        }
        let edges: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        for lead in 0xE0...0xFF {
            for second in edges {
                for third in edges {
                    sequences.append([UInt8(lead), second, third])
                    for fourth in edges { sequences.append([UInt8(lead), second, third, fourth]) }
                }
            }
        }
        var disagreements = 0
        for (index, sequence) in sequences.enumerated() {
            let prefix = Array(repeating: UInt8(ascii: "a"), count: index % 11)
            let input = prefix + sequence + Array("خانه and more text".utf8)
            if UTF8Check.firstInvalidByte(in: input) != expected(input) { disagreements += 1 }
        }
        #expect(disagreements == 0, "of \(sequences.count) inputs")
    }
}

/// The type that carries a check from fetch to the sanitizer: it holds
/// only bytes that were checked, repaired or taken from a String.
@Suite struct ValidUTF8Tests {
    @Test func checkingRefusesWhatIsNotUTF8AndKeepsWhatIs() {
        #expect(ValidUTF8(checking: [0x61, 0xC3]) == nil, "cut off by the end")
        #expect(ValidUTF8(checking: [0xED, 0xA0, 0x80]) == nil, "a surrogate")
        #expect(ValidUTF8(checking: [0xC0, 0xAF]) == nil, "an overlong slash")
        let text = Array("Straße خانه\u{200C}ها".utf8)
        #expect(ValidUTF8(checking: text)?.bytes == text)
        #expect(ValidUTF8(checking: [])?.bytes == [])
    }

    /// Repairing replaces as the standard library's decoder does, and leaves
    /// well-formed bytes as they are.
    @Test func repairingAgreesWithTheStandardLibrary() {
        let broken: [[UInt8]] = [[0xFF], [0x61, 0xC3], [0xE0, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xD8, 0xAE, 0xED, 0xBF, 0xBF, 0x61]]
        for bytes in broken {
            let repaired = ValidUTF8(repairing: bytes).bytes
            #expect(repaired == Array(String(decoding: bytes, as: UTF8.self).utf8))
            #expect(UTF8Check.firstInvalidByte(in: repaired) == nil)
        }
        let text = Array("خانه".utf8)
        #expect(ValidUTF8(repairing: text).bytes == text)
        #expect(ValidUTF8("Straße").bytes == Array("Straße".utf8))
    }
}

/// The word-at-a-time scan against the plain reading of the table, one
/// byte at a time, wherever a sequence falls in or across a word.
@Suite struct UTF8CheckScanTests {
    /// Where the first ill-formed sequence starts, by the standard library's
    /// own UTF-8 decoder (one scalar at a time, no shortcuts): an oracle that
    /// shares no code with the check, which keeps its own copy of Unicode's
    /// table 3-7.
    static func firstInvalidByteByTheStandardLibrary(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// Filler for every length 0–64 mixing ASCII, Persian and the other
    /// lengths, so that each sequence lands at every place in a word.
    static let validText = Array("ab خانه Straße € 𝄞 xyz منزل بزرگ 0123".utf8)

    /// Sequences that are not UTF-8: stray continuations, C0/C1 and F5–FF,
    /// overlongs, surrogates, above U+10FFFF, and sequences cut short.
    static let invalidSequences: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xF5, 0x80, 0x80, 0x80], [0xFF],
        [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
        [0xF4, 0x90, 0x80, 0x80], [0xF7, 0xBF, 0xBF, 0xBF],
        [0xC3], [0xD8, 0x41], [0xE2, 0x82], [0xE2, 0x82, 0x41], [0xF0, 0x9D, 0x84], [0xF0, 0x9D, 0x84, 0x41],
    ]

    @Test func agreesWithTheByteByByteReadingOnEveryLength() {
        var disagreements: [[UInt8]] = []
        for length in 0...64 {
            let valid = Array((0..<length).map { Self.validText[$0 % Self.validText.count] })
            if UTF8Check.firstInvalidByte(in: valid) != Self.firstInvalidByteByTheStandardLibrary(valid) { disagreements.append(valid) }
            for position in 0...length {
                for invalid in Self.invalidSequences {
                    let input = Array(valid[..<position]) + invalid + Array(valid[position...])
                    if UTF8Check.firstInvalidByte(in: input) != Self.firstInvalidByteByTheStandardLibrary(input) { disagreements.append(input) }
                }
            }
        }
        #expect(disagreements.isEmpty, "first: \(disagreements.first ?? [])")
    }

    /// Persian words of every length, read four letters a word, with one
    /// byte changed to any value at a random place (seeded): the offset is
    /// the standard library's.
    @Test func agreesOnRunsOfTwoByteLettersWithARandomByteChanged() {
        var generator = SeededNumbers(state: 27)
        func random(_ bound: Int) -> Int { generator.below(bound) }
        let pieces = ["خ", "ا", "ن", "ه", "م", "ز", "ل", " ", "a", "ß", "\u{200C}", "€", "<td>"]
        var disagreements: [[UInt8]] = []
        for _ in 0..<4_000 {
            var bytes = Array((0..<random(40)).map { _ in pieces[random(pieces.count)] }.joined().utf8)
            if !bytes.isEmpty, random(4) > 0 { bytes[random(bytes.count)] = UInt8(random(256)) }
            if UTF8Check.firstInvalidByte(in: bytes) != Self.firstInvalidByteByTheStandardLibrary(bytes) { disagreements.append(bytes) }
        }
        #expect(disagreements.isEmpty, "first: \(disagreements.first ?? [])")
    }

    /// Text of every length of sequence after 0–8 bytes of ASCII (so that
    /// each lands at every place in a word), with up to three bytes set to
    /// a random value or to one at a boundary of the table (seeded): the
    /// word-at-a-time reading of ASCII and two-byte letters, and its
    /// hand-over to the table, give the standard library's offset.
    @Test func agreesOnMixedTextWithBytesChanged() {
        var generator = SeededNumbers(state: 2026)
        func random(_ bound: Int) -> Int { generator.below(bound) }
        let pieces = ["a", " ", "<td>", "\u{80}", "\u{7FF}", "ß", "خ", "ه", "\u{200C}", "€", "\u{FFFF}", "𝄞", "\u{10FFFF}"]
        let boundaries: [UInt8] = [0x00, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        var disagreements: [[UInt8]] = []
        for _ in 0..<20_000 {
            var bytes = Array(repeating: UInt8(ascii: "x"), count: random(9))
                + Array((0..<random(30)).map { _ in pieces[random(pieces.count)] }.joined().utf8)
            for _ in 0..<random(4) where !bytes.isEmpty {
                bytes[random(bytes.count)] = random(2) == 0 ? UInt8(random(256)) : boundaries[random(boundaries.count)]
            }
            if UTF8Check.firstInvalidByte(in: bytes) != Self.firstInvalidByteByTheStandardLibrary(bytes) { disagreements.append(bytes) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of 20,000, first: \(disagreements.first ?? [])")
    }

    /// A page of two-byte letters with one broken byte at each place: the
    /// offset found is that byte's sequence, as the byte-by-byte reading says.
    @Test func findsABrokenLetterAnywhereInPersianText() {
        let persian = Array("خانه منزل سرا کاشانه".utf8)
        for position in persian.indices {
            var broken = persian
            broken[position] = broken[position] < 0x80 ? 0xD8 : 0x41
            let expected = Self.firstInvalidByteByTheStandardLibrary(broken)
            #expect(expected != nil)
            #expect(UTF8Check.firstInvalidByte(in: broken) == expected, "byte \(position)")
        }
    }
}

/// The seeded numbers the randomised tests draw (a linear congruential
/// generator), so that a failure replays.
struct SeededNumbers {
    var state: UInt64

    /// A number from 0 up to, not including, `bound`.
    mutating func below(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
