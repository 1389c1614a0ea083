import ArgumentParser
import Foundation
import Store

/// `--data-dir DIR`: where limot keeps its state. Every command that reads
/// or writes it takes this one option, so `limot history`, `limot cache` and
/// `limot lookup` act on the store a running `limot serve` uses.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp("Folder for limot's state: the notebook of lookups, the pages read, the HTTP cache, the subscribed rule lists (default $LIMOT_DATA_DIR, $XDG_DATA_HOME/limot or ~/.local/share/limot).", valueName: "dir"))
    var dataDirectory: String?

    var directory: String {
        dataDirectory ?? LimotStore.defaultDirectory(environment: ProcessInfo.processInfo.environment)
    }

    /// Opens the store; a store error is printed and exits with 1.
    func open() throws -> LimotStore {
        try attempt { () throws(StoreError) in try LimotStore(directory: directory) }
    }

    /// Opens the store for a command that can go on without it (`serve`,
    /// `lookup`), or says once why it cannot and what is lost (`purpose`).
    func openForReading(cacheSizeLimit: Int64 = StoreLimits.defaultCacheSize, purpose: String) -> LimotStore? {
        do {
            return try LimotStore(directory: directory, cacheSizeLimit: cacheSizeLimit)
        } catch {
            printError("warning: \(error); \(purpose)")
            return nil
        }
    }
}
