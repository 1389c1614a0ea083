import ArgumentParser
import Foundation
import Subscriptions

/// `limot rules update [NAME…] [--force]`
struct RulesUpdate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Update subscribed rule lists that are due (all of them with --force).",
        discussion: """
            Each list is asked for with If-None-Match / If-Modified-Since: a 304 leaves it as it is. \
            A list is due when its own `! Expires:` (default 4 days, held to 1 hour…14 days) has passed. \
            A new version is used only if it parses and compiles; otherwise the last good version \
            stays and the error is reported. A running `limot serve` with the same --data-dir uses the \
            new versions within seconds. Exit status 1 if any list failed.
            """
    )

    @Argument(help: ArgumentHelp("The lists to update, by name or URL (default: all).", valueName: "name"))
    var names: [String] = []

    @Flag(help: "Update even the lists that are not due.")
    var force = false

    @OptionGroup var store: StoreOptions

    @OptionGroup var fetchOptions: FetchOptions

    func run() async throws {
        let subscriptions = SubscriptionStore(dataDirectory: store.directory)
        let all = try attempt { () throws(SubscriptionError) in try subscriptions.load() }
        var selected: [Subscription] = []
        for name in names {
            guard let list = all.first(where: { $0.name == name || $0.url == name }) else {
                throw usageError(SubscriptionError.unknownList(name).description)
            }
            selected.append(list)
        }
        if names.isEmpty { selected = all }
        if selected.isEmpty { print("no subscribed lists (`limot rules subscribe URL` adds one)") }
        let updater = SubscriptionUpdater(store: subscriptions, fetch: try fetchOptions.configuration())
        var failed = false
        for list in selected {
            let (bar, progress) = DownloadProgress.callback(for: list.name)
            let (updated, outcome) = await updater.update(list, now: Date(), force: force, progress: progress)
            bar?.finish()
            try attempt { () throws(SubscriptionError) in try subscriptions.replace(updated) }
            let line = SubscriptionReport.line(updated, outcome)
            if case .failed = outcome {
                failed = true
                printError("error: " + line)
            } else {
                print(line)
            }
        }
        if failed { throw ExitCode(1) }
    }
}
