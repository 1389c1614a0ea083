/// Decides whether WebKit's CSS parser accepts a selector list, as WebKit does
/// before keeping a `css-display-none` rule.
///
/// WebKit compiles `{"action": {"type": "css-display-none", "selector": S}}`
/// only if `CSSSelectorParser` (HTML quirks mode, no style sheet, `:has()`
/// enabled) parses `S` as a selector list; otherwise it drops the rule
/// *silently*. limot has to drop exactly the same rules (and say so), and its
/// HTML sanitizer later puts the surviving selectors into a style sheet, so
/// "close enough" is not good enough in either direction.
///
/// This is therefore not a generic Selectors Level 4 grammar but a port of
/// WebKit's behaviour (WebKitGTK 2.50), checked against the real WebKit
/// content-blocker compiler. Its quirks are kept on purpose, among them:
///
/// - The CSS Syntax tokenizer closes blocks at the end of the input, so
///   `[a`, `a:is(b` and `a /* note` are valid.
/// - `:is()`, `:where()`, `:matches()` and `:-webkit-any()` take a *forgiving*
///   selector list: whatever is inside them (even `:is(:has-text(x))` or
///   `:is()`) is accepted, while `:not()`, `:has()` and `:nth-child(… of S)`
///   are strict.
/// - Any `::-webkit-…` pseudo-element is accepted, known or not; unknown
///   pseudo-classes and other unknown pseudo-elements are not.
/// - A namespace prefix other than `*|` or `|` is an error (there is no
///   `@namespace` rule to declare it); `&` is accepted anywhere.
/// - The attribute flag `i` is accepted, `s` is not.
///
/// The one deliberate difference: selectors nested more than
/// ``maximumNestingDepth`` functional pseudo-classes deep are rejected, where
/// WebKit recurses until its stack overflows (at some tens of thousands).
public enum CSSSelectorValidator {
    /// How many functional pseudo-classes and pseudo-elements (`:not(`, `:is(`,
    /// `::slotted(` …) may be nested inside one another. Real selectors use a
    /// handful; the limit only keeps a hostile rule list from exhausting the
    /// stack.
    public static let maximumNestingDepth = 64

    /// Why WebKit would reject `selectorList`, or `nil` when it accepts it.
    ///
    /// The reason is a short sentence for a warning, naming the offending part
    /// and its zero-based offset, counted in Unicode scalars (code points) from
    /// the start of `selectorList`, e.g.
    /// `"unknown pseudo-class ':has-text()' at offset 4"`.
    public static func problem(in selectorList: String) -> String? {
        var tokenizer = Tokenizer(selectorList)
        var parser = Parser(tokens: tokenizer.tokenize(), input: tokenizer.input)
        return parser.problemInSelectorList()
    }

    /// Whether WebKit accepts `selectorList` as the selector of a
    /// `css-display-none` rule; see ``problem(in:)`` for why not.
    public static func isValid(_ selectorList: String) -> Bool {
        problem(in: selectorList) == nil
    }
}

// MARK: - Tokens

