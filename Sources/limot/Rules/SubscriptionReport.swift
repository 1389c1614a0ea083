import Foundation
import Subscriptions

/// How subscription commands word what happened to a list.
enum SubscriptionReport {
    /// The lists readers usually subscribe to, for `--help` (and the README).
    static let usualLists = """
        Usual lists: EasyList https://easylist.to/easylist/easylist.txt, \
        EasyPrivacy https://easylist.to/easylist/easyprivacy.txt, \
        Fanboy's Annoyance https://secure.fanboy.co.nz/fanboy-annoyance.txt, \
        Peter Lowe's https://pgl.yoyo.org/adservers/serverlist.php?hostformat=adblockplus&mimetype=plaintext, \
        uBlock filters https://ublockorigin.github.io/uAssets/filters/filters.txt.
        """

    static func date(_ date: Date?) -> String {
        date.map { $0.formatted(.iso8601) } ?? "never"
    }

    /// "skipped 12 filters: 7 scriptlet injection (##+js), 5 …", or nothing.
    static func skipped(_ counts: [String: Int]) -> String? {
        let total = counts.values.reduce(0, +)
        guard total > 0 else { return nil }
        let reasons = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return "skipped \(total) filter\(total == 1 ? "" : "s") WebKit cannot apply: \(reasons)"
    }

    /// One line per list for `rules update`.
    static func line(_ subscription: Subscription, _ outcome: SubscriptionUpdater.Outcome) -> String {
        switch outcome {
        case .unchanged:
            return "\(subscription.name): unchanged, \(subscription.rules) rules; next update \(date(subscription.nextUpdate))"
        case .updated(let added, let removed):
            return "\(subscription.name): +\(added) −\(removed) rules, \(subscription.rules) rules now; next update \(date(subscription.nextUpdate))"
                + (skipped(subscription.skipped).map { "\n  " + $0 } ?? "")
        case .notDue:
            return "\(subscription.name): not due until \(date(subscription.nextUpdate)) (--force updates it now)"
        case .failed(let message):
            return "\(subscription.name): update failed, the last good version stays (\(subscription.rules) rules): \(message)"
        }
    }
}
