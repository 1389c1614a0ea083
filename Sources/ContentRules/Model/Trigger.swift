/// When a rule applies: WebKit's `trigger` object.
public struct Trigger: Sendable, Hashable {
    /// A regex in WebKit's subset, searched in the whole canonical URL.
    public var urlFilter: String
    public var urlFilterIsCaseSensitive: Bool = false
    /// Case sensitivity of `if-top-url`/`unless-top-url` and of the
    /// regexes `if-domain`/`unless-domain` compile to.
    public var topURLFilterIsCaseSensitive: Bool = false
    /// Case sensitivity of the frame-URL conditions.
    public var frameURLFilterIsCaseSensitive: Bool = false
    /// Empty means every type, as in WebKit.
    public var resourceTypes: ResourceTypes = []
    /// Empty means both.
    public var loadTypes: LoadTypes = []
    /// Empty means both.
    public var loadContexts: LoadContexts = []
    public var requestMethod: RequestMethod?
    /// At most one condition per trigger (WebKit: `JSONMultipleConditions`).
    public var condition: Condition?

    public init(urlFilter: String) {
        self.urlFilter = urlFilter
    }

    /// Whether the trigger restricts anything besides the URL.
    public var hasFlags: Bool {
        !resourceTypes.isEmpty || !loadTypes.isEmpty || !loadContexts.isEmpty || requestMethod != nil
            || condition != nil
    }
}

/// A trigger's one condition on the page or frame the load happens in.
public struct Condition: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case ifDomain = "if-domain"
        case unlessDomain = "unless-domain"
        case ifTopURL = "if-top-url"
        case unlessTopURL = "unless-top-url"
        case ifFrameURL = "if-frame-url"
        case unlessFrameURL = "unless-frame-url"
        case ifAncestorFrameURL = "if-ancestor-frame-url"

        /// `unless-…` conditions keep the rule when nothing matches.
        public var isNegated: Bool {
            self == .unlessDomain || self == .unlessTopURL || self == .unlessFrameURL
        }

        /// Whether the condition looks at the top document's URL (else the frame's).
        public var appliesToTopURL: Bool {
            self == .ifDomain || self == .unlessDomain || self == .ifTopURL || self == .unlessTopURL
        }

        var isDomainList: Bool { self == .ifDomain || self == .unlessDomain }
    }

    public var kind: Kind
    /// Domains for the domain kinds (as written, `*` prefix included), regexes otherwise.
    public var values: [String]

    public init(kind: Kind, values: [String]) {
        self.kind = kind
        self.values = values
    }

    /// The regexes WebKit compiles this condition to: domain lists become
    /// `[a-z][a-z+.-]*:\/\/` + (`([^/]*\.)*` for `*`) + the escaped domain + `[:/]`,
    /// searched anywhere in the top URL.
    public var regexes: [String] {
        guard kind.isDomainList else { return values }
        return values.map(Self.regex(forDomain:))
    }

    /// WebKit's `getDomainList` conversion, escape table included (it escapes
    /// `[` but not `]`, `(`, `)`, `|`, `+` or `^`).
    public static func regex(forDomain domain: String) -> String {
        var name = Substring(domain)
        let allowSubdomains = name.first == "*"
        if allowSubdomains { name = name.dropFirst() }
        var escaped = ""
        for character in name {
            switch character {
            case "\\": escaped += "\\\\"
            case "{", "}", "[", ".", "?", "*", "$": escaped += "\\" + String(character)
            default: escaped.append(character)
            }
        }
        return "[a-z][a-z+.-]*:\\/\\/" + (allowSubdomains ? "([^/]*\\.)*" : "") + escaped + "[:/]"
    }
}
