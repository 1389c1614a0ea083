/// Tags and their attributes (HTML standard §13.2.5.6–13.2.5.42, the tag
/// and attribute states), read without copying.
extension HTMLTokenizer {
    /// A start or end tag with its attributes (an end tag's are read and
    /// dropped, as browsers do). A tag cut off by the end of the input is
    /// `.truncated`: browsers drop it.
    mutating func tag(at start: Int, isEnd: Bool) -> Token {
        clearAttributes()
        var index = start + (isEnd ? 2 : 1)
        var name = NameKey.Builder()
        while index < input.count {
            let byte = input[index]
            if byte.isHTMLSpace || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") { break }
            name.append(byte)
            index += 1
        }
        var token = Token(kind: isEnd ? .endTag : .startTag, range: start..<start, name: name.key, nameEnd: index)
        while true {
            while index < input.count, input[index].isHTMLSpace { index += 1 }
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
        var name = NameKey.Builder()
        name.append(input[index])  // may be "=" (a parse error, but part of the name)
        index += 1
        while index < input.count {
            let byte = input[index]
            if byte.isHTMLSpace || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=") { break }
            name.append(byte)
            index += 1
        }
        let nameEnd = index
        var after = index
        while after < input.count, input[after].isHTMLSpace { after += 1 }
        guard after < input.count else { return nil }
        guard input[after] == UInt8(ascii: "=") else {
            return RawAttribute(name: name.key, nameRange: nameStart..<nameEnd, valueRange: nil, range: nameStart..<nameEnd)
        }
        index = after + 1
        while index < input.count, input[index].isHTMLSpace { index += 1 }
        guard index < input.count else { return nil }
        let quote = input[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            var end = index + 1
            while end < input.count, input[end] != quote { end += 1 }
            guard end < input.count else { return nil }
            let value = index + 1..<end
            index = end + 1
            return RawAttribute(name: name.key, nameRange: nameStart..<nameEnd, valueRange: value, range: nameStart..<index)
        }
        let valueStart = index
        while index < input.count, !input[index].isHTMLSpace, input[index] != UInt8(ascii: ">") { index += 1 }
        return RawAttribute(name: name.key, nameRange: nameStart..<nameEnd, valueRange: valueStart..<index, range: nameStart..<index)
    }
}
