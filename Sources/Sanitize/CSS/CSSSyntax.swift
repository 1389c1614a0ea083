/// The pieces of CSS syntax (CSS Syntax Level 3 tokenization) the scanner
/// needs: comments, names, strings, `url(` tokens and escapes, read from
/// bytes in place (the selector validator's tokenizer works on Unicode
/// scalars it copies first; see `CSSScanner` for why they stay apart).
enum CSSSyntax {
    /// What a blocked URL becomes: a valid URL that loads nothing.
    static let emptyURL = "data:,"

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x30 && byte <= 0x39
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// The index after the comment starting at `start` (`/*`), or the end.
    static func endOfComment(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start + 2
        while index + 1 < input.count {
            if input[index] == UInt8(ascii: "*"), input[index + 1] == UInt8(ascii: "/") { return index + 2 }
            index += 1
        }
        return input.count
    }

    /// A name (identifier) from `start`, escapes included: its end and its
    /// ASCII-lower-cased, unescaped text (`U\72L` is `url`).
    static func name(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, lowercased: String) {
        var index = start
        var text: [UInt8] = []
        while index < input.count {
            let byte = input[index]
            if isNameByte(byte) {
                text.append(byte)
                index += 1
            } else if byte == UInt8(ascii: "\\"), index + 1 < input.count, input[index + 1] != 0x0A {
                index = escape(input, at: index, into: &text)
            } else {
                break
            }
        }
        for position in text.indices where text[position] >= 0x41 && text[position] <= 0x5A { text[position] |= 0x20 }
        return (index, String(decoding: text, as: UTF8.self))
    }

    /// A string token from its opening quote: where it ends and its value
    /// with escapes decoded. An unescaped newline ends it (a bad string).
    static func string(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, value: String) {
        let quote = input[start]
        var index = start + 1
        var value: [UInt8] = []
        while index < input.count {
            let byte = input[index]
            if byte == quote { return (index + 1, String(decoding: value, as: UTF8.self)) }
            if byte == 0x0A { break }
            if byte == UInt8(ascii: "\\") {
                if index + 1 < input.count, input[index + 1] == 0x0A {
                    index += 2
                } else {
                    index = escape(input, at: index, into: &value)
                }
                continue
            }
            value.append(byte)
            index += 1
        }
        return (index, String(decoding: value, as: UTF8.self))
    }

    /// A `url(` function from its `(`: the URL and the index after `)`, or
    /// nil when it is not a URL token a browser would load (a bad URL).
    static func urlFunction(_ input: UnsafeBufferPointer<UInt8>, openParenthesis: Int) -> (end: Int, value: String)? {
        var index = openParenthesis + 1
        while index < input.count, isSpace(input[index]) { index += 1 }
        guard index < input.count else { return nil }
        if input[index] == UInt8(ascii: "\"") || input[index] == UInt8(ascii: "'") {
            let string = string(input, from: index)
            index = string.end
            while index < input.count, isSpace(input[index]) { index += 1 }
            guard index < input.count, input[index] == UInt8(ascii: ")") else { return nil }
            return (index + 1, string.value)
        }
        var value: [UInt8] = []
        while index < input.count {
            let byte = input[index]
            switch byte {
            case UInt8(ascii: ")"):
                return (index + 1, String(decoding: value, as: UTF8.self))
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D:
                while index < input.count, isSpace(input[index]) { index += 1 }
                guard index < input.count, input[index] == UInt8(ascii: ")") else { return nil }
                return (index + 1, String(decoding: value, as: UTF8.self))
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "("), 0x00...0x08, 0x0B, 0x0E...0x1F, 0x7F:
                return nil
            case UInt8(ascii: "\\"):
                guard index + 1 < input.count, input[index + 1] != 0x0A else { return nil }
                index = escape(input, at: index, into: &value)
            default:
                value.append(byte)
                index += 1
            }
        }
        return nil
    }

    /// Decodes the escape at `start` (a backslash) into `value`; returns the
    /// index after it.
    static func escape(_ input: UnsafeBufferPointer<UInt8>, at start: Int, into value: inout [UInt8]) -> Int {
        var index = start + 1
        guard index < input.count else {
            value.append(contentsOf: [0xEF, 0xBF, 0xBD])
            return index
        }
        var scalar: UInt32 = 0
        var digits = 0
        while digits < 6, index < input.count, let digit = hexValue(input[index]) {
            scalar = scalar << 4 | UInt32(digit)
            digits += 1
            index += 1
        }
        guard digits > 0 else {
            value.append(input[index])
            return index + 1
        }
        if index < input.count, isSpace(input[index]) { index += 1 }
        let character = scalar == 0 ? nil : Unicode.Scalar(scalar)
        value.append(contentsOf: String(Character(character ?? "\u{FFFD}")).utf8)
        return index
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x37
        case 0x61...0x66: return byte - 0x57
        default: return nil
        }
    }

    /// Appends `text` as a double-quoted CSS string that can end neither the
    /// string nor a surrounding `<style>` element.
    static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                output.append(UInt8(ascii: "\\"))
                output.append(byte)
            case 0x0A: output.append(contentsOf: "\\a ".utf8)
            case 0x0D: output.append(contentsOf: "\\d ".utf8)
            case 0x0C: output.append(contentsOf: "\\c ".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "\\3c ".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "\\3e ".utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
