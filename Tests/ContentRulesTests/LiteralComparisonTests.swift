import FixtureSupport
import Testing
@testable import ContentRules

/// Every index confirms its candidates (hosts, literal runs, domain names)
/// with `literalStands`, eight bytes at a time; it must answer exactly as a
/// byte-by-byte ASCII case-insensitive comparison would.
@Suite("Literal comparison")
struct LiteralComparisonTests {
    private func byteByByte(_ expected: [UInt8], from expectedStart: Int, length: Int, caseSensitive: Bool, in url: [UInt8], at start: Int) -> Bool {
        guard start >= 0, start + length <= url.count else { return false }
        return (0..<length).allSatisfy { offset in
            var byte = url[start + offset]
            if !caseSensitive, byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
            return byte == expected[expectedStart + offset]
        }
    }

    private func stands(_ expected: [UInt8], from expectedStart: Int, length: Int, caseSensitive: Bool, in url: [UInt8], at start: Int) -> Bool {
        expected.withUnsafeBufferPointer { expected in
            url.withUnsafeBufferPointer { literalStands(expected, from: expectedStart, length: length, caseSensitive: caseSensitive, in: $0, at: start) }
        }
    }

    @Test("lower-cases A-Z and only A-Z, in every byte of a chunk")
    func lowercasesEveryByteValue() {
        for value in 0...255 {
            let byte = UInt8(value)
            let expected = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            for position in 0..<8 {
                // The byte among neighbours at both ends of the range, so a carry would show.
                let neighbours: UInt64 = position % 2 == 0 ? 0x5A5A_5A5A_5A5A_5A5A : 0xFFFF_FFFF_FFFF_FFFF
                let shift = UInt64(position * 8)
                let chunk = neighbours & ~(0xFF << shift) | UInt64(byte) << shift
                let lowered = ASCIIChunk.lowercased(chunk)
                #expect(UInt8(truncatingIfNeeded: lowered >> shift) == expected, "byte \(value) at \(position)")
                let other: UInt8 = position % 2 == 0 ? 0x7A : 0xFF
                for otherPosition in 0..<8 where otherPosition != position {
                    #expect(UInt8(truncatingIfNeeded: lowered >> UInt64(otherPosition * 8)) == other)
                }
            }
        }
    }

    @Test("named cases", arguments: [
        ("ads.example.com", "https://ADS.Example.com/x", 8, true),
        ("ads.example.com", "https://ads.example.co/x", 8, false),
        ("/banner/", "http://a.b/BANNER/x", 10, true),
        ("/banner/", "http://a.b/banner_x", 10, false),
        ("x", "x", 0, true),  // shorter than a chunk, at the very start
        ("abcdefghijklmnopq", "ABCDEFGHIJKLMNOPQ", 0, true),  // two chunks and a tail
        ("abcdefghijklmnopq", "ABCDEFGHIJKLMNOPR", 0, false),
        ("q", "https://a.b/q", 13, false),  // past the end
    ])
    func namedCases(_ literal: String, _ url: String, _ start: Int, _ result: Bool) {
        let expected = Array(literal.utf8), bytes = Array(url.utf8)
        #expect(stands(expected, from: 0, length: expected.count, caseSensitive: false, in: bytes, at: start) == result)
    }

    @Test("case-sensitive literals compare bytes as they are")
    func caseSensitive() {
        let expected = Array("/Banner/".utf8)
        #expect(stands(expected, from: 0, length: 8, caseSensitive: true, in: Array("http://a/Banner/".utf8), at: 8))
        #expect(!stands(expected, from: 0, length: 8, caseSensitive: true, in: Array("http://a/BANNER/".utf8), at: 8))
    }

