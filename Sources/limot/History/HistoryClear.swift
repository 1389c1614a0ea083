import ArgumentParser
import Foundation
import Store

/// `limot history clear [--words | --pages] [--yes]`.
struct HistoryClear: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Forget every lookup and every page read.",
        discussion: """
            Both the notebook of lookups and the pages read, unless --words or --pages chooses \
            one. Asks first on a terminal. Without a terminal (scripts, pipes) --yes is required. \
            Cleared history is overwritten in the database file, not just unlinked. Cached pages \
            stay (`limot cache clear`). Exit status 1 when there was nothing to clear or the \
            question was not answered yes.
            """
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var scope: HistoryScope

    @OptionGroup var confirmation: Confirmation

    func validate() throws {
        try confirmation.requireAnswerable("clear the history")
    }

    func run() throws {
        let opened = try store.open()
        let lookups = scope.includesWords ? try attempt { () throws(StoreError) in try opened.lookupCount() } : 0
        let visits = scope.includesPages ? try attempt { () throws(StoreError) in try opened.pageVisitCount() } : 0
        if lookups + visits == 0 {
            print("Nothing to clear: no \(scope.words ? "lookups are" : scope.pages ? "pages are" : "lookups or pages are") kept.")
            throw ExitCode(1)
        }
        try confirmation.confirm("Forget all \(describe(lookups: lookups, visits: visits)) in \(opened.databasePath)?")
        let removedLookups = scope.includesWords ? try attempt { () throws(StoreError) in try opened.clearLookups() } : 0
        let removedVisits = scope.includesPages ? try attempt { () throws(StoreError) in try opened.clearPageVisits() } : 0
        print("Cleared \(describe(lookups: removedLookups, visits: removedVisits)).")
    }

    /// "3 lookups and 5 page visits"; a part in scope that is zero is left
    /// out unless it is all there is.
    private func describe(lookups: Int, visits: Int) -> String {
        var parts: [String] = []
        if scope.includesWords && (lookups > 0 || visits == 0) { parts.append(counted(lookups, "lookup")) }
        if scope.includesPages && (visits > 0 || parts.isEmpty) { parts.append(counted(visits, "page visit")) }
        return parts.joined(separator: " and ")
    }
}
