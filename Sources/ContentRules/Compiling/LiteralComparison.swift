/// Whether `length` bytes of `url` at `start` are the bytes of `expected`
/// at `expectedStart`, the URL's ASCII letters lower-cased first unless
/// `caseSensitive` (expected bytes are stored lower-case for that).
///
/// Every index confirms its candidates with this (a host, a literal run, a
/// domain name) before anything else, a dozen times per decision, so it
/// compares eight bytes at a time and folds case without a branch per byte.
@inline(__always)
func literalStands(_ expected: UnsafeBufferPointer<UInt8>, from expectedStart: Int, length: Int, caseSensitive: Bool = false,
                   in url: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool
{
    guard start >= 0, start + length <= url.count else { return false }
    if length == 0 { return true }
    let urlBytes = UnsafeRawPointer(url.baseAddress!)
    let expectedBytes = UnsafeRawPointer(expected.baseAddress!)
    var offset = 0
    while offset + 8 <= length {
        let actual = ASCIIChunk.load(urlBytes, start + offset)
        if ASCIIChunk.lowercased(actual, unless: caseSensitive) != ASCIIChunk.load(expectedBytes, expectedStart + offset) { return false }
        offset += 8
    }
    let rest = length - offset
    if rest == 0 { return true }
    if start + length >= 8 && expectedStart + length >= 8 {
        // The last eight bytes of both, of which only the last `rest` count
        // (the earlier ones were compared above or lie before the literal).
        let shift = UInt64(8 - rest) * 8
        let actual = ASCIIChunk.load(urlBytes, start + length - 8) >> shift
        return ASCIIChunk.lowercased(actual, unless: caseSensitive) == ASCIIChunk.load(expectedBytes, expectedStart + length - 8) >> shift
    }
    for index in offset..<length {
        var byte = url[start + index]
        if !caseSensitive, byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
        if byte != expected[expectedStart + index] { return false }
    }
    return true
}

/// Eight bytes as one number, first byte lowest.
enum ASCIIChunk {
    @inline(__always)
    static func load(_ bytes: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Each byte `A`–`Z` turned into `a`–`z`, the others unchanged. The low
    /// seven bits of each byte plus a constant set its top bit exactly when
    /// it is at least `A` (or beyond `Z`); no sum carries into the next byte.
    @inline(__always)
    static func lowercased(_ chunk: UInt64) -> UInt64 {
        let low7 = chunk & 0x7F7F_7F7F_7F7F_7F7F
        let atLeastA = low7 &+ 0x3F3F_3F3F_3F3F_3F3F  // 0x80 - 0x41
        let beyondZ = low7 &+ 0x2525_2525_2525_2525  // 0x80 - 0x5B
        let isUpper = atLeastA & ~beyondZ & ~chunk & 0x8080_8080_8080_8080
        return chunk | isUpper >> 2
    }

    @inline(__always)
    static func lowercased(_ chunk: UInt64, unless caseSensitive: Bool) -> UInt64 {
        caseSensitive ? chunk : lowercased(chunk)
    }
}
