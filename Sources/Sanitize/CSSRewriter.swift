import ContentRules
import WebURL

/// A style sheet with every `url()` and `@import` routed through the proxy
/// and blocked ones removed.
public struct RewrittenCSS: Sendable {
    public var css: String
    public var blocked: [BlockedResource]
    public var subresourceHosts: Set<String>
}

/// Rewrites style sheets so that everything they load comes through the
/// proxy: the page's CSP allows no other host, so a URL left pointing
/// upstream would simply fail.
public enum CSSRewriter {
    /// Rewrites a style sheet (a linked one, a `<style>` or a `style=""`),
    /// resolving relative URLs against `baseURL`.
    ///
    /// `@import` loads are decided as style sheets, `src` in `@font-face` as
    /// fonts, every other `url()` and `image-set()` string as images, each
    /// against `context.topURL ?? context.documentURL` as the page. Blocked
    /// URLs become `url("data:,")`, which loads nothing; `data:` URLs and
    /// `url(#id)` references stay as written.
    public static func rewrite(_ css: String, baseURL: WebURL, context: SanitizeContext) -> RewrittenCSS {
        var policy = ResourcePolicy(context: context, base: baseURL)
        var css = css
        var output: [UInt8] = []
        let changed = css.withUTF8 { bytes in
            output.reserveCapacity(bytes.count + bytes.count / 8)
            return CSSScanner.rewrite(bytes, policy: &policy, into: &output)
        }
        return RewrittenCSS(
            css: changed ? String(decoding: output, as: UTF8.self) : css,
            blocked: policy.blocked, subresourceHosts: policy.hosts)
    }
}
