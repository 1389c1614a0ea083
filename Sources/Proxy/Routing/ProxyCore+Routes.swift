import HTTPTypes
import Hummingbird

extension ProxyCore {
    /// What a route does with the request's exchange; the core is passed in
    /// so that routes need not capture it.
    typealias RouteHandler = @Sendable (ProxyCore, inout Exchange, Parameters) async -> Response

    /// The methods every route is registered for: HTTP's own (CONNECT is
    /// refused before routing). Each handler refuses what it does not take,
    /// with the status it always answered; a method outside this list gets
    /// what `unrouted` gives.
    static let routedMethods: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .options, .patch, .trace]

    /// The proxy's request handling as a Hummingbird router (Hummingbird's
    /// trie router does the dispatch): limot's own endpoints under
    /// `/_limot/`, and the dictionary site's pages as one catch-all.
    /// `ExchangeMiddleware` runs around every route: the request guard
    /// before, the cookies and the access log after.
    func router() -> Router<ProxyRequestContext> {
        let router = Router(context: ProxyRequestContext.self)
        router.add(middleware: ExchangeMiddleware(core: self))
        route("/_limot/nav/{action}", in: router) { core, exchange, parameters in
            guard let action = parameters.get("action"), ["back", "forward", "reload", "home"].contains(action) else {
                return core.notFound(exchange: exchange)
            }
            return core.navigate(action, exchange: &exchange)
        }
        route("/_limot/search", in: router) { core, exchange, _ in core.search(exchange: &exchange) }
        route("/_limot/lookup", in: router) { core, exchange, _ in await core.lookup(exchange: &exchange) }
        route("/_limot/theme", in: router) { core, exchange, _ in core.setTheme(exchange: &exchange) }
        route("/_limot/static/**", in: router) { core, exchange, _ in core.serveStatic(exchange: exchange) }
        route("/_limot/leave", in: router) { core, exchange, _ in core.leave(exchange: &exchange) }
        route("/_limot/stats", in: router) { core, exchange, _ in core.stats(exchange: exchange) }
        route("/_limot/page/{id}", in: router) { core, exchange, parameters in core.pagePanel(parameters.get("id") ?? "", exchange: exchange) }
        route("/_limot/page/{id}/rule", in: router) { core, exchange, parameters in
            await core.changeFromPanel(parameters.get("id") ?? "", exchange: &exchange)
        }
        route("/_limot/rules", in: router) { core, exchange, _ in core.rulesPage(exchange: exchange) }
        route("/_limot/rules/{action}", in: router) { core, exchange, parameters in
            await core.changeRules(parameters.get("action") ?? "", exchange: &exchange)
        }
        route("/_limot/pause", in: router) { core, exchange, _ in
            if exchange.request.method == .post { return await core.changePause(resume: false, exchange: &exchange) }
            return core.pausePage(exchange: exchange)
        }
        route("/_limot/hide", in: router) { core, exchange, _ in await core.hideRule(exchange: &exchange) }
        route("/_limot/picker", in: router) { core, exchange, _ in core.pickerWithoutScript(exchange: exchange) }
        route("/_limot/resume", in: router) { core, exchange, _ in await core.changePause(resume: true, exchange: &exchange) }
        route("/_limot/sub/**", in: router) { core, exchange, _ in await core.serveRouted(exchange: &exchange) }
        route("/_limot/doc/**", in: router) { core, exchange, _ in await core.serveRouted(exchange: &exchange) }
        // `**` takes at least one path segment; the site's root is its own path.
        for path: RouterPath in ["/", "**"] {
            route(path, in: router) { core, exchange, _ in await core.serveSitePage(exchange: &exchange) }
        }
        return router
    }

    /// Registers `handle` at `path` for every routed method.
    private func route(_ path: RouterPath, in router: Router<ProxyRequestContext>, _ handle: @escaping RouteHandler) {
        for method in Self.routedMethods {
            router.on(path, method: method) { request, context in
                var exchange = Exchange(request: request, core: self)
                let response = await handle(self, &exchange, context.parameters)
                context.exchange.value = exchange
                return response
            }
        }
    }

    /// A request no route takes (an address under `/_limot/` limot has no
    /// page at, or a method outside `routedMethods`): under `/_limot/` the
    /// not-found page, else the site's page, whose handler refuses the
    /// method as it always did.
    func unrouted(exchange: inout Exchange) async -> Response {
        if exchange.request.uri.path.hasPrefix("/_limot/") { return notFound(exchange: exchange) }
        return await serveSitePage(exchange: &exchange)
    }

    /// limot's own not-found page, with the bar.
    func notFound(exchange: Exchange) -> Response {
        exchange.page(ProxyError(status: 404, title: "Not found", detail: "limot has no page at this address."))
    }

    /// A page of the site at its proxy path (the catch-all).
    ///
    /// On the caller's executor, as `serveDocument` (see there).
    nonisolated(nonsending) func serveSitePage(exchange: inout Exchange) async -> Response {
        guard let target = urlMap.target(ofProxyPath: exchange.request.uri.string) else {
            return exchange.page(ProxyError(status: 400, title: "Bad address", detail: "This address does not name a page of the dictionary."))
        }
        if let resumed = resumption(exchange: exchange) { return resumed }
        return await serveDocument(target.url, exchange: &exchange)
    }

    /// `/_limot/sub/…` and `/_limot/doc/…`: a subresource a page routed
    /// through the proxy, or a document of another host the site uses.
    func serveRouted(exchange: inout Exchange) async -> Response {
        guard let target = urlMap.target(ofProxyPath: exchange.request.uri.string) else { return notFound(exchange: exchange) }
        switch target.kind {
        case .document:
            return await serveDocument(target.url, exchange: &exchange)
        case .subresource(.topDocument):
            // Pages never link here (navigations are root paths), so
            // only a crafted address does: the site and the hosts its
            // pages use, else this would be an open proxy for any host.
            return await serveDocument(target.url, exchange: &exchange, requireKnownHost: true)
        case .subresource(let type):
            return await serveSubresource(target.url, type: type, exchange: &exchange)
        }
    }

    /// `/_limot/static/…`: the theme, the bar's style and the guard script,
    /// cached by the browser for good (their paths name their content).
    func serveStatic(exchange: Exchange) -> Response {
        guard let file = configuration.stylesheets.files[exchange.request.uri.path] else {
            return ResponseHeaders.text(status: 404, "no such file")
        }
        var extra = HTTPFields()
        extra[.cacheControl] = "public, max-age=31536000, immutable"
        extra[.vary] = "Accept-Encoding"
        if let deflated = file.deflated, Deflate.isAccepted(exchange.request.headers[values: .acceptEncoding]) {
            extra[.contentEncoding] = "deflate"
            return ResponseHeaders.resource(status: 200, contentType: file.type, body: deflated, extra: extra)
        }
        return ResponseHeaders.resource(status: 200, contentType: file.type, body: file.bytes, extra: extra)
    }

    /// `/_limot/stats`: what the rules blocked since the proxy started, this
    /// browser's recent pages (links to their panels; not to a script's
    /// fetch, as the panels themselves), and how the lists kept current stand.
    func stats(exchange: Exchange) -> Response {
        let snapshot = blockLog.snapshot()
        let logged = Set(snapshot.hosts.flatMap(\.rules.keys)).compactMap { text in RuleName(logged: text).map { (text, $0) } }
        let named = displayNames(logged.map(\.1))
        return exchange.page(StatsPage(total: snapshot.total, pages: snapshot.pages, hosts: snapshot.hosts,
                                       lists: configuration.rules.lists, recent: ControlRequestCheck.refusalOfPage(headers: exchange.request.headers) == nil ? pageLog.recent(session: exchange.session) : [],
                                       ruleNames: Dictionary(logged.map { ($0.0, named[$0.1] ?? $0.1) }, uniquingKeysWith: { first, _ in first })).page, status: 200)
    }
}
