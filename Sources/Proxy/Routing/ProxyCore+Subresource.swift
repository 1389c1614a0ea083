import HTTPTypes
import ContentRules
import Fetch
import Hummingbird
import Sanitize
import WebURL

extension ProxyCore {
    /// Response headers of a subresource passed on to the browser.
    static let passedResponseHeaders: [HTTPField.Name] = [.cacheControl, .expires, .eTag, .lastModified, .contentRange, .acceptRanges, .contentLanguage]

    /// A subresource a page routed through the proxy, decided again with
    /// the type it was found as, on the page the browser is on.
    func serveSubresource(_ requested: WebURL, type: ResourceTypes, exchange: inout Exchange) async -> Response {
        guard [.get, .head].contains(exchange.request.method) else {
            return ResponseHeaders.text(status: 405, "limot fetches subresources with GET only")
        }
        let page = referringPage(exchange) ?? exchange.currentPage ?? configuration.home
        var url = requested
        let decision = exchange.rules.engine.decide(ResourceRequest(url: url, type: type, pageURL: page))
        recordSubresource(url, type: type, decision: decision, page: page, session: exchange.session, decidedWith: exchange.rules.fingerprint)
        if decision.isBlocked {
            let rules = decision.decidingRules.map(\.description)
            blockLog.record(host: url.hostname, rules: rules)
            exchange.blockedCount += 1
            var extra = HTTPFields()
            extra[ResponseHeaders.blockedHeader] = rules.joined(separator: ", ")
            return ResponseHeaders.text(status: 403, "blocked by limot: \(url.serialization)", extra: extra)
        }
        if decision.makesHTTPS { url = url.withScheme("https") }
        if let why = policy.refusal(for: url, requireKnownHost: true) {
            return ResponseHeaders.text(status: 403, "refused: \(why)")
        }
        let headers = upstreamHeaders(for: url, exchange: exchange, sendsCookies: !decision.blocksCookies, conditional: true, referrer: page)
        let got: CachedFetch
        do {
            got = try await fetcher.fetch(FetchRequest(url: url, method: "GET", headers: headers), redirectPolicy: redirectPolicy(type: type, page: page, exchange: exchange))
        } catch {
            let problem = Self.proxyError(for: error, site: url.hostname)
            if type == .childDocument { return exchange.page(problem, withBar: false) }
            return ResponseHeaders.text(status: problem.status, "\(problem.title): \(error)")
        }
        let fetched = got.response
        var extra = HTTPFields()
        for name in Self.passedResponseHeaders {
            if let value = fetched.headers[values: name].first { extra[name] = value }
        }
        let contentType = Self.contentType(fetched.headers)
        if type == .childDocument, Self.isHTML(fetched) {
            switch sanitized(got, top: page, rules: exchange.rules) {
            case .success(let document):
                exchange.blockedCount = document.blocked.count
                recordBlocked(document.blocked, page: page, exchange: exchange)
                let nonce = Exchange.newToken()
                let html = PageBody.render(document, nonce: nonce, head: pageHeads.head(theme: exchange.theme, withBar: false), bodyEnd: [])
                return ResponseHeaders.html(status: fetched.status, body: html, nonce: nonce)
            case .failure(let error):
                return exchange.page(error, withBar: false)
            }
        }
        if type == .styleSheet || contentType?.lowercased().hasPrefix("text/css") == true {
            let charset = TextDecoding.charset(contentType: contentType, body: fetched.body)
            guard let utf8 = try? TextDecoding.utf8(fetched.body, charset: charset) else {
                return ResponseHeaders.text(status: 502, "style sheet in an unreadable charset (\(charset)): \(fetched.url.serialization)")
            }
            let context = SanitizeContext(documentURL: page, topURL: page, engine: exchange.rules.engine, urlMap: urlMap)
            let rewritten = CSSRewriter.rewrite(String(decoding: utf8, as: UTF8.self), baseURL: fetched.url, context: context)
            policy.learn(rewritten.subresourceHosts)
            for blocked in rewritten.blocked {
                blockLog.record(host: BlockLog.host(ofURL: blocked.url), rules: blocked.rules)
            }
            exchange.blockedCount = rewritten.blocked.count
            recordBlocked(rewritten.blocked, page: page, exchange: exchange)
            return ResponseHeaders.resource(status: fetched.status, contentType: "text/css; charset=utf-8", body: Array(rewritten.css.utf8), extra: extra)
        }
        if let notModified = notModified(fetched, exchange: exchange, extra: extra) { return notModified }
        return ResponseHeaders.resource(status: fetched.status, contentType: contentType ?? "application/octet-stream", body: fetched.body, extra: extra)
    }

    /// 304 when the browser's `If-None-Match` names the answer's `ETag`: it
    /// has this version already.
    func notModified(_ fetched: FetchResponse, exchange: Exchange, extra: HTTPFields) -> Response? {
        guard fetched.status == 200, let etag = fetched.headers[values: .eTag].first,
              let ifNoneMatch = exchange.request.headers[.ifNoneMatch],
              CachePolicy.ifNoneMatch(ifNoneMatch, matches: etag) else { return nil }
        return Response(status: .notModified, headers: extra)
    }
}

extension Exchange {
    /// The page on screen in this session, if any.
    var currentPage: WebURL? {
        core.sessions.history(session).current.flatMap { try? WebURL($0) }
    }
}
