import ArgumentParser
import Foundation
import Store

/// `limot history …`: the vocabulary notebook, every word looked up with
/// `limot lookup` or through `limot serve`.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List, export, prune or clear the words you looked up (the vocabulary notebook) and the pages you read.",
        discussion: """
            Every lookup (limot lookup, or a dictionary page read through limot serve) is kept in \
            limot.sqlite3 in the data directory: --data-dir, else $LIMOT_DATA_DIR, else \
            $XDG_DATA_HOME/limot, else ~/.local/share/limot, and so is every page read through \
            limot serve. Set LIMOT_NO_HISTORY=1 to keep nothing. `limot history` lists both, words \
            first; list, prune and clear take --words or --pages to act on one only. Export \
            writes the words. Pages prefetched with `limot prefetch` are cached, not history \
            (`limot cache`).

            Examples:
              limot history                          the 20 newest lookups and pages
              limot history list --pages --since 7d --limit 100
              limot history list --json              the lookups (--pages: the pages)
              limot history export --anki ~/vocabulary.txt
              limot history export --csv vocabulary.csv
              limot history prune --older-than 90d   lookups and pages
              limot history clear --pages --yes

            Exit status: 0 success (also an empty list), 1 nothing to export, clear or prune, \
            or the store failed, 2 usage error.
            """,
        subcommands: [HistoryList.self, HistoryExport.self, HistoryPrune.self, HistoryClear.self],
        defaultSubcommand: HistoryList.self
    )
}

/// `--words` / `--pages`: which part of the history a command acts on;
/// neither means both.
struct HistoryScope: ParsableArguments {
    @Flag(help: "Only the words looked up (the notebook).")
    var words = false

    @Flag(help: "Only the pages read through limot serve.")
    var pages = false

    func validate() throws {
        if words && pages { throw ValidationError("give --words or --pages, not both (neither means both)") }
    }

    var includesWords: Bool { !pages }
    var includesPages: Bool { !words }
}

/// "1 lookup", "3 page visits".
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// Runs a store (or subscriptions) operation; its error is printed as
/// `error: …` and exits 1.
func attempt<T, Failure: Error>(_ operation: () throws(Failure) -> T) throws -> T {
    do {
        return try operation()
    } catch {
        printError("error: \(error)")
        throw ExitCode(1)
    }
}
