// The selector validator's tokenizer: CSS Syntax Level 3 over Unicode
// scalars, producing every token with its offset and WebKit's block quirks,
// for the parser to backtrack over. Not shared with the sanitizer's
// `CSSScanner` (Sources/Sanitize/CSS), which streams a whole style sheet's
// bytes through once, copying all but the URLs it rewrites, and would only
// get slower by building tokens.

extension CSSSelectorValidator {
    /// A token of CSS Syntax Level 3, as WebKit's `CSSTokenizer` produces it
    /// (comments produce none). Plain data: a name or string is decoded from
    /// the input only when the parser asks for it (``Parser/value(_:)``),
    /// which is rarely, so that the 3,000 class and ID selectors of a typical
    /// rule list cost no string allocations.
    struct Token {
        enum Kind: UInt8 {
            case ident, function, atKeyword, hash, string, badString, url, badURL
            case delimiter, number, percentage, dimension, whitespace, cdo, cdc
            case colon, semicolon, comma
            case leftBracket, rightBracket, leftParenthesis, rightParenthesis, leftBrace, rightBrace
            case includeMatch, dashMatch, prefixMatch, suffixMatch, substringMatch, column
            case endOfFile
        }

        /// Whether the token opens or closes a block. A closing bracket only
        /// counts as a block end when it matches the innermost open block.
        enum Block: UInt8 { case none, start, end }

        enum Sign: UInt8 { case none, plus, minus }

        var kind: Kind
        /// Where the token starts, in Unicode scalars.
        var offset: Int
        var block: Block = .none
        /// Where the (still escaped) name of an ident, function, at-keyword
        /// or hash starts, the unit of a dimension, or the contents of a string.
        var valueStart = 0
        /// The code point of a delimiter token.
        var delimiter: Unicode.Scalar = " "
        /// A hash token whose name would start an identifier (`#a`, not `#1`).
        var isIdentifierHash = false
        /// A number, percentage or dimension written without `.` or exponent.
        var isInteger = false
        /// The explicit sign of a number, percentage or dimension.
        var sign: Sign = .none

        func isDelimiter(_ scalar: Unicode.Scalar) -> Bool {
            kind == .delimiter && delimiter == scalar
        }
    }
}

// MARK: - Tokenizer

extension CSSSelectorValidator {
    /// CSS Syntax Level 3 tokenization, following WebKit's `CSSTokenizer`
    /// (including its handling of `url(`, CR LF, and blocks left open).
    struct Tokenizer {
        let input: [Unicode.Scalar]
        var position: Int
        /// The kinds of the blocks that are open, innermost last.
        private var openBlocks: [Token.Kind] = []

        init(_ string: String) {
            // Preprocessing: NUL becomes U+FFFD. CR and FF are not rewritten;
            // they are newlines wherever a newline is tested, as in WebKit.
            input = string.unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }
            position = 0
        }

        private init(input: [Unicode.Scalar], position: Int) {
            self.input = input
            self.position = position
        }

        /// All tokens, ending with one `.endOfFile` token whose offset is the
        /// length of the input.
        mutating func tokenize() -> [Token] {
            var tokens: [Token] = []
            tokens.reserveCapacity(input.count / 2 + 1)
            while true {
                let start = position
                guard var token = nextToken() else { continue }  // a comment
                token.offset = start
                tokens.append(token)
                if token.kind == .endOfFile { return tokens }
            }
        }

        /// The unescaped name that starts at `start` in `input`.
        static func name(in input: [Unicode.Scalar], at start: Int) -> String {
            var tokenizer = Tokenizer(input: input, position: start)
            var name = String.UnicodeScalarView()
            while let scalar = tokenizer.consumeNameCodePoint() { name.append(scalar) }
            return String(name)
        }

        /// The unescaped contents of the string token whose contents start at
        /// `start` in `input`.
        static func string(in input: [Unicode.Scalar], at start: Int) -> String {
            var tokenizer = Tokenizer(input: input, position: start)
            var contents: String.UnicodeScalarView? = String.UnicodeScalarView()
            _ = tokenizer.consumeString(endingWith: input[start - 1], into: &contents)
            return String(contents ?? String.UnicodeScalarView())
        }

        // MARK: Looking at the input

        /// The code point `distance` ahead, or NUL past the end (NUL itself
        /// never occurs after preprocessing).
        func peek(_ distance: Int = 0) -> Unicode.Scalar {
            let index = position + distance
            return index < input.count ? input[index] : "\0"
        }

        mutating func consume() -> Unicode.Scalar {
            let scalar = peek()
            if position < input.count { position += 1 }
            return scalar
        }

