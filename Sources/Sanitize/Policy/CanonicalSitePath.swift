/// A link to a page of the site written the way the browser would write it
/// after parsing (`/search?q=Haus`, relative to a base on the site itself):
/// the proxy serves the site's pages at the same paths, so such a link is
/// kept as written without parsing it as a URL (issue 20: most links on a
/// result page are these, and the URL parser's copies were most of the
/// sanitizer's allocations). A link with non-ASCII bytes gets them
/// percent-encoded as the parser would; anything else the parser would
/// change (dot segments, other bytes it percent-encodes or drops, `\`, a
/// fragment, the proxy's own `/_limot` paths) goes the full way. A test
/// compares both ways on generated links.
enum CanonicalSitePath {
    /// Whether `raw` (an attribute's bytes, character references not yet
    /// decoded) is a path-absolute link that parses to itself.
    static func isCanonical(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        shape(of: raw, referencesDecoded: false) == .canonical
    }

    /// The path the parser would make of `written` (a path-absolute link,
    /// character references decoded): `written` itself, or with its
    /// non-ASCII bytes percent-encoded; nil when it must go the full way.
    static func path(of written: String) -> String? {
        var written = written
        return written.withUTF8 { bytes -> String? in
            switch shape(of: bytes, referencesDecoded: true) {
            case .none, .canonicalWrittenWithAmp: return nil  // (the second only as written, references not decoded)
            case .canonical: return String(decoding: bytes, as: UTF8.self)
            case .encodesNonASCII: return percentEncodingNonASCII(bytes)
            }
        }
    }

    /// `bytes` with their non-ASCII bytes percent-encoded, as the parser
    /// writes a path of shape `encodesNonASCII`. The bytes are counted
    /// first and written straight into a String of that size: through a
    /// byte array, the array's allocation and the String's validation of
    /// what it was given cost about 400 instructions a link more (fixture
    /// pages, callgrind). Each byte is written from `nonASCIIEscapes` (see
    /// `ByteEscapes`), without a test and the hexadecimal digits worked
    /// out for each.
    static func percentEncodingNonASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var nonASCII = 0
        for byte in bytes where byte >= 0x80 { nonASCII += 1 }
        return nonASCIIEscapes.withUnsafeBufferPointer { escapes in
            String(unsafeUninitializedCapacity: bytes.count + 2 * nonASCII + ByteEscapes.spareBytes) { out in
                ByteEscapes.write(bytes, escapes: escapes, to: UnsafeMutableRawPointer(out.baseAddress.unsafelyUnwrapped))
            }
        }
    }

    /// How `percentEncodingNonASCII` writes each byte (see `ByteEscapes`):
    /// ASCII as it is, every other `%XY`.
    static let nonASCIIEscapes: [UInt32] = (0...255).map { (value: Int) -> UInt32 in
        value < 0x80 ? ByteEscapes.keeping(UInt8(value)) : ByteEscapes.escaping(UInt8(value))
    }

    enum Shape {
        case canonical, encodesNonASCII
        /// As written (references not decoded), ASCII with `&amp;` for
        /// each `&`: once decoded, a canonical path the writer writes back
        /// as these bytes (`/search?q=Haus&amp;page=2`, a result page's
        /// "next" link, each distinct on a long page).
        case canonicalWrittenWithAmp
    }

    /// What the parser would do to `bytes`: keep them, percent-encode their
    /// non-ASCII bytes (valid UTF-8, as the sanitizer's input is), or more
    /// (nil).
    static func shape(of bytes: UnsafeBufferPointer<UInt8>, referencesDecoded: Bool) -> Shape? {
        guard bytes.count >= 1, bytes[0] == UInt8(ascii: "/") else { return nil }
        if bytes.count >= 2, bytes[1] == UInt8(ascii: "/") { return nil }  // "//host": another origin
        if bytes.count >= 2, bytes[1] == UInt8(ascii: "_"), bytes.starts(with: namespace) { return nil }
        // Read through the base pointer with wrapping index arithmetic (every
        // index read is below `count`; the one before a "." is at least 0, as
        // bytes[0] is "/"), without a bounds and an overflow check a byte
        // (1 MB page: shape 1.17 M -> 1.11 M instructions, callgrind).
        let base = bytes.baseAddress.unsafelyUnwrapped
        let count = bytes.count
        return plainBytes.withUnsafeBufferPointer { plainBytes -> Shape? in
            let plain = plainBytes.baseAddress.unsafelyUnwrapped
            var shape = Shape.canonical
            var inQuery = false
            var writtenWithAmp = false
            var index = 0
            while index < count {
                let byte = base[index]
                // Most bytes are kept wherever they stand: one load and test each.
                if plain[Int(byte)] != 0 {
                    index &+= 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "."):
                    // A segment that starts with "." may be a dot segment (bytes[0] is "/").
                    if !inQuery, base[index &- 1] == UInt8(ascii: "/") { return nil }
                case UInt8(ascii: "%"):
                    // "%2e" is a dot in a dot segment; other escapes stay as written.
                    if !inQuery, index &+ 2 < count, base[index &+ 1] == UInt8(ascii: "2"), base[index &+ 2] | 0x20 == UInt8(ascii: "e") {
                        return nil
                    }
                case UInt8(ascii: "?"):
                    inQuery = true
                case UInt8(ascii: "&") where referencesDecoded:
                    break
                case UInt8(ascii: "&") where CharacterReferences.isAmp(bytes, at: index):
                    // `&amp;` decodes to `&`, which the decoded path keeps; read as that `&`.
                    writtenWithAmp = true
                    index &+= 4
                case 0x80...:
                    shape = .encodesNonASCII
                default:
                    return nil  // "&" (a reference), "#", "\", quotes, spaces, controls…
                }
                index &+= 1
            }
            guard writtenWithAmp else { return shape }
            // Percent-encoding would be of the decoded bytes: that goes the full way.
            return shape == .canonical ? .canonicalWrittenWithAmp : nil
        }
    }


    private static let namespace = Array("/_limot".utf8)

    /// Whether a path keeps `byte` as written wherever it stands: ASCII
    /// letters, digits and `-_~!$()*+,;=:@/`.
    static func isPlain(_ byte: UInt8) -> Bool {
        plainBytes[Int(byte)] != 0
    }

    /// 1 for each byte a path keeps wherever it stands (see `isPlain`), by
    /// the byte's value: one load and compare a byte of a link, where two
    /// words of bits (a select, a range check and a bit test) took the
    /// 1 MB page's links about thirteen instructions a byte with the loop
    /// (shape 1.11 M -> 0.76 M instructions, callgrind). Written out as
    /// literals, the array is laid out by the compiler, with no lazy
    /// initialisation to check on each use.
    private static let plainBytes: [UInt8] = [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // 0x00
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // 0x10
        0, 1, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 1,  // 0x20
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 0,  // 0x30
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,  // 0x40
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1,  // 0x50
        0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,  // 0x60
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 0,  // 0x70
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // 0x80
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // 0x90
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // 0xA0
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // 0xB0
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // 0xC0
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // 0xD0
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // 0xE0
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // 0xF0
    ]
}
