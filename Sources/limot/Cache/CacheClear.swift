import ArgumentParser
import Foundation
import Store

/// `limot cache clear [--yes]`.
struct CacheClear: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Forget every cached page.",
        discussion: """
            Asks first on a terminal. Without a terminal (scripts, pipes) --yes is required. \
            Cleared pages are overwritten in the database file; `limot cache vacuum` then gives \
            their space back to the disk. The notebook and the history of pages are not touched \
            (`limot history clear`). Exit status 1 when the cache was empty or the question was \
            not answered yes.
            """
    )

    @OptionGroup var store: StoreOptions

    @OptionGroup var confirmation: Confirmation

    func validate() throws {
        try confirmation.requireAnswerable("clear the cache")
    }

    func run() throws {
        let opened = try store.open()
        let statistics = try attempt { () throws(StoreError) in try opened.cacheStatistics() }
        if statistics.entries == 0 {
            print("Nothing to clear: the cache is empty.")
            throw ExitCode(1)
        }
        try confirmation.confirm("Forget all \(pages(statistics.entries)) (\(HumanUnits.bytes(statistics.bytes))) cached in \(opened.databasePath)?")
        let removed = try attempt { () throws(StoreError) in try opened.clearCache() }
        print("Cleared \(pages(removed.entries)) (\(HumanUnits.bytes(removed.bytes))). `limot cache vacuum` gives the space back to the disk.")
    }

    private func pages(_ count: Int) -> String {
        "\(count) page\(count == 1 ? "" : "s")"
    }
}
