import ArgumentParser
import Subscriptions

/// `limot rules unsubscribe NAME|URL`
struct RulesUnsubscribe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unsubscribe",
        abstract: "Stop using a subscribed rule list and remove its stored copy.",
        discussion: "A running `limot serve` with the same --data-dir stops using the list within seconds."
    )

    @Argument(help: ArgumentHelp("The list's name or URL (as `limot rules list` shows them).", valueName: "name|url"))
    var list: String

    @OptionGroup var store: StoreOptions

    func run() throws {
        let subscriptions = SubscriptionStore(dataDirectory: store.directory)
        try attempt { () throws(SubscriptionError) in
            var all = try subscriptions.load()
            guard let index = all.firstIndex(where: { $0.name == list || $0.url == list }) else { throw .unknownList(list) }
            let removed = all.remove(at: index)
            try subscriptions.save(all)
            subscriptions.removeList(of: removed)
            print("unsubscribed from \(removed.name) (\(removed.url))")
        }
    }
}