extension CSSSelectorValidator {
    /// A token of CSS Syntax Level 3, as WebKit's `CSSTokenizer` produces it
    /// (comments produce none). Plain data: a name or string is decoded from
    /// the input only when the parser asks for it (``Parser/value(_:)``),
    /// which is rarely, so that the 3,000 class and ID selectors of a typical
    /// rule list cost no string allocations.
    fileprivate struct Token {
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
    fileprivate struct Tokenizer {
        let input: [Unicode.Scalar]
        private var position: Int
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
        private func peek(_ distance: Int = 0) -> Unicode.Scalar {
            let index = position + distance
            return index < input.count ? input[index] : "\0"
        }

        private mutating func consume() -> Unicode.Scalar {
            let scalar = peek()
            if position < input.count { position += 1 }
            return scalar
        }

        private mutating func consumeIfNext(_ scalar: Unicode.Scalar) -> Bool {
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

        private func delimiter(_ scalar: Unicode.Scalar) -> Token {
            Token(kind: .delimiter, offset: 0, delimiter: scalar)
        }

        private mutating func blockStart(_ kind: Token.Kind, opening block: Token.Kind? = nil, valueStart: Int = 0) -> Token {
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

        // MARK: Character classes

        private static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
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
        private static func isNameStartCodePoint(_ c: Unicode.Scalar) -> Bool {
            (c.value | 0x20) &- 0x61 < 26 || c == "_" || c.value >= 0x80
        }

        private static func isNameCodePoint(_ c: Unicode.Scalar) -> Bool {
            isNameStartCodePoint(c) || isDigit(c) || c == "-"
        }

        private static func isNonPrintable(_ c: Unicode.Scalar) -> Bool {
            c.value <= 0x08 || c.value == 0x0B || (0x0E...0x1F).contains(c.value) || c.value == 0x7F
        }

        /// A backslash not followed by a newline. A backslash at the very end
        /// of the input is a valid escape for U+FFFD.
        private static func isValidEscape(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
            first == "\\" && !isNewline(second)
        }

        private func wouldStartIdentifier(_ first: Unicode.Scalar, _ second: Unicode.Scalar, _ third: Unicode.Scalar) -> Bool {
            if Self.isNameStartCodePoint(first) || Self.isValidEscape(first, second) { return true }
            if first == "-" {
                return Self.isNameStartCodePoint(second) || second == "-" || Self.isValidEscape(second, third)
            }
            return false
        }

        private func wouldStartNumber(_ first: Unicode.Scalar, _ second: Unicode.Scalar, _ third: Unicode.Scalar) -> Bool {
            if Self.isDigit(first) { return true }
            if first == "+" || first == "-" {
                return Self.isDigit(second) || (second == "." && Self.isDigit(third))
            }
            if first == "." { return Self.isDigit(second) }
            return false
        }

        // MARK: Consuming

        private mutating func skipComment() {
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
        private mutating func consumeNameCodePoint() -> Unicode.Scalar? {
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

        private mutating func skipName() {
            while consumeNameCodePoint() != nil {}
        }

        private mutating func consumeNumeric() -> Token {
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

        private mutating func consumeIdentLike() -> Token {
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
        private mutating func consumeString(
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
}

// MARK: - Pseudo-classes and pseudo-elements

extension CSSSelectorValidator {
    /// The pseudo-classes WebKit's content-blocker parser knows and has enabled
    /// (`CSSPseudoSelectors.json`, minus those behind a setting that is off
    /// there, such as `:popover-open`, and the `-internal-` ones reserved for
    /// user-agent style sheets).
    fileprivate enum PseudoClass: Hashable {
        // User action.
        case hover, active, focus, focusVisible, focusWithin
        // Tree-structural.
        case root, empty, firstChild, lastChild, onlyChild, firstOfType, lastOfType, onlyOfType
        case nthChild, nthLastChild, nthOfType, nthLastOfType
        // Logical combinations.
        case not, `is`, `where`, webkitAny, has
        // Scrollbar states (meaningful after `::-webkit-scrollbar…`).
        case enabled, disabled, horizontal, vertical, decrement, increment, start, end
        case doubleButton, singleButton, noButton, cornerPresent, windowInactive
        // With arguments.
        case lang, dir, host, state
        /// Every other one, which takes no argument.
        case plain

        /// Lowercase name (aliases included) to pseudo-class.
        static let byName: [String: PseudoClass] = {
            var table: [String: PseudoClass] = [
                "hover": .hover, "active": .active, "focus": .focus,
                "focus-visible": .focusVisible, "focus-within": .focusWithin,
                "root": .root, "empty": .empty, "first-child": .firstChild, "last-child": .lastChild,
                "only-child": .onlyChild, "first-of-type": .firstOfType, "last-of-type": .lastOfType,
                "only-of-type": .onlyOfType, "nth-child": .nthChild, "nth-last-child": .nthLastChild,
                "nth-of-type": .nthOfType, "nth-last-of-type": .nthLastOfType,
                "not": .not, "is": .is, "matches": .is, "where": .where, "-webkit-any": .webkitAny, "has": .has,
                "enabled": .enabled, "disabled": .disabled, "horizontal": .horizontal, "vertical": .vertical,
                "decrement": .decrement, "increment": .increment, "start": .start, "end": .end,
                "double-button": .doubleButton, "single-button": .singleButton, "no-button": .noButton,
                "corner-present": .cornerPresent, "window-inactive": .windowInactive,
                "lang": .lang, "dir": .dir, "host": .host, "state": .state,
            ]
            let plain = [
                "link", "visited", "any-link", "-webkit-any-link", "target", "scope", "defined",
                "checked", "indeterminate", "default", "valid", "invalid", "user-valid", "user-invalid",
                "in-range", "out-of-range", "required", "optional", "read-only", "read-write",
                "placeholder-shown", "autofill", "-webkit-autofill", "-webkit-autofill-and-obscured",
                "-webkit-autofill-strong-password", "-webkit-autofill-strong-password-viewable",
                "fullscreen", "-webkit-full-screen", "modal", "-webkit-drag",
                "playing", "paused", "seeking", "buffering", "stalled", "muted", "volume-locked",
                "future", "past",
            ]
            for name in plain { table[name] = .plain }
            return table
        }()

        enum Argument { case none, optional, required }

        var argument: Argument {
            switch self {
            case .nthChild, .nthLastChild, .nthOfType, .nthLastOfType, .not, .is, .where, .webkitAny, .has,
                .lang, .dir, .state:
                return .required
            case .host:
                return .optional
            default:
                return .none
            }
        }

        private static let userAction: Set<PseudoClass> = [.hover, .active, .focus, .focusVisible, .focusWithin]
        private static let treeStructural: Set<PseudoClass> = [
            .root, .empty, .firstChild, .lastChild, .onlyChild, .firstOfType, .lastOfType, .onlyOfType,
            .nthChild, .nthLastChild, .nthOfType, .nthLastOfType,
        ]
        private static let logicalCombination: Set<PseudoClass> = [.not, .is, .where, .webkitAny, .has]
        private static let scrollbarState: Set<PseudoClass> = [
            .enabled, .disabled, .hover, .active, .horizontal, .vertical, .decrement, .increment, .start, .end,
            .doubleButton, .singleButton, .noButton, .cornerPresent, .windowInactive,
        ]

        /// May follow a user-agent part such as `::placeholder`.
        var isUserAction: Bool { Self.userAction.contains(self) }
        /// May not follow `::part()`.
        var isTreeStructural: Bool { Self.treeStructural.contains(self) }
        /// May follow any pseudo-element (its argument is checked on its own).
        var isLogicalCombination: Bool { Self.logicalCombination.contains(self) }
        /// May follow `::-webkit-scrollbar` and its relatives.
        var isScrollbarState: Bool { Self.scrollbarState.contains(self) }
    }

    fileprivate enum PseudoElement: Hashable {
        case before, after, marker, backdrop
        case firstLine, firstLetter, selection, grammarError, spellingError, highlight
        /// `::cue(…)`; a bare `::cue` is a user-agent part.
        case cue
        case part, slotted
        /// `::-webkit-scrollbar` and its relatives, which take scrollbar states.
        case scrollbar
        /// A part of a form control's shadow tree (`::placeholder`,
        /// `::file-selector-button`, `::details-content`, most `::-webkit-…`),
        /// or any unknown `::-webkit-…` name.
        case userAgentPart

        static let byName: [String: PseudoElement] = {
            var table: [String: PseudoElement] = [
                "before": .before, "after": .after, "marker": .marker, "backdrop": .backdrop,
                "first-line": .firstLine, "first-letter": .firstLetter, "selection": .selection,
                "grammar-error": .grammarError, "spelling-error": .spellingError, "highlight": .highlight,
                "cue": .cue, "part": .part, "slotted": .slotted,
                "placeholder": .userAgentPart, "file-selector-button": .userAgentPart,
                "details-content": .userAgentPart,
            ]
            for name in ["-webkit-resizer", "-webkit-scrollbar", "-webkit-scrollbar-button", "-webkit-scrollbar-corner",
                         "-webkit-scrollbar-thumb", "-webkit-scrollbar-track", "-webkit-scrollbar-track-piece"] {
                table[name] = .scrollbar
            }
            return table
        }()

        /// The names also accepted after a single colon, for CSS 2.1.
        static let legacySingleColon: [String: PseudoElement] = [
            "before": .before, "after": .after, "first-line": .firstLine, "first-letter": .firstLetter,
        ]

        static func named(_ lowercaseName: String) -> PseudoElement? {
            if let known = byName[lowercaseName] { return known }
            return lowercaseName.hasPrefix("-webkit-") ? .userAgentPart : nil
        }

        var requiresArgument: Bool { self == .highlight || self == .part || self == .slotted }

        /// May follow `::slotted()`.
        var isTreeAbiding: Bool { [.before, .after, .marker, .backdrop].contains(self) }
    }

    /// One simple selector, as much of it as validation needs.
    fileprivate enum SimpleSelector {
        case id, `class`, nesting, attribute
        case pseudoClass(PseudoClass)
        case pseudoElement(PseudoElement)

        /// Written without parentheses, this one is an error.
        var requiresArgument: Bool {
            switch self {
            case .pseudoClass(let pseudoClass): return pseudoClass.argument == .required
            case .pseudoElement(let pseudoElement): return pseudoElement.requiresArgument
            default: return false
            }
        }

        /// Written with parentheses, this one may be valid.
        var takesArgument: Bool {
            switch self {
            case .pseudoClass(let pseudoClass): return pseudoClass.argument != .none
            case .pseudoElement(let pseudoElement): return [.cue, .highlight, .part, .slotted].contains(pseudoElement)
            default: return false
            }
        }

        /// Whether this may follow `pseudoElement` in the same compound
        /// selector (WebKit's `isSimpleSelectorValidAfterPseudoElement`).
        func isAllowed(after pseudoElement: PseudoElement) -> Bool {
            switch self {
            case .pseudoElement(let next):
                if pseudoElement == .part { return next != .part }
                if pseudoElement == .slotted { return next.isTreeAbiding }
                return false
            case .pseudoClass(let pseudoClass):
                if pseudoClass.isLogicalCombination { return true }
                switch pseudoElement {
                case .part: return !pseudoClass.isTreeStructural
                case .scrollbar: return pseudoClass.isScrollbarState
                case .selection: return pseudoClass == .windowInactive
                case .userAgentPart: return pseudoClass.isUserAction
                default: return false
                }
            default:
                return false
            }
        }
    }
}

// MARK: - Parser

extension CSSSelectorValidator {
    /// A half-open slice of the token array; reading past its end yields an
    /// end-of-file token.
    fileprivate struct TokenRange {
        var position: Int
        let end: Int
        var atEnd: Bool { position >= end }
    }

    /// Why a selector list is invalid. Tokens are referred to by ``TokenRef``
    /// rather than copied, and no text is built until ``Parser/message(for:)``:
    /// the parser is recursive, and this keeps its stack frames small.
    fileprivate enum Problem {
        case empty
        case unexpected(TokenRef)
        case expectedSelector(found: TokenRef)
        case expectedSelectorAfterComma(comma: TokenRef, found: TokenRef)
        case expectedSelectorAfterCombinator(combinator: TokenRef, found: TokenRef)
        case pseudoElementNotLast(pseudoElement: TokenRef, combinator: TokenRef)
        case undeclaredNamespace(prefix: TokenRef)
        case expectedNameAfterBar(found: TokenRef)
        case notAllowedAfterPseudoElement(selector: TokenRef, pseudoElement: TokenRef)
        case invalidIDSelector(TokenRef)
        case expectedClassName(found: TokenRef)
        case expectedAttributeName(found: TokenRef)
        case expectedAttributeMatcher(found: TokenRef)
        case expectedAttributeValue(found: TokenRef)
        case unknownAttributeFlag(TokenRef)
        case unexpectedInAttribute(TokenRef)
        case expectedPseudoName(found: TokenRef)
        case unknownPseudoClass(name: TokenRef)
        case unknownPseudoElement(name: TokenRef)
        case pseudoElementInParentheses(name: TokenRef)
        case needsArgument(name: TokenRef)
        case takesNoArgument(name: TokenRef)
        case invalidArgument(name: TokenRef)
        case nestedHas(name: TokenRef)
        case nestedTooDeeply(name: TokenRef)
    }

    /// A token by index; a negative value `~i` is the end of a range that ends
    /// at index `i`, which reads as "nothing".
    fileprivate typealias TokenRef = Int

    /// A recursive-descent port of WebKit's `CSSSelectorParser`, with the same
    /// function names where possible.
    ///
    /// Like WebKit it has two ways to fail: returning `nil`/`false`, and
    /// setting `failedParsing`, which dooms the whole list unless a forgiving
    /// `:is()`-style list absorbs it. The first problem found is kept for the
    /// message.
    fileprivate struct Parser {
        private let tokens: [Token]
        /// The preprocessed input, for the names and strings of tokens.
        private let input: [Unicode.Scalar]
        private var failedParsing = false
        /// Inside a functional pseudo-class or pseudo-element.
        private var disallowPseudoElements = false
        /// Inside `:has()`.
        private var disallowHas = false
        /// The last pseudo-element of the compound selector being parsed (and
        /// the first token of it); only some simple selectors may follow it.
        private var precedingPseudoElement: (kind: PseudoElement, at: TokenRef)?
        private var nestingDepth = 0
        private var firstProblem: Problem?

        init(tokens: [Token], input: [Unicode.Scalar]) {
            self.tokens = tokens
            self.input = input
        }

        mutating func problemInSelectorList() -> String? {
            var range = TokenRange(position: 0, end: tokens.count - 1)  // without end of file
            skipWhitespace(&range)
            if range.atEnd { return message(for: .empty) }
            let parsed = consumeSelectorList(&range) { parser, range in parser.consumeComplexSelector(&range) }
            if parsed && range.atEnd { return nil }
            if parsed { note(.unexpected(ref(range))) }
            return message(for: firstProblem ?? .unexpected(ref(range)))
        }

        // MARK: Token access

        private func kind(_ range: TokenRange) -> Token.Kind {
            range.atEnd ? .endOfFile : tokens[range.position].kind
        }

        private func peek(_ range: TokenRange, _ distance: Int = 0) -> Token {
            token(range.position + distance < range.end ? range.position + distance : ~range.end)
        }

        private func ref(_ range: TokenRange) -> TokenRef {
            range.atEnd ? ~range.end : range.position
        }

        private func token(_ ref: TokenRef) -> Token {
            if ref >= 0 { return tokens[ref] }
            return Token(kind: .endOfFile, offset: ~ref < tokens.count ? tokens[~ref].offset : input.count)
        }

        /// The unescaped name of an ident, function, at-keyword or hash, the
        /// unit of a dimension, or the contents of a string; otherwise "".
        private func value(_ token: Token) -> String {
            switch token.kind {
            case .ident, .function, .atKeyword, .hash, .dimension:
                return Tokenizer.name(in: input, at: token.valueStart)
            case .string:
                return Tokenizer.string(in: input, at: token.valueStart)
            default:
                return ""
            }
        }

        private func value(_ ref: TokenRef) -> String {
            value(token(ref))
        }

        private func isDelimiter(_ range: TokenRange, _ scalar: Unicode.Scalar) -> Bool {
            !range.atEnd && tokens[range.position].isDelimiter(scalar)
        }

        private func consume(_ range: inout TokenRange) {
            if !range.atEnd { range.position += 1 }
        }

        private func skipWhitespace(_ range: inout TokenRange) {
            while !range.atEnd && tokens[range.position].kind == .whitespace { range.position += 1 }
        }

        /// Consumes one token and the whitespace after it; returns the token.
        private func consumeIncludingWhitespace(_ range: inout TokenRange) -> TokenRef {
            let consumed = ref(range)
            consume(&range)
            skipWhitespace(&range)
            return consumed
        }

        /// The contents of the block that starts at the current token; the
        /// range moves past its end. A block left open runs to the range's end.
        private func consumeBlock(_ range: inout TokenRange) -> TokenRange {
            let start = range.position + 1
            var nesting = 0
            repeat {
                switch tokens[range.position].block {
                case .start: nesting += 1
                case .end: nesting -= 1
                case .none: break
                }
                range.position += 1
            } while nesting > 0 && !range.atEnd
            return TokenRange(position: start, end: nesting > 0 ? range.position : range.position - 1)
        }

        /// Keeps the first problem; later ones are usually consequences.
        private mutating func note(_ problem: Problem) {
            if firstProblem == nil { firstProblem = problem }
        }

        /// A problem that dooms the selector list even though parsing goes
        /// on (WebKit's `m_failedParsing`).
        private mutating func fail(_ problem: Problem) {
            note(problem)
            failedParsing = true
        }

        // MARK: Selector lists

        /// `selector [, selector]*`, all of which must parse.
        private mutating func consumeSelectorList(
            _ range: inout TokenRange, _ consumeSelector: (inout Parser, inout TokenRange) -> Bool
        ) -> Bool {
            let first = ref(range)
            guard consumeSelector(&self, &range) else {
                note(.expectedSelector(found: first))
                return false
            }
            while kind(range) == .comma {
                let comma = consumeIncludingWhitespace(&range)
                let next = ref(range)
                guard consumeSelector(&self, &range) else {
                    note(.expectedSelectorAfterComma(comma: comma, found: next))
                    return false
                }
            }
            return !failedParsing
        }

        /// The forgiving list of `:is()`, `:where()`, `:matches()` and
        /// `:-webkit-any()`: a selector that does not parse is dropped (up to
        /// the next comma) instead of invalidating the list, so this never
        /// fails, and an empty list is fine too.
        private mutating func consumeForgivingSelectorList(_ range: inout TokenRange) {
            guard !failedParsing else { return }
            while true {
                let problemBefore = firstProblem
                let parsed = consumeComplexSelector(&range)
                if !parsed || failedParsing || (!range.atEnd && kind(range) != .comma) {
                    while !range.atEnd && kind(range) != .comma { consume(&range) }
                }
                failedParsing = false
                firstProblem = problemBefore
                guard kind(range) == .comma else { return }
                _ = consumeIncludingWhitespace(&range)
            }
        }

        // MARK: Complex and compound selectors

        private enum Combinator { case none, descendant, child, nextSibling, subsequentSibling }

        /// Whitespace and at most one of `>`, `+`, `~`.
        private func consumeCombinator(_ range: inout TokenRange) -> Combinator {
            var combinator = Combinator.none
            while kind(range) == .whitespace {
                consume(&range)
                combinator = .descendant
            }
            guard kind(range) == .delimiter else { return combinator }
            switch tokens[range.position].delimiter {
            case ">": combinator = .child
            case "+": combinator = .nextSibling
            case "~": combinator = .subsequentSibling
            default: return combinator
            }
            _ = consumeIncludingWhitespace(&range)
            return combinator
        }

        /// Compound selectors joined by combinators. A compound selector with
        /// a pseudo-element must be the last one.
        private mutating func consumeComplexSelector(_ range: inout TokenRange) -> Bool {
            guard var pseudoElement = consumeCompoundSelector(&range) else { return false }
            while true {
                let combinatorStart = ref(range)
                let combinator = consumeCombinator(&range)
                if combinator == .none { return true }
                let next = ref(range)
                guard let nextPseudoElement = consumeCompoundSelector(&range) else {
                    if combinator == .descendant { return true }  // trailing whitespace
                    note(.expectedSelectorAfterCombinator(combinator: combinatorStart, found: next))
                    return false
                }
                if let pseudoElement {
                    note(.pseudoElementNotLast(pseudoElement: pseudoElement, combinator: combinatorStart))
                    return false
                }
                pseudoElement = nextPseudoElement
            }
        }

        /// A `:has()` argument: an optional leading combinator, then a
        /// complex selector.
        private mutating func consumeRelativeSelector(_ range: inout TokenRange) -> Bool {
            _ = consumeCombinator(&range)
            return consumeComplexSelector(&range)
        }

        /// `[type-selector] simple-selector*`, at least one of the two.
        ///
        /// Returns `nil` when there is no compound selector here; otherwise
        /// where its pseudo-element starts, `.some(nil)` if it has none.
        private mutating func consumeCompoundSelector(_ range: inout TokenRange) -> TokenRef?? {
            let start = ref(range)
            let qualifiedName = consumeQualifiedName(&range)
            var pseudoElement: TokenRef?
            var simpleSelectorCount = 0
            while true {
                let simpleStart = ref(range)
                guard let simple = consumeSimpleSelector(&range) else { break }
                simpleSelectorCount += 1
                if case .pseudoElement(let kind) = simple {
                    pseudoElement = simpleStart
                    precedingPseudoElement = (kind, simpleStart)
                }
            }
            if qualifiedName == nil && simpleSelectorCount == 0 { return nil }
            if !disallowPseudoElements { precedingPseudoElement = nil }
            if qualifiedName == .undeclaredPrefix {
                // Without a style sheet there is no @namespace to resolve it.
                fail(.undeclaredNamespace(prefix: start))
                if simpleSelectorCount == 0 { return nil }
            }
            return .some(pseudoElement)
        }

        private enum QualifiedName { case noPrefix, emptyOrAnyPrefix, undeclaredPrefix }

        /// `name`, `*`, `prefix|name`, `prefix|*`, `|name`, `*|name` … Like
        /// WebKit, `a|` consumes the `a` and then fails.
        private mutating func consumeQualifiedName(_ range: inout TokenRange) -> QualifiedName? {
            var prefix: QualifiedName
            if kind(range) == .ident {
                // An escaped `\*` is a name "*" and so, as a prefix, means any namespace.
                prefix = value(range.position) == "*" ? .emptyOrAnyPrefix : .undeclaredPrefix
                consume(&range)
            } else if isDelimiter(range, "*") {
                prefix = .emptyOrAnyPrefix
                consume(&range)
            } else if isDelimiter(range, "|") {
                prefix = .emptyOrAnyPrefix
            } else {
                return nil
            }
            guard isDelimiter(range, "|") else { return .noPrefix }
            let afterBar = peek(range, 1)
            guard afterBar.kind == .ident || afterBar.isDelimiter("*") else {
                note(.expectedNameAfterBar(found: range.position + 1 < range.end ? range.position + 1 : ~range.end))
                return nil
            }
            consume(&range)
            consume(&range)
            return prefix
        }

        // MARK: Simple selectors

        /// `#id`, `.class`, `&`, `[attribute]` or a pseudo-class/element;
        /// `nil` without failing when none starts here.
        private mutating func consumeSimpleSelector(_ range: inout TokenRange) -> SimpleSelector? {
            let start = ref(range)
            let parsed: SimpleSelector?
            switch kind(range) {
            case .hash:
                parsed = consumeID(&range)
            case .delimiter where tokens[range.position].delimiter == ".":
                parsed = consumeClass(&range)
            case .delimiter where tokens[range.position].delimiter == "&":
                consume(&range)
                parsed = .nesting
            case .leftBracket:
                parsed = consumeAttribute(&range)
            case .colon:
                parsed = consumePseudo(&range)
            default:
                return nil
            }
            guard let parsed else {
                fail(.unexpected(start))  // the specific problem was noted first
                return nil
            }
            if let (pseudoElement, at) = precedingPseudoElement, !parsed.isAllowed(after: pseudoElement) {
                fail(.notAllowedAfterPseudoElement(selector: start, pseudoElement: at))
            }
            return parsed
        }

        private mutating func consumeID(_ range: inout TokenRange) -> SimpleSelector? {
            guard tokens[range.position].isIdentifierHash else {
                note(.invalidIDSelector(range.position))
                return nil
            }
            consume(&range)
            return .id
        }

        private mutating func consumeClass(_ range: inout TokenRange) -> SimpleSelector? {
            consume(&range)
            guard kind(range) == .ident else {
                note(.expectedClassName(found: ref(range)))
                return nil
            }
            consume(&range)
            return .class
        }

        /// `[name]`, `[name op value]`, `[name op value i]`.
        private mutating func consumeAttribute(_ range: inout TokenRange) -> SimpleSelector? {
            var block = consumeBlock(&range)
            skipWhitespace(&block)
            let name = ref(block)
            guard let qualifiedName = consumeQualifiedName(&block) else {
                note(.expectedAttributeName(found: name))
                return nil
            }
            skipWhitespace(&block)
            if qualifiedName == .undeclaredPrefix {
                note(.undeclaredNamespace(prefix: name))
                return nil
            }
            if block.atEnd { return .attribute }
            switch kind(block) {
            case .includeMatch, .dashMatch, .prefixMatch, .suffixMatch, .substringMatch: break
            case .delimiter where tokens[block.position].delimiter == "=": break
            default: fail(.expectedAttributeMatcher(found: ref(block)))
            }
            _ = consumeIncludingWhitespace(&block)
            let attributeValue = consumeIncludingWhitespace(&block)
            guard token(attributeValue).kind == .ident || token(attributeValue).kind == .string else {
                note(.expectedAttributeValue(found: attributeValue))
                return nil
            }
            if kind(block) == .ident {
                let flag = consumeIncludingWhitespace(&block)
                if !Tokenizer.equalsIgnoringASCIICase(value(flag), "i") { fail(.unknownAttributeFlag(flag)) }
            }
            guard block.atEnd else {
                note(.unexpectedInAttribute(ref(block)))
                return nil
            }
            return .attribute
        }

        // MARK: Pseudo-classes and pseudo-elements

        /// `:name`, `:name(…)`, `::name`, `::name(…)`.
        private mutating func consumePseudo(_ range: inout TokenRange) -> SimpleSelector? {
            consume(&range)
            let isElement = kind(range) == .colon
            if isElement { consume(&range) }
            let name = ref(range)
            guard kind(range) == .ident || kind(range) == .function else {
                note(.expectedPseudoName(found: name))
                return nil
            }
            guard let selector = lookUpPseudo(name: name, isElement: isElement) else { return nil }
            if kind(range) == .ident {
                consume(&range)
                if selector.requiresArgument {
                    note(.needsArgument(name: name))
                    return nil
                }
                return selector
            }

            guard nestingDepth < CSSSelectorValidator.maximumNestingDepth else {
                note(.nestedTooDeeply(name: name))
                return nil
            }
            let savedDisallowPseudoElements = disallowPseudoElements
            disallowPseudoElements = true
            nestingDepth += 1
            defer {
                disallowPseudoElements = savedDisallowPseudoElements
                nestingDepth -= 1
            }
            var block = consumeBlock(&range)
            skipWhitespace(&block)
            let parsed: Bool
            switch selector {
            case .pseudoClass(let pseudoClass): parsed = consumeArgument(of: pseudoClass, name: name, in: &block)
            case .pseudoElement(let pseudoElement): parsed = consumeArgument(of: pseudoElement, in: &block)
            default: parsed = false
            }
            guard parsed else {
                note(selector.takesArgument ? .invalidArgument(name: name) : .takesNoArgument(name: name))
                return nil
            }
            return selector
        }

        /// What `:name` or `::name` denotes, if WebKit knows it and allows it here.
        private mutating func lookUpPseudo(name: TokenRef, isElement: Bool) -> SimpleSelector? {
            let lowercaseName = Tokenizer.asciiLowercased(value(name))
            let pseudoElement: PseudoElement
            if !isElement {
                if let pseudoClass = PseudoClass.byName[lowercaseName] {
                    return .pseudoClass(pseudoClass)
                }
                guard let legacy = PseudoElement.legacySingleColon[lowercaseName] else {
                    note(.unknownPseudoClass(name: name))
                    return nil
                }
                pseudoElement = legacy
            } else {
                guard let known = PseudoElement.named(lowercaseName) else {
                    note(.unknownPseudoElement(name: name))
                    return nil
                }
                pseudoElement = known == .cue && tokens[name].kind == .ident ? .userAgentPart : known
            }
            if disallowPseudoElements {
                note(.pseudoElementInParentheses(name: name))
                return nil
            }
            return .pseudoElement(pseudoElement)
        }

        /// The part between the parentheses of a functional pseudo-class.
        private mutating func consumeArgument(of pseudoClass: PseudoClass, name: TokenRef, in block: inout TokenRange) -> Bool {
            switch pseudoClass {
            case .not:
                let parsed = consumeSelectorList(&block) { parser, range in parser.consumeComplexSelector(&range) }
                return parsed && block.atEnd
            case .is, .where, .webkitAny:
                consumeForgivingSelectorList(&block)
                return block.atEnd
            case .has:
                guard !disallowHas else {
                    note(.nestedHas(name: name))
                    return false
                }
                disallowHas = true
                defer { disallowHas = false }
                let parsed = consumeSelectorList(&block) { parser, range in parser.consumeRelativeSelector(&range) }
                return parsed && block.atEnd
            case .nthChild, .nthLastChild, .nthOfType, .nthLastOfType:
                return consumeNthArgument(of: pseudoClass, in: &block)
            case .lang:
                return consumeLanguageList(&block)
            case .dir, .state:
                return token(consumeIncludingWhitespace(&block)).kind == .ident && block.atEnd
            case .host:
                let parsed = consumeCompoundSelector(&block) != nil
                skipWhitespace(&block)
                return parsed && block.atEnd
            default:
                return false
            }
        }

        /// The part between the parentheses of a functional pseudo-element.
        private mutating func consumeArgument(of pseudoElement: PseudoElement, in block: inout TokenRange) -> Bool {
            switch pseudoElement {
            case .cue:
                // Compound selectors, comma-separated.
                while true {
                    let parsed = consumeCompoundSelector(&block) != nil
                    skipWhitespace(&block)
                    if !parsed { return false }
                    guard kind(block) == .comma else { return block.atEnd }
                    _ = consumeIncludingWhitespace(&block)
                }
            case .highlight:
                return token(consumeIncludingWhitespace(&block)).kind == .ident && block.atEnd
            case .part:
                // Identifiers, whitespace-separated.
                repeat {
                    if token(consumeIncludingWhitespace(&block)).kind != .ident { return false }
                } while !block.atEnd
                return true
            case .slotted:
                let parsed = consumeCompoundSelector(&block) != nil
                skipWhitespace(&block)
                return parsed && block.atEnd
            default:
                return false
            }
        }

        /// `:lang()`: identifiers or strings, comma-separated, none starting with `--`.
        private func consumeLanguageList(_ block: inout TokenRange) -> Bool {
            while true {
                let item = token(consumeIncludingWhitespace(&block))
                guard item.kind == .ident || item.kind == .string, !value(item).hasPrefix("--") else { return false }
                guard kind(block) == .comma else { return block.atEnd }
                _ = consumeIncludingWhitespace(&block)
            }
        }

        /// `An+B`, then for `:nth-child()`/`:nth-last-child()` optionally `of S`.
        private mutating func consumeNthArgument(of pseudoClass: PseudoClass, in block: inout TokenRange) -> Bool {
            guard consumeAnPlusB(&block) else { return false }
            skipWhitespace(&block)
            if block.atEnd { return true }
            guard pseudoClass == .nthChild || pseudoClass == .nthLastChild else { return false }
            let of = peek(block)
            consume(&block)
            guard of.kind == .ident, Tokenizer.equalsIgnoringASCIICase(value(of), "of") else { return false }
            skipWhitespace(&block)
            let parsed = consumeSelectorList(&block) { parser, range in parser.consumeComplexSelector(&range) }
            return parsed && block.atEnd
        }

        /// The `<an+b>` microsyntax over CSS tokens, exactly as WebKit's
        /// `consumeANPlusB`: `odd`, `even`, `5`, `-n+3`, `2n- 1`, `+n`, …
        /// where the `n` may be buried in an identifier or dimension unit.
        private func consumeAnPlusB(_ block: inout TokenRange) -> Bool {
            let first = peek(block)
            consume(&block)
            if first.kind == .number && first.isInteger { return true }
            if first.kind == .ident {
                let keyword = Tokenizer.asciiLowercased(value(first))
                if keyword == "odd" || keyword == "even" { return true }
            }
            // The `n`, possibly followed by `-` and digits, as written.
            var n: ArraySlice<Unicode.Scalar> = []
            if first.isDelimiter("+") && kind(block) == .ident {
                n = Array(value(peek(block)).unicodeScalars)[...]
                consume(&block)
            } else if first.kind == .dimension && first.isInteger {
                n = Array(value(first).unicodeScalars)[...]
            } else if first.kind == .ident {
                n = Array(value(first).unicodeScalars)[...]
                if n.first == "-" { n = n.dropFirst() }
            }
            skipWhitespace(&block)

            guard n.first == "n" || n.first == "N" else { return false }
            if n.count > 1 && n[n.startIndex + 1] != "-" { return false }
            if n.count > 2 { return Self.isInt32WithTrailingWhitespace(n.dropFirst()) }

            var sign = n.count == 1 ? Token.Sign.none : .minus
            if sign == .none && kind(block) == .delimiter {
                switch token(consumeIncludingWhitespace(&block)).delimiter {
                case "+": sign = .plus
                case "-": sign = .minus
                default: return false
                }
            }
            if sign == .none && kind(block) != .number { return true }
            let b = peek(block)
            consume(&block)
            guard b.kind == .number && b.isInteger else { return false }
            // `n+ 3` and `n +3` are fine; `n+ +3` and `n 3` are not.
            return (b.sign == .none) != (sign == .none)
        }

        /// WTF's `parseInteger<int>`: an optional sign, ASCII digits without
        /// overflow, then only whitespace (including vertical tab).
        private static func isInt32WithTrailingWhitespace(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
            var rest = scalars
            var negative = false
            if rest.first == "-" || rest.first == "+" {
                negative = rest.first == "-"
                rest = rest.dropFirst()
            }
            guard let first = rest.first, ("0"..."9").contains(first) else { return false }
            var magnitude: Int64 = 0
            while let digit = rest.first, ("0"..."9").contains(digit) {
                magnitude = magnitude * 10 + Int64(digit.value - 0x30)
                if magnitude > Int64(Int32.max) + (negative ? 1 : 0) { return false }
                rest = rest.dropFirst()
            }
            return rest.allSatisfy { [" ", "\t", "\n", "\u{0B}", "\u{0C}", "\r"].contains($0) }
        }

        // MARK: Messages

        /// The problem in words, with the offset of what it is about.
        func message(for problem: Problem) -> String {
            switch problem {
            case .empty:
                return "empty selector"
            case .unexpected(let found):
                return "unexpected \(describe(found))"
            case .expectedSelector(let found):
                return "expected a selector, found \(describe(found))"
            case .expectedSelectorAfterComma(let comma, let found):
                return token(found).kind == .endOfFile
                    ? "nothing after ',' at offset \(token(comma).offset)"
                    : "expected a selector after ',', found \(describe(found))"
            case .expectedSelectorAfterCombinator(let combinator, let found):
                return "expected a selector after the combinator at offset \(combinatorOffset(combinator)), found \(describe(found))"
            case .pseudoElementNotLast(let pseudoElement, let combinator):
                return "pseudo-element '\(pseudoName(at: pseudoElement))' must be in the last compound selector, "
                    + "but a combinator follows at offset \(combinatorOffset(combinator))"
            case .undeclaredNamespace(let prefix):
                return "undeclared namespace prefix '\(value(prefix))|' at offset \(token(prefix).offset)"
            case .expectedNameAfterBar(let found):
                return "expected a name after '|', found \(describe(found))"
            case .notAllowedAfterPseudoElement(let selector, let pseudoElement):
                return "\(describe(selector)) cannot follow pseudo-element '\(pseudoName(at: pseudoElement))'"
            case .invalidIDSelector(let hash):
                return "'#\(value(hash))' at offset \(token(hash).offset) is not an ID selector (it starts with a digit)"
            case .expectedClassName(let found):
                return "expected a class name after '.', found \(describe(found))"
            case .expectedAttributeName(let found):
                return "expected an attribute name, found \(describe(found))"
            case .expectedAttributeMatcher(let found):
                return "expected '=', '~=', '|=', '^=', '$=' or '*=' in attribute selector, found \(describe(found))"
            case .expectedAttributeValue(let found):
                return "expected an attribute value (identifier or string), found \(describe(found))"
            case .unknownAttributeFlag(let flag):
                return "unsupported attribute selector flag \(describe(flag)) (only 'i' is supported)"
            case .unexpectedInAttribute(let found):
                return "unexpected \(describe(found)) in attribute selector"
            case .expectedPseudoName(let found):
                return "expected a pseudo-class or pseudo-element name, found \(describe(found))"
            case .unknownPseudoClass(let name):
                return "unknown pseudo-class \(describePseudo(name))"
            case .unknownPseudoElement(let name):
                return "unknown pseudo-element \(describePseudo(name))"
            case .pseudoElementInParentheses(let name):
                return "pseudo-element \(describePseudo(name)) is not allowed inside parentheses"
            case .needsArgument(let name):
                return "\(describePseudo(name)) needs an argument in parentheses"
            case .takesNoArgument(let name):
                return "\(describePseudo(name, withParentheses: false)) takes no argument"
            case .invalidArgument(let name):
                return "invalid argument to \(describePseudo(name))"
            case .nestedHas(let name):
                return "\(describePseudo(name)) cannot be nested inside :has()"
            case .nestedTooDeeply(let name):
                return "\(describePseudo(name)) is nested more than \(CSSSelectorValidator.maximumNestingDepth) levels deep"
            }
        }

        /// `'x' at offset 3`, or `nothing at offset 3`.
        private func describe(_ ref: TokenRef) -> String {
            let described = token(ref)
            switch described.kind {
            case .colon:
                // Name the whole pseudo-class or pseudo-element.
                var name = ref + 1
                if name < tokens.count && tokens[name].kind == .colon { name += 1 }
                if name < tokens.count && (tokens[name].kind == .ident || tokens[name].kind == .function) {
                    return describePseudo(name)
                }
                return "\(quote(described)) at offset \(described.offset)"
            case .leftBracket:
                return "attribute selector at offset \(described.offset)"
            case .delimiter where described.delimiter == "." && ref + 1 < tokens.count && tokens[ref + 1].kind == .ident:
                return "'.\(value(ref + 1))' at offset \(described.offset)"
            default:
                return "\(quote(described)) at offset \(described.offset)"
            }
        }

        /// How a token looks in a message.
        private func quote(_ token: Token) -> String {
            switch token.kind {
            case .ident: return "'\(value(token))'"
            case .function: return "'\(value(token))('"
            case .atKeyword: return "'@\(value(token))'"
            case .hash: return "'#\(value(token))'"
            case .string, .badString: return "a string"
            case .url, .badURL: return "'url('"
            case .delimiter: return "'\(token.delimiter)'"
            case .number, .percentage, .dimension: return "a number"
            case .whitespace: return "whitespace"
            case .cdo: return "'<!--'"
            case .cdc: return "'-->'"
            case .colon: return "':'"
            case .semicolon: return "';'"
            case .comma: return "','"
            case .leftBracket: return "'['"
            case .rightBracket: return "']'"
            case .leftParenthesis: return "'('"
            case .rightParenthesis: return "')'"
            case .leftBrace: return "'{'"
            case .rightBrace: return "'}'"
            case .includeMatch: return "'~='"
            case .dashMatch: return "'|='"
            case .prefixMatch: return "'^='"
            case .suffixMatch: return "'$='"
            case .substringMatch: return "'*='"
            case .column: return "'||'"
            case .endOfFile: return "nothing"
            }
        }

        /// `':name()' at offset 3` for the name token of a pseudo-class or pseudo-element.
        private func describePseudo(_ name: TokenRef, withParentheses: Bool = true) -> String {
            let colons = name >= 2 && tokens[name - 2].kind == .colon ? "::" : ":"
            let parentheses = withParentheses && tokens[name].kind == .function ? "()" : ""
            return "'\(colons)\(value(name))\(parentheses)' at offset \(tokens[name].offset - colons.count)"
        }

        /// Where the combinator starting at `ref` is: its `>`, `+` or `~`, or
        /// the whitespace if that is all there is.
        private func combinatorOffset(_ ref: TokenRef) -> Int {
            var index = ref
            while index >= 0 && index < tokens.count && tokens[index].kind == .whitespace { index += 1 }
            if index >= 0 && index < tokens.count && tokens[index].kind == .delimiter { return tokens[index].offset }
            return token(ref).offset
        }

        /// `::before` for a pseudo-element starting at `ref` (its first colon).
        private func pseudoName(at ref: TokenRef) -> String {
            let name = tokens[ref + 1].kind == .colon ? ref + 2 : ref + 1
            return (name == ref + 2 ? "::" : ":") + value(name) + (tokens[name].kind == .function ? "()" : "")
        }
    }
}
