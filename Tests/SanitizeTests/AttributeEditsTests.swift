import Testing
@testable import Sanitize

/// `AttributeEdits` keeps String values and iframe documents aside and names
/// them by their place (`texts`, `documents`): over a run of tags, each
/// reusing the edits after `reset`, every attribute's last planned change
/// must still lead to the value the test planned for it, as a plain
/// dictionary of the last value by attribute index says.
@Suite("Attribute edits")
struct AttributeEditsTests {
    /// A change as the test writes it down, and as it reads one back.
    enum Planned: Equatable {
        case drop
        case text(String, needsEscaping: Bool)
        case stored([UInt8], needsEscaping: Bool)
        case document([SanitizedDocument.Segment])
    }

    @Test("each attribute's last change leads to its planned value, tag after tag")
    func lastChangeLeadsToItsValue() {
        // Stored bytes live as long as the test: a policy's StoredValues stand-in.
        let storedBytes: [[UInt8]] = (0..<8).map { Array("/p/stored-\($0)".utf8) }
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: storedBytes.reduce(0) { $0 + $1.count })
        defer { storage.deallocate() }
        var stored: [UnsafeBufferPointer<UInt8>] = []
        var offset = 0
        for bytes in storedBytes {
            _ = UnsafeMutableBufferPointer(rebasing: storage[offset..<offset + bytes.count]).initialize(from: bytes)
            stored.append(UnsafeBufferPointer(rebasing: storage[offset..<offset + bytes.count]))
            offset += bytes.count
        }
        var edits = AttributeEdits()
        var generator = SystemRandomNumberGenerator()
        for tag in 0..<300 {
            edits.reset()
            #expect(edits.isEmpty && edits.texts.isEmpty && edits.documents.isEmpty, "tag \(tag) after reset")
            var expected: [Int: Planned] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let index = Int.random(in: 0..<4, using: &generator)
                let escaping = Bool.random(using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    edits.drop(index)
                    expected[index] = .drop
                case 1:
                    let text = "text \(tag) \(index) \(Int.random(in: 0..<1000, using: &generator))"
                    edits.replace(index, with: text, needsEscaping: escaping)
                    expected[index] = .text(text, needsEscaping: escaping)
                case 2:
                    let which = Int.random(in: 0..<stored.count, using: &generator)
                    edits.replace(index, withStored: stored[which], needsEscaping: escaping)
                    expected[index] = .stored(storedBytes[which], needsEscaping: escaping)
                default:
                    let segments: [SanitizedDocument.Segment] = [.bytes(Array("doc \(tag)".utf8)), .nonce, .bytes([UInt8(index)])]
                    edits.replace(index, withDocument: segments)
                    expected[index] = .document(segments)
                }
            }
            edits.drop(nil)  // no attribute: no change
            for index in 0..<4 {
                #expect(read(edits.change(for: index), in: edits) == expected[index], "tag \(tag) attribute \(index)")
            }
            #expect(edits.isEmpty == expected.isEmpty, "tag \(tag)")
        }
    }

    /// The change as the writer reads it: its value looked up where the edits keep it.
    private func read(_ edit: AttributeEdits.Edit?, in edits: AttributeEdits) -> Planned? {
        switch edit {
        case nil: return nil
        case .drop: return .drop
        case .replaceText(let slot, let needsEscaping): return .text(edits.texts[slot], needsEscaping: needsEscaping)
        case .replaceStored(let bytes, let needsEscaping): return .stored(Array(bytes), needsEscaping: needsEscaping)
        case .document(let slot): return .document(edits.documents[slot])
        }
    }
}
