import ContentRules
import WebURL

/// A resource left out of a page because a rule blocked it.
public struct BlockedResource: Sendable, Equatable {
    public var url: String
    public var type: ResourceTypes
    /// "file#index" of the rules that decided it.
    public var rules: [String]
    public init(url: String, type: ResourceTypes, rules: [String]) {
        self.url = url
        self.type = type
        self.rules = rules
    }
}

/// What to sanitize against.
public struct SanitizeContext: Sendable {
    /// The document's own URL: the base for relative URLs.
    public var documentURL: WebURL
    /// The top-level page, for rule decisions (first/third party,
    /// `if-top-url`); nil when the document is itself the top page.
    public var topURL: WebURL?
    public var engine: ContentRuleEngine
    public var urlMap: ProxyURLMap
    public init(documentURL: WebURL, topURL: WebURL? = nil, engine: ContentRuleEngine, urlMap: ProxyURLMap) {
        self.documentURL = documentURL
        self.topURL = topURL
        self.engine = engine
        self.urlMap = urlMap
    }
}

/// A sanitized page with holes for what differs per response: the CSP nonce,
/// the head injection (theme, color-scheme) and the body-end injection (the
/// navigation bar). Cached per upstream body; rendered per response.
public struct SanitizedDocument: Sendable {
    public enum Segment: Sendable, Equatable {
        case bytes([UInt8])
        /// The nonce value, inside `nonce="…"` of each kept inline script.
        case nonce
        /// Right after `<head>`'s start tag: the first bytes of the head.
        case headStart
        /// Right before `</body>` (or at the end).
        case bodyEnd
    }
    public var segments: [Segment]
    public var blocked: [BlockedResource]
    /// The css-display-none selectors applied (already in the page as one
    /// `<style>`), for reports.
    public var hiddenSelectors: [String]
    /// Hosts of the subresources the page routes through the proxy; the proxy
    /// serves subresources of these hosts only.
    public var subresourceHosts: Set<String>
    public init(segments: [Segment], blocked: [BlockedResource], hiddenSelectors: [String], subresourceHosts: Set<String>) {
        self.segments = segments
        self.blocked = blocked
        self.hiddenSelectors = hiddenSelectors
        self.subresourceHosts = subresourceHosts
    }

    /// The page's bytes with the holes filled. `headStart` and `bodyEnd` are
    /// inserted as given (the caller escapes what it puts there); `nonce` must
    /// be base64 or hex.
    public func render(nonce: String, headStart: String, bodyEnd: String) -> [UInt8] {
        var out: [UInt8] = []
        for segment in segments {
            switch segment {
            case .bytes(let bytes): out += bytes
            case .nonce: out += Array(nonce.utf8)
            case .headStart: out += Array(headStart.utf8)
            case .bodyEnd: out += Array(bodyEnd.utf8)
            }
        }
        return out
    }
}

/// HTML in (UTF-8), sanitized HTML out.
public enum HTMLSanitizer {
    public static func sanitize(_ html: [UInt8], context: SanitizeContext) -> SanitizedDocument {
        SanitizedDocument(segments: [.headStart, .bytes(html), .bodyEnd], blocked: [], hiddenSelectors: [], subresourceHosts: [])
    }
}
