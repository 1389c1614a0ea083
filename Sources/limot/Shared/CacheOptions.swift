import ArgumentParser
import Foundation
import Store

/// `--cache-size MB`: how large limot's HTTP cache may grow before the least
/// recently used pages are evicted. Shared by the commands that fill or
/// report on the cache.
struct CacheOptions: ParsableArguments {
    /// The largest size accepted: 1 TiB in MB.
    static let maximumMegabytes = 1 << 20

    @Option(name: .customLong("cache-size"),
            help: ArgumentHelp("Largest size of the HTTP cache in MB (MiB); beyond it the least recently used pages are evicted.", valueName: "MB"))
    var megabytes: Int = Int(StoreLimits.defaultCacheSize >> 20)

    func validate() throws {
        guard megabytes > 0 else { throw ValidationError("--cache-size must be a positive number of MB, not \(megabytes)") }
        guard megabytes <= Self.maximumMegabytes else {
            throw ValidationError("--cache-size \(megabytes) is more than \(Self.maximumMegabytes) MB (1 TiB)")
        }
    }

    /// The limit in bytes, for `LimotStore(directory:cacheSizeLimit:)`.
    var bytes: Int64 { Int64(megabytes) << 20 }
}

extension StoreOptions {
    /// Opens the store with the cache limited to `cache`; a store error is
    /// printed and exits with 1.
    func open(cache: CacheOptions) throws -> LimotStore {
        try attempt { () throws(StoreError) in try LimotStore(directory: directory, cacheSizeLimit: cache.bytes) }
    }
}

/// Sizes and durations as people read them.
enum HumanUnits {
    /// "0 bytes", "812 bytes", "3.4 KiB", "256 MiB", "1.2 GiB": binary
    /// units, one decimal below 10.
    static func bytes(_ count: Int64) -> String {
        if count < 1024 { return count == 1 ? "1 byte" : "\(count) bytes" }
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(count) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let text = value < 10 ? String(format: "%.1f", value) : String(Int(value.rounded()))
        return "\(text.hasSuffix(".0") ? String(text.dropLast(2)) : text) \(units[unit])"
    }

    /// "0.4s", "12s", "2m03s", "1h02m".
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "--" }
        if seconds < 10 && seconds.rounded() != seconds { return String(format: "%.1fs", seconds) }
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return String(format: "%dm%02ds", whole / 60, whole % 60) }
        return String(format: "%dh%02dm", whole / 3600, (whole % 3600) / 60)
    }
}
