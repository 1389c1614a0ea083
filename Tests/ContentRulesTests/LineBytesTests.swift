import Testing
@testable import ContentRules

/// `rules match` writes its lines into `LineBytes`, memory of its own that
/// grows as pieces come: whatever the pieces and wherever the room runs
/// out, the bytes written must be the pieces one after the other (a byte
/// lost or left over at a growth would corrupt a line).
@Suite("rules match line bytes")
struct LineBytesTests {
    @Test("pieces of every length, single bytes, four pieces at once and numbers are written in order across every growth, and removeAll starts over")
    func piecesInOrder() {
        for capacity in [0, 1, 16, 17, 64] {
            var line = LineBytes(capacity: capacity)
            var expected: [UInt8] = []
            for length in 0...40 {
                let piece = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ length) }
                piece.withUnsafeBufferPointer { line.append($0) }
                expected += piece
                line.append(UInt8(length))
                expected.append(UInt8(length))
                let (first, second, third, fourth) = (Array(piece.prefix(3)), Array(piece.dropFirst(3)), [UInt8(ascii: "\"")], piece.reversed() as [UInt8])
                first.withUnsafeBufferPointer { a in
                    second.withUnsafeBufferPointer { b in
                        third.withUnsafeBufferPointer { c in fourth.withUnsafeBufferPointer { d in line.append(a, b, c, d) } }
                    }
                }
                expected += first + second + third + fourth
                line.appendDecimal(length - 20)
                expected += Array(String(length - 20).utf8)
                line.append(#","rules":"#)
                expected += Array(#","rules":"#.utf8)
                #expect(line.count == expected.count, "capacity \(capacity), length \(length)")
                #expect(line.withBytes { Array($0) } == expected, "capacity \(capacity), length \(length)")
            }
            line.removeAll()
            #expect(line.count == 0)
            line.append(7)
            #expect(line.withBytes { Array($0) } == [7])
        }
    }
}
