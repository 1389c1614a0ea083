import ArgumentParser
import Foundation
import Store

/// `limot history prune (--older-than 90d | --keep N) [--words | --pages]`.
struct HistoryPrune: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Forget old lookups and pages read.",
        discussion: """
            Both lookups and pages read, unless --words or --pages chooses one. --older-than \
            takes an age (90d, 12w, 24h) or a date (2026-01-01); --keep keeps the newest N \
            lookups and the newest N pages. Exit status 1 when there was nothing to remove.
            """
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var scope: HistoryScope

    @Option(help: ArgumentHelp("Forget what is older: 90d, 12w, 2026-01-01 …", valueName: "when"))
    var olderThan: TimeBound?

    @Option(help: ArgumentHelp("Keep only the newest N lookups and the newest N pages.", valueName: "N"))
    var keep: Int?

    func validate() throws {
        if (olderThan == nil) == (keep == nil) { throw ValidationError("give one of --older-than AGE or --keep N") }
        if let keep, keep < 0 { throw ValidationError("--keep must be 0 or more") }
    }

    func run() throws {
        let opened = try store.open()
        let cutoff = olderThan?.date(now: Date())
        var removed: [String] = [], kept: [String] = []
        var total = 0
        if scope.includesWords {
            let count = try attempt { () throws(StoreError) in try opened.pruneLookups(olderThan: cutoff, keepingNewest: keep) }
            let left = try attempt { () throws(StoreError) in try opened.lookupCount() }
            total += count
            removed.append(counted(count, "lookup"))
            kept.append(counted(left, "lookup"))
        }
        if scope.includesPages {
            let count = try attempt { () throws(StoreError) in try opened.prunePageVisits(olderThan: cutoff, keepingNewest: keep) }
            let left = try attempt { () throws(StoreError) in try opened.pageVisitCount() }
            // Without --pages, page visits are mentioned only when there are any.
            if scope.pages || count > 0 || left > 0 {
                total += count
                removed.append(counted(count, "page visit"))
                kept.append(counted(left, "page visit"))
            }
        }
        // "Removed 2 lookups; 1 kept." when there is one kind to tell of.
        let keptText = kept.count == 1 ? (kept[0].split(separator: " ").first.map(String.init) ?? "") : kept.joined(separator: " and ")
        if total == 0 {
            print("Nothing to remove; \(kept.joined(separator: " and ")) kept.")
            throw ExitCode(1)
        }
        print("Removed \(removed.joined(separator: " and ")); \(keptText) kept.")
    }
}
