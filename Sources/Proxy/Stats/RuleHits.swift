import Foundation
import Synchronization

/// How often each rule acted, by kind, since the rules last changed: the
/// hits column of `/_limot/rules`. Counted where the proxy decides (a
/// page's markup, its subresources, its document), keyed by list name and
/// rule index. A rule's index names it only in the rules it was compiled
/// in, so the counts start again when the engine is swapped (a rule
/// added, removed or a subscription updated): they never move to the
/// wrong rule.
final class RuleHits: Sendable {
    enum Kind: String, CaseIterable, Sendable {
        case block, hide, allow
        case blockCookies = "block-cookies"
        case makeHTTPS = "make-https"
    }

    /// One rule's counts, a field per kind: a page that applies EasyList's
    /// 20,000 global selectors counts each, so no dictionary per rule.
    private struct Counts {
        private var byKind = (0, 0, 0, 0, 0)

        subscript(kind: Kind) -> Int {
            get {
                switch kind {
                case .block: byKind.0
                case .hide: byKind.1
                case .allow: byKind.2
                case .blockCookies: byKind.3
                case .makeHTTPS: byKind.4
                }
            }
            set {
                switch kind {
                case .block: byKind.0 = newValue
                case .hide: byKind.1 = newValue
                case .allow: byKind.2 = newValue
                case .blockCookies: byKind.3 = newValue
                case .makeHTTPS: byKind.4 = newValue
                }
            }
        }

        /// The kinds counted at least once.
        var nonZero: [Kind: Int] {
            var counts: [Kind: Int] = [:]
            for kind in Kind.allCases where self[kind] > 0 { counts[kind] = self[kind] }
            return counts
        }
    }

    private struct State {
        var fingerprint: String?
        var since = Date()
        /// By list name, then rule index: a run of one list's rules hashes its name once.
        var counts: [String: [Int: Counts]] = [:]
    }
    private let state = Mutex(State())

    init() {}

    /// Counts `kind` for `rules`, decided with the rules of `fingerprint`;
    /// `current` is the fingerprint in use now. A decision made with rules
    /// already replaced is not counted.
    func record(_ kind: Kind, rules: [RuleName], decidedWith fingerprint: String, current: String) {
        guard fingerprint == current, !rules.isEmpty else { return }
        state.withLock { state in
            if state.fingerprint != current {
                state = State(fingerprint: current)
            }
            var start = rules.startIndex
            while start < rules.endIndex {
                let list = rules[start].list
                var end = start + 1
                while end < rules.endIndex, rules[end].list == list { end += 1 }
                Self.count(kind, rules[start..<end], into: &state.counts[list, default: [:]])
                start = end
            }
        }
    }

    /// The counts of one list's rules by index, and since when they count.
    func counts(list: String) -> (since: Date, byRule: [Int: [Kind: Int]]) {
        state.withLock { state in
            (state.since, (state.counts[list] ?? [:]).mapValues(\.nonZero))
        }
    }

    /// Counts `kind` once for each of `rules`, all of one list, in that list's counts.
    private static func count(_ kind: Kind, _ rules: ArraySlice<RuleName>, into byIndex: inout [Int: Counts]) {
        byIndex.reserveCapacity(byIndex.count + rules.count)
        for rule in rules { byIndex[rule.index, default: Counts()][kind] += 1 }
    }
}
