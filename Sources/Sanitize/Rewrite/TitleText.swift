/// A page's title as history listings show it: whitespace runs made one
/// space, none at either end, at most 300 characters. Defined by the
/// characters (grapheme clusters) of the text, as `characterwise` says;
/// `collapsed` gets the same String by a walk over its bytes, where the
/// cluster breaks (about 40,000 instructions for a 60-byte title, every
/// page) cost more than the rest of the page's head.
enum TitleText {
    static let maximumCharacters = 300

    /// The title made of `text` (character references decoded).
    static func collapsed(_ text: String) -> String {
        collapsedByScalars(text) ?? characterwise(text)
    }

    /// The definition: split at characters that are whitespace (a
    /// character is, when its first scalar is), joined by one space, cut
    /// after `maximumCharacters` characters.
    static func characterwise(_ text: String) -> String {
        String(text.split(whereSeparator: \.isWhitespace).joined(separator: " ").prefix(maximumCharacters))
    }

    /// The same split made at whitespace scalars, where it gives the same
    /// String: when each whitespace scalar is a cluster of its own, apart
    /// from its neighbours (a combining mark after a space joins it, and the
    /// cluster is whitespace; a prepended mark before one takes it in, and
    /// the cluster is not), and when the result is short enough that no
    /// character is cut. Nil otherwise.
    static func collapsedByScalars(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var spacePending = false
            // A word (run of non-whitespace scalars) is appended with one copy
            // when it ends, not scalar by scalar: 432 appends of a few bytes
            // cost about 20,000 instructions on the fixture pages' titles.
            var wordStart = 0
            func appendWord(upTo end: Int) {
                guard end > wordStart else { return }
                if spacePending { out.append(UInt8(ascii: " ")) }
                spacePending = false
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[wordStart..<end]))
            }
            var previous: Unicode.Scalar?
            var index = 0
            while index < bytes.count {
                let (scalar, length) = Self.scalar(in: bytes, at: index)
                if isWhitespace(scalar) {
                    // Only a non-ASCII neighbour can share a cluster with a whitespace scalar.
                    if let previous, previous.value >= 0x80, !isWhitespace(previous), !breaks(previous, scalar) { return nil }
                    if index + length < bytes.count {
                        let next = Self.scalar(in: bytes, at: index + length).scalar
                        if next.value >= 0x80, !isWhitespace(next), !breaks(scalar, next) { return nil }
                    }
                    appendWord(upTo: index)
                    spacePending = !out.isEmpty
                    wordStart = index + length
                }
                previous = scalar
                index += length
            }
            appendWord(upTo: bytes.count)
            // No more characters than bytes: a longer result may need cutting.
            guard out.count <= maximumCharacters else { return nil }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Whether a cluster boundary lies between `first` and `second` (one of
    /// them whitespace): the rules that could join them look at these two
    /// scalars only.
    static func breaks(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        var pair = String(first)
        pair.unicodeScalars.append(second)
        return pair.count == 2
    }

    /// Unicode's White_Space property, as `Unicode.Scalar.Properties.isWhitespace`
    /// (a test compares every scalar), without the property table for ASCII.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// The scalar whose UTF-8 starts at `index` of valid UTF-8, and its length.
    @inline(__always)
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = lead & (0x7F >> UInt32(length))
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (Unicode.Scalar(value)!, length)
    }
}
