import Testing
@testable import Sanitize

/// The tokenizer's attribute buffer keeps its first sixteen attributes in
/// the room made with it and moves them to memory of its own past that
/// (`RawAttributeBuffer`): tags of every attribute count around the
/// moves keep every attribute where the test wrote it, and a tag read
/// after a long one finds its own attributes.
@Suite("Attribute room")
struct AttributeRoomTests {
    @Test("every attribute of a tag of up to 70 attributes is read where it was written, one tag after another")
    func manyAttributes() {
        for count in [0, 1, 15, 16, 17, 31, 32, 33, 70] {
            // `<x a0="v0" a1="v1" …>` then `<y b="c">`: the ranges worked out as the text is made.
            var input = Array("<x".utf8)
            var expected: [(name: Range<Int>, value: Range<Int>)] = []
            for index in 0..<count {
                input.append(UInt8(ascii: " "))
                let name = Array("a\(index)".utf8), value = Array("v\(index * 7)".utf8)
                let nameStart = input.count
                input += name + Array("=\"".utf8)
                let valueStart = input.count
                input += value + [UInt8(ascii: "\"")]
                expected.append((nameStart..<nameStart + name.count, valueStart..<valueStart + value.count))
            }
            input.append(UInt8(ascii: ">"))
            let second = input.count
            input += Array("<y b=\"c\">".utf8)
            input.withUnsafeBufferPointer { buffer in
                var tokenizer = HTMLTokenizer(input: buffer)
                let token = tokenizer.tag(at: 0, isEnd: false)
                #expect(token.kind == .startTag && token.range == 0..<second, "\(count) attributes")
                #expect(tokenizer.attributeCount == count)
                for (index, ranges) in expected.enumerated() where index < tokenizer.attributeCount {
                    let attribute = tokenizer.attribute(index)
                    #expect(attribute.nameRange == ranges.name && attribute.valueRange == ranges.value, "attribute \(index) of \(count)")
                    #expect(attribute.name(in: tokenizer.input) == NameKey("a\(index)"), "attribute \(index) of \(count)")
                }
                let next = tokenizer.tag(at: second, isEnd: false)
                #expect(next.kind == .startTag && next.range == second..<input.count)
                #expect(tokenizer.attributeCount == 1)
                guard tokenizer.attributeCount == 1 else { return }
                #expect(tokenizer.attribute(0).name(in: tokenizer.input) == NameKey("b") && tokenizer.attribute(0).valueRange == second + 6..<second + 7)
            }
        }
    }
}
