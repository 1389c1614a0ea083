import ArgumentParser
import Subscriptions

/// `limot rules pause SITE` and `limot rules resume SITE`
struct RulesPause: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause",
        abstract: "Pause filtering on a site (and its subdomains), or with --page on one page.",
        discussion: """
            Adds to your rules one `ignore-previous-rules` rule for every load of the site's pages, so nothing \
            is blocked or hidden there; the pages still go through the proxy (its routing and CSP stay). \
            `limot rules resume SITE` ends the pause.
            """
    )

    @OptionGroup var target: PauseTarget
    @OptionGroup var store: StoreOptions

    func run() throws {
        let userRules = UserRuleStore(dataDirectory: store.directory)
        try attempt { () throws(UserRuleError) in
            let (rule, name) = try target.rule()
            var added = false
            try userRules.change { (list: inout UserRules) throws(UserRuleError) in
                guard !list.active.contains(where: { $0.json == rule }) else { return }
                list.active.append(UserRule(json: rule, note: UserRuleNote(kind: .pause, page: target.page ? name : nil)))
                added = true
            }
            print(added ? "filtering paused on \(name)" : "filtering was already paused on \(name)")
        }
    }
}

/// `limot rules resume SITE`
struct RulesResume: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: "Filter again on a site (or with --page a page) paused with `rules pause`."
    )

    @OptionGroup var target: PauseTarget
    @OptionGroup var store: StoreOptions

    func run() throws {
        let userRules = UserRuleStore(dataDirectory: store.directory)
        try attempt { () throws(UserRuleError) in
            let (rule, name) = try target.rule()
            try userRules.change { (list: inout UserRules) throws(UserRuleError) in
                guard let index = list.active.firstIndex(where: { $0.json == rule }) else { throw .notPaused(name) }
                list.active.remove(at: index)
            }
            print("filtering resumed on \(name)")
        }
    }
}

/// What `rules pause` and `resume` act on: a site, or with `--page` one page.
struct PauseTarget: ParsableArguments {
    @Argument(help: ArgumentHelp("A host name (example.org) or, with --page, a page's address.", valueName: "site"))
    var site: String

    @Flag(help: "Only the page at this address, not the whole site.")
    var page = false

    /// The pause rule for the target, and the site or page it names.
    func rule() throws(UserRuleError) -> (rule: String, name: String) {
        if page {
            let (rule, page) = try UserRuleInput.pauseRule(page: site)
            return (rule, page)
        }
        let (rule, host) = try UserRuleInput.pauseRule(site: site)
        return (rule, host)
    }
}
