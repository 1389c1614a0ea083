import ArgumentParser

/// `limot rules …`: the WKContentRuleList compiler and its debugging tools.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Check, compile and debug content-blocker rule lists (WebKit's WKContentRuleList JSON).",
        discussion: """
            Rule lists follow WebKit's semantics exactly: a list Safari accepts, limot accepts and \
            decides the same way; a list Safari rejects, limot rejects with the same error code. \
            Without --rules, the lists shipped in limot's Rules/ folder are used. AdBlock Plus / uBlock lists \
            (easylist.txt …) are accepted wherever a rule list is, converted in memory; `rules convert` writes \
            them as JSON. Lists subscribed with `rules subscribe` are kept current and used after \
            them by `serve`, `explain`, `match` and `compile` with the same --data-dir, and your own rules \
            (`rules add`, `pause`, or made on the proxy's pages; user-rules.json in the data directory) after those.
            """,
        subcommands: [RulesCheck.self, RulesCompile.self, RulesExplain.self, RulesMatch.self, RulesConvert.self,
                      RulesSubscribe.self, RulesUnsubscribe.self, RulesList.self, RulesUpdate.self,
                      RulesAdd.self, RulesRemove.self, RulesUndo.self, RulesPause.self, RulesResume.self, RulesExport.self]
    )
}
