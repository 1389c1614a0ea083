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
        let nameStart = start + (isEnd ? 2 : 1)
        let end = scan(from: nameStart, until: .tagNameEnd)
        return (name(from: nameStart, to: end), end)
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
        var index = nameEnd
        while true {
            index = skipSpaces(from: index)
            guard index < input.count else { return nil }
            let byte = input[index]
            if byte == UInt8(ascii: ">") { return index + 1 }
            if byte == UInt8(ascii: "/") {
                if index + 1 < input.count, input[index + 1] == UInt8(ascii: ">") { return index + 2 }
                index += 1
                continue
            }
            // An attribute, as `attribute(at:)` reads it; its name is packed only if it may be flagged.
            let nameStart = index
            let attributeNameEnd = scan(from: index + 1, until: .attributeNameEnd)
            if flagged.mayMatch(first: byte, count: attributeNameEnd - nameStart), flagged.matches(name(from: nameStart, to: attributeNameEnd)) {
                return nil
            }
            let after = skipSpaces(from: attributeNameEnd)
            guard after < input.count else { return nil }
            guard input[after] == UInt8(ascii: "=") else {
                index = attributeNameEnd
                continue
            }
            index = skipSpaces(from: after + 1)
            guard index < input.count else { return nil }
            let quote = input[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                let end = ByteSearch.nearbyIndex(of: quote, in: input, from: index + 1)
                guard end < input.count else { return nil }
                index = end + 1
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
        while index < input.count, !stops.contains(input[index]) { index += 1 }
        return index
    }

    /// The index of the first byte at or after `start` that is no HTML space, or the end.
    @inline(__always)
    func skipSpaces(from start: Int) -> Int {
        var index = start
        while index < input.count, ByteSet.spaces.contains(input[index]) { index += 1 }
        return index
    }

    /// The lower-cased key of the name written at `start..<end`.
    @inline(__always)
    func name(from start: Int, to end: Int) -> NameKey {
        NameKey(lowercasing: input.baseAddress! + start, count: end - start, readable: input.count - start)
    }
}
