import ArgumentParser
import Foundation
import Subscriptions

/// `limot rules add FILTER`
struct RulesAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a rule of your own: one AdBlock filter or one WKContentRuleList rule as JSON.",
        discussion: """
            The filter is converted as `rules convert` converts a list and checked as `rules check` checks one; \
            a filter WebKit has no form for is refused with the reason. Your rules are kept in user-rules.json \
            in the data directory, a list Safari accepts as it is, and apply after every other list: an \
            exception (@@…) lets through what the shipped or subscribed lists block. A running `limot serve` \
            with the same --data-dir uses the new rule from its next request.

            Examples:
              limot rules add '||ads.example^'
              limot rules add 'example.org##.ad-slot'
              limot rules add '@@||cdn.example^$script'
              limot rules add '{"trigger":{"url-filter":"tracker"},"action":{"type":"block"}}'
            """
    )

    @Argument(help: ArgumentHelp("One AdBlock filter, or one rule as JSON.", valueName: "filter"))
    var filter: String

    @Option(help: ArgumentHelp("The page the rule is for, kept in its note (shown by `rules list --user`).", valueName: "url"))
    var page: String?

    @OptionGroup var store: StoreOptions

    func run() throws {
        let userRules = UserRuleStore(dataDirectory: store.directory)
        try attempt { () throws(UserRuleError) in
            let rules = try UserRuleInput.rules(from: filter)
            let isJSON = filter.trimmingCharacters(in: .whitespaces).hasPrefix("{")
            var numbers: [Int] = []
            try userRules.change { (list: inout UserRules) throws(UserRuleError) in
                for rule in rules {
                    guard !list.active.contains(where: { $0.json == rule }) else { throw .alreadyPresent(rule) }
                    let note = UserRuleNote(kind: UserRuleInput.kind(of: rule), page: page, filter: isJSON ? nil : filter)
                    numbers.append(list.active.count)
                    list.active.append(UserRule(json: rule, note: note))
                }
            }
            for (number, rule) in zip(numbers, rules) { print("added rule \(number): \(rule)") }
            print("to \(userRules.rulesFile)")
        }
    }
}
