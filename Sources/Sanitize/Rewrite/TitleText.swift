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
        var text = text
        return text.withUTF8 { collapsedByScalars($0) } ?? characterwise(text)
    }

    /// The title made of a `<title>`'s raw text, valid UTF-8 with its
    /// character references not yet decoded. Without a `&`, the common
    /// title, its bytes are collapsed where they are: the String that
    /// decoding made, and the `[UInt8]` collapsing wrote before making the
    /// result a String, were two allocations and copies a page.
    static func collapsed(raw: UnsafeBufferPointer<UInt8>) -> String {
        guard ByteSearch.index(of: UInt8(ascii: "&"), in: raw, from: 0) == raw.count else {
            return collapsed(CharacterReferences.decodeText(raw))
        }
        return collapsedByScalars(raw) ?? characterwise(String(decoding: raw, as: UTF8.self))
    }

    /// The definition: split at characters that are whitespace (a
    /// character is, when its first scalar is), joined by one space, cut
    /// after `maximumCharacters` characters.
    static func characterwise(_ text: String) -> String {
        String(text.split(whereSeparator: \.isWhitespace).joined(separator: " ").prefix(maximumCharacters))
    }

    /// The same split made at whitespace scalars of `bytes` (valid UTF-8),
    /// where it gives the same String: when each whitespace scalar is a
    /// cluster of its own, apart from its neighbours (a combining mark
    /// after a space joins it, and the cluster is whitespace; a prepended
    /// mark before one takes it in, and the cluster is not), and when the
    /// result is short enough that no character is cut. Nil otherwise.
    ///
    /// Written straight into the result's storage: it is never longer than
    /// `bytes`. Only the lead bytes of whitespace scalars (ASCII, 0xC2 for
    /// U+0085 and U+00A0, 0xE1 to 0xE3 for the others) are decoded; a
    /// Persian letter's two bytes are passed over by their lead.
    static func collapsedByScalars(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var joinsNeighbour = false
        let text = String(unsafeUninitializedCapacity: bytes.count) { out -> Int in
            var count = 0
            var spacePending = false
            // A word (run of non-whitespace scalars) is appended with one copy
            // when it ends, not scalar by scalar: 432 appends of a few bytes
            // cost about 20,000 instructions on the fixture pages' titles.
            var wordStart = 0
            func appendWord(upTo end: Int) {
                guard end > wordStart else { return }
                if spacePending {
                    out[count] = UInt8(ascii: " ")
                    count += 1
                }
                spacePending = false
                let length = end - wordStart
                UnsafeMutableRawPointer(out.baseAddress! + count).copyMemory(from: bytes.baseAddress! + wordStart, byteCount: length)
                count += length
            }
            var index = 0
            while true {
                // Only the lead bytes a whitespace scalar may have are looked
                // at: the bytes between are passed over eight at a time.
                index = Self.nextPossibleWhitespace(in: bytes, from: index)
                guard index < bytes.count else { break }
                let lead = bytes[index]
                let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                var space: Unicode.Scalar?
                if lead < 0x80 {
                    if Self.isASCIIWhitespace(lead) { space = Unicode.Scalar(lead) }
                } else if lead == 0xC2 || (0xE1...0xE3).contains(lead) {
                    let scalar = Self.scalar(in: bytes, at: index).scalar
                    if isWhitespace(scalar) { space = scalar }
                }
                if let space {
                    // The scalar before: its lead, found back over continuation bytes.
                    var previousStart = index - 1
                    while previousStart > 0, bytes[previousStart] & 0xC0 == 0x80 { previousStart -= 1 }
                    // Only a non-ASCII neighbour can share a cluster with a whitespace scalar.
                    if previousStart >= 0, bytes[previousStart] >= 0x80 {
                        let previous = Self.scalar(in: bytes, at: previousStart).scalar
                        if !isWhitespace(previous), !breaks(previous, space) { joinsNeighbour = true; return 0 }
                    }
                    if index + length < bytes.count, bytes[index + length] >= 0x80 {
                        let next = Self.scalar(in: bytes, at: index + length).scalar
                        if !isWhitespace(next), !breaks(space, next) { joinsNeighbour = true; return 0 }
                    }
                    appendWord(upTo: index)
                    spacePending = count > 0
                    wordStart = index + length
                }
                index += length
            }
            appendWord(upTo: bytes.count)
            return count
        }
        // No more characters than bytes: a longer result may need cutting.
        guard !joinsNeighbour, text.utf8.count <= maximumCharacters else { return nil }
        return text
    }

    /// The index of the first byte at or after `index` (a scalar's start)
    /// that may start a whitespace scalar, or the end: a byte up to the
    /// space (the ASCII ones and control bytes), or a lead 0xC2 or 0xE0 to
    /// 0xE3. No continuation byte is one of them, so the index found is a
    /// scalar's start. Eight bytes are tested at a time with the
    /// zero-byte test on each kind (the first flagged byte is exact, the
    /// borrows flag only bytes after it): a title's letters, Persian's two
    /// bytes each, cost about twelve instructions a byte when each was
    /// decoded and tested (fixture pages' titles, callgrind).
    @inline(__always)
    static func nextPossibleWhitespace(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            while bytes.count &- index >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let leadsE0ToE3 = (word & (0xFC &* ones)) ^ (0xE0 &* ones)
                let leadsC2 = word ^ (0xC2 &* ones)
                let flagged = ((word &- 0x21 &* ones) & ~word | (leadsE0ToE3 &- ones) & ~leadsE0ToE3 | (leadsC2 &- ones) & ~leadsC2) & (0x80 &* ones)
                if flagged != 0 { return index &+ flagged.trailingZeroBitCount &>> 3 }
                index &+= 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte <= 0x20 || byte == 0xC2 || byte & 0xFC == 0xE0 { return index }
            index += 1
        }
        return index
    }

    /// Tab, line feed, line tabulation, form feed, carriage return, space.
    @inline(__always)
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Whether a cluster boundary lies between `first` and `second` (one of
    /// them whitespace): the rules that could join them look at these two
    /// scalars only.
    /// A scalar that `keepsApartFromWhitespace` knows of answers at once;
    /// any other is asked of a String of the two (about 230 instructions,
    /// each space beside a Persian word of a title).
    static func breaks(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        if keepsApartFromWhitespace(isWhitespace(first) ? second : first) { return true }
        var pair = String(first)
        pair.unicodeScalars.append(second)
        return pair.count == 2
    }

    /// Whether `scalar` is one of the common scalars of titles that never
    /// share a cluster with a whitespace scalar on either side: none of them
    /// is Extend, ZWJ or SpacingMark (joined to what comes before) or Prepend
    /// (joined to what follows) in Unicode's Grapheme_Cluster_Break, the
    /// only rules that join a whitespace scalar to a neighbour. Latin,
    /// Greek, Cyrillic, Hebrew and Arabic-script letters, digits and
    /// punctuation, general punctuation, CJK and Hangul syllables; combining
    /// marks and Arabic's prepended number signs (U+0600–U+0605, U+06DD)
    /// are left out. A test compares each scalar claimed here, beside every
    /// whitespace scalar, with the clusters a String finds.
    @inline(__always)
    static func keepsApartFromWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80..<0x300, 0x370..<0x483, 0x5D0...0x5EA, 0x606...0x60F, 0x61B...0x64A, 0x660...0x66F, 0x671...0x6D5, 0x6E5...0x6E6,
             0x6EE...0x6FF, 0x2010...0x2027, 0x2030...0x205E, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
            return true
        default:
            return false
        }
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
