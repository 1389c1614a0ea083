/// Why a line of an AdBlock Plus / uBlock Origin list has no WKContentRuleList
/// equivalent. The converter never guesses: a filter WebKit cannot express is
/// left out and counted under one of these, so that a user can see what the
/// converted list does not do.
public enum AdblockSkipReason: Error, Sendable, Hashable, CustomStringConvertible {
    /// An option that changes the response rather than blocking it, or that
    /// WebKit has no trigger field for (`$redirect`, `$csp`, `$removeparam`…).
    case unsupportedOption(String)
    /// An option neither AdBlock Plus nor uBlock Origin documents.
    case unknownOption(String)
    /// A uBlock scriptlet injection (`##+js(…)`).
    case scriptlet
    /// A cosmetic filter that needs a script to apply: procedural operators
    /// (`:has-text()`, `:upward()`…), `:style()`, `:remove()`.
    case proceduralCosmetic(String)
    /// AdBlock Plus snippets (`#$#`), extended CSS (`#?#`), AdGuard's `#%#`
    /// and HTML filters (`##^`, `$$`): no WebKit action applies them.
    case cosmeticSyntax(String)
    /// A selector WebKit's CSS parser rejects (WebKit would drop the rule).
    case invalidSelector(String)
    /// A `/regex/` filter outside WebKit's url-filter subset, with WebKit's reason.
    case regexOutsideSubset(String)
    /// Characters outside ASCII, which WebKit's url-filters and domains refuse.
    case nonASCII
    /// `$domain=`/`a.com##` lists with nothing WebKit can use (only entity
    /// domains such as `google.*`, or malformed names).
    case unusableDomains(String)
    /// Included and excluded domains that overlap, which one WebKit trigger
    /// cannot say (`if-domain` and `unless-domain` cannot be combined).
    case mixedDomains
    /// A filter switched off by a `$badfilter` filter of the same text, or
    /// a `$badfilter` filter itself.
    case badfilter
    /// A cosmetic filter every `#@#` exception of which covers it.
    case disabledByException
    /// An exception option limot cannot express with `ignore-previous-rules`
    /// (`$genericblock`, `$elemhide` with `$domain=`…).
    case unsupportedException(String)
    /// A line that is not a filter at all (an empty pattern with no options…).
    case malformed(String)

    /// The reason as a short phrase; the category it is counted under.
    public var category: String {
        switch self {
        case .unsupportedOption(let name): return "option $\(name) (WebKit has no equivalent)"
        case .unknownOption: return "unknown option"
        case .scriptlet: return "scriptlet injection (##+js)"
        case .proceduralCosmetic(let name): return "procedural cosmetic \(name)"
        case .cosmeticSyntax(let marker): return "cosmetic syntax \(marker)"
        case .invalidSelector: return "selector WebKit rejects"
        case .regexOutsideSubset: return "regex outside WebKit's subset"
        case .nonASCII: return "non-ASCII characters"
        case .unusableDomains: return "no usable domain"
        case .mixedDomains: return "included and excluded domains overlap"
        case .badfilter: return "$badfilter"
        case .disabledByException: return "disabled everywhere by #@#"
        case .unsupportedException(let name): return "exception $\(name)"
        case .malformed: return "malformed filter"
        }
    }

    /// The reason with its specifics, for `--report`.
    public var description: String {
        switch self {
        case .unknownOption(let name): return "unknown option $\(name)"
        case .proceduralCosmetic(let name): return "procedural cosmetic \(name) needs a script"
        case .invalidSelector(let problem): return "selector WebKit rejects: \(problem)"
        case .regexOutsideSubset(let why): return "regex outside WebKit's subset: \(why)"
        case .unusableDomains(let domains): return "no domain WebKit can use in \(domains)"
        case .mixedDomains: return "included and excluded domains overlap (WebKit cannot combine if-domain and unless-domain)"
        case .badfilter: return "switched off by $badfilter"
        case .unsupportedException(let name): return "exception $\(name): a trigger holds one page condition"
        case .malformed(let why): return "malformed filter: \(why)"
        default: return category
        }
    }
}

/// One line of a list that the converter left out, and why.
public struct AdblockSkippedLine: Sendable, Hashable {
    /// The file (or name) the line came from.
    public var source: String
    /// The one-based line number.
    public var line: Int
    /// The line as written, without surrounding whitespace.
    public var text: String
    public var reason: AdblockSkipReason

    public init(source: String, line: Int, text: String, reason: AdblockSkipReason) {
        self.source = source
        self.line = line
        self.text = text
        self.reason = reason
    }
}
