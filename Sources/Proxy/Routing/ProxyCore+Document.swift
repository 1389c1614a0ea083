import HTTPTypes
import ContentRules
import Fetch
import Hummingbird
import NIOCore
import Sanitize
import UTF8Check
import WebURL

extension ProxyCore {
    /// A page of the dictionary site: decided, fetched, sanitized, given the
    /// theme and the bar, and recorded in the session's history.
    /// `requireKnownHost`: the page must be on the site or a host its pages use.
    ///
    /// On the caller's executor (the connection's event loop), as
    /// `HTTPClient.fetch` (see there): no hop on entry and after each await.
    nonisolated(nonsending) func serveDocument(_ requested: WebURL, exchange: inout Exchange, requireKnownHost: Bool = false) async -> Response {
        let request = exchange.request
        guard request.method == .get || request.method == .head || request.method == .post else {
            return exchange.page(ProxyError(status: 405, title: "Method not allowed", detail: "limot passes on GET and POST requests to the dictionary."))
        }
        var url = requested
        let decision = exchange.rules.engine.decide(ResourceRequest(url: url, type: .topDocument, pageURL: url))
        if decision.isBlocked { return blockedPage(url, decision: decision, exchange: &exchange) }
        if decision.makesHTTPS { url = url.withScheme("https") }
        if let why = policy.refusal(for: url, requireKnownHost: requireKnownHost) {
            return exchange.page(ProxyError(status: 403, title: "Refused", detail: why, url: url.serialization))
        }
        var body: [UInt8]?
        if request.method == .post {
            var mutable = request
            do {
                body = Array(try await mutable.collectBody(upTo: configuration.maxRequestBodyBytes).readableBytesView)
            } catch is NIOTooManyBytesError {
                return exchange.page(ProxyError(status: 413, title: "Form too large", detail: "limot passes on forms of at most \(configuration.maxRequestBodyBytes / 1024) KiB."))
            } catch {
                // A body that breaks off or is badly framed (a bad chunk) is
                // not passed on in part.
                return exchange.page(ProxyError(status: 400, title: "Broken form", detail: "The form's data could not be read in full, so it was not sent."))
            }
        }
        let headers = upstreamHeaders(for: url, exchange: exchange, sendsCookies: !decision.blocksCookies, conditional: false, referrer: referringPage(exchange))
        let got: CachedFetch
        do {
            got = try await fetcher.fetch(
                FetchRequest(url: url, method: request.method.rawValue, headers: headers, body: body),
                redirectPolicy: redirectPolicy(type: .topDocument, page: nil, exchange: exchange)
            )
        } catch {
            return exchange.page(Self.proxyError(for: error, site: url.hostname))
        }
        let fetched = got.response
        // A redirect to another page of the site: let the browser's address
        // follow, so its history and relative URLs are the page's own.
        if request.method == .get, !fetched.redirects.isEmpty,
           let path = urlMap.documentPath(for: fetched.url), path != request.uri.string {
            return exchange.redirect(to: path)
        }
        if fetched.status >= 500 {
            return exchange.page(ProxyError(status: 502, title: "The site answered with an error",
                                            detail: "\(fetched.url.hostname) answered \(fetched.status). Try again later.", url: fetched.url.serialization))
        }
        if got.source == .network, !decision.blocksCookies, fetched.url.hostname == policy.siteHost {
            exchange.setCookies += fetched.headers[values: .setCookie].compactMap(CookieForwarding.browserSetCookie)
        }
        guard Self.isHTML(fetched) else {
            return ResponseHeaders.resource(status: fetched.status, contentType: Self.contentType(fetched.headers) ?? "application/octet-stream", body: fetched.body)
        }
        let document: SanitizedDocument
        switch sanitized(got, top: nil, rules: exchange.rules) {
        case .success(let result): document = result
        case .failure(let error): return exchange.page(error)
        }
        exchange.blockedCount = document.blocked.count
        blockLog.recordPage()
        let pageID = beginPageRecord(document, address: fetched.url.serialization, decision: decision, exchange: exchange)
        let secFetchDest = request.headers[ControlRequestCheck.secFetchDest]
        if request.method == .get, fetched.status == 200, secFetchDest == nil || secFetchDest == "document" {
            if configuration.keepsHistory {
                sessions.recordPageView(exchange.session, url: fetched.url.serialization, title: document.title)
                if !got.isStaleCopy { keepSearchPageInNotebook(fetched) }
            } else {
                sessions.update(exchange.session) { $0.recordVisit(fetched.url.serialization) }
            }
        }
        let nonce = Exchange.newToken()
        let query = urlMap.documentPath(for: fetched.url) == request.uri.string ? (exchange.queryValue("q") ?? "") : ""
        let html = PageBody.render(
            document, nonce: nonce, head: pageHeads.head(theme: exchange.theme, withBar: true),
            bodyEnd: exchange.barBytes(blockedOnPage: document.blocked.count, query: query, nonce: nonce, copy: CopyNotice(got),
                                  page: fetched.url.serialization, pageID: pageID)
        )
        return ResponseHeaders.html(status: fetched.status, body: html, nonce: nonce)
    }

