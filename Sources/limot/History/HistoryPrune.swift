import ArgumentParser
import Foundation
import Store

/// `limot history prune (--older-than 90d | --keep N)`.
struct HistoryPrune: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Forget old lookups.",
        discussion: """
            --older-than takes an age (90d, 12w, 24h) or a date (2026-01-01); --keep keeps the \
            newest N lookups. Exit status 1 when there was nothing to remove.
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("Forget lookups made before then: 90d, 12w, 2026-01-01 …", valueName: "when"))
    var olderThan: TimeBound?

    @Option(help: ArgumentHelp("Keep only the newest N lookups.", valueName: "N"))
    var keep: Int?

    func validate() throws {
        if (olderThan == nil) == (keep == nil) { throw ValidationError("give one of --older-than AGE or --keep N") }
        if let keep, keep < 0 { throw ValidationError("--keep must be 0 or more") }
    }

    func run() throws {
        let opened = try store.open()
        let cutoff = olderThan?.date(now: Date())
        let removed = try attempt { () throws(StoreError) in try opened.pruneLookups(olderThan: cutoff, keepingNewest: keep) }
        let left = try attempt { () throws(StoreError) in try opened.lookupCount() }
        if removed == 0 {
            print("Nothing to remove; \(left) lookup\(left == 1 ? "" : "s") kept.")
            throw ExitCode(1)
        }
        print("Removed \(removed) lookup\(removed == 1 ? "" : "s"); \(left) kept.")
    }
}