    /// Random literals at every offset of random URLs over a small alphabet
    /// (upper and lower case, the case-fold boundaries and non-ASCII bytes),
    /// so that near misses in every position of a chunk and its tail come up.
    @Test("agrees with a byte-by-byte comparison")
    func randomDifferential() {
        var generator = SeededGenerator(seed: 0x11C)
        let alphabet: [UInt8] = Array("aAzZ@[`{/.".utf8) + [0xC3, 0xE1]
        var agreed = 0, stood = 0
        for _ in 0..<3_000 {
            let url = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            // The expected buffer: other literals first, then this one, lower-cased unless case-sensitive.
            let caseSensitive = Bool.random(using: &generator)
            let start = url.isEmpty ? 0 : Int.random(in: 0..<url.count, using: &generator)
            let length = Int.random(in: 0...20, using: &generator)
            var literal = Array(url[min(start, url.count)..<min(start + length, url.count)])
            if !caseSensitive { literal = literal.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 } }
            if !literal.isEmpty && Bool.random(using: &generator) {
                let position = Int.random(in: 0..<literal.count, using: &generator)
                literal[position] = alphabet.randomElement(using: &generator)!
            }
            let padding = (0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let expected = padding + literal
            for offset in [start, start - 1, start + 1, 0] {
                let fast = stands(expected, from: padding.count, length: literal.count, caseSensitive: caseSensitive, in: url, at: offset)
                let slow = byteByByte(expected, from: padding.count, length: literal.count, caseSensitive: caseSensitive, in: url, at: offset)
                #expect(fast == slow, "\(literal) in \(url) at \(offset), case-sensitive: \(caseSensitive)")
                if fast == slow { agreed += 1 }
                if slow { stood += 1 }
            }
        }
        #expect(agreed == 12_000)
        #expect(stood > 2_000)
    }

    /// `LiteralCheck` turns index candidates away before `literalStands`:
    /// wherever the literal lies within the URL, what it calls failing must
    /// not stand and what it calls standing must, for every window (start,
    /// end, a short literal near the URL's start) and key position.
    @Test("a literal check never contradicts the comparison")
    func literalCheckAgrees() {
        var generator = SeededGenerator(seed: 0xC4EC)
        let alphabet: [UInt8] = Array("aAzZ@[`{/.".utf8) + [0xC3, 0xE1]
        var decided = 0, failed = 0, stood = 0
        for _ in 0..<4_000 {
            let url = (0..<Int.random(in: 1...30, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let caseSensitive = Bool.random(using: &generator)
            let start = Int.random(in: 0..<url.count, using: &generator)
            let length = Int.random(in: 0...(url.count - start), using: &generator)
            var literal = Array(url[start..<start + length])
            if !caseSensitive { literal = literal.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 } }
            if !literal.isEmpty && Bool.random(using: &generator) {
                literal[Int.random(in: 0..<literal.count, using: &generator)] = alphabet.randomElement(using: &generator)!
            }
            let keyStart = Int.random(in: 0...literal.count, using: &generator)
            let check = LiteralCheck(literal, keyStart: keyStart, keyEnd: Int.random(in: keyStart...literal.count, using: &generator))
            let verdict = url.withUnsafeBufferPointer { check.verdict(in: $0, at: start, length: literal.count, caseSensitive: caseSensitive) }
            let truth = stands(literal, from: 0, length: literal.count, caseSensitive: caseSensitive, in: url, at: start)
            switch verdict {
            case .fails:
                #expect(!truth, "\(literal) in \(url) at \(start) called failing")
                failed += 1
            case .stands:
                #expect(truth, "\(literal) in \(url) at \(start) called standing")
                stood += 1
            case .unsure: continue
            }
            decided += 1
        }
        #expect(failed > 500 && stood > 500, "the check decided \(failed) failing and \(stood) standing of 4,000")
        #expect(decided > 2_000)
    }

    @Test("a host's domain keys are the keys of its suffixes, whatever the case")
    func domainKeysOfSuffixes() {
        let url = Array("https://Ads.Example.COM:8080/path".utf8)
        let keys = url.withUnsafeBufferPointer { DomainKeys.extract(from: $0) }
        let named = keys.map { (String(decoding: url[$0.start..<$0.end], as: UTF8.self), $0.hash, $0.atStart) }
        for (name, hash, atStart) in named {
            #expect(hash == domainKey(Array(name.lowercased().utf8)), "\(name)")
            #expect(atStart == name.hasPrefix("Ads."))
        }
        // Before the port and before the path, as WebKit's `[:/]` after the domain allows.
        #expect(Set(named.map(\.0)) == ["Ads.Example.COM", "Example.COM", "COM", "Ads.Example.COM:8080", "Example.COM:8080", "COM:8080"])
    }
}
