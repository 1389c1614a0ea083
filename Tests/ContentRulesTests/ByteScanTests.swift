import Testing
@testable import ContentRules

/// The word-at-a-time scans behind `rules match`'s line reader and writer
/// must answer as a byte-by-byte loop would at every position of a word
/// (a string's end found early or late would take a wrong value or refuse a
/// flat line; a missed escape would write invalid JSON), and bytes of
/// UTF-8 (0x80 and above) must never count as quotes or controls.
@Suite("rules match byte scans")
struct ByteScanTests {
    /// Every length up to three words, with the byte at every position.
    static let lengths = 0...24

    @Test("the first of a byte is found at every position from every start, else the end; a byte is contained where it is")
    func firstIndexAndContains() {
        // Past the first word too, where the search goes on in memchr.
        for length in 0...40 {
            let plain = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            #expect(plain.withUnsafeBufferPointer { ByteScan.firstIndex(of: UInt8(ascii: "\""), in: $0, from: 0) } == length)
            #expect(!plain.withUnsafeBufferPointer { ByteScan.contains(UInt8(ascii: "\\"), in: $0) })
            for position in 0..<length {
                var bytes = plain
                bytes[position] = UInt8(ascii: "\"")
                if position + 1 < length { bytes[length - 1] = UInt8(ascii: "\"") }  // a later one must not win
                for start in 0...length {
                    let found = bytes.withUnsafeBufferPointer { ByteScan.firstIndex(of: UInt8(ascii: "\""), in: $0, from: start) }
                    let simple = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) ?? length
                    #expect(found == simple, "length \(length), quote at \(position), from \(start)")
                }
                bytes[position] = UInt8(ascii: "\\")
                #expect(bytes.withUnsafeBufferPointer { ByteScan.contains(UInt8(ascii: "\\"), in: $0) }, "length \(length), at \(position)")
            }
        }
        // UTF-8 bytes around an ASCII quote: 0xA2 ^ 0x22 is 0x80, not zero.
        let utf8 = Array("ü€\u{A2}\u{DC}xy\"z".utf8)
        #expect(utf8.withUnsafeBufferPointer { ByteScan.firstIndex(of: UInt8(ascii: "\""), in: $0, from: 0) } == utf8.firstIndex(of: UInt8(ascii: "\"")))
        #expect(!utf8.withUnsafeBufferPointer { ByteScan.contains(UInt8(ascii: "\\"), in: $0) })
    }

    @Test("a JSON escape is needed for a control, a quote or a backslash at any position, and for nothing else")
    func needsJSONEscape() {
        let others = (0x20...0xFF).map(UInt8.init).filter { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        for length in Self.lengths {
            let plain = (0..<length).map { others[$0 * 37 % others.count] }
            #expect(!plain.withUnsafeBufferPointer { ByteScan.needsJSONEscape($0) }, "length \(length): \(plain)")
            for position in 0..<length {
                for special in [0x00, 0x0A, 0x1F, UInt8(ascii: "\""), UInt8(ascii: "\\")] as [UInt8] {
                    var bytes = plain
                    bytes[position] = special
                    #expect(bytes.withUnsafeBufferPointer { ByteScan.needsJSONEscape($0) }, "length \(length), \(special) at \(position)")
                }
            }
        }
        let utf8 = Array("https://a.example/ü?q=€#\u{7F}".utf8)
        #expect(!utf8.withUnsafeBufferPointer { ByteScan.needsJSONEscape($0) })
    }

    @Test("runs are the same only when every byte is, at every position")
    func same() {
        for length in Self.lengths {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 7) }
            #expect(bytes.withUnsafeBufferPointer { a in bytes.withUnsafeBufferPointer { b in ByteScan.same(a, b) } })
            for position in 0..<length {
                var other = bytes
                other[position] ^= 0x01
                #expect(!bytes.withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in ByteScan.same(a, b) } })
            }
            let longer = bytes + [0]
            #expect(!bytes.withUnsafeBufferPointer { a in longer.withUnsafeBufferPointer { b in ByteScan.same(a, b) } })
        }
    }
}
