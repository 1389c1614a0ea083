import ArgumentParser
import Fetch
import Foundation
import HTTPTypes
import Subscriptions

/// `limot rules subscribe URL [--name NAME]`
struct RulesSubscribe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscribe",
        abstract: "Subscribe to a rule list at a URL (an AdBlock list or WKContentRuleList JSON), kept current.",
        discussion: """
            The list is downloaded now and must parse and compile, else nothing is saved and its \
            errors are shown. It is then used after the shipped lists (or --rules) by `limot serve` \
            (which updates it in the background when it is due; one already running takes it up within \
            seconds) and by `rules explain`, `match`, `compile` and `check` with the same --data-dir, \
            which name it by its name. \(SubscriptionReport.usualLists)
            """
    )

    @Argument(help: ArgumentHelp("The list's http or https URL.", valueName: "url"))
    var url: String

    @Option(help: ArgumentHelp("The name the list goes by (default: from its URL, e.g. easylist).", valueName: "name"))
    var name: String?

    @OptionGroup var store: StoreOptions

    @OptionGroup var fetchOptions: FetchOptions

    func run() async throws {
        let subscriptions = SubscriptionStore(dataDirectory: store.directory)
        let existing = try attempt { () throws(SubscriptionError) in try subscriptions.load() }
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? "") else {
            throw usageError(SubscriptionError.badURL(url).description)
        }
        let listName = name ?? Subscription.name(derivedFrom: parsed)
        guard Subscription.isValidName(listName) else { throw usageError(SubscriptionError.badName(listName).description) }
        if existing.contains(where: { $0.name == listName }) { throw usageError(SubscriptionError.nameTaken(listName).description) }
        if let same = existing.first(where: { $0.url == url }) { throw usageError(SubscriptionError.urlTaken(url: url, name: same.name).description) }

        let updater = SubscriptionUpdater(store: subscriptions, fetch: try fetchOptions.configuration())
        let (bar, progress) = DownloadProgress.callback(for: listName)
        let downloaded: (response: Fetch.FetchResponse, list: CheckedList)
        do {
            downloaded = try await updater.download(url: url, name: listName, progress: progress)
            bar?.finish()
        } catch {
            bar?.finish()
            printError("error: \(error)")
            printError("error: not subscribed to \(url); nothing was saved")
            throw ExitCode(1)
        }
        let now = Date()
        var subscription = Subscription(
            name: listName, url: url, format: downloaded.list.format,
            etag: downloaded.response.headers[values: .eTag].first,
            lastModified: downloaded.response.headers[values: .lastModified].first,
            fetchedAt: now, expiresSeconds: downloaded.list.expiresSeconds, nextUpdate: nil, lastError: nil,
            rules: downloaded.list.ruleCount, skipped: downloaded.list.skipped)
        subscription.nextUpdate = subscription.nextUpdate(after: now)
        try attempt { () throws(SubscriptionError) in
            try subscriptions.storeList(downloaded.response.body, for: subscription)
            try subscriptions.save(existing + [subscription])
        }
        print("subscribed to \(listName) (\(url)): \(subscription.rules) rules; next update \(SubscriptionReport.date(subscription.nextUpdate))")
        if let skipped = SubscriptionReport.skipped(subscription.skipped) { print("  " + skipped) }
    }
}
