import ArgumentParser
import Subscriptions

/// `limot rules remove N…`
struct RulesRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove rules of your own by number (as `rules list --user` shows them).",
        discussion: "`limot rules undo` puts them back. A running `limot serve` with the same --data-dir stops using them from its next request."
    )

    @Argument(help: ArgumentHelp("The rules' numbers: their index in user-rules.json, from 0.", valueName: "n"))
    var numbers: [Int]

    @OptionGroup var store: StoreOptions

    func run() throws {
        let userRules = UserRuleStore(dataDirectory: store.directory)
        try attempt { () throws(UserRuleError) in
            var removed: [UserRule] = []
            try userRules.change { (list: inout UserRules) throws(UserRuleError) in
                for number in numbers where !list.active.indices.contains(number) {
                    throw .noSuchRule(index: number, count: list.active.count)
                }
                for number in Set(numbers).sorted(by: >) { removed.insert(list.active.remove(at: number), at: 0) }
            }
            for rule in removed { print("removed: \(rule.json)") }
        }
    }
}

/// `limot rules undo`
struct RulesUndo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Undo the last change to your own rules (from the command line or the proxy's pages); again to redo it."
    )

    @OptionGroup var store: StoreOptions

    func run() throws {
        let userRules = UserRuleStore(dataDirectory: store.directory)
        try attempt { () throws(UserRuleError) in
            let list = try userRules.undo()
            print("your rules are back as they were: \(list.active.count) rules, \(list.disabled.count) switched off")
        }
    }
}
