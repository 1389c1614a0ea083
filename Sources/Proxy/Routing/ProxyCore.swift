import HTTPTypes
import ContentRules
import Fetch
import Hummingbird
import Logging
import Lookup
import Sanitize
import WebURL

/// The proxy's request handling: every route, over the shared state of one
/// running server (sessions, learned hosts, the block log, the sanitized
/// page cache). Stateless per request otherwise; `Sendable`.
final class ProxyCore: Sendable {
    let configuration: ProxyConfiguration
    /// The site through the HTTP cache (or the cache alone, `--offline`).
    let fetcher: CachingHTTPClient
    let urlMap: ProxyURLMap
    let sessions: SessionStore
    let policy: UpstreamPolicy
    let blockLog = BlockLog()
    let cache = SanitizedCache()
    let logger: Logger
    /// Store failures (a full disk, a read-only data directory) are said
    /// once a minute, not per request; pages are served regardless.
    let storeWarnings: ThrottledWarning
    /// What a sanitized page kept in the cache must have been made with.
    let derivedKey: String
    /// Looking words up (`/_limot/lookup`, the bar's search, result pages
    /// read on the site itself): the service `limot lookup` uses too.
    let lookups: LookupService
    /// Words kept in the notebook lately (not again on every view).
    let recentWords = RecentWords()
    /// Bumped whenever the sanitizer's output changes for the same page and
    /// rules, so that no sanitized form kept in the store outlives it.
    static let sanitizerVersion = "sanitized-v2"
    /// Set once the port is known (it may be chosen by the system).
    let requestGuard: RequestGuard

    init(configuration: ProxyConfiguration, port: Int, logger: Logger) {
        self.configuration = configuration
        // A browser connection carries one request at a time, so with as
        // many transfers as connections no request waits for a transfer
        // slot: requests to an upstream that stalls hold their own
        // connections until `--timeout`, never the other requests' slots.
        var fetch = configuration.fetch
        fetch.maxConcurrentTransfers = max(fetch.maxConcurrentTransfers, configuration.maxConnections)
        let storeWarnings = ThrottledWarning(logger: logger)
        self.storeWarnings = storeWarnings
        // The pages read lately stay in memory for a few seconds: a page
        // viewed again and again is not read from SQLite each time.
        self.fetcher = CachingHTTPClient(client: HTTPClient(configuration: fetch), storage: configuration.store.map { RecentResponses(wrapping: $0) },
                                         offline: configuration.offline, keepsCopies: configuration.keepsHistory,
                                         storeFailed: { error in storeWarnings.warn("the cache: \(error); pages are served uncached meanwhile") })
        let site = (try? WebURL(configuration.home.origin + "/")) ?? configuration.home
        self.urlMap = ProxyURLMap(site: site)
        // The version names what the sanitizer does: a form kept by an older
        // limot (before inline scripts were read, say) is made again.
        self.derivedKey = "\(Self.sanitizerVersion) \(site.serialization) \(configuration.rulesFingerprint)"
        self.sessions = SessionStore(capacity: configuration.maxSessions,
                                     persistence: configuration.keepsHistory ? configuration.store : nil,
                                     saveFailed: { error in storeWarnings.warn("browsing history: \(error); it is kept in memory meanwhile") })
        let policy = UpstreamPolicy(siteHost: configuration.home.hostname)
        self.policy = policy
        self.logger = logger
        let pages = ProxyResultPages(fetcher: fetcher, policy: policy,
                                     redirectPolicy: Self.redirectPolicy(type: .topDocument, page: nil, policy: policy, engine: configuration.engine, blockLog: blockLog))
        self.lookups = LookupService(profile: configuration.site, pages: configuration.offline ? nil : pages, engine: configuration.engine,
                                     notebook: configuration.store, keepsLookups: configuration.keepsHistory, origin: .proxy,
                                     notice: { note in logger.notice("\(note)") })
        self.requestGuard = RequestGuard(bindHost: configuration.bindHost, port: port, allowRemote: configuration.allowsRemote)
    }

    /// Answers one browser request.
    func respond(to request: Request) async -> Response {
        let started = ContinuousClock.now
        let target = request.uri.string
        let path = request.uri.path
        var exchange = Exchange(request: request, core: self)
        let response: Response
        let refusal = path.hasPrefix(RequestTargetMarker.refusedPath)
            ? RequestGuard.refusal(marker: path.dropFirst(RequestTargetMarker.refusedPath.count), limits: configuration.requestHeadLimits)
            : requestGuard.check(method: request.method.rawValue, target: target, host: request.head.authority)
        if let refusal {
            // A refused connection is not kept: after CONNECT the peer may
            // already be sending something that is not HTTP.
            var refused = exchange.page(ProxyError(status: refusal.status, title: refusal.title, detail: refusal.detail), withBar: false)
            refused.headers[.connection] = "close"
            response = refused
        } else {
            response = await route(path: path, exchange: &exchange)
        }
        if logger.logLevel <= .info {
            let elapsed = ContinuousClock.now - started
            let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            var metadata: Logger.Metadata = ["ms": "\(Int(milliseconds.rounded()))"]
            if exchange.blockedCount > 0 { metadata["blocked"] = "\(exchange.blockedCount)" }
            logger.info("\(request.method.rawValue) \(target.prefix(300)) \(response.status.code)", metadata: metadata)
        }
        return exchange.finish(response)
    }

    private func route(path: String, exchange: inout Exchange) async -> Response {
        guard path.hasPrefix("/_limot/") else {
            guard let target = urlMap.target(ofProxyPath: exchange.request.uri.string) else {
                return exchange.page(ProxyError(status: 400, title: "Bad address", detail: "This address does not name a page of the dictionary."))
            }
            if let resumed = resumption(exchange: exchange) { return resumed }
            return await serveDocument(target.url, exchange: &exchange)
        }
        let route = path.dropFirst("/_limot/".count)
        switch route {
        case "nav/back", "nav/forward", "nav/reload", "nav/home":
            return navigate(String(route.dropFirst(4)), exchange: &exchange)
        case "search":
            return search(exchange: &exchange)
        case "lookup":
            return await lookup(exchange: &exchange)
        case "theme":
            return setTheme(exchange: &exchange)
        case _ where route.hasPrefix("static/"):
            guard let file = configuration.stylesheets.files[path] else {
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
        case "leave":
            return leave(exchange: &exchange)
        case "stats":
            let snapshot = blockLog.snapshot()
            return exchange.page(StatsPage(total: snapshot.total, pages: snapshot.pages, hosts: snapshot.hosts).page, status: 200)
        default:
            if route.hasPrefix("sub/") || route.hasPrefix("doc/"),
               let target = urlMap.target(ofProxyPath: exchange.request.uri.string) {
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
            return exchange.page(ProxyError(status: 404, title: "Not found", detail: "limot has no page at this address."))
        }
    }
}
