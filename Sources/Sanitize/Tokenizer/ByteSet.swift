/// A set of bytes below 0x40 as one 64-bit mask: the tokenizer's stop sets
/// (spaces, `/`, `=`, `>`) are all there, so a byte is tested with one
/// comparison, one shift and one `and`, and letters fail the first test.
struct ByteSet {
    let mask: UInt64

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        byte < 64 && (mask >> UInt64(byte)) & 1 != 0
    }

    // Computed, not `static let`: a constant the optimizer folds costs no
    // `swift_once` per access.

    /// HTML's ASCII whitespace (as `UInt8.isHTMLSpace`).
    static var spaces: ByteSet { ByteSet(mask: 1 << 0x09 | 1 << 0x0A | 1 << 0x0C | 1 << 0x0D | 1 << 0x20) }
    /// What ends a tag name: whitespace, `/`, `>`.
    static var tagNameEnd: ByteSet { ByteSet(mask: spaces.mask | 1 << 0x2F | 1 << 0x3E) }
    /// What ends an attribute name after its first byte: whitespace, `/`, `=`, `>`.
    static var attributeNameEnd: ByteSet { ByteSet(mask: tagNameEnd.mask | 1 << 0x3D) }
    /// What ends an unquoted attribute value: whitespace, `>`.
    static var unquotedValueEnd: ByteSet { ByteSet(mask: spaces.mask | 1 << 0x3E) }
}
