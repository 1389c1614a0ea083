import HTTPTypes
import Foundation
import Hummingbird
import Lookup
import Vocabulary
import WebURL

extension ProxyCore {
    /// The bar's buttons: move in the session's history and send the browser
    /// to the page there (303, so a reload of the result does not repeat it).
    func navigate(_ action: String, exchange: inout Exchange) -> Response {
        let home = urlMap.documentPath(for: configuration.home) ?? "/"
        let destination: String?
        switch action {
        case "back": destination = sessions.update(exchange.session) { $0.goBack() }
        case "forward": destination = sessions.update(exchange.session) { $0.goForward() }
        case "reload": destination = sessions.history(exchange.session).current
        default: return exchange.redirect(to: home)
        }
        let fallback = sessions.history(exchange.session).current
        guard let target = (destination ?? fallback).flatMap({ try? WebURL($0) }),
              let path = urlMap.documentPath(for: target) else {
            return exchange.redirect(to: home)
        }
        return exchange.redirect(to: path)
    }

    /// "Continue where you left off": the first page a browser session asks
    /// for after a restart. When that is the home page, the browser goes to
    /// the page it was last on instead, once; the bar's home button then
    /// goes home. Only navigations count, not a page's subresources.
    func resumption(exchange: Exchange) -> Response? {
        let request = exchange.request
        let destination = request.headers[ControlRequestCheck.secFetchDest]
        guard request.method == .get, destination == nil || destination == "document",
              let last = sessions.takeResumption(exchange.session) else { return nil }
        let home = urlMap.documentPath(for: configuration.home) ?? "/"
        let asked = request.uri.string
        guard asked == home || asked == "/", let url = try? WebURL(last),
              let path = urlMap.documentPath(for: url), path != asked else { return nil }
        return exchange.redirect(to: path)
    }

    /// The bar's search field: the site's search page for the word.
    func search(exchange: inout Exchange) -> Response {
        let word = (exchange.queryValue("q") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let home = urlMap.documentPath(for: configuration.home) ?? "/"
        guard !word.isEmpty else { return exchange.redirect(to: home) }
        let search = lookups.search
        guard let url = search.url(for: word, direction: LookupDirection.detect(word)), let path = urlMap.documentPath(for: url) else {
            return exchange.page(ProxyError(status: 500, title: "Search is misconfigured", detail: "The site profile's search address does not lead to the dictionary site.", url: search.text))
        }
        return exchange.redirect(to: path)
    }

    /// The bar's theme toggle, remembered in a cookie for a year.
    func setTheme(exchange: inout Exchange) -> Response {
        guard let value = exchange.queryValue("set"), let theme = Theme(rawValue: value) else {
            return exchange.page(ProxyError(status: 400, title: "Unknown theme", detail: "The theme is one of auto, dark and light."))
        }
        exchange.setCookies.append("\(Theme.cookieName)=\(theme.rawValue); Path=/; Max-Age=31536000; SameSite=Lax")
        return exchange.redirect(to: Self.localPath(exchange.queryValue("return")) ?? "/")
    }

    /// `path` if it is a path on the proxy itself (no scheme, no `//host`),
    /// so a crafted link cannot send the browser elsewhere.
    ///
    /// No control character or space at all, not only line breaks: browsers
    /// drop tabs and newlines from a `Location` before reading it, so
    /// `/<TAB>/evil.example` would arrive as `//evil.example`, another site.
    /// A path limot made itself never has them (they come percent-encoded).
    static func localPath(_ path: String?) -> String? {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.hasPrefix("/\\"),
              !path.unicodeScalars.contains(where: { $0.value <= 0x20 || (0x7F...0x9F).contains($0.value) || $0.properties.isWhitespace })
        else { return nil }
        return path
    }
}
