import ArgumentParser
import ContentRules
import Fetch
import Foundation
import Logging
import Proxy
import Store
import Subscriptions
import WebURL

/// `limot serve`: the dictionary through a local filtering proxy.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the dictionary without ads and trackers on a local address.",
        discussion: """
            Open http://127.0.0.1:8080/ (or the --port you chose) in any browser. Pages of the \
            dictionary are fetched, filtered by the rule lists, given the theme and a navigation bar, \
            and served from this machine only. Ctrl-C (SIGINT) or SIGTERM stops the server after the \
            requests in flight. The lists subscribed in --data-dir (`limot rules subscribe`) are updated \
            in the background when due (not --offline); a list subscribed, unsubscribed or updated by \
            another limot with the same --data-dir is in use within seconds, without a restart. So are \
            your own rules (user-rules.json: `limot rules add`, or edited by hand; SIGHUP reads them at \
            once); an edit that breaks the list is logged and not applied. Your rules are also on the \
            proxy's page /_limot/rules (switch off, on, delete, undo, add a filter), and the bar's "pause" \
            pauses filtering on a page or the whole site; changes made there apply to the next request.
            """
    )

    @Option(help: "Port to listen on (0 picks a free one and prints it).")
    var port: Int = 8080

    @Option(help: ArgumentHelp("Address to listen on. Only loopback addresses unless --allow-remote.", valueName: "address"))
    var bind: String = "127.0.0.1"

    @Flag(help: "Allow listening on a non-loopback address: the proxy becomes reachable from the network.")
    var allowRemote = false

    @OptionGroup var rules: RuleSelection

    @Option(help: ArgumentHelp("Colour theme: auto follows the browser's preference; the bar's toggle overrides it per browser.", valueName: "auto|dark|light"))
    var theme: ThemeArgument = .auto

    @OptionGroup var fetchOptions: FetchOptions

    @OptionGroup var site: SiteSelection

    @Flag(help: "Keep nothing of what is read: no lookups, no pages, no new cache copies (also: LIMOT_NO_HISTORY=1).")
    var noHistory = false

    @Flag(help: "Never touch the network: serve what the cache holds, with a banner saying how old it is.")
    var offline = false

    @OptionGroup var cache: CacheOptions

    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("Seconds after which a browser connection that sends nothing, or has not sent a whole request, is closed.", valueName: "seconds"))
    var idleTimeout: Int = Int(ProxyConfiguration.defaultIdleTimeoutSeconds)

    /// A test hook: every subscribed list is updated (as with `rules update
    /// --force`) every this many seconds, rather than when it is due.
    @Option(name: .customLong("test-subscription-interval"), help: .hidden)
    var testSubscriptionInterval: Int?

    @Option(help: ArgumentHelp("Log level: trace, debug, info (an access log line per request), notice, warning, error.", valueName: "level"))
    var logLevel: String = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, not \(port)") }
        guard allowRemote || ProxyConfiguration.isLoopback(bind) else {
            throw ValidationError("--bind \(bind) is not a loopback address: limot then serves anyone on the network. Add --allow-remote if that is what you want.")
        }
        guard idleTimeout > 0 else { throw ValidationError("--idle-timeout must be positive") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level \(logLevel)") }
    }

    func run() async throws {
        MallocTuning.keepFreedMemory()
        let profile = try site.profile()
        let fetch = try fetchOptions.configuration()
        let ruleLists = try ActiveRuleLists(selection: rules, store: store)
        // The rules (the start's largest step: a cache file checked and read,
        // or lists compiled) load on a thread of their own meanwhile the
        // style sheets are compressed and the store is opened and pruned.
        let loading = Task.detached { try ruleLists.load() }
        let stylesheets: Stylesheets, openedStore: LimotStore?
        do {
            stylesheets = try StylesheetLoader.load()
            openedStore = store.openForReading(cacheSizeLimit: cache.bytes,
                                               purpose: offline ? "there is no cache to read offline" : "nothing is cached or kept")
            if offline, openedStore == nil { throw ExitCode(1) }
            // Sessions nobody has used for half a year are forgotten.
            _ = try? openedStore?.pruneBrowsingSessions(notUsedSince: Date().addingTimeInterval(-182 * 86400))
        } catch {
            _ = try? await loading.value
            throw error
        }
        let rulesLoad = try await loading.value
        let engine = rulesLoad.engine
        let subscriptions = ruleLists.subscriptions
        guard var configuration = ProxyConfiguration(site: profile, engine: engine, stylesheets: stylesheets, fetch: fetch) else {
            throw usageError("the site's home \(profile.home) is not an http or https URL")
        }
        let homeURL = configuration.home
        configuration.bindHost = bind
        configuration.port = port
        configuration.allowsRemote = allowRemote
        configuration.theme = theme.theme
        configuration.idleTimeoutSeconds = Int64(idleTimeout)
        configuration.rules = RuleEngineSlot(engine: engine, fingerprint: rulesLoad.fingerprint,
                                             listFiles: RuleListFile.pathsByName((try? ruleLists.files()) ?? []),
                                             lists: SubscriptionRefresher.statuses(of: (try? subscriptions.load()) ?? []))
        configuration.keepsHistory = !noHistory && !LimotStore.historyDisabled(environment: ProcessInfo.processInfo.environment)
        configuration.offline = offline
        configuration.store = openedStore

        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return DeferredMetadataLogHandler(handler)
        }
        let logger = Logger(label: "limot")
        logger.info("\(rulesLoad.summary)")
        if allowRemote, !ProxyConfiguration.isLoopback(bind) {
            logger.warning("listening on \(bind): anyone who can reach this address can use the proxy")
        }
        let bindText = bind.contains(":") ? "[\(bind)]" : bind
        let refresher = SubscriptionRefresher(
            lists: ruleLists, updater: SubscriptionUpdater(store: subscriptions, fetch: fetch), slot: configuration.rules, logger: logger,
            testInterval: testSubscriptionInterval.map { .seconds($0) }, downloads: !offline)
        // `/_limot/rules` changes the reader's list and has it compiled and swapped in at once.
        configuration.userRules = ruleLists.userRules
        configuration.applyUserRules = { refresher.swapEngine() }
        let server = ProxyServer(configuration: configuration, logger: logger)
        do {
            try await withThrowingDiscardingTaskGroup { group in
                // Kept current in the background until the server stops.
                group.addTask { await refresher.run() }
                try await server.run { boundPort in
                    let mode = offline ? " offline (from the cache only)" : ""
                    let line = "limot: serving \(homeURL.origin)\(mode) at http://\(bindText):\(boundPort)/ with \(engine.statistics.rules) rules (\(rulesLoad.shortSummary)), theme \(theme.rawValue); Ctrl-C stops\n"
                    FileHandle.standardOutput.write(Data(line.utf8))
                }
                group.cancelAll()
            }
        } catch let error as ProxyServer.StartError {
            throw usageError(error.description)
        } catch {
            printError("error: cannot serve on \(bindText):\(port): \(error)")
            throw ExitCode(3)
        }
    }
}

/// `--theme` values.
enum ThemeArgument: String, ExpressibleByArgument, CaseIterable {
    case auto, dark, light
    var theme: Theme { Theme(rawValue: rawValue) ?? .auto }
}
