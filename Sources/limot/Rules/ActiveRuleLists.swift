import ArgumentParser
import Foundation
import ContentRules
import Subscriptions

/// The rule lists a `limot serve` decides with, in order: the shipped lists
/// (or `--rules`), then the lists subscribed in the data directory, in
/// subscription order, then the reader's own rules (`user-rules.json`).
/// Every command that decides (`serve`, `rules explain`, `rules match`,
/// `rules compile`) or checks them (`rules check`) assembles them here, so
/// that each answers for the proxy a reader is running.
struct ActiveRuleLists: Sendable {
    /// The shipped lists, or `--rules`.
    let selectedFiles: [RuleListFile]
    let subscriptions: SubscriptionStore
    let userRules: UserRuleStore
    /// Where the subscriptions and the compiled rule cache are.
    let dataDirectory: String

    init(selection: RuleSelection, store: StoreOptions) throws {
        selectedFiles = try selection.files()
        dataDirectory = store.directory
        subscriptions = SubscriptionStore(dataDirectory: dataDirectory)
        userRules = UserRuleStore(dataDirectory: dataDirectory)
    }

    /// The lists, in the order the engine takes them: the selected lists,
    /// the last good version of each subscribed list, named by its
    /// subscription, and the reader's own rules when they can be used. Read
    /// again on every call, so that `serve` sees lists subscribed since it
    /// started.
    func files() throws(SubscriptionError) -> [RuleListFile] {
        let subscribed = try subscriptions.load().map { RuleListFile(name: $0.name, path: subscriptions.listFile(for: $0)) }
        let own = userRulesProblem() == nil && hasUserRules ? [RuleListFile(name: UserRuleStore.listName, path: userRules.rulesFile)] : []
        return RuleListFile.uniquelyNamed(selectedFiles + subscribed + own)
    }
    private var hasUserRules: Bool { FileManager.default.fileExists(atPath: userRules.rulesFile) }

    /// Why `user-rules.json` cannot be used as it stands (a hand edit that
    /// broke it), or nil: such a file is left out and reported, never half applied.
    func userRulesProblem() -> String? {
        guard hasUserRules else { return nil }
        do {
            let rules = try userRules.load()
            guard !rules.isUsable else { return nil }
            return "\(userRules.rulesFile) has errors and is not used until they are fixed:\n"
                + rules.problems.filter { $0.severity == .error }.map { "  \($0)" }.joined(separator: "\n")
        } catch {
            return "\(error)"
        }
    }

    /// Prints `userRulesProblem()` as a warning, for a command that goes on without the reader's rules.
    private func warnIfUserRulesUnusable() {
        if let problem = userRulesProblem() { printError("warning: \(problem)") }
    }

    /// `files()` for a command: a damaged subscriptions file is printed,
    /// exit status 1; a broken `user-rules.json` is left out with a warning.
    func filesOrExit() throws -> [RuleListFile] {
        warnIfUserRulesUnusable()
        do {
            return try files()
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
    }

    /// The engine, through the data directory's compiled rule cache, and
    /// where it came from; errors are printed, exit status 1.
    func load() throws -> RulesLoad {
        try RuleSelection.loadOrExit(try filesOrExit(), dataDirectory: dataDirectory)
    }

    /// `load()`'s engine.
    func engine() throws -> ContentRuleEngine {
        try load().engine
    }

    /// The engine for `files` (as `files()` gave them), for `serve`'s swaps.
    func engine(files: [RuleListFile]) throws(RuleListsError) -> ContentRuleEngine {
        try RuleSelection.load(files, dataDirectory: dataDirectory).engine
    }
}
