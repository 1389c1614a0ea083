// Its own grammar, not ContentRules' CSSSelectorValidator's: that one says whether WebKit accepts a selector, quirks and all; a profile needs a matcher for the strict subset its format documents.
/// Reads the selector subset `CSSSelector` supports (Selectors Level 3
/// grammar), character by character, so that an error can say where.
struct SelectorParser {
    private let text: String
    private let characters: [Character]
    private var position = 0

    init(_ text: String) {
        self.text = text
        self.characters = Array(text)
    }

    mutating func parseList() throws(SelectorError) -> [ComplexSelector] {
        var list: [ComplexSelector] = []
        while true {
            skipWhitespace()
            list.append(try parseComplex())
            skipWhitespace()
            guard let next = peek else { return list }
            guard next == "," else { throw error("expected \",\" or the end of the selector, found \"\(next)\"") }
            position += 1
        }
    }

    private mutating func parseComplex() throws(SelectorError) -> ComplexSelector {
        var compounds = [try parseCompound()]
        var combinators: [ComplexSelector.Combinator] = []
        while true {
            let hadSpace = skipWhitespace()
            guard let next = peek, next != "," else { break }
            let combinator: ComplexSelector.Combinator
            switch next {
            case ">":
                position += 1
                skipWhitespace()
                combinator = .child
            case "+", "~":
                throw error("the combinator \"\(next)\" is not supported (only descendant and \">\")")
            default:
                guard hadSpace else { throw error("unexpected \"\(next)\"") }
                combinator = .descendant
            }
            guard peek != nil, peek != "," else { throw error("a selector is missing after the combinator") }
            compounds.append(try parseCompound())
            combinators.append(combinator)
        }
        return ComplexSelector(compounds: compounds.reversed(), combinators: combinators.reversed())
    }

    private mutating func parseCompound(insideNot: Bool = false) throws(SelectorError) -> CompoundSelector {
        var simples: [SimpleSelector] = []
        if peek == "*" {
            position += 1
            simples.append(.universal)
        } else if let next = peek, Self.startsIdentifier(next) {
            simples.append(.type(parseIdentifier().lowercased()))
        }
        loop: while let next = peek {
            switch next {
            case "#":
                position += 1
                simples.append(.id(try requireIdentifier(after: "#")))
            case ".":
                position += 1
                simples.append(.class(try requireIdentifier(after: ".")))
            case "[":
                position += 1
                simples.append(try parseAttribute())
            case ":":
                simples.append(try parsePseudo(insideNot: insideNot))
            case "\\":
                throw error("escapes are not supported")
            case "|":
                throw error("namespaces are not supported")
            default:
                break loop
            }
        }
        guard !simples.isEmpty else {
            if let next = peek { throw error("expected a selector, found \"\(next)\"") }
            throw error("expected a selector, found the end")
        }
        return CompoundSelector(simples: simples)
    }

    private mutating func parseAttribute() throws(SelectorError) -> SimpleSelector {
        skipWhitespace()
        let name = try requireIdentifier(after: "[").lowercased()
        skipWhitespace()
        guard let next = peek else { throw error("\"]\" is missing") }
        if next == "]" {
            position += 1
            return .attribute(name, nil, "")
        }
        let op: SimpleSelector.Operator
        switch next {
        case "=": op = .equals
        case "~": op = .includes
        case "^": op = .prefix
        case "$": op = .suffix
        case "*": op = .substring
        case "|": throw error("the attribute operator \"|=\" is not supported")
        default: throw error("expected \"]\" or an attribute operator, found \"\(next)\"")
        }
        position += op == .equals ? 1 : 2
        if op != .equals, characters[position - 1] != "=" {
            position -= 1
            throw error("expected \"=\" after \"\(next)\"")
        }
        skipWhitespace()
        let value: String
        if let quote = peek, quote == "\"" || quote == "'" {
            let start = position
            position += 1
            var collected = ""
            while let character = peek, character != quote {
                if character == "\\" { throw error("escapes are not supported") }
                collected.append(character)
                position += 1
            }
            guard peek == quote else {
                position = start
                throw error("the string is not closed")
            }
            position += 1
            value = collected
        } else {
            value = try requireIdentifier(after: "an attribute operator")
        }
        skipWhitespace()
        if let flag = peek, flag == "i" || flag == "s" || flag == "I" || flag == "S" {
            throw error("attribute flags are not supported")
        }
        guard peek == "]" else {
            if let next = peek { throw error("expected \"]\", found \"\(next)\"") }
            throw error("\"]\" is missing")
        }
        position += 1
        return .attribute(name, op, value)
    }

    private mutating func parsePseudo(insideNot: Bool) throws(SelectorError) -> SimpleSelector {
        let start = position
        position += 1
        if peek == ":" {
            position = start
            throw error("pseudo-elements are not supported")
        }
        guard let next = peek, Self.startsIdentifier(next) else { throw error("expected a pseudo-class name after \":\"") }
        let name = parseIdentifier().lowercased()
        guard name == "not", !insideNot, peek == "(" else {
            position = start
            if name == "not", insideNot { throw error(":not() inside :not() is not supported") }
            throw error("the pseudo-class \":\(name)\(peek == "(" ? "()" : "")\" is not supported (only :not())")
        }
        position += 1
        skipWhitespace()
        let inner = try parseCompound(insideNot: true)
        skipWhitespace()
        guard peek == ")" else {
            if let next = peek { throw error(":not() takes one simple selector; expected \")\", found \"\(next)\"") }
            throw error("\")\" is missing")
        }
        position += 1
        return .not(inner)
    }

    // MARK: Characters

    private var peek: Character? { position < characters.count ? characters[position] : nil }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = position
        while let next = peek, next == " " || next == "\t" || next == "\n" || next == "\r" || next == "\u{0C}" { position += 1 }
        return position > start
    }

    private static func startsIdentifier(_ character: Character) -> Bool {
        character.isLetter || character == "_" || character == "-" || !character.isASCII
    }

    private static func continuesIdentifier(_ character: Character) -> Bool {
        startsIdentifier(character) || character.isNumber
    }

    private mutating func parseIdentifier() -> String {
        var identifier = ""
        while let next = peek, Self.continuesIdentifier(next) {
            identifier.append(next)
            position += 1
        }
        return identifier
    }

    private mutating func requireIdentifier(after what: String) throws(SelectorError) -> String {
        guard let next = peek, Self.startsIdentifier(next) else {
            if let next = peek { throw error("expected a name after \(what.count == 1 ? "\"\(what)\"" : what), found \"\(next)\"") }
            throw error("expected a name after \(what.count == 1 ? "\"\(what)\"" : what), found the end")
        }
        return parseIdentifier()
    }

    private func error(_ message: String) -> SelectorError {
        SelectorError(selector: text, position: position + 1, message: message)
    }
}
