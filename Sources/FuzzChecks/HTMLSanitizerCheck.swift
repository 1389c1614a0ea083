import Sanitize

/// The HTML sanitizer on arbitrary bytes as the dictionary page, with the
/// shipped rules.
///
/// What must hold: the page comes out as valid UTF-8 (the sanitizer repairs
/// its input for that), and every URL the sanitized page would load is the
/// proxy's own (see `ProxyObservation`), and no kept inline script names a
/// URL the rules block (what it computes, the guard script routes in the
/// browser). Links to other sites are not
/// loads and stay absolute on purpose, so they are not checked.
public enum HTMLSanitizerCheck {
    static let nonce = "bm9uY2U0RnV6eg=="

    public static func check(_ input: [UInt8]) throws(InvariantViolation) {
        let document = HTMLSanitizer.sanitize(input, context: ProxyObservation.shippedContext)
        let rendered = document.render(nonce: nonce, headStart: "", bodyEnd: "")
        guard let output = String(validating: rendered, as: UTF8.self) else {
            throw InvariantViolation(target: .htmlSanitizer, invariant: "the output is valid UTF-8",
                detail: excerpt(String(decoding: rendered, as: UTF8.self)))
        }
        try ProxyObservation.checkNoLeaks(ProxyObservation.leakingLoads(ofPage: rendered), target: .htmlSanitizer, output: output)
        try ProxyObservation.checkScriptsNameNoBlockedURL(ProxyObservation.blockedScriptURLs(ofPage: rendered), target: .htmlSanitizer, output: output)
        try ProxyObservation.checkProxied(
            ProxyObservation.loads(ofPage: rendered), subresourceHosts: document.subresourceHosts, target: .htmlSanitizer, output: output,
            isLoad: { ProxyObservation.routesAsLoad($0, ofPage: rendered) })
    }
}
