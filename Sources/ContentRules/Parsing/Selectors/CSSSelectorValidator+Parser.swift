// The parser: selector lists, complex, compound and simple selectors.
// Pseudo-class arguments are in CSSSelectorValidator+PseudoArguments.swift.

extension CSSSelectorValidator {
    /// A half-open slice of the token array; reading past its end yields an
    /// end-of-file token.
    struct TokenRange {
        var position: Int
        let end: Int
        var atEnd: Bool { position >= end }
    }


    /// A token by index; a negative value `~i` is the end of a range that ends
    /// at index `i`, which reads as "nothing".
    typealias TokenRef = Int

    /// A recursive-descent port of WebKit's `CSSSelectorParser`, with the same
    /// function names where possible.
    ///
    /// Like WebKit it has two ways to fail: returning `nil`/`false`, and
    /// setting `failedParsing`, which dooms the whole list unless a forgiving
    /// `:is()`-style list absorbs it. The first problem found is kept for the
    /// message.
    struct Parser {
        // The validator's types, by the names the parser's extensions in other
        // files use (an extension of a nested type does not see its
        // enclosing type's members).
        typealias Token = CSSSelectorValidator.Token
        typealias TokenRef = CSSSelectorValidator.TokenRef
        typealias TokenRange = CSSSelectorValidator.TokenRange
        typealias Tokenizer = CSSSelectorValidator.Tokenizer
        typealias Problem = CSSSelectorValidator.Problem
        typealias SimpleSelector = CSSSelectorValidator.SimpleSelector
        typealias PseudoClass = CSSSelectorValidator.PseudoClass
        typealias PseudoElement = CSSSelectorValidator.PseudoElement

        let tokens: [Token]
        /// The preprocessed input, for the names and strings of tokens.
        let input: [Unicode.Scalar]
        private var failedParsing = false
        /// Inside a functional pseudo-class or pseudo-element.
        var disallowPseudoElements = false
        /// Inside `:has()`.
        var disallowHas = false
        /// The last pseudo-element of the compound selector being parsed (and
        /// the first token of it); only some simple selectors may follow it.
        private var precedingPseudoElement: (kind: PseudoElement, at: TokenRef)?
        var nestingDepth = 0
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

        func kind(_ range: TokenRange) -> Token.Kind {
            range.atEnd ? .endOfFile : tokens[range.position].kind
        }

        func peek(_ range: TokenRange, _ distance: Int = 0) -> Token {
            token(range.position + distance < range.end ? range.position + distance : ~range.end)
        }

        func ref(_ range: TokenRange) -> TokenRef {
            range.atEnd ? ~range.end : range.position
        }

        func token(_ ref: TokenRef) -> Token {
            if ref >= 0 { return tokens[ref] }
            return Token(kind: .endOfFile, offset: ~ref < tokens.count ? tokens[~ref].offset : input.count)
        }

        /// The unescaped name of an ident, function, at-keyword or hash, the
        /// unit of a dimension, or the contents of a string; otherwise "".
        func value(_ token: Token) -> String {
            switch token.kind {
            case .ident, .function, .atKeyword, .hash, .dimension:
                return Tokenizer.name(in: input, at: token.valueStart)
            case .string:
                return Tokenizer.string(in: input, at: token.valueStart)
            default:
                return ""
            }
        }

        func value(_ ref: TokenRef) -> String {
            value(token(ref))
        }

        func isDelimiter(_ range: TokenRange, _ scalar: Unicode.Scalar) -> Bool {
            !range.atEnd && tokens[range.position].isDelimiter(scalar)
        }

        func consume(_ range: inout TokenRange) {
            if !range.atEnd { range.position += 1 }
        }

        func skipWhitespace(_ range: inout TokenRange) {
            while !range.atEnd && tokens[range.position].kind == .whitespace { range.position += 1 }
        }

        /// Consumes one token and the whitespace after it; returns the token.
        func consumeIncludingWhitespace(_ range: inout TokenRange) -> TokenRef {
            let consumed = ref(range)
            consume(&range)
            skipWhitespace(&range)
            return consumed
        }

        /// The contents of the block that starts at the current token; the
        /// range moves past its end. A block left open runs to the range's end.
        func consumeBlock(_ range: inout TokenRange) -> TokenRange {
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
        mutating func note(_ problem: Problem) {
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
        mutating func consumeSelectorList(
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
        mutating func consumeForgivingSelectorList(_ range: inout TokenRange) {
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
        mutating func consumeComplexSelector(_ range: inout TokenRange) -> Bool {
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
        mutating func consumeRelativeSelector(_ range: inout TokenRange) -> Bool {
            _ = consumeCombinator(&range)
            return consumeComplexSelector(&range)
        }

        /// `[type-selector] simple-selector*`, at least one of the two.
        ///
        /// Returns `nil` when there is no compound selector here; otherwise
        /// where its pseudo-element starts, `.some(nil)` if it has none.
        mutating func consumeCompoundSelector(_ range: inout TokenRange) -> TokenRef?? {
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
    }
}
