/// What a rule does when its trigger applies: WebKit's `action` object.
public enum Action: Sendable, Hashable {
    case block
    case blockCookies
    /// Hide elements matching a CSS selector list on the page.
    case cssDisplayNone(selector: String)
    /// Discard the actions of all earlier rules of the same list.
    case ignorePreviousRules
    /// Discard the actions of this and all later rules of the same list.
    case ignoreFollowingRules
    /// Load `http:`/`ws:` URLs on their default port over `https:`/`wss:`.
    case makeHTTPS
    case notify(notification: String)
    // Boxed: the two large payloads would otherwise make every rule's action
    // as large as a `URLTransform` (eight optional strings), in lists of 100,000 rules.
    indirect case redirect(Redirect)
    indirect case modifyHeaders(ModifyHeaders)

    /// The action's `type` as written in JSON.
    public var typeName: String {
        switch self {
        case .block: return "block"
        case .blockCookies: return "block-cookies"
        case .cssDisplayNone: return "css-display-none"
        case .ignorePreviousRules: return "ignore-previous-rules"
        case .ignoreFollowingRules: return "ignore-following-rules"
        case .makeHTTPS: return "make-https"
        case .notify: return "notify"
        case .redirect: return "redirect"
        case .modifyHeaders: return "modify-headers"
        }
    }

    /// A one-line form for `limot rules match`: `block`, `css-display-none:SELECTORS`, `notify:TEXT`, `redirect:URL`.
    public var summary: String {
        switch self {
        case .cssDisplayNone(let selector): return "css-display-none:\(selector)"
        case .notify(let text): return "notify:\(text)"
        case .redirect(let redirect): return "redirect:\(redirect.summary)"
        case .modifyHeaders(let headers): return "modify-headers:\(headers.summary)"
        default: return typeName
        }
    }
}

/// WebKit's `redirect` action (from declarativeNetRequest).
public enum Redirect: Sendable, Hashable {
    case extensionPath(String)
    case regexSubstitution(String)
    case transform(URLTransform)
    case url(String)

    var summary: String {
        switch self {
        case .extensionPath(let path): return "extension-path=\(path)"
        case .regexSubstitution(let substitution): return "regex-substitution=\(substitution)"
        case .transform(let transform): return "transform(\(transform.summary))"
        case .url(let url): return url
        }
    }
}

/// The parts of a URL a `transform` redirect replaces; nil leaves a part alone.
public struct URLTransform: Sendable, Hashable {
    public var fragment: String?
    public var host: String?
    public var password: String?
    public var path: String?
    public var port: String?
    public var scheme: String?
    public var username: String?
    public var query: String?
    public var queryTransform: QueryTransform?

    public init() {}

    var summary: String {
        let parts: [(String, String?)] = [
            ("scheme", scheme), ("username", username), ("password", password), ("host", host),
            ("port", port), ("path", path), ("query", query), ("fragment", fragment),
        ]
        var text = parts.compactMap { name, value in value.map { "\(name)=\($0)" } }
        if let queryTransform { text.append("query-transform(\(queryTransform.summary))") }
        return text.joined(separator: ",")
    }
}

/// Query-parameter edits of a `transform` redirect.
public struct QueryTransform: Sendable, Hashable {
    public struct Parameter: Sendable, Hashable {
        public var key: String
        public var value: String
        public var replaceOnly: Bool
    }

    public var removeParameters: [String] = []
    public var addOrReplaceParameters: [Parameter] = []

    var summary: String {
        var text: [String] = []
        if !removeParameters.isEmpty { text.append("remove=" + removeParameters.joined(separator: "|")) }
        if !addOrReplaceParameters.isEmpty {
            text.append("add=" + addOrReplaceParameters.map { "\($0.key)=\($0.value)" }.joined(separator: "|"))
        }
        return text.joined(separator: ",")
    }
}

/// WebKit's `modify-headers` action.
public struct ModifyHeaders: Sendable, Hashable {
    public struct Operation: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            case set, append, remove
        }

        public var kind: Kind
        public var header: String
        public var value: String?
    }

    public var priority: Int
    public var requestHeaders: [Operation]
    public var responseHeaders: [Operation]

    var summary: String {
        func text(_ operations: [Operation]) -> String {
            operations.map { "\($0.kind.rawValue) \($0.header)" + ($0.value.map { "=\($0)" } ?? "") }
                .joined(separator: ";")
        }
        return "priority=\(priority),request[\(text(requestHeaders))],response[\(text(responseHeaders))]"
    }
}
