import Testing
@testable import Sanitize

/// A quoted attribute value runs to the next quote of its kind, whatever
/// lies between (HTML standard §13.2.5.36–37). The tokenizer makes the
/// attribute's ranges without checking their bounds' order, so their bounds
/// are checked here: at every value length, with bytes after the tag or
/// none, and with the closing quote missing. Expectations worked out from
/// where the test put the quotes.
@Suite("Quoted attribute values")
struct QuotedValueTests {
    /// Bytes a value may hold: the other quote, markup and spaces, and the
    /// bytes of a two-byte character: no byte but the quote ends a value.
    static let valueBytes = Array("a'\"> =</é\t".utf8)

    @Test("a value ends at its closing quote, at every length and with any bytes after the tag", arguments: [UInt8(ascii: "\""), UInt8(ascii: "'")])
    func closingQuote(_ quote: UInt8) {
        var random = SplitMix64(seed: UInt64(quote))
        for length in 0...40 {
            for tail in [0, 1, 7, 8, 9, 15, 16, 17, 30] {
                let value = (0..<length).map { _ in Self.valueBytes[random.next(below: Self.valueBytes.count)] }.filter { $0 != quote }
                let input = Array("<x a=".utf8) + [quote] + value + [quote, UInt8(ascii: ">")] + Array(repeating: UInt8(ascii: "y"), count: tail)
                input.withUnsafeBufferPointer { buffer in
                    var tokenizer = HTMLTokenizer(input: buffer)
                    let token = tokenizer.tag(at: 0, isEnd: false)
                    let valueStart = 6, valueEnd = 6 + value.count
                    #expect(token.kind == .startTag, "\(input)")
                    #expect(token.range == 0..<valueEnd + 2, "\(input)")
                    #expect(tokenizer.attributeCount == 1, "\(input)")
                    guard tokenizer.attributeCount == 1 else { return }
                    #expect(tokenizer.attribute(0).valueRange == valueStart..<valueEnd, "\(input)")
                    #expect(tokenizer.attribute(0).range == 3..<valueEnd + 1, "\(input)")
                }
            }
        }
    }

    @Test("a value whose closing quote is missing runs off the input: the tag is cut off", arguments: [UInt8(ascii: "\""), UInt8(ascii: "'")])
    func missingQuote(_ quote: UInt8) {
        var random = SplitMix64(seed: UInt64(quote) + 1)
        for length in 0...40 {
            let value = (0..<length).map { _ in Self.valueBytes[random.next(below: Self.valueBytes.count)] }.filter { $0 != quote }
            let input = Array("<x a=".utf8) + [quote] + value
            input.withUnsafeBufferPointer { buffer in
                var tokenizer = HTMLTokenizer(input: buffer)
                #expect(tokenizer.tag(at: 0, isEnd: false).kind == .truncated, "\(input)")
            }
        }
    }
}
