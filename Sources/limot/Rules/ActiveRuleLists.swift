import ArgumentParser
import ContentRules

/// The rule lists a `limot serve` decides with, in order: the shipped lists
/// (or `--rules`), then the lists subscribed in the data directory, in
/// subscription order. Every command that decides (`serve`, `rules explain`,
/// `rules match`, `rules compile`) assembles them here, so that each answers
/// for the proxy a reader is running.
struct ActiveRuleLists: Sendable {
    /// The shipped lists, or `--rules`.
    let selectedFiles: [String]
    let subscriptions: SubscriptionStore

    init(selection: RuleSelection, store: StoreOptions) throws {
        selectedFiles = try selection.files()
        subscriptions = SubscriptionStore(dataDirectory: store.directory)
    }

    /// The files, in the order the engine takes them: the selected lists,
    /// then the last good version of each subscribed list. Read again on
    /// every call, so that `serve` sees lists subscribed since it started.
    func files() throws(SubscriptionError) -> [String] {
        selectedFiles + (try subscriptions.load()).map { subscriptions.listFile(for: $0) }
    }

    /// `files()` for a command: a damaged subscriptions file is printed, exit status 1.
    private func filesOrExit() throws -> [String] {
        do {
            return try files()
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
    }

    /// See `RuleSelection.fingerprint(of:)`.
    func fingerprint() throws -> String {
        RuleSelection.fingerprint(of: try filesOrExit())
    }

    /// The engine; errors are printed, exit status 1.
    func engine() throws -> ContentRuleEngine {
        try RuleSelection.engineOrExit(files: try filesOrExit())
    }
}
