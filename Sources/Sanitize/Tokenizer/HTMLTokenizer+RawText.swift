/// Where raw text ends: RAWTEXT and RCDATA at their own end tag, script data
/// at `</script` outside the `<!--<script>…</script>-->` double escape.
extension HTMLTokenizer {
    /// Whether `</name` followed by whitespace, `/` or `>` is at `index`.
    /// `</script>` as pages write it, lower case and closed at once, is
    /// one word compared with the name's key (`MarkupScanner.endTag`),
    /// where the scan below cost about eighty instructions for each
    /// script's end (fixture pages, 192 calls). The word decides only the
    /// tags it matches: every name given here is an element's (`script`,
    /// `style`, `title`…), letters and digits, so the scan reads the same
    /// name to the same `>`; any other tag is scanned.
    func isEndTag(_ name: NameKey, at index: Int) -> Bool {
        if index >= 0, index < input.count &- 2, input[index] == UInt8(ascii: "<"), input[index &+ 1] == UInt8(ascii: "/"),
            scanner.endTag(named: name, at: index &+ 2) != nil {
            assert(isEndTagByScanning(name, at: index), "an end tag's word and its scan disagree")
            return true
        }
        return isEndTagByScanning(name, at: index)
    }

    /// `isEndTag` the full way: the name scanned byte by byte and packed.
    func isEndTagByScanning(_ name: NameKey, at index: Int) -> Bool {
        guard index + 2 < input.count, input[index] == UInt8(ascii: "<"), input[index + 1] == UInt8(ascii: "/") else { return false }
        var end = index + 2
        while end < input.count, input[end].isASCIIAlphanumeric { end += 1 }
        guard scanner.name(from: index + 2, to: end) == name else { return false }
        return end == input.count || input[end].isHTMLSpace || input[end] == UInt8(ascii: "/") || input[end] == UInt8(ascii: ">")
    }

    /// The index of the end tag that closes RAWTEXT/RCDATA content, or the end.
    func endOfRawText(_ name: NameKey) -> Int {
        var index = ByteSearch.index(of: UInt8(ascii: "<"), in: input, from: position)
        while index < input.count, !isEndTag(name, at: index) {
            index = ByteSearch.index(of: UInt8(ascii: "<"), in: input, from: index + 1)
        }
        return index
    }

    /// The index of the `</script` that ends script data, or the end (and
    /// then whether the input ended inside a `<!--` escape).
    func endOfScriptData() -> (end: Int, escaped: Bool) {
        enum State { case data, escaped, doubleEscaped }
        var state = State.data
        var index = position
        while index < input.count {
            if state == .data {
                // Outside an escape only "<" matters: jump to the next one.
                index = ByteSearch.index(of: UInt8(ascii: "<"), in: input, from: index)
                guard index < input.count else { break }
            }
            let byte = input[index]
            if byte == UInt8(ascii: "<") {
                if state != .doubleEscaped, isEndTag(scriptName, at: index) { return (index, false) }
                if state == .doubleEscaped, isEndTag(scriptName, at: index) {
                    state = .escaped
                    index += 8
                    continue
                }
                if state == .data, matches("<!--", at: index) {
                    state = .escaped
                    index += 4
                    if index < input.count, input[index] == UInt8(ascii: ">") { state = .data }  // "<!-->"
                    continue
                }
                if state == .escaped, matchesIgnoringCase("<script", at: index) {
                    let after = index + 7
                    if after < input.count, input[after].isHTMLSpace || input[after] == UInt8(ascii: "/") || input[after] == UInt8(ascii: ">") {
                        state = .doubleEscaped
                        index = after
                        continue
                    }
                }
            } else if byte == UInt8(ascii: ">"), state != .data, index >= 2,
                input[index - 1] == UInt8(ascii: "-"), input[index - 2] == UInt8(ascii: "-")
            {
                state = .data  // "-->" ends the escape
            }
            index += 1
        }
        return (input.count, state != .data)
    }

    // MARK: Matching

    func matches(_ text: StaticString, at index: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= input.count else { return false }
        let bytes = text.utf8Start
        for offset in 0..<count where input[index + offset] != bytes[offset] { return false }
        return true
    }

    /// Compares with lower-case ASCII `text`, ignoring the input's case.
    func matchesIgnoringCase(_ text: StaticString, at index: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= input.count else { return false }
        let bytes = text.utf8Start
        for offset in 0..<count {
            let byte = input[index + offset]
            if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != bytes[offset] { return false }
        }
        return true
    }

    func find(_ text: StaticString, from start: Int) -> Int? {
        let first = text.utf8Start[0]
        var index = ByteSearch.index(of: first, in: input, from: start)
        while index < input.count {
            if matches(text, at: index) { return index }
            index = ByteSearch.index(of: first, in: input, from: index + 1)
        }
        return nil
    }
}
