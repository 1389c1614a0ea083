import ContentRules
import Foundation

/// A compiled engine and where it came from: compiled from the lists, or
/// read from the compiled rule cache in the data directory
/// (`<data-dir>/rules-cache/`, see `CompiledRuleCache`).
struct RulesLoad: Sendable {
    /// The cache's folder in the data directory.
    static let cacheFolder = "rules-cache"
    /// Selections smaller than this compile faster than a cache file is
    /// checked (the shipped lists, 11 KB, compile in a few milliseconds), so
    /// they never touch the data directory.
    static let cachedFromBytes = 256 << 10

    enum Origin: Sendable {
        case compiled
        case compiledAndCached(String, bytes: Int, miss: CompiledRuleCache.Miss)
        case cache(String)
    }

    let engine: ContentRuleEngine
    /// `RuleSelection.fingerprint(of:)` of the bytes the engine was made from.
    let fingerprint: String
    let origin: Origin
    let seconds: Double

    /// A few words for `serve`'s start line: "from the cache in 0.052 s".
    var shortSummary: String {
        let time = String(format: "%.3f s", seconds)
        if case .cache = origin { return "from the cache in \(time)" }
        return "compiled in \(time)"
    }

    /// One phrase for a log line: "rules from the cache … in 0.052 s".
    var summary: String {
        let time = String(format: "%.3f s", seconds)
        switch origin {
        case .compiled:
            return "rules compiled in \(time)"
        case .compiledAndCached(let path, let bytes, let miss):
            return "rules compiled in \(time) (\(miss)), kept in \(path) (\(HumanUnits.bytes(Int64(bytes))))"
        case .cache(let path):
            return "rules loaded from the cache \(path) in \(time)"
        }
    }
}

extension ContinuousClock.Instant {
    /// Seconds from this instant until now.
    var secondsSince: Double {
        let elapsed = ContinuousClock.now - self
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
