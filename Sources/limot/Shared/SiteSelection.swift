import ArgumentParser
import Foundation
import Lookup
import Store

/// `--site FILE`: the dictionary site's profile (its search URL and where
/// its entries sit), defaulting to the shipped loghatnameh.de profile.
struct SiteSelection: ParsableArguments {
    @Option(name: .customLong("site"), help: ArgumentHelp("A site profile file for another dictionary site (default: $LIMOT_SITE, else the shipped loghatnameh.de profile).", valueName: "file"))
    var path: String?

    /// The profile; a missing or malformed one is a usage error (exit 2) that says what and where.
    func profile() throws -> SiteProfile {
        let file: String
        if let given = path ?? ProcessInfo.processInfo.environment["LIMOT_SITE"].flatMap({ $0.isEmpty ? nil : $0 }) {
            file = given
        } else {
            guard let folder = ShippedFolder.find("Rules", environment: nil) else {
                throw usageError("the shipped site profile (Rules/sites/loghatnameh.de.json) was not found; pass --site FILE or set LIMOT_SITE")
            }
            file = folder + "/sites/loghatnameh.de.json"
        }
        do {
            return try SiteProfile(contentsOf: file)
        } catch {
            throw usageError(error.description)
        }
    }
}

/// Opens limot's store (the notebook, history and cache), or says once why
/// it cannot: the command goes on without it.
func openNotebook(dataDir: String?, cacheSizeLimit: Int64 = StoreLimits.defaultCacheSize, purpose: String) -> LimotStore? {
    let directory = dataDir ?? LimotStore.defaultDirectory(environment: ProcessInfo.processInfo.environment)
    do {
        return try LimotStore(directory: directory, cacheSizeLimit: cacheSizeLimit)
    } catch {
        printError("warning: \(error); \(purpose)")
        return nil
    }
}
