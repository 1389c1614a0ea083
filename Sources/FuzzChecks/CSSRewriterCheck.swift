import Sanitize

/// The CSS rewriter on arbitrary bytes (as UTF-8) as the site's style sheet,
/// with the shipped rules.
///
/// What must hold: every URL the rewritten sheet would load (`url()`,
/// `@import`, `image-set()`) is the proxy's own (see `ProxyObservation`).
public enum CSSRewriterCheck {
    public static func check(_ input: [UInt8]) throws(InvariantViolation) {
        let css = String(decoding: input, as: UTF8.self)
        let rewritten = CSSRewriter.rewrite(css, baseURL: ProxyObservation.sheetURL, context: ProxyObservation.shippedContext)
        try ProxyObservation.checkNoLeaks(ProxyObservation.leakingLoads(ofSheet: rewritten.css), target: .cssRewriter, output: rewritten.css)
        // A URL limot could not read stays as written; relative to the sheet's
        // proxy path, it is a load of the sheet's own host, which the proxy
        // serves already (the page reported it when it linked the sheet).
        let hosts = rewritten.subresourceHosts.union([ProxyObservation.sheetURL.hostname])
        try ProxyObservation.checkProxied(ProxyObservation.loads(ofSheet: rewritten.css), subresourceHosts: hosts, target: .cssRewriter, output: rewritten.css)
    }
}
