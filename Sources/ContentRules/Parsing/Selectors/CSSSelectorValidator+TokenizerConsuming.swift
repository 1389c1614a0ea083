// The tokenizer's character classes and the consuming of names, numbers,
// strings and URLs (CSS Syntax Level 3, section 4.3).

extension CSSSelectorValidator.Tokenizer {
    // The validator's types, by the names the rest of the parser uses (an
    // extension of a nested type does not see its enclosing type's members).
    typealias Token = CSSSelectorValidator.Token

    // MARK: Character classes

    static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }

    private static func isNewline(_ c: Unicode.Scalar) -> Bool {
        c == "\n" || c == "\r" || c == "\u{0C}"
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool {
        c.value &- 0x30 < 10
    }

    private static func isHexDigit(_ c: Unicode.Scalar) -> Bool {
        isDigit(c) || (c.value | 0x20) &- 0x61 < 6
    }

    /// Letters, `_` and every non-ASCII code point.
    static func isNameStartCodePoint(_ c: Unicode.Scalar) -> Bool {
        (c.value | 0x20) &- 0x61 < 26 || c == "_" || c.value >= 0x80
    }

    static func isNameCodePoint(_ c: Unicode.Scalar) -> Bool {
        isNameStartCodePoint(c) || isDigit(c) || c == "-"
    }

    private static func isNonPrintable(_ c: Unicode.Scalar) -> Bool {
        c.value <= 0x08 || c.value == 0x0B || (0x0E...0x1F).contains(c.value) || c.value == 0x7F
    }

    /// A backslash not followed by a newline. A backslash at the very end
    /// of the input is a valid escape for U+FFFD.
    static func isValidEscape(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        first == "\\" && !isNewline(second)
    }

    func wouldStartIdentifier(_ first: Unicode.Scalar, _ second: Unicode.Scalar, _ third: Unicode.Scalar) -> Bool {
        if Self.isNameStartCodePoint(first) || Self.isValidEscape(first, second) { return true }
        if first == "-" {
            return Self.isNameStartCodePoint(second) || second == "-" || Self.isValidEscape(second, third)
        }
        return false
    }

    func wouldStartNumber(_ first: Unicode.Scalar, _ second: Unicode.Scalar, _ third: Unicode.Scalar) -> Bool {
        if Self.isDigit(first) { return true }
        if first == "+" || first == "-" {
            return Self.isDigit(second) || (second == "." && Self.isDigit(third))
        }
        if first == "." { return Self.isDigit(second) }
        return false
    }

    // MARK: Consuming

    mutating func skipComment() {
        while position < input.count {
            if input[position] == "*" && peek(1) == "/" {
                position += 2
                return
            }
            position += 1
        }
    }

    /// Consumes one whitespace after a hex escape, CR LF counting as one.
    private mutating func consumeSingleWhitespace() {
        if peek() == "\r" && peek(1) == "\n" {
            position += 2
        } else if Self.isWhitespace(peek()) {
            position += 1
        }
    }

    /// The code point after a backslash that is known to be a valid escape.
    private mutating func consumeEscape() -> Unicode.Scalar {
        guard position < input.count else { return "\u{FFFD}" }
        let first = consume()
        guard Self.isHexDigit(first) else { return first }
        var value = Self.hexValue(first)
        var digits = 1
        while digits < 6 && Self.isHexDigit(peek()) {
            value = value * 16 + Self.hexValue(consume())
            digits += 1
        }
        consumeSingleWhitespace()
        if value == 0 || (0xD800...0xDFFF).contains(value) || value > 0x10FFFF { return "\u{FFFD}" }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    private static func hexValue(_ c: Unicode.Scalar) -> UInt32 {
        isDigit(c) ? c.value - 0x30 : (c.value | 0x20) - 0x61 + 10
    }

    /// One code point of a name, unescaped, or `nil` where the name ends.
    mutating func consumeNameCodePoint() -> Unicode.Scalar? {
        guard position < input.count else { return nil }
        let c = input[position]
        if Self.isNameCodePoint(c) {
            position += 1
            return c
        }
        if Self.isValidEscape(c, peek(1)) {
            position += 1
            return consumeEscape()
        }
        return nil
    }

    mutating func skipName() {
        while consumeNameCodePoint() != nil {}
    }

    mutating func consumeNumeric() -> Token {
        var token = Token(kind: .number, offset: position, isInteger: true)
        if peek() == "+" {
            token.sign = .plus
            position += 1
        } else if peek() == "-" {
            token.sign = .minus
            position += 1
        }
        while Self.isDigit(peek()) { position += 1 }
        if peek() == "." && Self.isDigit(peek(1)) {
            token.isInteger = false
            position += 1
            while Self.isDigit(peek()) { position += 1 }
        }
        if peek() == "e" || peek() == "E" {
            if Self.isDigit(peek(1)) {
                token.isInteger = false
                position += 1
                while Self.isDigit(peek()) { position += 1 }
            } else if (peek(1) == "+" || peek(1) == "-") && Self.isDigit(peek(2)) {
                token.isInteger = false
                position += 2
                while Self.isDigit(peek()) { position += 1 }
            }
        }
        if wouldStartIdentifier(peek(), peek(1), peek(2)) {
            token.kind = .dimension
            token.valueStart = position
            skipName()
        } else if consumeIfNext("%") {
            token.kind = .percentage
        }
        return token
    }

    mutating func consumeIdentLike() -> Token {
        let start = position
        skipName()
        guard consumeIfNext("(") else { return Token(kind: .ident, offset: start, valueStart: start) }
        if position - start == 4 && Self.equalsIgnoringASCIICase(Self.name(in: input, at: start), "url") {
            while Self.isWhitespace(peek()) { position += 1 }
            if peek() != "\"" && peek() != "'" { return consumeURL() }
        }
        return blockStart(.function, opening: .leftParenthesis, valueStart: start)
    }

    /// After the opening quote. With `contents`, also collects the
    /// unescaped contents (only done when the parser needs them).
    mutating func consumeString(
        endingWith quote: Unicode.Scalar, into contents: inout String.UnicodeScalarView?
    ) -> Token {
        let token = Token(kind: .string, offset: 0, valueStart: position)
        while true {
            if position >= input.count { return token }
            let c = consume()
            if c == quote { return token }
            if Self.isNewline(c) {
                position -= 1
                return Token(kind: .badString, offset: 0)
            }
            if c == "\\" {
                if position >= input.count { continue }
                if Self.isNewline(peek()) {
                    consumeSingleWhitespace()
                } else {
                    let escaped = consumeEscape()
                    contents?.append(escaped)
                }
            } else {
                contents?.append(c)
            }
        }
    }

    /// After `url(` and whitespace, when no quote follows.
    private mutating func consumeURL() -> Token {
        while true {
            if position >= input.count { return Token(kind: .url, offset: 0) }
            let c = consume()
            if c == ")" { return Token(kind: .url, offset: 0) }
            if Self.isWhitespace(c) {
                while Self.isWhitespace(peek()) { position += 1 }
                if consumeIfNext(")") || position >= input.count { return Token(kind: .url, offset: 0) }
                break
            }
            if c == "\"" || c == "'" || c == "(" || Self.isNonPrintable(c) { break }
            if c == "\\" {
                guard Self.isValidEscape(c, peek()) else { break }
                _ = consumeEscape()
            }
        }
        // The remnants of a bad URL: up to and including the next `)`.
        while position < input.count {
            let c = consume()
            if c == ")" { break }
            if Self.isValidEscape(c, peek()) { _ = consumeEscape() }
        }
        return Token(kind: .badURL, offset: 0)
    }

    static func equalsIgnoringASCIICase(_ string: String, _ lowercaseASCII: String) -> Bool {
        asciiLowercased(string) == lowercaseASCII
    }

    /// Lowercases A–Z only, as WebKit does for keywords: a full Unicode
    /// lowercase would turn `:lin\212A` (KELVIN SIGN) into `:link`.
    static func asciiLowercased(_ string: String) -> String {
        guard string.unicodeScalars.contains(where: { ("A"..."Z").contains($0) }) else { return string }
        var result = String.UnicodeScalarView()
        for c in string.unicodeScalars {
            result.append(("A"..."Z").contains(c) ? Unicode.Scalar(c.value + 0x20)! : c)
        }
        return String(result)
    }
}
