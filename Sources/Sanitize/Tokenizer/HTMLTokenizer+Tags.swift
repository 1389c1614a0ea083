/// Tags and their attributes (HTML standard §13.2.5.6–13.2.5.42, the tag
/// and attribute states), read without copying.
extension HTMLTokenizer {
    /// A start or end tag with its attributes (an end tag's are read and
    /// dropped, as browsers do). A tag cut off by the end of the input is
    /// `.truncated`: browsers drop it.
    mutating func tag(at start: Int, isEnd: Bool) -> Token {
        let (name, nameEnd) = scanner.tagName(at: start, isEnd: isEnd)
        return tag(at: start, isEnd: isEnd, name: name, nameEnd: nameEnd)
    }

    /// The tag at `start` whose name (read by `tagName`) ends at `nameEnd`.
    mutating func tag(at start: Int, isEnd: Bool, name: NameKey, nameEnd: Int) -> Token {
        clearAttributes()
        // Held here: `attribute` as a method had the whole tokenizer (over
        // 400 bytes) copied for each attribute.
        let scanner = scanner
        var index = nameEnd
        var token = Token(kind: isEnd ? .endTag : .startTag, range: start..<start, name: name, nameEnd: nameEnd)
        while true {
            index = scanner.skipSpaces(from: index)
            guard index < input.count else { break }
            let byte = input[index]
            if byte == UInt8(ascii: ">") {
                position = index + 1
                token.range = start..<position
                return token
            }
            if byte == UInt8(ascii: "/") {
                if index + 1 < input.count, input[index + 1] == UInt8(ascii: ">") {
                    token.selfClosing = true
                    position = index + 2
                    token.range = start..<position
                    return token
                }
                index += 1
                continue
            }
            guard let attribute = Self.attribute(at: &index, in: scanner, names: attributeNames) else { break }
            if !isEnd { appendAttribute(attribute) }
        }
        position = input.count
        return Token(kind: .truncated, range: start..<input.count)
    }

    /// One attribute from its name's first byte, its kind looked up in
    /// `names` (the tokenizer's `attributeNames`); nil at the end of the input.
    /// Inlined into `tag`, with `appendAttribute`: as calls, each attribute
    /// paid two prologues and went to its store through a copy in memory
    /// (1 MB page 23.56 M -> 23.05 M instructions, callgrind).
    @inline(__always)
    static func attribute(at index: inout Int, in scanner: MarkupScanner, names: borrowing NameTable<AttributeKind>) -> RawAttribute? {
        let input = scanner.input
        let nameStart = index
        // The first byte may be "=" (a parse error, but part of the name).
        // The table is the tokenizer's own, borrowed: read as the static
        // `AttributeKind.table` it cost a `swift_once` call an attribute
        // (a local copy of it, held for each tag, two retains and two
        // releases a tag, more: 1 MB page 361,000 instructions).
        // A name of up to eight bytes (most) is looked up by its one word,
        // as the fast lane looks up a tag's name.
        let nameEnd: Int, kind: AttributeKind
        if let short = scanner.shortName(at: nameStart, until: .attributeNameEnd) {
            nameEnd = nameStart &+ short.length
            kind = names.value(oneWord: foldedKey(short.word, length: short.length)) ?? .other
        } else {
            let name: NameKey
            (name, nameEnd) = scanner.scanLongName(at: nameStart, until: .attributeNameEnd)
            kind = names[name] ?? .other
        }
        // `name="value"`, the common spelling, is read without a skip of
        // spaces on either side of the `=`, as `MarkupScanner.skimTag` reads it.
        // Every index here lies in the input and none comes before the one
        // it is found from: the ranges are made without the test of their
        // bounds' order, and the index steps wrap (they never overflow).
        // With Swift's checks, two overflow tests and three of order each
        // attribute: with the same in `ByteSearch.index`, fixture pages
        // 1,633,880 -> 1,629,076 instructions, 100 KB page 1,929,634 ->
        // 1,921,921 (callgrind).
        guard nameEnd < input.count else { return nil }
        var equals = nameEnd
        if input[equals] != UInt8(ascii: "=") {
            equals = scanner.skipSpaces(from: equals)
            guard equals < input.count else { return nil }
            guard input[equals] == UInt8(ascii: "=") else {
                index = nameEnd
                return RawAttribute(kind: kind, nameStart: nameStart, nameEnd: nameEnd, valueStart: -1, valueEnd: -1, end: nameEnd)
            }
        }
        index = equals &+ 1
        guard index < input.count else { return nil }
        var quote = input[index]
        if quote != UInt8(ascii: "\""), ByteSet.spaces.contains(quote) {
            index = scanner.skipSpaces(from: index)
            guard index < input.count else { return nil }
            quote = input[index]
        }
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            // Quoted values run to the next quote whatever lies between: one memchr.
            let end = ByteSearch.index(of: quote, in: input, from: index &+ 1)
            guard end < input.count else { return nil }
            let valueStart = index &+ 1
            index = end &+ 1
            return RawAttribute(kind: kind, nameStart: nameStart, nameEnd: nameEnd, valueStart: valueStart, valueEnd: end, end: index)
        }
        let valueStart = index
        index = scanner.scan(from: index, until: .unquotedValueEnd)
        return RawAttribute(kind: kind, nameStart: nameStart, nameEnd: nameEnd, valueStart: valueStart, valueEnd: index, end: index)
    }

    /// The key a name of `length` bytes (1 to 7) packed in `word` is looked
    /// up by in `attributeNames`: its bytes with bit 0x20 set, where
    /// `NameKey(packing:count:)` lower-cases `A`–`Z` alone (about fifteen
    /// instructions an attribute: `tag` 127,920 -> 121,009 instructions on
    /// the fixture pages, callgrind).
    /// The two find the same kind: every name of up to seven bytes in the
    /// table is lower-case letters only (`AttributeKindLookupTests` checks it),
    /// and the bytes that set bit 0x20 makes such a letter are that letter
    /// and its upper case, exactly those lower-casing makes it. Any other
    /// byte folds to no letter, so neither key is in the table. (The
    /// longer names, `http-equiv`, `xlink:href`, are lower-cased as before.)
    @inline(__always)
    static func foldedKey(_ word: UInt64, length: Int) -> NameKey {
        var key = NameKey(packing: 0, count: 0)
        key.a = (word | 0x2020_2020_2020_2020) & ((1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1)
        return key
    }
}
