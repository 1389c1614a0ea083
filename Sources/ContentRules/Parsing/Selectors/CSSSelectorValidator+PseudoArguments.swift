// The parser's pseudo-classes and pseudo-elements and their arguments
// (selector lists, An+B, languages).

extension CSSSelectorValidator.Parser {
    /// `:name`, `:name(…)`, `::name`, `::name(…)`.
    mutating func consumePseudo(_ range: inout TokenRange) -> SimpleSelector? {
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
}
