import ArgumentParser
import ContentRules
import Subscriptions

/// The rule lists a `limot serve` decides with, in order: the shipped lists
/// (or `--rules`), then the lists subscribed in the data directory, in
/// subscription order. Every command that decides (`serve`, `rules explain`,
/// `rules match`, `rules compile`) or checks them (`rules check`) assembles
/// them here, so that each answers for the proxy a reader is running.
struct ActiveRuleLists: Sendable {
    /// The shipped lists, or `--rules`.
    let selectedFiles: [RuleListFile]
    let subscriptions: SubscriptionStore
    /// Where the subscriptions and the compiled rule cache are.
    let dataDirectory: String

    init(selection: RuleSelection, store: StoreOptions) throws {
        selectedFiles = try selection.files()
        dataDirectory = store.directory
        subscriptions = SubscriptionStore(dataDirectory: dataDirectory)
    }

    /// The lists, in the order the engine takes them: the selected lists,
    /// then the last good version of each subscribed list, named by its
    /// subscription. Read again on every call, so that `serve` sees lists
    /// subscribed since it started.
    func files() throws(SubscriptionError) -> [RuleListFile] {
        let subscribed = try subscriptions.load().map { RuleListFile(name: $0.name, path: subscriptions.listFile(for: $0)) }
        return RuleListFile.uniquelyNamed(selectedFiles + subscribed)
    }

    /// `files()` for a command: a damaged subscriptions file is printed, exit status 1.
    func filesOrExit() throws -> [RuleListFile] {
        do {
            return try files()
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
    }

    /// See `RuleSelection.fingerprint(of:)`.
    func fingerprint() throws -> String {
        RuleSelection.fingerprint(of: try filesOrExit().map(\.path))
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
