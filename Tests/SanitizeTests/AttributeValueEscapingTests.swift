import FixtureSupport
import Testing
@testable import Sanitize

/// `MarkupWriter.writeAttributeValue` passes over eight bytes at a time that
/// hold none of `&`, `<`, `>`, `"`: what it writes must be what escaping each
/// byte on its own writes, wherever the escaped bytes stand in the words;
/// `holdsEscaped`, which lets a value be written as it is, must find them.
@Suite("Attribute value escaping")
struct AttributeValueEscapingTests {
    /// The plain way: each byte looked at, the four replaced by their entities.
    static func escapedByteByByte(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "\""): out += Array("&quot;".utf8)
            default: out.append(byte)
            }
        }
        return out
    }

    static func written(_ bytes: [UInt8]) -> [UInt8] {
        var writer = MarkupWriter(capacity: 16)
        writer.write(UInt8(ascii: "x"))  // something before, so the value is appended, not the whole buffer
        bytes.withUnsafeBufferPointer { writer.writeAttributeValue($0) }
        return Array(writer.written.dropFirst())
    }

    @Test("escapes as byte by byte on generated values of every length up to 40")
    func generatedValues() {
        var generator = SeededGenerator(seed: 0xE5CA_9E)
        // The four, their neighbours (one bit away: a word test must not take
        // them for the four), bytes with the high bit, and URL bytes.
        let alphabet = Array("&<>\"'%=?;:/.-_aZ09 \u{7F}".utf8) + [0x00, 0x01, 0x27, 0x2E, 0x3D, 0x3F, 0x80, 0xA6, 0xBC, 0xBE, 0xC3, 0xFF, 0xA2]
        var checked = 0
        for length in 0...40 {
            for _ in 0..<200 {
                // Mostly plain bytes, so that whole words pass, now and then one of the four.
                let value = (0..<length).map { _ in
                    Int.random(in: 0..<6, using: &generator) == 0
                        ? alphabet[Int.random(in: 0..<4, using: &generator)]
                        : alphabet[Int.random(in: 4..<alphabet.count, using: &generator)]
                }
                #expect(Self.written(value) == Self.escapedByteByByte(value), "\(value)")
                // What a replaced URL's flag is found with: a value it passes is written as it is.
                let holdsEscaped = value.withUnsafeBufferPointer { MarkupWriter.holdsEscaped($0) }
                #expect(holdsEscaped == (Self.escapedByteByByte(value) != value), "\(value)")
                checked += 1
            }
        }
        #expect(checked == 41 * 200)
    }

    @Test("a URL with a query, a quote at each place of a word, nothing to escape")
    func examples() {
        let url = Array("/_limot/sub/script/https/www.example.com/a.js?x=1&y=2".utf8)
        #expect(Self.written(url) == Array("/_limot/sub/script/https/www.example.com/a.js?x=1&amp;y=2".utf8))
        for place in 0..<16 {
            var value = Array(repeating: UInt8(ascii: "a"), count: 16)
            value[place] = UInt8(ascii: "\"")
            #expect(Self.written(value) == Self.escapedByteByByte(value), "quote at \(place)")
        }
        #expect(Self.written([]) == [])
        #expect(Self.written(Array("plain-value-of-some-length".utf8)) == Array("plain-value-of-some-length".utf8))
    }

    @Test("a value known to need no escaping is written as its UTF-8 bytes, inline (small) strings and stored ones, ASCII or not")
    func plainValues() {
        for length in 0...40 {
            for piece in ["a", "é", "/", "خ"] {
                let text = String(repeating: piece, count: length)
                // Made at run time, as the routed addresses are.
                let made = String(decoding: Array(text.utf8), as: UTF8.self)
                var writer = MarkupWriter(capacity: 16)
                writer.write(UInt8(ascii: "x"))
                writer.writePlainAttributeValue(made)
                #expect(Array(writer.written.dropFirst()) == Array(text.utf8), "\(length) × \(piece)")
            }
        }
    }

    @Test("the word test finds each of the four at each byte of a word, and nothing in words without them")
    func wordTest() {
        for escaped in Array("&<>\"".utf8) {
            for place in 0..<8 {
                var bytes = Array(repeating: UInt8(ascii: "/"), count: 8)
                bytes[place] = escaped
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                #expect(MarkupWriter.mayHoldEscaped(word), "\(escaped) at \(place)")
            }
        }
        for byte in 0...255 where ![0x26, 0x3C, 0x3E, 0x22].contains(byte) {
            let word = UInt64(byte) &* 0x0101_0101_0101_0101
            #expect(!MarkupWriter.mayHoldEscaped(word), "\(byte)")
        }
    }
}
