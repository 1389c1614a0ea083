import Lookup
import Store
import ContentRules
import Fetch
import WebURL
import Subscriptions

/// Everything `limot serve` is configured with; every limit named here.
public struct ProxyConfiguration: Sendable {
    /// Address to listen on; loopback unless `allowsRemote`.
    public var bindHost = "127.0.0.1"
    /// Port to listen on; 0 picks a free one (reported by `onReady`).
    public var port = 8080
    /// Allows binding a non-loopback address (the proxy is then reachable
    /// from the network; it still serves the dictionary site only).
    public var allowsRemote = false
    /// The dictionary site: its home (the bar's home button; its origin is
    /// the site the proxy serves), its search address (the bar's field,
    /// `/_limot/lookup`) and where entries sit in its pages. `--home` has
    /// already moved it (`SiteProfile.rehomed(to:)`).
    public var site: SiteProfile
    /// The page the bar's home button opens; its origin is the dictionary site.
    public let home: WebURL
    /// limot's store in the data directory: the HTTP cache, and with
    /// `keepsHistory` the lookups (notebook) and each browser session's
    /// history. Nil keeps nothing: the proxy then works from the network
    /// alone (a data directory that cannot be opened).
    public var store: LimotStore?
    /// Whether lookups, pages read and new cache copies are kept (not with
    /// `--no-history` or LIMOT_NO_HISTORY: they would tell what was read);
    /// copies kept before are still served.
    public var keepsHistory = true
    /// Never touch the network: pages come from the cache only (`--offline`).
    public var offline = false
    /// The theme when the browser has not chosen one with the bar's toggle.
    public var theme: Theme = .auto
    public var stylesheets: Stylesheets
    /// The rules and their fingerprint (which names the lists, so that
    /// sanitized pages kept in the cache under other rules are sanitized
    /// again rather than served as they were); swappable while serving.
    public var rules: RuleEngineSlot
    public var fetch: FetchConfiguration
    /// The reader's own list (`user-rules.json` in the data directory),
    /// which `/_limot/rules` shows and changes; nil when there is no data
    /// directory (the page then says so).
    public var userRules: UserRuleStore?
    /// Compiles the lists again after a change made on `/_limot/rules` and
    /// swaps the engine in `rules` (requests in flight keep theirs), so the
    /// change applies to the next request; the reason when the changed
    /// lists do not compile (the engine in use stays). `limot serve` gives
    /// it; without it the change is taken up by serve's watch of the file.
    public var applyUserRules: (@Sendable () -> String?)?
    /// Largest request body (a form post) accepted from the browser.
    public var maxRequestBodyBytes = 1 << 20
    /// Browser connections that send nothing for this long are closed: idle
    /// keep-alive connections, and connections whose request head has not
    /// arrived complete in this time since the connection opened or the last
    /// answer (slowloris: dribbling a head byte by byte does not keep a
    /// connection). `--idle-timeout`.
    public var idleTimeoutSeconds: Int64 = ProxyConfiguration.defaultIdleTimeoutSeconds
    /// The default of `idleTimeoutSeconds`.
    public static let defaultIdleTimeoutSeconds: Int64 = 60
    /// Sizes of a request's head; larger ones are answered 431.
    public var requestHeadLimits = RequestHeadLimits()
    /// Browser connections served at once; more wait in the backlog. The
    /// client runs as many transfers at once (each connection carries one
    /// request at a time), so each connection may hold two descriptors:
    /// 256 stays well inside the usual limit of 1024. A browser opens at
    /// most six connections to one host.
    public var maxConnections = 256
    /// Browser sessions whose history is kept (least recently used forgotten).
    public var maxSessions = 10_000

    /// Fails when the profile's home is not an http or https URL (a profile
    /// read from a file has been checked for that already).
    public init?(site: SiteProfile, engine: ContentRuleEngine, stylesheets: Stylesheets, fetch: FetchConfiguration = FetchConfiguration()) {
        guard let home = try? WebURL(site.home), home.scheme == "http" || home.scheme == "https", !home.hostname.isEmpty else { return nil }
        self.site = site
        self.home = home
        self.rules = RuleEngineSlot(engine: engine, fingerprint: "")
        self.stylesheets = stylesheets
        self.fetch = fetch
    }

    /// Whether `host` (as given to `--bind`) is a loopback address.
    public static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" { return true }
        return IPAddress(String(host.filter { $0 != "[" && $0 != "]" }))?.isLoopback ?? false
    }
}