    /// limot's page for a page the rules block, logged and counted.
    func blockedPage(_ url: WebURL, decision: Decision, exchange: inout Exchange) -> Response {
        let rules = decision.decidingRules.map(\.description)
        blockLog.record(host: url.hostname, rules: rules)
        countHits(of: decision, hides: false, decidedWith: exchange.rules.fingerprint)
        exchange.blockedCount += 1
        return exchange.page(ProxyError(status: 403, title: "Blocked by your rules", detail: "A rule blocks this page.", url: url.serialization, cause: rules.joined(separator: ", ")))
    }

    /// The sanitized form of an HTML answer, with its blocked resources
    /// logged and its subresource hosts learned. `top` is the page a child
    /// document is framed in.
    ///
    /// A top-level page's sanitized form is kept in the HTTP cache beside
    /// the site's answer, so a cached page is served without being
    /// sanitized again (unless the rules changed since). Every sanitized
    /// form is also remembered in memory by the exact bytes it was made
    /// from, so a page viewed again is neither sanitized nor decoded.
    func sanitized(_ got: CachedFetch, top: WebURL?, rules: RuleEngineSlot.Rules) -> Result<SanitizedDocument, ProxyError> {
        let fetched = got.response
        // Only a top-level page's entry keeps a sanitized form: a framed
        // page's depends on the page around it.
        let entry = top == nil ? got.stored : nil
        let memoryKey = Self.memoryKey(fetched, top: top, rules: rules)
        let formKey = derivedKey(for: rules)
        let keptForm = entry?.derivedKey == formKey ? entry?.derived : nil
        let document: SanitizedDocument
        let formIsKept: Bool
        if let remembered = cache.document(for: memoryKey, body: fetched.body) {
            document = remembered
            formIsKept = keptForm != nil
        } else if let keptForm, let kept = SanitizedDocument(encoded: keptForm) {
            cache.store(kept, for: memoryKey, body: fetched.body)
            return .success(noted(kept))
        } else {
            switch sanitizedAfresh(fetched, top: top, engine: rules.engine, key: memoryKey) {
            case .success(let made): document = made
            case .failure(let error): return .failure(error)
            }
            formIsKept = false
        }
        if let entry, !formIsKept, fetcher.keepsCopies, let storage = fetcher.storage {
            do {
                try storage.storeDerived(url: entry.url, variant: entry.variant, key: formKey, bytes: document.encoded())
            } catch {
                storeWarnings.warn("the cache: \(error); pages are served uncached meanwhile")
            }
        }
        return .success(noted(document))
    }

    /// A sanitized page's hosts learned and its blocked loads logged.
    private func noted(_ document: SanitizedDocument) -> SanitizedDocument {
        policy.learn(document.subresourceHosts)
        for blocked in document.blocked {
            blockLog.record(host: BlockLog.host(ofURL: blocked.url), rules: blocked.rules)
        }
        return document
    }

    /// Decodes and sanitizes an answer, and remembers the result in memory
    /// under `key` with the exact bytes it was made from.
    private func sanitizedAfresh(_ fetched: FetchResponse, top: WebURL?, engine: ContentRuleEngine, key: String) -> Result<SanitizedDocument, ProxyError> {
        let contentType = Self.contentType(fetched.headers)
        let charset = TextDecoding.charset(contentType: contentType, body: fetched.body)
        let utf8: ValidUTF8
        do {
            utf8 = try TextDecoding.validUTF8(fetched.body, charset: charset)
        } catch {
            return .failure(ProxyError(status: 502, title: "Unreadable page", detail: "The page's text could not be decoded.", url: fetched.url.serialization, cause: error.description))
        }
        let context = SanitizeContext(documentURL: fetched.url, topURL: top, engine: engine, urlMap: urlMap)
        let document = HTMLSanitizer.sanitize(utf8, context: context)
        cache.store(document, for: key, body: fetched.body)
        return .success(document)
    }

    /// What a sanitized form in memory is found by, with the bytes it was
    /// made from: the rules, the frame it is in, the URL, and how its text is read.
    private static func memoryKey(_ fetched: FetchResponse, top: WebURL?, rules: RuleEngineSlot.Rules) -> String {
        "\(rules.fingerprint)|\(top?.serialization ?? "top")|\(fetched.url.serialization)|\(contentType(fetched.headers) ?? "")"
    }
}
