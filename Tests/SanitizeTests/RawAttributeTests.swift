import Testing
@testable import Sanitize

/// The tokenizer keeps each attribute as places in the input
/// (`HTMLTokenizer.RawAttribute`: where its name and value start and end,
/// and where it ends as written) and hands out its ranges and name from
/// those. Checked here on generated tags of every spelling the attribute
/// states allow (no value, `=` with spaces around it, double, single and no
/// quotes, upper-case names): the expected places are where the test wrote
/// each piece, the expected kind the table's entry for the lower-cased name.
@Suite("Raw attributes")
struct RawAttributeTests {
    /// Names of every kind the table knows, some of none, some upper-case.
    static let names = ["href", "SRC", "class", "data-src", "Style", "x", "xlink:href", "aria-describedby-x", "content", "dir"]

    /// One attribute as written, and where its pieces are in it.
    struct Written {
        var bytes: [UInt8]
        var name: String
        var nameEnd: Int
        var value: Range<Int>?
    }

    static func written(_ random: inout SplitMix64) -> Written {
        let name = names[random.next(below: names.count)]
        var bytes = Array(name.utf8)
        let nameEnd = bytes.count
        let spelling = random.next(below: 5)
        if spelling == 0 { return Written(bytes: bytes, name: name, nameEnd: nameEnd, value: nil) }
        if random.next(below: 3) == 0 { bytes += Array("  ".utf8) }
        bytes.append(UInt8(ascii: "="))
        if random.next(below: 3) == 0 { bytes.append(UInt8(ascii: " ")) }
        let value = Array("v/é.\(random.next(below: 1000))".utf8)
        switch spelling {
        case 1, 2:
            let quote = spelling == 1 ? UInt8(ascii: "\"") : UInt8(ascii: "'")
            bytes.append(quote)
            let start = bytes.count
            bytes += value
            bytes.append(quote)
            return Written(bytes: bytes, name: name, nameEnd: nameEnd, value: start..<start + value.count)
        default:
            let start = bytes.count
            bytes += value
            return Written(bytes: bytes, name: name, nameEnd: nameEnd, value: start..<start + value.count)
        }
    }

    @Test("an attribute's name, value and extent are where the tag has them, with its kind")
    func generatedTags() {
        var random = SplitMix64(seed: 34)
        for _ in 0..<2_000 {
            var input = Array("<p".utf8)
            var expected: [(attribute: Written, start: Int)] = []
            for _ in 0..<random.next(below: 6) {
                input += random.next(below: 2) == 0 ? [UInt8(ascii: " ")] : Array(" \n ".utf8)
                let attribute = Self.written(&random)
                expected.append((attribute, input.count))
                input += attribute.bytes
            }
            input += Array((random.next(below: 2) == 0 ? ">" : " />").utf8)
            input += Array(repeating: UInt8(ascii: "t"), count: random.next(below: 20))
            input.withUnsafeBufferPointer { buffer in
                var tokenizer = HTMLTokenizer(input: buffer)
                let token = tokenizer.tag(at: 0, isEnd: false)
                let text = String(decoding: input, as: UTF8.self)
                #expect(token.kind == .startTag, "\(text)")
                #expect(tokenizer.attributeCount == expected.count, "\(text)")
                guard tokenizer.attributeCount == expected.count else { return }
                for (index, (written, start)) in expected.enumerated() {
                    let attribute = tokenizer.attribute(index)
                    let key = NameKey(written.name.lowercased())
                    #expect(attribute.nameRange == start..<start + written.nameEnd, "\(text) #\(index)")
                    #expect(attribute.valueRange == written.value.map { start + $0.lowerBound..<start + $0.upperBound }, "\(text) #\(index)")
                    #expect(attribute.range == start..<start + written.bytes.count, "\(text) #\(index)")
                    #expect(attribute.name(in: buffer) == key, "\(text) #\(index)")
                    #expect(attribute.kind == AttributeKind(key), "\(text) #\(index)")
                }
            }
        }
    }
}
