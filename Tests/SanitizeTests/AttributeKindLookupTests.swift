import Testing
@testable import Sanitize

/// The tokenizer looks a short attribute name's kind up by its bytes with
/// bit 0x20 set (`HTMLTokenizer.foldedKey`), not lower-cased. Checked here
/// against a plain lower-casing look-up in `AttributeKind.named`, on names
/// made of the kinds' letters in both cases and of bytes that fold onto a
/// letter or a name's punctuation without being either (`@`, `[`, 0x0D,
/// 0x1A, 0x10–0x19, UTF-8 bytes).
@Suite("Attribute kind look-up")
struct AttributeKindLookupTests {
    /// The kind of the name `bytes`, ASCII lower-cased, from the kinds' names.
    static func plainKind(_ bytes: some Collection<UInt8>) -> AttributeKind {
        let lowered = String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        return AttributeKind.named.first { $0.0 == lowered }?.1 ?? .other
    }

    static let alphabet: [UInt8] = Array("srcsethrefdatapostyleactionlasypnoncheimgbfzSRCSETHREFDATAPOSTYLEACTIONLASYPNONCHEIMGBFZ".utf8)
        + [0x40, 0x5B, 0x5F, 0x0D, 0x1A, 0x10, 0x19, 0x00, 0x80, 0xC3, 0xE5, 0xFF, 0x2D, 0x3A, 0x31]

    /// What the folded look-up rests on: bit 0x20 set makes a lower-case
    /// letter only of that letter and its upper case, so a name of the
    /// table read folded is found exactly when it is lower-cased; a short
    /// name with any other byte (a digit, `-`, `:`) would be missed.
    @Test("every attribute name of up to seven bytes in the table is lower-case letters only")
    func shortNamesAreLowerCaseLetters() {
        let short = AttributeKind.named.map(\.0).filter { $0.utf8.count < 8 }
        #expect(short.count > 10, "the table's short names: \(short)")
        for name in short {
            #expect(name.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }, "\(name): a byte other than a-z")
        }
    }

    @Test("a name of up to seven bytes folded finds the kind that lower-casing finds")
    func foldedKeyFindsLowerCasedKind() {
        var random = SplitMix64(seed: 35)
        let names = AttributeKind.named.map { Array($0.0.utf8) }.filter { $0.count < 8 }
        var known = 0
        for _ in 0..<200_000 {
            var bytes: [UInt8]
            if random.next(below: 2) == 0 {
                // A kind's name with some bytes changed to their upper case or a stray byte.
                bytes = names[random.next(below: names.count)]
                for index in bytes.indices where random.next(below: 3) == 0 {
                    bytes[index] = random.next(below: 2) == 0 ? bytes[index] - 0x20 : Self.alphabet[random.next(below: Self.alphabet.count)]
                }
            } else {
                bytes = (0..<1 + random.next(below: 7)).map { _ in Self.alphabet[random.next(below: Self.alphabet.count)] }
            }
            let padded = bytes + Array(repeating: UInt8(ascii: "="), count: 8 - bytes.count)
            let word = padded.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            let kind = AttributeKind.table.value(oneWord: HTMLTokenizer.foldedKey(UInt64(littleEndian: word), length: bytes.count)) ?? .other
            let expected = Self.plainKind(bytes)
            if expected != .other { known += 1 }
            #expect(kind == expected, "\(bytes)")
        }
        #expect(known > 20_000, "only \(known) names of a kind: the generator no longer makes them")
    }

    @Test("the tokenizer gives each attribute of a tag the kind of its lower-cased name")
    func tagsGetLowerCasedKinds() {
        var random = SplitMix64(seed: 36)
        let names = AttributeKind.named.map(\.0) + ["class", "id", "x", "aria-label", "data-x"]
        for _ in 0..<5_000 {
            var input = Array("<p".utf8)
            for _ in 0..<1 + random.next(below: 5) {
                input.append(UInt8(ascii: " "))
                var name = Array(names[random.next(below: names.count)].utf8)
                for index in name.indices where random.next(below: 4) == 0 {
                    let byte = name[index]
                    name[index] = byte >= 0x61 && byte <= 0x7A && random.next(below: 2) == 0 ? byte - 0x20 : Self.alphabet[random.next(below: Self.alphabet.count)]
                }
                input += name + Array("=\"v\"".utf8)
            }
            input += Array(">text after the tag".utf8)
            input.withUnsafeBufferPointer { buffer in
                var tokenizer = HTMLTokenizer(input: buffer)
                _ = tokenizer.tag(at: 0, isEnd: false)
                for index in 0..<tokenizer.attributeCount {
                    let attribute = tokenizer.attribute(index)
                    #expect(attribute.kind == Self.plainKind(buffer[attribute.nameRange]), "\(input) #\(index)")
                }
            }
        }
    }
}
