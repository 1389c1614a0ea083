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

    struct Key: Hashable, Sendable {
        var list: String
        var index: Int
    }

    private struct State {
        var fingerprint: String?
        var since = Date()
        var counts: [Key: [Kind: Int]] = [:]
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
            for rule in rules { state.counts[Key(list: rule.list, index: rule.index), default: [:]][kind, default: 0] += 1 }
        }
    }

    /// The counts of one list's rules by index, and since when they count.
    func counts(list: String) -> (since: Date, byRule: [Int: [Kind: Int]]) {
        state.withLock { state in
            var byRule: [Int: [Kind: Int]] = [:]
            for (key, counts) in state.counts where key.list == list { byRule[key.index] = counts }
            return (state.since, byRule)
        }
    }

    /// Every rule's counts.
    func all() -> [Key: [Kind: Int]] {
        state.withLock { $0.counts }
    }
}
