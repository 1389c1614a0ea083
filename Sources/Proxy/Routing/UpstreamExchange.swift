import HTTPTypes
import ContentRules
import Fetch
import Hummingbird
import Sanitize
import WebURL

/// Building the request to the site from the browser's, and turning fetch
/// failures into pages that name what happened.
extension ProxyCore {
    /// Browser headers worth passing on (content negotiation, caching).
    static let forwardedHeaders: [HTTPField.Name] = [.accept, .acceptLanguage, .userAgent, .contentType]
    /// Passed on for subresources: a media element's ranges. The browser's
    /// own validators are answered by the proxy from its cache (see
    /// `notModified`), so that the cache holds the whole resource.
    static let conditionalHeaders: [HTTPField.Name] = [.range]

    /// The headers to send upstream for `url`.
    func upstreamHeaders(for url: WebURL, exchange: Exchange, sendsCookies: Bool, conditional: Bool, referrer: WebURL?) -> HTTPFields {
        var headers = HTTPFields()
        headers.reserveCapacity(Self.forwardedHeaders.count + 2)
        // Name list by name list: joining them made an array every request.
        func forward(_ names: [HTTPField.Name]) {
            for name in names {
                for value in exchange.request.headers[values: name] { headers.append(HTTPField(name: name, value: value)) }
            }
        }
        forward(Self.forwardedHeaders)
        if conditional { forward(Self.conditionalHeaders) }
        if sendsCookies, url.hostname == policy.siteHost,
           let cookie = CookieForwarding.upstreamCookieHeader(exchange.browserCookies) {
            headers.append(HTTPField(name: .cookie, value: cookie))
        }
        if let referrer {
            // The full page for the site itself, only the origin for others.
            let value = referrer.hostname == url.hostname ? referrer.removingFragment.serialization : referrer.origin + "/"
            headers.append(HTTPField(name: .referer, value: value))
        }
        return headers
    }

    /// The page the browser is on, from the `Referer` it sent (a proxy path).
    func referringPage(_ exchange: Exchange) -> WebURL? {
        guard let referer = exchange.request.headers[.referer], let proxyURL = try? WebURL(referer),
              let target = urlMap.target(ofProxyPath: proxyURL.pathAndQuery) else { return nil }
        if case .subresource(let type) = target.kind, type != .childDocument, type != .topDocument { return nil }
        return target.url
    }

    /// A redirect policy for a load of `exchange`: each hop must be an
    /// allowed address and not blocked by the rules for `type` on `page`. A
    /// hop the rules block counts as the load itself would: in the report,
    /// in the rules' hits, and for a subresource on its page's panel.
    func redirectPolicy(type: ResourceTypes, page: WebURL?, exchange: Exchange) -> RedirectPolicy {
        let (session, fingerprint) = (exchange.session, exchange.rules.fingerprint)
        return Self.redirectPolicy(type: type, page: page, policy: policy, engine: exchange.rules.engine, blockLog: blockLog) { [self] to, decision in
            if let page {
                recordSubresource(to, type: type, decision: decision, page: page, session: session, decidedWith: fingerprint)
            } else {
                countHits(of: decision, hides: false, decidedWith: fingerprint)
            }
        }
    }

    /// `onBlocked` hears of each hop the rules block, after the report.
    static func redirectPolicy(type: ResourceTypes, page: WebURL?, policy: UpstreamPolicy, engine: ContentRuleEngine, blockLog: BlockLog,
                               onBlocked: (@Sendable (WebURL, Decision) -> Void)? = nil) -> RedirectPolicy {
        { _, to in
            if let why = policy.refusal(for: to, requireKnownHost: false) { return .refuse(reason: why) }
            let decision = engine.decide(ResourceRequest(url: to, type: type, pageURL: page ?? to))
            if decision.isBlocked {
                blockLog.record(host: to.hostname, rules: decision.decidingRules.map(\.description))
                onBlocked?(to, decision)
                return .refuse(reason: "a redirect to \(to.serialization) is blocked by \(decision.decidingRules.map(\.description).joined(separator: ", "))")
            }
            return .follow
        }
    }

    /// What a fetch failure means to the user.
    static func proxyError(for error: FetchError, site: String) -> ProxyError {
        let (status, title, detail): (Int, String, String)
        switch error.kind {
        case .couldNotResolve, .couldNotConnect:
            (status, title, detail) = (502, "The site cannot be reached", "\(site) did not answer. Check your network connection, or try again later.")
        case .connectTimedOut, .timedOut:
            (status, title, detail) = (504, "The site is too slow", "\(site) took too long to answer.")
        case .bodyTooLarge, .headersTooLarge:
            (status, title, detail) = (502, "The answer is too large", "limot reads at most a limited amount from the network, and this answer is larger.")
        case .tooManyRedirects:
            (status, title, detail) = (502, "Too many redirects", "The site redirected again and again.")
        case .redirectCycle:
            (status, title, detail) = (502, "Redirect loop", "\(site) redirects this page in a circle, back to an address it had already sent limot to: following it would never end.")
        case .redirectRefused, .refusedAddress, .unsupportedScheme:
            (status, title, detail) = (403, "Refused", "limot does not follow the page there.")
        case .tls:
            (status, title, detail) = (502, "Secure connection failed", "The site's certificate could not be verified, so limot did not talk to it.")
        case .badContentEncoding, .protocolError:
            (status, title, detail) = (502, "Broken answer", "The site sent an answer that could not be read.")
        case .invalidURL:
            (status, title, detail) = (400, "Bad address", "This address cannot be fetched.")
        case .notCached:
            (status, title, detail) = (504, "Not available offline", "limot is offline and has no copy of this page. Read it once online to have it offline.")
        case .cancelled, .other:
            (status, title, detail) = (502, "The site cannot be reached", "Fetching the page failed.")
        }
        return ProxyError(status: status, title: title, detail: detail, url: error.url, cause: error.message)
    }

    /// The first `Content-Type` value if `headers` has one (found in place:
    /// `headers[values:]` would make an array of them, several times a page).
    static func contentType(_ headers: HTTPFields) -> String? { headers.first { $0.name == .contentType }?.value }

    /// Whether an answer is an HTML page (by type, else by its first bytes).
    static func isHTML(_ response: FetchResponse) -> Bool {
        if let type = contentType(response.headers)?.lowercased() {
            return type.hasPrefix("text/html") || type.hasPrefix("application/xhtml+xml")
        }
        let start = response.body.prefix(64).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        let text = String(decoding: start.prefix(14), as: UTF8.self).lowercased()
        return text.hasPrefix("<!doctype html") || text.hasPrefix("<html")
    }
}