        mutating func consumeIfNext(_ scalar: Unicode.Scalar) -> Bool {
            guard position < input.count, input[position] == scalar else { return false }
            position += 1
            return true
        }

        // MARK: Dispatch

        /// The next token, or `nil` for a comment (which WebKit drops).
        private mutating func nextToken() -> Token? {
            let start = position
            let scalar = consume()
            switch scalar {
            case "\0" where start >= input.count:
                return Token(kind: .endOfFile, offset: start)
            case " ", "\t", "\n", "\r", "\u{0C}":
                while Self.isWhitespace(peek()) { position += 1 }
                return Token(kind: .whitespace, offset: start)
            case "\"", "'":
                var noContents: String.UnicodeScalarView?
                return consumeString(endingWith: scalar, into: &noContents)
            case "#":
                if Self.isNameCodePoint(peek()) || Self.isValidEscape(peek(), peek(1)) {
                    var token = Token(kind: .hash, offset: start, valueStart: position)
                    token.isIdentifierHash = wouldStartIdentifier(peek(), peek(1), peek(2))
                    skipName()
                    return token
                }
                return delimiter(scalar)
            case "$": return consumeIfNext("=") ? Token(kind: .suffixMatch, offset: start) : delimiter(scalar)
            case "*": return consumeIfNext("=") ? Token(kind: .substringMatch, offset: start) : delimiter(scalar)
            case "^": return consumeIfNext("=") ? Token(kind: .prefixMatch, offset: start) : delimiter(scalar)
            case "~": return consumeIfNext("=") ? Token(kind: .includeMatch, offset: start) : delimiter(scalar)
            case "|":
                if consumeIfNext("=") { return Token(kind: .dashMatch, offset: start) }
                if consumeIfNext("|") { return Token(kind: .column, offset: start) }
                return delimiter(scalar)
            case "(": return blockStart(.leftParenthesis)
            case ")": return blockEnd(.rightParenthesis, closing: .leftParenthesis)
            case "[": return blockStart(.leftBracket)
            case "]": return blockEnd(.rightBracket, closing: .leftBracket)
            case "{": return blockStart(.leftBrace)
            case "}": return blockEnd(.rightBrace, closing: .leftBrace)
            case ",": return Token(kind: .comma, offset: start)
            case ":": return Token(kind: .colon, offset: start)
            case ";": return Token(kind: .semicolon, offset: start)
            case "+", ".":
                if wouldStartNumber(scalar, peek(), peek(1)) {
                    position = start
                    return consumeNumeric()
                }
                return delimiter(scalar)
            case "-":
                if wouldStartNumber(scalar, peek(), peek(1)) {
                    position = start
                    return consumeNumeric()
                }
                if peek() == "-" && peek(1) == ">" {
                    position += 2
                    return Token(kind: .cdc, offset: start)
                }
                if wouldStartIdentifier(scalar, peek(), peek(1)) {
                    position = start
                    return consumeIdentLike()
                }
                return delimiter(scalar)
            case "/":
                if consumeIfNext("*") {
                    skipComment()
                    return nil
                }
                return delimiter(scalar)
            case "<":
                if peek() == "!" && peek(1) == "-" && peek(2) == "-" {
                    position += 3
                    return Token(kind: .cdo, offset: start)
                }
                return delimiter(scalar)
            case "@":
                if wouldStartIdentifier(peek(), peek(1), peek(2)) {
                    let token = Token(kind: .atKeyword, offset: start, valueStart: position)
                    skipName()
                    return token
                }
                return delimiter(scalar)
            case "\\":
                if Self.isValidEscape(scalar, peek()) {
                    position = start
                    return consumeIdentLike()
                }
                return delimiter(scalar)
            case "0"..."9":
                position = start
                return consumeNumeric()
            default:
                if Self.isNameStartCodePoint(scalar) {
                    position = start
                    return consumeIdentLike()
                }
                return delimiter(scalar)
            }
        }

        func delimiter(_ scalar: Unicode.Scalar) -> Token {
            Token(kind: .delimiter, offset: 0, delimiter: scalar)
        }

        mutating func blockStart(_ kind: Token.Kind, opening block: Token.Kind? = nil, valueStart: Int = 0) -> Token {
            openBlocks.append(block ?? kind)
            return Token(kind: kind, offset: 0, block: .start, valueStart: valueStart)
        }

        private mutating func blockEnd(_ kind: Token.Kind, closing opener: Token.Kind) -> Token {
            if openBlocks.last == opener {
                openBlocks.removeLast()
                return Token(kind: kind, offset: 0, block: .end)
            }
            return Token(kind: kind, offset: 0)
        }
    }
}
