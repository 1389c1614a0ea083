import ContentRules
import Fetch
import Logging
import Lookup
import Sanitize
import Subscriptions
import WebURL

/// The proxy's request handling: every route's handler (`router()` maps
/// addresses to them), over the shared state of one running server
/// (sessions, learned hosts, the block log, the sanitized page cache).
/// Stateless per request otherwise; `Sendable`.
final class ProxyCore: Sendable {
    let configuration: ProxyConfiguration
    /// The site through the HTTP cache (or the cache alone, `--offline`).
    let fetcher: CachingHTTPClient
    let urlMap: ProxyURLMap
    /// The start of every page's head for this site, per theme (made once).
    let pageHeads: PageHeads
    let sessions: SessionStore
    let policy: UpstreamPolicy
    let blockLog = BlockLog()
    /// What each session's recent pages blocked and loaded (the bar's panel).
    let pageLog = PageLog()
    /// How often each rule acted, by kind (`/_limot/rules`).
    let ruleHits = RuleHits()
    /// The texts of rules the pages named, read back from their lists.
    let ruleTexts = RuleTextCache()
    let cache = SanitizedCache()
    let logger: Logger
    /// Store failures (a full disk, a read-only data directory) are said
    /// once a minute, not per request; pages are served regardless.
    let storeWarnings: ThrottledWarning
    /// What a sanitized page kept in the cache must have been made with,
    /// but for the rules (`derivedKey(for:)` adds their fingerprint).
    private let derivedKeyPrefix: String
    /// Looking words up (`/_limot/lookup`, the bar's search, result pages
    /// read on the site itself): the service `limot lookup` uses too.
    let lookups: LookupService
    /// Words kept in the notebook lately (not again on every view).
    let recentWords = RecentWords()
    /// The token of the control pages' forms (`ControlToken`).
    let controlToken = ControlToken()
    /// The reader's list for the bar's pause state, read again only when it changed.
    let userRulesSnapshot: UserRulesSnapshot?
    /// Bumped whenever the sanitizer's output changes for the same page and
    /// rules, so that no sanitized form kept in the store outlives it.
    static let sanitizerVersion = "sanitized-v2"
    /// Set once the port is known (it may be chosen by the system).
    let requestGuard: RequestGuard

    init(configuration: ProxyConfiguration, port: Int, logger: Logger) {
        self.configuration = configuration
        self.userRulesSnapshot = configuration.userRules.map(UserRulesSnapshot.init)
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
        self.pageHeads = PageHeads(stylesheets: configuration.stylesheets, site: urlMap.site.origin)
        // The version names what the sanitizer does: a form kept by an older
        // limot (before inline scripts were read, say) is made again.
        self.derivedKeyPrefix = "\(Self.sanitizerVersion) \(site.serialization)"
        self.sessions = SessionStore(capacity: configuration.maxSessions,
                                     persistence: configuration.keepsHistory ? configuration.store : nil,
                                     saveFailed: { error in storeWarnings.warn("browsing history: \(error); it is kept in memory meanwhile") })
        let policy = UpstreamPolicy(siteHost: configuration.home.hostname)
        self.policy = policy
        self.logger = logger
        // Lookups decide with the rules in use at the time, as pages do.
        let rules = configuration.rules
        let pages = ProxyResultPages(fetcher: fetcher, policy: policy, rules: rules, blockLog: blockLog)
        self.lookups = LookupService(profile: configuration.site, pages: configuration.offline ? nil : pages, rules: { rules.current.engine },
                                     notebook: configuration.store, keepsLookups: configuration.keepsHistory, origin: .proxy,
                                     notice: { note in logger.notice("\(note)") })
        self.requestGuard = RequestGuard(bindHost: configuration.bindHost, port: port, allowRemote: configuration.allowsRemote)
    }

    /// What a sanitized page kept in the cache must have been made with,
    /// under `rules` (the rules of the request that made or wants it).
    func derivedKey(for rules: RuleEngineSlot.Rules) -> String {
        "\(derivedKeyPrefix) \(rules.fingerprint)"
    }
}
