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
        func expected(_ bytes: [UInt8]) -> Int? {
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes.makeIterator()
            var offset = 0
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let scalar): offset += scalar.count
                case .emptyInput: return nil
                case .error: return offset
                }
            }
        }
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
