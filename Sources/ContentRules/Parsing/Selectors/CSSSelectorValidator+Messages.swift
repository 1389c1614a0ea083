// Why a selector list is invalid: the problems the parser notes, and the
// sentences `CSSSelectorValidator.problem(in:)` makes of them.

extension CSSSelectorValidator {
    /// Why a selector list is invalid. Tokens are referred to by ``TokenRef``
    /// rather than copied, and no text is built until ``Parser/message(for:)``:
    /// the parser is recursive, and this keeps its stack frames small.
    enum Problem {
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
}

extension CSSSelectorValidator.Parser {
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
    func quote(_ token: Token) -> String {
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
