/// Why WebKit's url-filter parser rejects a pattern. The cases and messages
/// are WebKit's `URLFilterParser::ParseStatus`, so `limot rules check` says
/// what Safari's console would.
public enum URLFilterParseError: String, Error, Sendable, Equatable, CaseIterable {
    case nonASCII = "NonASCII"
    case unsupportedCharacterClass = "UnsupportedCharacterClass"
    case backReference = "BackReference"
    case forwardReference = "ForwardReference"
    case misplacedStartOfLine = "MisplacedStartOfLine"
    case wordBoundary = "WordBoundary"
    case atomCharacter = "AtomCharacter"
    case group = "Group"
    case disjunction = "Disjunction"
    case misplacedEndOfLine = "MisplacedEndOfLine"
    case emptyPattern = "EmptyPattern"
    case yarrError = "YarrError"
    case invalidQuantifier = "InvalidQuantifier"

    /// WebKit's wording for the status.
    public var message: String {
        switch self {
        case .nonASCII: return "Only ASCII characters are supported in pattern."
        case .unsupportedCharacterClass: return "Character class is not supported."
        case .backReference: return "Patterns cannot contain backreferences."
        case .forwardReference: return "Patterns cannot contain forward references."
        case .misplacedStartOfLine: return "Start of line assertion can only appear as the first term in a filter."
        case .wordBoundary: return "Word boundaries assertions are not supported yet."
        case .atomCharacter: return "Builtins character class atoms are not supported yet."
        case .group: return "Groups are not supported yet."
        case .disjunction: return "Disjunctions are not supported yet."
        case .misplacedEndOfLine: return "The end of line assertion must be the last term in an expression."
        case .emptyPattern: return "Empty pattern."
        case .yarrError: return "Internal error in YARR."
        case .invalidQuantifier: return "Arbitrary atom repetitions are not supported."
        }
    }
}

/// A rejected pattern with the detail of what and where.
public struct URLFilterSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: URLFilterParseError
    /// Byte offset in the pattern where the problem was found.
    public var offset: Int
    /// For `YarrError`: what the JavaScript regex syntax error is.
    public var detail: String?

    public var description: String {
        var text = status.message
        if text.hasSuffix(".") { text.removeLast() }
        if let detail { text += " (\(detail))" }
        return text + " at offset \(offset)"
    }
}
