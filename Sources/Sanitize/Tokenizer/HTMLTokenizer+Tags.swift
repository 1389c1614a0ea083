/// Tags and their attributes (HTML standard §13.2.5.6–13.2.5.42, the tag
/// and attribute states), read without copying.
extension HTMLTokenizer {
    /// A start or end tag with its attributes (an end tag's are read and
    /// dropped, as browsers do). A tag cut off by the end of the input is
    /// `.truncated`: browsers drop it.
    mutating func tag(at start: Int, isEnd: Bool) -> Token {
        clearAttributes()
        let nameStart = start + (isEnd ? 2 : 1)
        var index = scan(from: nameStart, until: .tagNameEnd)
        var token = Token(
            kind: isEnd ? .endTag : .startTag, range: start..<start, name: name(from: nameStart, to: index), nameEnd: index)
        while true {
            index = skipSpaces(from: index)
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
            guard let attribute = attribute(at: &index) else { break }
            if !isEnd { appendAttribute(attribute) }
        }
        position = input.count
        return Token(kind: .truncated, range: start..<input.count)
    }

    /// One attribute from its name's first byte; nil at the end of the input.
    func attribute(at index: inout Int) -> RawAttribute? {
        let nameStart = index
        // The first byte may be "=" (a parse error, but part of the name).
        let nameEnd = scan(from: index + 1, until: .attributeNameEnd)
        let name = name(from: nameStart, to: nameEnd)
        let kind = attributeKinds[name] ?? .other
        let after = skipSpaces(from: nameEnd)
        guard after < input.count else { return nil }
        guard input[after] == UInt8(ascii: "=") else {
            index = nameEnd
            return RawAttribute(name: name, kind: kind, nameRange: nameStart..<nameEnd, valueRange: nil, range: nameStart..<nameEnd)
        }
        index = skipSpaces(from: after + 1)
        guard index < input.count else { return nil }
        let quote = input[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            // Quoted values run to the next quote whatever lies between: one memchr.
            let end = ByteSearch.index(of: quote, in: input, from: index + 1)
            guard end < input.count else { return nil }
            let value = index + 1..<end
            index = end + 1
            return RawAttribute(name: name, kind: kind, nameRange: nameStart..<nameEnd, valueRange: value, range: nameStart..<index)
        }
        let valueStart = index
        index = scan(from: index, until: .unquotedValueEnd)
        return RawAttribute(name: name, kind: kind, nameRange: nameStart..<nameEnd, valueRange: valueStart..<index, range: nameStart..<index)
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
        NameKey(lowercasing: input.baseAddress! + start, count: end - start)
    }
}
