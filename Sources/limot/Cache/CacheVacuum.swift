import ArgumentParser
import Foundation
import Store

/// `limot cache vacuum`.
struct CacheVacuum: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vacuum",
        abstract: "Shrink the database file to what it holds.",
        discussion: """
            SQLite keeps the space of deleted rows (cleared or evicted pages, forgotten history) \
            for reuse; vacuuming rebuilds limot.sqlite3 without it and prints the file's size \
            before and after. It needs about as much free space as the file takes, and waits \
            while another limot process writes.
            """
    )

    @OptionGroup var store: StoreOptions

    func run() throws {
        let opened = try store.open()
        let sizes = try attempt { () throws(StoreError) in try opened.vacuum() }
        print("\(opened.databasePath): \(HumanUnits.bytes(sizes.before)) → \(HumanUnits.bytes(sizes.after))")
    }
}
