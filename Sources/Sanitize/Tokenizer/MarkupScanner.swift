/// The input's bytes and the scans the tokenizer makes over them, apart
/// from the tokenizer: a value of two words, so that the rewriter's fast lane
/// calls them without copying the tokenizer (four hundred bytes) each time.
struct MarkupScanner {
    let input: UnsafeBufferPointer<UInt8>

    /// The index of the first `<` at or after `start` that opens markup
    /// (the end of the text from `start`), or the end of the input.
    @inline(__always)
    func markupStart(from start: Int) -> Int {
        var index = ByteSearch.nearbyIndex(of: UInt8(ascii: "<"), in: input, from: start)
        while index < input.count, !startsMarkup(at: index) {
            index = ByteSearch.nearbyIndex(of: UInt8(ascii: "<"), in: input, from: index + 1)
        }
        return index
    }

    /// Whether the `<` at `index` opens a tag, comment, doctype or the like
    /// (otherwise it is text).
    @inline(__always)
    func startsMarkup(at index: Int) -> Bool {
        guard index + 1 < input.count else { return false }
        let next = input[index + 1]
        return next.isASCIIAlpha || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?")
    }

    /// The lower-cased name of the tag at `start` and the index after it.
    @inline(__always)
    func tagName(at start: Int, isEnd: Bool) -> (name: NameKey, end: Int) {
        scanName(at: start + (isEnd ? 2 : 1), until: .tagNameEnd)
    }

    /// The key and end of the name whose first byte is at `start` (part of
    /// the name whatever it is) and which runs to the first byte in `stops`
    /// after it: `scan(from: start + 1, until: stops)` and
    /// `name(from:to:)`, for a tag name (`.tagNameEnd`) or an attribute's
    /// (`.attributeNameEnd`).
    @inline(__always)
    func scanName(at start: Int, until stops: ByteSet) -> (name: NameKey, end: Int) {
        if let short = shortName(at: start, until: stops) {
            return (NameKey(packing: short.word, count: short.length), start &+ short.length)
        }
        return scanLongName(at: start, until: stops)
    }

    /// `scanName(at:until:)` byte by byte, for the names `shortName` does
    /// not read. Not inlined: with it, the optimizer kept `scanName` as a
    /// call (about 17 instructions a tag for the call alone).
    @inline(never)
    func scanLongName(at start: Int, until stops: ByteSet) -> (name: NameKey, end: Int) {
        let end = scan(from: start + 1, until: stops)
        return (name(from: start, to: end), end)
    }

    /// The end of the name at `start`, as `scanName(at:until:)` finds it.
    @inline(__always)
    func endOfName(at start: Int, until stops: ByteSet) -> Int {
        if let short = shortName(at: start, until: stops) { return start &+ short.length }
        return scan(from: start + 1, until: stops)
    }

    /// A name at `start` that ends within the eight bytes there (`td`,
    /// `span`, `class`: most tag and attribute names), found from one word
    /// and handed back with it: the bytes that may end a name (all the
    /// stop sets' bytes are below 0x40 and no digits) are flagged in the
    /// word together, and the first flagged is checked against `stops`.
    /// Stepping through the name a byte at a time and loading its bytes
    /// again to pack them cost the 1 MB page 1.16 M instructions more, 12
    /// a tag (27.38 M → 26.22 M, callgrind). Nil when the name is longer, the first flagged byte
    /// (`-` in `aria-label`) is none of `stops`, or fewer than eight bytes
    /// are left: the caller then scans byte by byte.
    @inline(__always)
    func shortName(at start: Int, until stops: ByteSet) -> (word: UInt64, length: Int)? {
        guard start &+ 8 <= input.count, input.baseAddress != nil else { return nil }
        return shortName(eightReadableAt: start, until: stops)
    }

    /// `shortName(at:until:)` where the caller knows that eight bytes from
    /// `start` lie in the input (the fast lane, which stops sixteen bytes
    /// before the end): read without asking.
    @inline(__always)
    func shortName(eightReadableAt start: Int, until stops: ByteSet) -> (word: UInt64, length: Int)? {
        assert(start >= 0 && start &+ 8 <= input.count, "fewer than eight bytes from start")
        let base = input.baseAddress.unsafelyUnwrapped
        let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        // The name's first byte is never its end: its lane is not looked at.
        let flagged = Self.punctuationBelow0x40(word) & ~0xFF
        guard flagged != 0 else { return nil }
        let length = flagged.trailingZeroBitCount &>> 3
        guard stops.contains(base[start &+ length]) else { return nil }
        return (word, length)
    }

    /// The high bit of each byte of `word` that is below 0x40 and no ASCII
    /// digit (whitespace, `/`, `=`, `>`, and other punctuation); no carry
    /// crosses from one byte to the next, as each sum stays below 0x100.
    @inline(__always)
    static func punctuationBelow0x40(_ word: UInt64) -> UInt64 {
        let ascii = word & 0x7F7F_7F7F_7F7F_7F7F
        let below40 = ~(ascii &+ 0x4040_4040_4040_4040) & ~word
        let atLeast30 = ascii &+ 0x5050_5050_5050_5050
        let below3A = ~(ascii &+ 0x4646_4646_4646_4646)
        return below40 & ~(atLeast30 & below3A) & 0x8080_8080_8080_8080
    }

