import Testing
@testable import ContentRules

/// What WebKit's `URLFilterParser::addPattern` returns for a pattern.
enum ExpectedFilterStatus: Sendable, Equatable, CustomStringConvertible {
    case ok
    case matchesEverything
    case error(URLFilterParseError)

    var description: String {
        switch self {
        case .ok: return "Ok"
        case .matchesEverything: return "MatchesEverything"
        case .error(let status): return status.rawValue
        }
    }
}

struct FilterStatusCase: Sendable, CustomTestStringConvertible {
    let pattern: String
    let expected: ExpectedFilterStatus
    var note: String = ""

    var testDescription: String {
        let shown = pattern.count > 60 ? "\(pattern.prefix(20))… (\(pattern.utf8.count) bytes)" : pattern
        return "\"\(shown)\" → \(expected)\(note.isEmpty ? "" : " (\(note))")"
    }
}

/// The status limot's parser gives, in WebKit's terms.
private func status(of pattern: String) -> ExpectedFilterStatus {
    do {
        let parsed = try URLFilterParser.parse(pattern)
        return parsed.matchesEverything ? .matchesEverything : .ok
    } catch {
        return .error(error.status)
    }
}

/// TEST ParsingFailures (spec §2), in file order.
private let parsingFailures: [FilterStatusCase] = [
    .init(pattern: "a*b?.*.?[a-z]?[a-z]*", expected: .matchesEverything),
    .init(pattern: "a*b?.*.?[a-z]?[a-z]+", expected: .ok),
    .init(pattern: "a*b?.*.?[a-z]?[a-z]", expected: .ok),
    .init(pattern: ".*?a", expected: .ok),
    .init(pattern: ".*a", expected: .ok),
    .init(pattern: "(?!)", expected: .error(.group)),
    .init(pattern: "(?=)", expected: .error(.group)),
    .init(pattern: "(?!a)", expected: .error(.group)),
    .init(pattern: "(?=a)", expected: .error(.group)),
    .init(pattern: "(regex)", expected: .ok),
    .init(pattern: "(regex", expected: .error(.yarrError)),
    .init(pattern: "((regex)", expected: .error(.yarrError)),
    .init(pattern: "(?:regex)", expected: .ok),
    .init(pattern: "(?:regex", expected: .error(.yarrError)),
    .init(pattern: "[^.]+", expected: .ok),
    .init(pattern: "a++", expected: .error(.yarrError)),
    .init(pattern: "[a]++", expected: .error(.yarrError)),
    .init(pattern: "+", expected: .error(.yarrError)),
    .init(pattern: "[", expected: .error(.yarrError)),
    .init(pattern: "[a}", expected: .error(.yarrError)),
    .init(pattern: "a]", expected: .ok),
    .init(pattern: "{", expected: .ok),
    .init(pattern: "{[a]", expected: .ok),
    .init(pattern: "{0", expected: .ok),
    .init(pattern: "{0,", expected: .ok),
    .init(pattern: "{0,1", expected: .ok),
    .init(pattern: "a{0,1", expected: .ok),
    .init(pattern: "a{a,b}", expected: .ok),
    .init(pattern: "\u{FF}", expected: .error(.nonASCII), note: "one Latin-1 character 0xFF"),
    .init(pattern: #"\xff"#, expected: .error(.nonASCII)),
    .init(pattern: #"\x\r\n"#, expected: .ok),
    .init(pattern: #"\b"#, expected: .error(.wordBoundary)),
    .init(pattern: #"[\d]"#, expected: .error(.atomCharacter)),
    .init(pattern: #"\d\D\w\s\v\h\i\c"#, expected: .error(.unsupportedCharacterClass)),
    .init(pattern: "this|that", expected: .error(.disjunction)),
    .init(pattern: "a{0,1}b", expected: .ok),
    .init(pattern: "a{0,2}b", expected: .error(.invalidQuantifier)),
    .init(pattern: "", expected: .error(.emptyPattern)),
    .init(pattern: "$$", expected: .error(.misplacedEndOfLine)),
    .init(pattern: "a^", expected: .error(.misplacedStartOfLine)),
    .init(pattern: "(^)", expected: .error(.misplacedStartOfLine)),
    .init(pattern: #"(a)\1"#, expected: .ok, note: "backreferences disabled: \\1 is octal 1"),
    .init(pattern: #"(<A>a)\k<A>"#, expected: .ok, note: "literal k<A>"),
    .init(pattern: #"(?<A>a)\k<A>"#, expected: .error(.backReference)),
    .init(pattern: #"\1(a)"#, expected: .ok, note: "octal"),
    .init(pattern: #"\8(a)"#, expected: .ok, note: "8"),
    .init(pattern: #"\9(a)"#, expected: .ok, note: "9"),
    .init(pattern: #"\k<A>(<A>a)"#, expected: .ok),
    .init(pattern: #"\k<A>(?<A>a)"#, expected: .error(.yarrError)),
    .init(pattern: #"\k<A>(a)"#, expected: .ok),
]

/// TEST PatternMatchingTheEmptyString: all MatchesEverything.
private let patternsMatchingTheEmptyString: [String] = [
    ".*", "a*", ".?", "a?", "[a-z]*", "[a-z]?", "(foobar)*", "(foobar)?", "(.*)", "(a*)", "(.?)", "(a?)", "([a-z]*)", "([a-z]?)",
    "(.)*", "(.+)*", "(.?)*", "(.*)*", "(.+)?", "(.?)+", "((foo)?((.)*)(bar)*)",
]

/// Patterns the other tests of the file compile successfully (all Ok).
private let okPatternsUsedElsewhere: [String] = [
    #"foo\.org"#, #"ba\.org"#, ".*web", "(.*)web", "(.)*web", "(.+)*web", "(.?)*web", "(.+)?web", "(.?)+web",
    "^.*foo", "bar$", "^[ab]+bang", "^foo", "^.*[a-c]+bar", "^webkit:", "[a-c]+b+oom", "A*D", "A*BA+", "A*BC", "A+BBB", "A+CCC", "A+DDD",
    "(((A+)B)C)", "(((A)B+)C)", "(((A)B+)C)D", "(((A)B)C+)", "(((A)B)C)",
]

@Suite("URL filter parser (WebKit URLFilterParser statuses)")
struct URLFilterParserTests {
    @Test("ParsingFailures", arguments: parsingFailures)
    func parsingFailure(_ testCase: FilterStatusCase) {
        #expect(status(of: testCase.pattern) == testCase.expected)
    }

    @Test("PatternMatchingTheEmptyString", arguments: patternsMatchingTheEmptyString)
    func patternMatchingTheEmptyString(_ pattern: String) throws {
        #expect(status(of: pattern) == .matchesEverything)
    }

    @Test("Ok patterns of the matching tests", arguments: okPatternsUsedElsewhere)
    func okPattern(_ pattern: String) {
        #expect(status(of: pattern) == .ok)
    }

    /// All four-letter `[A-Z][A-Z][A-Z][A-C]` literal patterns (case-sensitive in WebKit's test) parse.
    @Test func allFourLetterPatternsParse() {
        var failures: [String] = []
        var count = 0
        let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
        for a in letters {
            for b in letters {
                for c in letters {
                    for d in ["A", "B", "C"] {
                        let pattern = a + b + c + d
                        count += 1
                        if status(of: pattern) != .ok { failures.append(pattern) }
                    }
                }
            }
        }
        #expect(count == 26 * 26 * 26 * 3)
        #expect(failures.isEmpty, "not Ok: \(failures.prefix(20))")
    }

    /// TEST DeepNFA.
    @Test func deepPatterns() {
        #expect(status(of: String(repeating: "A", count: 100_000)) == .ok)
        #expect(status(of: String(repeating: "A", count: 2_000_000)) == .error(.yarrError))
    }

    /// Errors also name the status's WebKit wording.
    @Test func statusStrings() throws {
        #expect(URLFilterParseError.disjunction.message == "Disjunctions are not supported yet.")
        #expect(URLFilterParseError.yarrError.message == "Internal error in YARR.")
        #expect(URLFilterParseError.invalidQuantifier.message == "Arbitrary atom repetitions are not supported.")
        let error = #expect(throws: URLFilterSyntaxError.self) { _ = try URLFilterParser.parse("this|that") }
        #expect(error?.status == .disjunction)
    }

    // MARK: - Raw interpreter semantics (search, case-insensitive)

    struct SearchCase: Sendable, CustomTestStringConvertible {
        let patterns: [String]
        let input: String
        /// Indices of the patterns that must match.
        let matching: Set<Int>
        var testDescription: String { "\(patterns) in \"\(input)\" → \(matching.sorted())" }
    }

    static let searchCases: [SearchCase] = {
        var cases: [SearchCase] = []
        let dotted = [#"foo\.org"#, #"ba\.org"#]
        for (input, matching) in [
            ("foo.org", [0]), ("ba.org", [1]), ("bar.org", []), ("paddingfoo.org", [0]), ("paddingba.org", [1]),
            ("paddingbar.org", []), ("paddingba.orgfoo.org", [0, 1]),
        ] as [(String, Set<Int>)] {
            cases.append(SearchCase(patterns: dotted, input: input, matching: matching))
        }
        let web = [".*web", "(.*)web", "(.)*web", "(.+)*web", "(.?)*web", "(.+)?web", "(.?)+web"]
        for (input, matches) in [("eb", false), ("we", false), ("weeb", false), ("web", true), ("wweb", true), ("wwebb", true), ("http://theweb.example/", true)] {
            cases.append(SearchCase(patterns: web, input: input, matching: matches ? Set(web.indices) : []))
        }
        let plus = ["A+BBB", "A+CCC", "A+DDD"]
        for (input, matching) in [
            ("ABBBX", [0]), ("ACCCX", [1]), ("ADDDX", [2]), ("XBBBX", []), ("ABBX", []), ("ACCX", []), ("ADDX", []),
        ] as [(String, Set<Int>)] {
            cases.append(SearchCase(patterns: plus, input: input, matching: matching))
        }
        return cases
    }()

    /// Through RE2 and through the native segment matcher (where the pattern has that shape).
    @Test("raw search semantics", arguments: searchCases, [false, true])
    func rawSearch(_ testCase: SearchCase, native: Bool) throws {
        var matched: Set<Int> = []
        for (index, source) in testCase.patterns.enumerated() {
            var matchers = PatternMatchers()
            let id = matchers.add(try URLFilterParser.parse(source), caseSensitive: false, native: native)
            var bytes = Array(testCase.input.utf8)
            let hit = bytes.withUnsafeMutableBufferPointer { matchers.matches(id, in: UnsafeBufferPointer($0)) }
            if hit { matched.insert(index) }
        }
        #expect(matched == testCase.matching)
    }
}
