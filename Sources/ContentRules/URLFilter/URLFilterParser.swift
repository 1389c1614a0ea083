/// Parses url-filters exactly as WebKit does: JavaScript regex syntax
/// (non-Unicode, with Annex B's leniency, as JavaScriptCore's YARR parses
/// it) feeding a builder that accepts only what WebKit's DFA compiler can
/// handle.
///
/// The structure mirrors WebKit's `URLFilterParser`: the syntax layer reports
/// atoms, assertions and quantifiers to the builder; the first unsupported
/// construct decides the error, but a syntax error anywhere wins over it, as
/// YARR's own error does in WebKit.
public enum URLFilterParser {
    /// JavaScriptCore's YARR refuses longer patterns (`MAX_PATTERN_SIZE`).
    public static let maximumPatternLength = 1 << 20

    /// Parses `pattern` into WebKit's subset, or says why WebKit rejects it.
    public static func parse(_ pattern: String) throws(URLFilterSyntaxError) -> URLFilterPattern {
        let bytes = Array(pattern.utf8)
        if let offset = bytes.firstIndex(where: { $0 >= 0x80 }) {
            throw URLFilterSyntaxError(status: .nonASCII, offset: offset)
        }
        if bytes.isEmpty {
            throw URLFilterSyntaxError(status: .emptyPattern, offset: 0)
        }
        if bytes.count > maximumPatternLength {
            throw URLFilterSyntaxError(status: .yarrError, offset: maximumPatternLength, detail: "pattern longer than \(maximumPatternLength) characters")
        }
        var syntax = RegexSyntaxReader(bytes: bytes)
        var builder = SubsetBuilder()
        if let yarrError = syntax.read(into: &builder) {
            throw yarrError
        }
        return try builder.finish()
    }
}

/// Builds the supported subset from syntax events (WebKit's `PatternParser`).
struct SubsetBuilder {
    typealias Term = URLFilterPattern.Term

    private var floating: Term?
    private var sunk: [Term] = []
    private var openGroups: [[Term]] = []
    private var anchoredAtStart = false
    private var processedEndOfLine = false
    private(set) var failure: URLFilterSyntaxError?
    var offset = 0

    private mutating func fail(_ status: URLFilterParseError) {
        if failure == nil { failure = URLFilterSyntaxError(status: status, offset: offset) }
    }

    private mutating func sinkFloatingTerm() {
        guard let term = floating else { return }
        floating = nil
        if processedEndOfLine {
            fail(.misplacedEndOfLine)
            return
        }
        // A class that can match NUL can match WebKit's end-of-URL marker: it ends the pattern too.
        if term.isEndOfLine || term.canMatchNUL { processedEndOfLine = true }
        if openGroups.isEmpty {
            sunk.append(term)
        } else {
            openGroups[openGroups.count - 1].append(term)
        }
    }

    mutating func character(_ byte: UInt8) {
        guard failure == nil else { return }
        if byte >= 0x80 { return fail(.nonASCII) }
        // WebKit's DFA marks the end of the URL with NUL, so a NUL in a
        // pattern behaves exactly like `$`.
        if byte == 0 { return endOfLine() }
        sinkFloatingTerm()
        floating = Term(atom: .character(byte), quantifier: .one)
    }

    mutating func builtInClass(isDot: Bool) {
        guard failure == nil else { return }
        sinkFloatingTerm()
        if isDot {
            floating = Term(atom: .anyCharacter, quantifier: .one)
        } else {
            fail(.unsupportedCharacterClass)
        }
    }

    mutating func quantify(minimum: Int, maximum: Int?) {
        guard failure == nil, var term = floating else { return }
        switch (minimum, maximum) {
        case (0, 1): term.quantifier = .zeroOrOne
        case (0, nil): term.quantifier = .zeroOrMore
        case (1, nil): term.quantifier = .oneOrMore
        default: return fail(.invalidQuantifier)  // including {1}: WebKit rejects it too
        }
        floating = term
    }

    mutating func backReference() { fail(.backReference) }

    mutating func beginningOfLine() {
        guard failure == nil else { return }
        if floating != nil || !sunk.isEmpty || !openGroups.isEmpty {
            return fail(.misplacedStartOfLine)
        }
        anchoredAtStart = true
    }

    mutating func endOfLine() {
        guard failure == nil else { return }
        sinkFloatingTerm()
        floating = Term(atom: .endOfLine, quantifier: .one)
    }

    mutating func wordBoundary() { fail(.wordBoundary) }

    mutating func beginCharacterClass(inverted: Bool) {
        guard failure == nil else { return }
        sinkFloatingTerm()
        floating = Term(atom: .characterSet(members: ASCIISet(), inverted: inverted), quantifier: .one)
    }

    mutating func characterClassMember(_ low: UInt8, _ high: UInt8) {
        guard failure == nil, let term = floating,
            case .characterSet(var members, let inverted) = term.atom
        else { return }
        if low >= 0x80 || high >= 0x80 { return fail(.nonASCII) }
        for byte in low...high { members.insert(byte) }
        floating = Term(atom: .characterSet(members: members, inverted: inverted), quantifier: .one)
    }

    mutating func characterClassBuiltIn() { fail(.atomCharacter) }

    mutating func beginGroup() {
        guard failure == nil else { return }
        sinkFloatingTerm()
        openGroups.append([])
    }

    mutating func beginLookaround() { fail(.group) }

    mutating func endGroup() {
        guard failure == nil else { return }
        sinkFloatingTerm()
        guard let terms = openGroups.popLast() else { return }
        floating = Term(atom: .group(terms), quantifier: .one)
    }

    mutating func disjunction() { fail(.disjunction) }

    mutating func finish() throws(URLFilterSyntaxError) -> URLFilterPattern {
        sinkFloatingTerm()
        if let failure { throw failure }
        return URLFilterPattern(anchoredAtStart: anchoredAtStart, terms: sunk)
    }
}
