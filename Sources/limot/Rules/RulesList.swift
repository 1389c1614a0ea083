import ArgumentParser
import Foundation
import LimotJSON
import Subscriptions

/// `limot rules list [--json]`
struct RulesList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the subscribed rule lists (rules, last and next update, last error), or with --user your own rules.",
        discussion: "With --user: each of your rules with its number (for `rules remove`), what it does, when and on which page it was made, the rules switched off, and what `rules check` finds wrong in user-rules.json, in place."
    )

    @Flag(help: "List your own rules (user-rules.json) instead of the subscriptions.")
    var user = false

    @Flag(help: "Print as JSON: the lists (name, url, rules, skipped, lastUpdate, nextUpdate, lastError), or with --user the rules (number, rule, kind, made, page, filter, problems) and the rules switched off.")
    var json = false

    @OptionGroup var store: StoreOptions

    func run() throws {
        if user { return try UserRulesReport(store: UserRuleStore(dataDirectory: store.directory)).print(json: json) }
        let subscriptions = try attempt { () throws(SubscriptionError) in
            try SubscriptionStore(dataDirectory: store.directory).load()
        }
        if json {
            var writer = JSONWriter()
            writer.array(subscriptions) { writer, list in
                writer.object { writer in
                    writer.member("name") { $0.string(list.name) }
                    writer.member("url") { $0.string(list.url) }
                    writer.member("rules") { $0.raw(String(list.rules)) }
                    writer.member("skipped") { writer in
                        writer.object { writer in
                            for (reason, count) in list.skipped.sorted(by: { $0.key < $1.key }) {
                                writer.member(reason) { $0.raw(String(count)) }
                            }
                        }
                    }
                    writer.member("lastUpdate") { $0.optionalString(list.fetchedAt.map { $0.formatted(.iso8601) }) }
                    writer.member("nextUpdate") { $0.optionalString(list.nextUpdate.map { $0.formatted(.iso8601) }) }
                    writer.member("lastError") { $0.optionalString(list.lastError) }
                }
            }
            print(writer.text)
            return
        }
        guard !subscriptions.isEmpty else {
            print("no subscribed lists (`limot rules subscribe URL` adds one)")
            return
        }
        for list in subscriptions {
            print("\(list.name)  \(list.url)")
            print("  \(list.rules) rules; last update \(SubscriptionReport.date(list.fetchedAt)); next update \(SubscriptionReport.date(list.nextUpdate))")
            if let error = list.lastError { print("  last error: \(error)") }
        }
    }
}
