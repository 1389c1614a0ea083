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
    public static let maximumNestingDepth = 128

    /// Why WebKit would reject `selectorList`, or `nil` when it accepts it.
    ///
    /// The reason is a short sentence for a warning, naming the offending part
    /// and its zero-based offset, counted in Unicode scalars (code points) from
    /// the start of `selectorList`, e.g.
    /// `"unknown pseudo-class ':has-text()' at offset 4"`.
    public static func problem(in selectorList: String) -> String? {
        var tokenizer = Tokenizer(selectorList)
        let tokens = tokenizer.tokenize()
        var parser = Parser(tokens: tokens, sourceLength: tokens.last?.offset ?? 0)
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
    /// A token of CSS Syntax Level 3, as WebKit's `CSSTokenizer` produces it.
    /// Comments produce no token at all.
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
        /// Unescaped name of an ident, function, at-keyword or hash; contents
        /// of a string or URL; unit of a dimension.
        var value: String = ""
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

        /// How the token looks in a message.
        var quoted: String {
            switch kind {
            case .ident: return "'\(value)'"
            case .function: return "'\(value)('"
            case .atKeyword: return "'@\(value)'"
            case .hash: return "'#\(value)'"
            case .string, .badString: return "a string"
            case .url, .badURL: return "'url('"
            case .delimiter: return "'\(delimiter)'"
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
    }
}

// MARK: - Tokenizer

extension CSSSelectorValidator {
    /// CSS Syntax Level 3 tokenization, following WebKit's `CSSTokenizer`
    /// (including its handling of `url(`, CR LF, and blocks left open).
    fileprivate struct Tokenizer {
        private let input: [Unicode.Scalar]
        private var position = 0
        /// The kinds of the blocks that are open, innermost last.
        private var openBlocks: [Token.Kind] = []

        init(_ string: String) {
            // Preprocessing: NUL becomes U+FFFD. CR and FF are not rewritten;
            // they are newlines wherever a newline is tested, as in WebKit.
            input = string.unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }
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
                while Self.isWhitespace(peek()) && position < input.count { position += 1 }
                return Token(kind: .whitespace, offset: start)
            case "\"", "'":
                return consumeString(endingWith: scalar)
            case "#":
                if Self.isNameCodePoint(peek()) || Self.isValidEscape(peek(), peek(1)) {
                    let isIdentifier = wouldStartIdentifier(peek(), peek(1), peek(2))
                    var token = Token(kind: .hash, offset: start, value: consumeName())
                    token.isIdentifierHash = isIdentifier
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
                    return Token(kind: .atKeyword, offset: start, value: consumeName())
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
            var token = Token(kind: .delimiter, offset: 0)
            token.delimiter = scalar
            return token
        }

        private mutating func blockStart(_ kind: Token.Kind, opening block: Token.Kind? = nil, value: String = "") -> Token {
            openBlocks.append(block ?? kind)
            return Token(kind: kind, offset: 0, block: .start, value: value)
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
            ("0"..."9").contains(c)
        }

        private static func isHexDigit(_ c: Unicode.Scalar) -> Bool {
            isDigit(c) || ("a"..."f").contains(c) || ("A"..."F").contains(c)
        }

        /// Letters, `_` and every non-ASCII code point.
        private static func isNameStartCodePoint(_ c: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" || !c.isASCII
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
            } else if Self.isWhitespace(peek()) && position < input.count {
                position += 1
            }
        }

        /// The code point after a backslash that is known to be a valid escape.
        private mutating func consumeEscape() -> Unicode.Scalar {
            let atEnd = position >= input.count
            let first = consume()
            if atEnd { return "\u{FFFD}" }
            guard Self.isHexDigit(first) else { return first }
            var value = hexValue(first)
            var digits = 1
            while digits < 6 && Self.isHexDigit(peek()) && position < input.count {
                value = value * 16 + hexValue(consume())
                digits += 1
            }
            consumeSingleWhitespace()
            if value == 0 || (0xD800...0xDFFF).contains(value) || value > 0x10FFFF { return "\u{FFFD}" }
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }

        private func hexValue(_ c: Unicode.Scalar) -> UInt32 {
            switch c {
            case "0"..."9": return c.value - 0x30
            case "a"..."f": return c.value - 0x61 + 10
            default: return c.value - 0x41 + 10
            }
        }

        private mutating func consumeName() -> String {
            var name = String.UnicodeScalarView()
            while position < input.count {
                let c = input[position]
                if Self.isNameCodePoint(c) {
                    name.append(c)
                    position += 1
                } else if Self.isValidEscape(c, peek(1)) {
                    position += 1
                    name.append(consumeEscape())
                } else {
                    break
                }
            }
            return String(name)
        }

        private mutating func consumeNumeric() -> Token {
            var token = Token(kind: .number, offset: position)
            token.isInteger = true
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
                token.value = consumeName()
            } else if consumeIfNext("%") {
                token.kind = .percentage
            }
            return token
        }

        private mutating func consumeIdentLike() -> Token {
            let name = consumeName()
            guard consumeIfNext("(") else { return Token(kind: .ident, offset: 0, value: name) }
            if Self.equalsIgnoringASCIICase(name, "url") {
                while Self.isWhitespace(peek()) && position < input.count { position += 1 }
                if peek() != "\"" && peek() != "'" { return consumeURL() }
            }
            return blockStart(.function, opening: .leftParenthesis, value: name)
        }

        private mutating func consumeString(endingWith quote: Unicode.Scalar) -> Token {
            var value = String.UnicodeScalarView()
            while true {
                if position >= input.count { return Token(kind: .string, offset: 0, value: String(value)) }
                let c = consume()
                if c == quote { return Token(kind: .string, offset: 0, value: String(value)) }
                if Self.isNewline(c) {
                    position -= 1
                    return Token(kind: .badString, offset: 0)
                }
                if c == "\\" {
                    if position >= input.count { continue }
                    if Self.isNewline(peek()) {
                        consumeSingleWhitespace()
                    } else {
                        value.append(consumeEscape())
                    }
                } else {
                    value.append(c)
                }
            }
        }

        /// After `url(` and whitespace, when no quote follows.
        private mutating func consumeURL() -> Token {
            var value = String.UnicodeScalarView()
            while true {
                if position >= input.count { return Token(kind: .url, offset: 0, value: String(value)) }
                let c = consume()
                if c == ")" { return Token(kind: .url, offset: 0, value: String(value)) }
                if Self.isWhitespace(c) {
                    while Self.isWhitespace(peek()) && position < input.count { position += 1 }
                    if consumeIfNext(")") || position >= input.count {
                        return Token(kind: .url, offset: 0, value: String(value))
                    }
                    break
                }
                if c == "\"" || c == "'" || c == "(" || Self.isNonPrintable(c) { break }
                if c == "\\" {
                    guard Self.isValidEscape(c, peek()) else { break }
                    value.append(consumeEscape())
                    continue
                }
                value.append(c)
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

// MARK: - Problems

extension CSSSelectorValidator {
    /// Why a selector list is invalid. Kept as data while parsing, because
    /// building message strings in the recursive functions would bloat every
    /// stack frame; ``message`` renders it once at the end.
    fileprivate enum Problem {
        case empty
        case unexpected(Token)
        case expectedSelector(found: Token)
        case expectedSelectorAfterComma(comma: Token, found: Token)
        case expectedSelectorAfterCombinator(offset: Int, found: Token)
        case pseudoElementNotLast(name: String, combinatorOffset: Int)
        case undeclaredNamespace(prefix: String, offset: Int)
        case expectedNameAfterBar(found: Token)
        case notAllowedAfterPseudoElement(selector: String, offset: Int, pseudoElement: String)
        case invalidIDSelector(Token)
        case expectedClassName(dot: Token, found: Token)
        case expectedAttributeName(found: Token)
        case expectedAttributeMatcher(found: Token)
        case expectedAttributeValue(found: Token)
        case unknownAttributeFlag(Token)
        case unexpectedInAttribute(Token)
        case expectedPseudoName(colon: Token, found: Token)
        case unknownPseudoClass(name: Token)
        case unknownPseudoElement(name: Token)
        case pseudoElementInFunction(name: Token)
        case needsArgument(colons: String, name: Token)
        case takesNoArgument(colons: String, name: Token)
        case invalidArgument(colons: String, name: Token)
        case nestedHas(name: Token)
        case nestedTooDeeply(name: Token)

        var message: String {
            switch self {
            case .empty:
                return "empty selector"
            case .unexpected(let token):
                return "unexpected \(token.quoted) at offset \(token.offset)"
            case .expectedSelector(let found):
                return "expected a selector at offset \(found.offset), found \(found.quoted)"
            case .expectedSelectorAfterComma(let comma, let found):
                return found.kind == .endOfFile
                    ? "nothing after ',' at offset \(comma.offset)"
                    : "expected a selector after ',' at offset \(found.offset), found \(found.quoted)"
            case .expectedSelectorAfterCombinator(let offset, let found):
                return "expected a selector after the combinator at offset \(offset), found \(found.quoted)"
            case .pseudoElementNotLast(let name, let offset):
                return "pseudo-element '\(name)' must be in the last compound selector, but a combinator follows at offset \(offset)"
            case .undeclaredNamespace(let prefix, let offset):
                return "undeclared namespace prefix '\(prefix)|' at offset \(offset)"
            case .expectedNameAfterBar(let found):
                return "expected a name after '|' at offset \(found.offset), found \(found.quoted)"
            case .notAllowedAfterPseudoElement(let selector, let offset, let pseudoElement):
                return "'\(selector)' at offset \(offset) cannot follow pseudo-element '\(pseudoElement)'"
            case .invalidIDSelector(let hash):
                return "'#\(hash.value)' at offset \(hash.offset) is not an ID selector (the name must not start with a digit)"
            case .expectedClassName(let dot, let found):
                return "expected a class name after '.' at offset \(dot.offset), found \(found.quoted)"
            case .expectedAttributeName(let found):
                return "expected an attribute name at offset \(found.offset), found \(found.quoted)"
            case .expectedAttributeMatcher(let found):
                return "expected '=', '~=', '|=', '^=', '$=' or '*=' at offset \(found.offset), found \(found.quoted)"
            case .expectedAttributeValue(let found):
                return "expected an attribute value (identifier or string) at offset \(found.offset), found \(found.quoted)"
            case .unknownAttributeFlag(let flag):
                return "unsupported attribute selector flag '\(flag.value)' at offset \(flag.offset) (only 'i' is supported)"
            case .unexpectedInAttribute(let token):
                return "unexpected \(token.quoted) at offset \(token.offset) in attribute selector"
            case .expectedPseudoName(let colon, let found):
                return "expected a pseudo-class or pseudo-element name after ':' at offset \(colon.offset), found \(found.quoted)"
            case .unknownPseudoClass(let name):
                return "unknown pseudo-class '\(Self.written(":", name))' at offset \(name.offset - 1)"
            case .unknownPseudoElement(let name):
                return "unknown pseudo-element '\(Self.written("::", name))' at offset \(name.offset - 2)"
            case .pseudoElementInFunction(let name):
                return "pseudo-element '\(Self.written("::", name))' at offset \(name.offset - 2) is not allowed inside parentheses"
            case .needsArgument(let colons, let name):
                return "'\(Self.written(colons, name))' at offset \(name.offset - colons.count) needs an argument in parentheses"
            case .takesNoArgument(let colons, let name):
                return "'\(colons)\(name.value)' at offset \(name.offset - colons.count) takes no argument"
            case .invalidArgument(let colons, let name):
                return "invalid argument to '\(Self.written(colons, name))' at offset \(name.offset - colons.count)"
            case .nestedHas(let name):
                return ":has() at offset \(name.offset - 1) cannot be nested inside :has()"
            case .nestedTooDeeply(let name):
                return "more than \(CSSSelectorValidator.maximumNestingDepth) nested pseudo-classes at offset \(name.offset - 1)"
            }
        }

        private static func written(_ colons: String, _ name: Token) -> String {
            colons + name.value + (name.kind == .function ? "()" : "")
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

    /// A recursive-descent port of WebKit's `CSSSelectorParser`, with the same
    /// function names where possible.
    ///
    /// Like WebKit it has two ways to fail: returning `nil`/`false`, and
    /// setting `failedParsing`, which dooms the whole list unless a forgiving
    /// `:is()`-style list absorbs it. The first problem found is kept for the
    /// message.
    fileprivate struct Parser {
        private let tokens: [Token]
        private let sourceLength: Int
        private var failedParsing = false
        /// Inside a functional pseudo-class or pseudo-element.
        private var disallowPseudoElements = false
        /// Inside `:has()`.
        private var disallowHas = false
        /// The last pseudo-element of the compound selector being parsed;
        /// only some simple selectors may follow it.
        private var precedingPseudoElement: (kind: PseudoElement, name: String)?
        private var nestingDepth = 0
        private var firstProblem: Problem?

        init(tokens: [Token], sourceLength: Int) {
            self.tokens = tokens
            self.sourceLength = sourceLength
        }

        mutating func problemInSelectorList() -> String? {
            var range = TokenRange(position: 0, end: tokens.count - 1)  // without end of file
            skipWhitespace(&range)
            if range.atEnd { return Problem.empty.message }
            let parsed = consumeSelectorList(&range) { parser, range in parser.consumeComplexSelector(&range) }
            if parsed && range.atEnd { return nil }
            if parsed { note(.unexpected(peek(range))) }
            return (firstProblem ?? .unexpected(peek(range))).message
        }

        // MARK: Token access

        private func peek(_ range: TokenRange, _ distance: Int = 0) -> Token {
            let index = range.position + distance
            return index < range.end ? tokens[index] : endOfFile(at: range.end)
        }

        private func endOfFile(at index: Int) -> Token {
            Token(kind: .endOfFile, offset: index < tokens.count ? tokens[index].offset : sourceLength)
        }

        @discardableResult
        private func consume(_ range: inout TokenRange) -> Token {
            let token = peek(range)
            if !range.atEnd { range.position += 1 }
            return token
        }

        private func skipWhitespace(_ range: inout TokenRange) {
            while !range.atEnd && tokens[range.position].kind == .whitespace { range.position += 1 }
        }

        @discardableResult
        private func consumeIncludingWhitespace(_ range: inout TokenRange) -> Token {
            let token = consume(&range)
            skipWhitespace(&range)
            return token
        }

        /// The contents of the block that starts at the current token; the
        /// range moves past its end. A block left open runs to the range's end.
        private func consumeBlock(_ range: inout TokenRange) -> TokenRange {
            let start = range.position + 1
            var nesting = 0
            repeat {
                let token = consume(&range)
                if token.block == .start { nesting += 1 } else if token.block == .end { nesting -= 1 }
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
            let first = peek(range)
            guard consumeSelector(&self, &range) else {
                note(.expectedSelector(found: first))
                return false
            }
            while peek(range).kind == .comma {
                let comma = consumeIncludingWhitespace(&range)
                let next = peek(range)
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
                if !parsed || failedParsing || (!range.atEnd && peek(range).kind != .comma) {
                    while !range.atEnd && peek(range).kind != .comma { consume(&range) }
                }
                failedParsing = false
                firstProblem = problemBefore
                guard peek(range).kind == .comma else { return }
                consumeIncludingWhitespace(&range)
            }
        }

        // MARK: Complex and compound selectors

        private enum Combinator { case none, descendant, child, nextSibling, subsequentSibling }

        /// Whitespace and at most one of `>`, `+`, `~`.
        private func consumeCombinator(_ range: inout TokenRange) -> Combinator {
            var combinator = Combinator.none
            while peek(range).kind == .whitespace {
                consume(&range)
                combinator = .descendant
            }
            let token = peek(range)
            guard token.kind == .delimiter else { return combinator }
            switch token.delimiter {
            case ">": combinator = .child
            case "+": combinator = .nextSibling
            case "~": combinator = .subsequentSibling
            default: return combinator
            }
            consumeIncludingWhitespace(&range)
            return combinator
        }

        /// Compound selectors joined by combinators. A compound selector with
        /// a pseudo-element must be the last one.
        private mutating func consumeComplexSelector(_ range: inout TokenRange) -> Bool {
            guard var previous = consumeCompoundSelector(&range) else { return false }
            while true {
                let combinatorOffset = peek(range).offset
                let combinator = consumeCombinator(&range)
                if combinator == .none { return true }
                let next = peek(range)
                guard let compound = consumeCompoundSelector(&range) else {
                    if combinator == .descendant { return true }  // trailing whitespace
                    note(.expectedSelectorAfterCombinator(offset: combinatorOffset, found: next))
                    return false
                }
                if let pseudoElement = previous.pseudoElement {
                    note(.pseudoElementNotLast(name: pseudoElement, combinatorOffset: combinatorOffset))
                    return false
                }
                previous = compound
            }
        }

        /// A `:has()` argument: an optional leading combinator, then a
        /// complex selector.
        private mutating func consumeRelativeSelector(_ range: inout TokenRange) -> Bool {
            _ = consumeCombinator(&range)
            return consumeComplexSelector(&range)
        }

        private struct Compound {
            /// The name of the pseudo-element in this compound selector, if any.
            var pseudoElement: String?
        }

        /// `[type-selector] simple-selector*`, at least one of the two.
        private mutating func consumeCompoundSelector(_ range: inout TokenRange) -> Compound? {
            let start = peek(range).offset
            let qualifiedName = consumeQualifiedName(&range)
            var compound = Compound()
            var simpleSelectorCount = 0
            while let simple = consumeSimpleSelector(&range) {
                simpleSelectorCount += 1
                if case .pseudoElement(let kind) = simple.selector {
                    compound.pseudoElement = simple.name
                    precedingPseudoElement = (kind, simple.name)
                }
            }
            if qualifiedName == nil && simpleSelectorCount == 0 { return nil }
            if !disallowPseudoElements { precedingPseudoElement = nil }
            if let prefix = qualifiedName?.namespacePrefix, prefix != "", prefix != "*" {
                // Without a style sheet there is no @namespace to resolve it.
                fail(.undeclaredNamespace(prefix: prefix, offset: start))
                if simpleSelectorCount == 0 { return nil }
            }
            return compound
        }

        private struct QualifiedName {
            /// `nil` without a `|`; empty for `|name`.
            var namespacePrefix: String?
        }

        /// `name`, `*`, `prefix|name`, `prefix|*`, `|name`, `*|name` … Like
        /// WebKit, `a|` consumes the `a` and then fails.
        private mutating func consumeQualifiedName(_ range: inout TokenRange) -> QualifiedName? {
            let first = peek(range)
            var prefix: String
            if first.kind == .ident {
                prefix = first.value
                consume(&range)
            } else if first.isDelimiter("*") {
                prefix = "*"
                consume(&range)
            } else if first.isDelimiter("|") {
                prefix = ""
            } else {
                return nil
            }
            guard peek(range).isDelimiter("|") else { return QualifiedName(namespacePrefix: nil) }
            let afterBar = peek(range, 1)
            guard afterBar.kind == .ident || afterBar.isDelimiter("*") else {
                note(.expectedNameAfterBar(found: afterBar))
                return nil
            }
            consume(&range)
            consume(&range)
            return QualifiedName(namespacePrefix: prefix)
        }

        // MARK: Simple selectors

        private typealias Simple = (selector: SimpleSelector, name: String)

        /// `#id`, `.class`, `&`, `[attribute]` or a pseudo-class/element;
        /// `nil` without failing when none starts here.
        private mutating func consumeSimpleSelector(_ range: inout TokenRange) -> Simple? {
            let token = peek(range)
            let parsed: Simple?
            switch token.kind {
            case .hash:
                parsed = consumeID(&range)
            case .delimiter where token.delimiter == ".":
                parsed = consumeClass(&range)
            case .delimiter where token.delimiter == "&":
                consume(&range)
                parsed = (.nesting, "&")
            case .leftBracket:
                parsed = consumeAttribute(&range)
            case .colon:
                parsed = consumePseudo(&range)
            default:
                return nil
            }
            guard let parsed else {
                fail(.unexpected(token))  // the specific problem was noted first
                return nil
            }
            if let (pseudoElement, name) = precedingPseudoElement, !parsed.selector.isAllowed(after: pseudoElement) {
                fail(.notAllowedAfterPseudoElement(selector: parsed.name, offset: token.offset, pseudoElement: name))
            }
            return parsed
        }

        private mutating func consumeID(_ range: inout TokenRange) -> Simple? {
            let hash = consume(&range)
            guard hash.isIdentifierHash else {
                note(.invalidIDSelector(hash))
                return nil
            }
            return (.id, "#" + hash.value)
        }

        private mutating func consumeClass(_ range: inout TokenRange) -> Simple? {
            let dot = consume(&range)
            let name = peek(range)
            guard name.kind == .ident else {
                note(.expectedClassName(dot: dot, found: name))
                return nil
            }
            consume(&range)
            return (.class, "." + name.value)
        }

        /// `[name]`, `[name op value]`, `[name op value i]`.
        private mutating func consumeAttribute(_ range: inout TokenRange) -> Simple? {
            var block = consumeBlock(&range)
            skipWhitespace(&block)
            let start = peek(block)
            guard let name = consumeQualifiedName(&block) else {
                note(.expectedAttributeName(found: start))
                return nil
            }
            skipWhitespace(&block)
            if let prefix = name.namespacePrefix, prefix != "", prefix != "*" {
                note(.undeclaredNamespace(prefix: prefix, offset: start.offset))
                return nil
            }
            let selector: Simple = (.attribute, "[" + start.value + "]")
            if block.atEnd { return selector }
            let matcher = consumeIncludingWhitespace(&block)
            switch matcher.kind {
            case .includeMatch, .dashMatch, .prefixMatch, .suffixMatch, .substringMatch: break
            case .delimiter where matcher.delimiter == "=": break
            default: fail(.expectedAttributeMatcher(found: matcher))
            }
            let value = consumeIncludingWhitespace(&block)
            guard value.kind == .ident || value.kind == .string else {
                note(.expectedAttributeValue(found: value))
                return nil
            }
            if peek(block).kind == .ident {
                let flag = consumeIncludingWhitespace(&block)
                if !Tokenizer.equalsIgnoringASCIICase(flag.value, "i") { fail(.unknownAttributeFlag(flag)) }
            }
            guard block.atEnd else {
                note(.unexpectedInAttribute(peek(block)))
                return nil
            }
            return selector
        }

        // MARK: Pseudo-classes and pseudo-elements

        /// `:name`, `:name(…)`, `::name`, `::name(…)`.
        private mutating func consumePseudo(_ range: inout TokenRange) -> Simple? {
            let colon = consume(&range)
            var colons = ":"
            if peek(range).kind == .colon {
                consume(&range)
                colons = "::"
            }
            let name = peek(range)
            guard name.kind == .ident || name.kind == .function else {
                note(.expectedPseudoName(colon: colon, found: name))
                return nil
            }
            guard let selector = lookUpPseudo(colons: colons, name: name) else { return nil }
            let simple: Simple = (selector, colons + Tokenizer.asciiLowercased(name.value))

            if name.kind == .ident {
                consume(&range)
                if selector.requiresArgument {
                    note(.needsArgument(colons: colons, name: name))
                    return nil
                }
                return simple
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
                note(selector.takesArgument ? .invalidArgument(colons: colons, name: name) : .takesNoArgument(colons: colons, name: name))
                return nil
            }
            return simple
        }

        /// What `:name` or `::name` denotes, if WebKit knows it and allows it here.
        private mutating func lookUpPseudo(colons: String, name: Token) -> SimpleSelector? {
            let lowercaseName = Tokenizer.asciiLowercased(name.value)
            let selector: SimpleSelector
            if colons == ":" {
                if let pseudoClass = PseudoClass.byName[lowercaseName] {
                    return .pseudoClass(pseudoClass)
                }
                guard let pseudoElement = PseudoElement.legacySingleColon[lowercaseName] else {
                    note(.unknownPseudoClass(name: name))
                    return nil
                }
                selector = .pseudoElement(pseudoElement)
            } else {
                guard var pseudoElement = PseudoElement.named(lowercaseName) else {
                    note(.unknownPseudoElement(name: name))
                    return nil
                }
                if pseudoElement == .cue && name.kind == .ident { pseudoElement = .userAgentPart }
                selector = .pseudoElement(pseudoElement)
            }
            if disallowPseudoElements {
                note(.pseudoElementInFunction(name: name))
                return nil
            }
            return selector
        }

        /// The part between the parentheses of a functional pseudo-class.
        private mutating func consumeArgument(of pseudoClass: PseudoClass, name: Token, in block: inout TokenRange) -> Bool {
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
                return consumeIncludingWhitespace(&block).kind == .ident && block.atEnd
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
                    guard peek(block).kind == .comma else { return block.atEnd }
                    consumeIncludingWhitespace(&block)
                }
            case .highlight:
                return consumeIncludingWhitespace(&block).kind == .ident && block.atEnd
            case .part:
                // Identifiers, whitespace-separated.
                repeat {
                    if consumeIncludingWhitespace(&block).kind != .ident { return false }
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
                let item = consumeIncludingWhitespace(&block)
                guard item.kind == .ident || item.kind == .string, !item.value.hasPrefix("--") else { return false }
                guard peek(block).kind == .comma else { return block.atEnd }
                consumeIncludingWhitespace(&block)
            }
        }

        /// `An+B`, then for `:nth-child()`/`:nth-last-child()` optionally `of S`.
        private mutating func consumeNthArgument(of pseudoClass: PseudoClass, in block: inout TokenRange) -> Bool {
            guard consumeAnPlusB(&block) else { return false }
            skipWhitespace(&block)
            if block.atEnd { return true }
            guard pseudoClass == .nthChild || pseudoClass == .nthLastChild else { return false }
            let of = consume(&block)
            guard of.kind == .ident, Tokenizer.equalsIgnoringASCIICase(of.value, "of") else { return false }
            skipWhitespace(&block)
            let parsed = consumeSelectorList(&block) { parser, range in parser.consumeComplexSelector(&range) }
            return parsed && block.atEnd
        }

        /// The `<an+b>` microsyntax over CSS tokens, exactly as WebKit's
        /// `consumeANPlusB`: `odd`, `even`, `5`, `-n+3`, `2n- 1`, `+n`, …
        /// where the `n` may be buried in an identifier or dimension unit.
        private func consumeAnPlusB(_ block: inout TokenRange) -> Bool {
            let token = consume(&block)
            if token.kind == .number && token.isInteger { return true }
            if token.kind == .ident {
                let keyword = Tokenizer.asciiLowercased(token.value)
                if keyword == "odd" || keyword == "even" { return true }
            }
            // The `n`, possibly followed by `-` and digits, as written.
            var scalars: ArraySlice<Unicode.Scalar> = []
            if token.isDelimiter("+") && peek(block).kind == .ident {
                scalars = Array(consume(&block).value.unicodeScalars)[...]
            } else if token.kind == .dimension && token.isInteger {
                scalars = Array(token.value.unicodeScalars)[...]
            } else if token.kind == .ident {
                scalars = Array(token.value.unicodeScalars)[...]
                if scalars.first == "-" { scalars = scalars.dropFirst() }
            }
            skipWhitespace(&block)

            guard let n = scalars.first, n == "n" || n == "N" else { return false }
            if scalars.count > 1 && scalars[scalars.startIndex + 1] != "-" { return false }
            if scalars.count > 2 { return Self.isInt32WithTrailingWhitespace(scalars.dropFirst()) }

            var sign = scalars.count == 1 ? Token.Sign.none : .minus
            if sign == .none && peek(block).kind == .delimiter {
                switch consumeIncludingWhitespace(&block).delimiter {
                case "+": sign = .plus
                case "-": sign = .minus
                default: return false
                }
            }
            if sign == .none && peek(block).kind != .number { return true }
            let b = consume(&block)
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
    }
}
