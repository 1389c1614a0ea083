import Foundation
import Synchronization

/// One RE2 set of the url-filters that no index takes, with the rule of each
/// pattern and each pattern on its own.
///
/// An RE2 set cannot be written to the compiled rule cache, and compiling the
/// sets is most of what a start from the cache would wait for, so a shard
/// read from the cache compiles its set on first use, or earlier on another
/// thread (`compileInBackground`). A decision that needs the set before it is
/// ready waits for it: every decision sees every pattern.
final class RegexShard: Sendable {
    /// The rule of each pattern.
    let rules: [Int32]
    /// Each pattern on its own (compiled only if the set's DFA runs out of
    /// memory); they also hold the patterns, in order.
    let fallback: [LazyRegex]
    let caseSensitive: Bool
    private let compiled: Mutex<RegexSet?>

    /// A shard whose set is compiled now, so that a pattern RE2 rejects is
    /// reported when the lists are compiled.
    init(compiling patterns: [String], caseSensitive: Bool, rules: [Int32]) throws(RegexSet.BuildFailure) {
        self.rules = rules
        self.caseSensitive = caseSensitive
        self.fallback = patterns.map { LazyRegex(pattern: $0, caseSensitive: caseSensitive) }
        self.compiled = Mutex(try RegexSet(patterns: patterns, caseSensitive: caseSensitive))
    }

    /// A shard whose patterns compiled before (it was read from the cache);
    /// its set is compiled when first needed.
    init(deferring patterns: [String], caseSensitive: Bool, rules: [Int32]) {
        self.rules = rules
        self.caseSensitive = caseSensitive
        self.fallback = patterns.map { LazyRegex(pattern: $0, caseSensitive: caseSensitive) }
        self.compiled = Mutex(nil)
    }

    /// The set, compiled now if it was not yet. Should RE2 not compile again
    /// what it compiled when the cache was written, the set is one that
    /// reports every match as failed, and decisions match pattern by pattern.
    var set: RegexSet {
        compiled.withLock { set in
            if let set { return set }
            let made = (try? RegexSet(patterns: fallback.map(\.pattern), caseSensitive: caseSensitive)) ?? RegexSet.unusable
            set = made
            return made
        }
    }

    /// Compiles the sets of `shards` on another thread, in order, so that
    /// the first decisions find them ready or nearly so.
    static func compileInBackground(_ shards: [RegexShard]) {
        guard !shards.isEmpty else { return }
        let thread = Thread {
            for shard in shards { _ = shard.set }
        }
        thread.start()
    }
}
