import ArgumentParser
import Foundation
import Store

/// `limot history clear [--yes]`.
struct HistoryClear: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Forget every lookup.",
        discussion: """
            Asks first on a terminal. Without a terminal (scripts, pipes) --yes is required. \
            Cleared lookups are overwritten in the database file, not just unlinked. \
            Exit status 1 when there was nothing to clear or the question was not answered yes.
            """
    )

    @OptionGroup var store: StoreOptions

    @Flag(name: .shortAndLong, help: "Clear without asking.")
    var yes = false

    func validate() throws {
        if !yes && isatty(STDIN_FILENO) == 0 {
            throw ValidationError("standard input is not a terminal: pass --yes to clear the history")
        }
    }

    func run() throws {
        let opened = try store.open()
        let count = try attempt { () throws(StoreError) in try opened.lookupCount() }
        if count == 0 {
            print("Nothing to clear: no lookups are kept.")
            throw ExitCode(1)
        }
        if !yes {
            print("Forget all \(count) lookup\(count == 1 ? "" : "s") in \(opened.databasePath)? [y/N] ", terminator: "")
            fflush(nil)
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
            guard answer == "y" || answer == "yes" else {
                print("Nothing cleared.")
                throw ExitCode(1)
            }
        }
        let removed = try attempt { () throws(StoreError) in try opened.clearLookups() }
        print("Cleared \(removed) lookup\(removed == 1 ? "" : "s").")
    }
}