    /// The index after the end tag's `name>` at `start` (after `</`) when
    /// its bytes are those of `key`, a name of up to seven bytes, as packed
    /// (lower case, as most pages write their end tags), followed by `>`;
    /// nil otherwise, when the caller reads the tag the full way
    /// (`scanName`, `skimTagEnd`). One load and compare of a word, for the
    /// end tag of the fast lane's current element (`</td>`), where
    /// scanning and packing its name cost about forty instructions (1 MB
    /// page 24.92 M → 24.21 M instructions, callgrind).
    @inline(__always)
    func endTag(named key: NameKey, at start: Int) -> Int? {
        guard start &+ 8 <= input.count, input.baseAddress != nil else { return nil }
        return endTag(named: key, eightReadableAt: start)
    }

    /// `endTag(named:at:)` where the caller knows that eight bytes from
    /// `start` lie in the input (the fast lane): read without asking.
    @inline(__always)
    func endTag(named key: NameKey, eightReadableAt start: Int) -> Int? {
        assert(start >= 0 && start &+ 8 <= input.count, "fewer than eight bytes from start")
        guard key.b == 0, key.c == 0 else { return nil }
        let base = input.baseAddress.unsafelyUnwrapped
        // The name's bytes are the key's up to its highest non-zero one
        // (a name never ends in the zero bytes a key is padded with: were
        // it to, its key would equal the shorter name's, for the full way too).
        let length = (64 &- key.a.leadingZeroBitCount &+ 7) &>> 3
        guard length > 0, length < 8 else { return nil }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        let withEnd = key.a | UInt64(UInt8(ascii: ">")) &<< UInt64(length &* 8)
        let kept = UInt64.max &>> UInt64(64 &- (length &+ 1) &* 8)
        return word & kept == withEnd ? start &+ length &+ 1 : nil
    }

    /// `skimTag`, with the commonest tag first: a `>` right after the name
    /// (`</td>`, `<tr>`) is read here, without the call (about 35
    /// instructions a tag).
    @inline(__always)
    func skimTagEnd(from nameEnd: Int, flagging flagged: AttributeNameFilter) -> Int? {
        if nameEnd < input.count, input[nameEnd] == UInt8(ascii: ">") { return nameEnd + 1 }
        return skimTag(from: nameEnd, flagging: flagged)
    }

    /// The index after the tag whose name ends at `nameEnd`, read as `tag`
    /// reads it but with nothing kept, for a tag the rewriter copies as
    /// written; nil when an attribute is of a kind `flagged` matches, or when
    /// the input ends inside the tag (`tag` then reads it in full).
    func skimTag(from nameEnd: Int, flagging flagged: AttributeNameFilter) -> Int? {
        // Read through the base pointer with wrapping index arithmetic (every
        // index stays below `count`), as `skipSpaces` and `scan` step too:
        // Swift's overflow checks on `+` and `-` cost a test and branch each.
        // With them gone here, in the name helpers and in
        // `ByteSearch.nearbyIndex`, the 1 MB page took 25.46 M → 25.06 M
        // instructions (callgrind).
        guard let bytes = input.baseAddress else { return nil }
        let count = input.count
        var index = nameEnd
        while true {
            index = skipSpaces(from: index)
            guard index < count else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return index &+ 1 }
            if byte == UInt8(ascii: "/") {
                if index &+ 1 < count, bytes[index &+ 1] == UInt8(ascii: ">") { return index &+ 2 }
                index &+= 1
                continue
            }
            // An attribute, as `attribute(at:)` reads it; its name is packed only if it may be flagged.
            let nameStart = index
            let attributeNameEnd = endOfName(at: index, until: .attributeNameEnd)
            if flagged.mayMatch(first: byte, count: attributeNameEnd &- nameStart), flagged.matches(name(from: nameStart, to: attributeNameEnd)) {
                return nil
            }
            // `name="value"`, the common spelling, is read without a skip
            // of spaces on either side of the `=`.
            guard attributeNameEnd < count else { return nil }
            var equals = attributeNameEnd
            if bytes[equals] != UInt8(ascii: "=") {
                equals = skipSpaces(from: equals)
                guard equals < count else { return nil }
                guard bytes[equals] == UInt8(ascii: "=") else {
                    index = attributeNameEnd
                    continue
                }
            }
            index = equals &+ 1
            guard index < count else { return nil }
            // A double-quoted value first, searched for its constant quote.
            if bytes[index] == UInt8(ascii: "\"") {
                let end = ByteSearch.nearbyIndex(of: UInt8(ascii: "\""), in: input, from: index &+ 1)
                guard end < count else { return nil }
                index = end &+ 1
                continue
            }
            index = skipSpaces(from: index)
            guard index < count else { return nil }
            let quote = bytes[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                let end = ByteSearch.nearbyIndex(of: quote, in: input, from: index &+ 1)
                guard end < count else { return nil }
                index = end &+ 1
            } else {
                index = scan(from: index, until: .unquotedValueEnd)
            }
        }
    }

    // MARK: Scanning

    /// The index of the first byte at or after `start` in `stops`, or the end.
    @inline(__always)
    func scan(from start: Int, until stops: ByteSet) -> Int {
        var index = start
        while index < input.count, !stops.contains(input[index]) { index &+= 1 }
        return index
    }

    /// The index of the first byte at or after `start` that is no HTML space, or the end.
    @inline(__always)
    func skipSpaces(from start: Int) -> Int {
        var index = start
        while index < input.count, ByteSet.spaces.contains(input[index]) { index &+= 1 }
        return index
    }

    /// The lower-cased key of the name written at `start..<end`.
    @inline(__always)
    func name(from start: Int, to end: Int) -> NameKey {
        NameKey(lowercasing: input.baseAddress! + start, count: end - start, readable: input.count - start)
    }
}
