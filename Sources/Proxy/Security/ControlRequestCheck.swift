import HTTPTypes

/// Who may use limot's control pages (`/_limot/rules`, `/_limot/pause`,
/// `/_limot/hide`, the picker's confirmation): the reader, in the browser,
/// with the pages limot drew — not another site, and not the dictionary
/// site's own scripts, which run on the proxy's origin.
///
/// A change is a POST that carries the session's `ControlToken`, from the
/// proxy's own origin (`Origin`, `Sec-Fetch-Site`), as a navigation of a
/// top-level document (`Sec-Fetch-Mode`, `Sec-Fetch-Dest`): a script's
/// `fetch`, XHR or beacon is never a navigation, so the site's scripts
/// cannot post one. The token is on limot's own pages alone, and those are
/// shown only as top-level documents (no frame, no `fetch` reads them), in
/// a browsing context group of their own (`Cross-Origin-Opener-Policy`), so
/// a site page that opens one in a window gets no handle on it. Browsers
/// that send no `Sec-Fetch-*` (other clients) still need the token.
enum ControlRequestCheck {
    /// Why a change is refused; nil when it may be made.
    static func refusalOfChange(method: HTTPRequest.Method, headers: HTTPFields, authority: String?,
                                tokenMatches: Bool) -> ProxyError? {
        guard method == .post else {
            return ProxyError(status: 405, title: "Changes are posted",
                              detail: "limot changes your rules only with the buttons of its own pages (a POST); opening this address changes nothing.")
        }
        if let refusal = refusalOfForeign(headers: headers, authority: authority) { return refusal }
        guard tokenMatches else {
            return ProxyError(status: 403, title: "Form expired",
                              detail: "This form is not from this browser's limot session (or limot was restarted since it was shown). Open your rules again and repeat the change.")
        }
        return nil
    }

    /// Why a control page (which carries the token) is not shown to this
    /// request: only as a top-level document, never to a script or a frame.
    static func refusalOfPage(headers: HTTPFields) -> ProxyError? {
        if let mode = headers[secFetchMode], mode != "navigate" { return scripted }
        if let destination = headers[secFetchDest], destination != "document" { return scripted }
        return nil
    }

    /// A change from another origin or from a script.
    private static func refusalOfForeign(headers: HTTPFields, authority: String?) -> ProxyError? {
        if let site = headers[secFetchSite], site != "same-origin" { return foreign }
        if let origin = headers[.origin], origin != authority.map({ "http://" + $0.lowercased() }) { return foreign }
        return refusalOfPage(headers: headers)
    }

    private static let foreign = ProxyError(status: 403, title: "Refused: another origin",
                                            detail: "Your rules are changed from limot's own pages only, not from another site.")
    private static let scripted = ProxyError(status: 403, title: "Refused: not a page you opened",
                                             detail: "limot's control pages open as pages of their own, not inside another page or for a script.")

    /// The fetch-metadata names, made once and used wherever limot reads
    /// them (every page reads Sec-Fetch-Dest twice): a name made from a
    /// String is checked and lowercased each time, about 600 instructions.
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
    static let secFetchMode = HTTPField.Name("Sec-Fetch-Mode")!
    static let secFetchDest = HTTPField.Name("Sec-Fetch-Dest")!
}
