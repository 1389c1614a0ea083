import ContentRules
import Foundation
import Logging
import Proxy
import Subscriptions

/// `limot serve`'s background task that keeps subscribed lists current:
/// it updates the lists that are due (at start, then when the next one is
/// due, at most once an hour), compiles the new set of lists off the
/// request path and swaps the engine whole. A list that fails keeps its
/// last good version; the failure is logged and shown on `/_limot/stats`.
/// Between updates it watches `subscriptions.json` and `user-rules.json`: a
/// list subscribed, unsubscribed or updated by another `limot`, and a rule
/// of the reader's added or edited by hand, is in use within seconds (at
/// once on SIGHUP). A hand edit that breaks the reader's list is logged and
/// not applied: the rules in use stay until it is fixed.
struct SubscriptionRefresher: Sendable {
    /// The shortest wait between two updates.
    static let minimumWait: Duration = .seconds(3600)
    /// How often `subscriptions.json` and `user-rules.json` are looked at (one `stat` each).
    static let watchInterval: Duration = .seconds(2)

    let lists: ActiveRuleLists
    let updater: SubscriptionUpdater
    let slot: RuleEngineSlot
    let logger: Logger
    /// `--test-subscription-interval`: every list, every this often.
    let testInterval: Duration?
    /// False with `--offline`: changes made by other processes are picked
    /// up, but nothing is downloaded.
    let downloads: Bool
    /// `kill -HUP`: read the lists again now.
    let hangup = HangupSignal()

    /// Runs until the task is cancelled (the server stopping).
    func run() async {
        let clock = ContinuousClock()
        var nextUpdate = clock.now
        var seen = updater.store.metadataStamp()
        var seenOwn = FileStamp(of: lists.userRules.rulesFile)
        while !Task.isCancelled {
            if downloads, clock.now >= nextUpdate {
                nextUpdate = clock.now + (await refresh(now: Date()))
            }
            // A test interval shorter than the watch's is kept.
            let untilUpdate = downloads ? max(.zero, nextUpdate - clock.now) : Self.watchInterval
            // Short sleeps, so that a SIGHUP is taken up within a tenth of a second.
            let wake = clock.now + min(Self.watchInterval, untilUpdate)
            var hungUp = false
            while clock.now < wake, !hungUp {
                do {
                    try await Task.sleep(for: min(.milliseconds(100), wake - clock.now))
                } catch {
                    return
                }
                hungUp = hangup.take()
            }
            let (stamp, ownStamp) = (updater.store.metadataStamp(), FileStamp(of: lists.userRules.rulesFile))
            if stamp != seen || ownStamp != seenOwn || hungUp {
                if hungUp { logger.notice("SIGHUP: reading the rule lists again") }
                seen = stamp
                seenOwn = ownStamp
                reload()
            }
        }
    }

    /// `subscriptions.json` changed: the engine is rebuilt if the lists it
    /// names are not the ones in use (the refresher's own writes change
    /// nothing), and `/_limot/stats` shows them as they now stand.
    private func reload() {
        do {
            slot.report(Self.statuses(of: try updater.store.load()))
        } catch {
            logger.error("subscriptions: \(error); the rules in use stay")
            return
        }
        swapEngine()
    }

    /// Updates the due lists, swaps in a new engine if any changed, and
    /// reports them; the time to wait before the next check.
    func refresh(now: Date) async -> Duration {
        let store = updater.store
        let subscriptions: [Subscription]
        do {
            subscriptions = try store.load()
        } catch {
            logger.error("subscriptions: \(error)")
            return testInterval ?? Self.minimumWait
        }
        var changed = false
        var current: [Subscription] = []
        for subscription in subscriptions {
            guard !Task.isCancelled else { return .zero }
            let (updated, outcome) = await updater.update(subscription, now: now, force: testInterval != nil, progress: nil)
            current.append(updated)
            switch outcome {
            case .notDue: continue
            case .updated: changed = true
            case .unchanged, .failed: break
            }
            if case .failed = outcome {
                logger.warning("\(SubscriptionReport.line(updated, outcome))")
            } else {
                logger.notice("\(SubscriptionReport.line(updated, outcome))")
            }
            do {
                try store.replace(updated)
            } catch {
                logger.error("subscriptions: \(error)")
            }
        }
        if changed { swapEngine() }
        slot.report(Self.statuses(of: current))
        if let testInterval { return testInterval }
        let due = current.compactMap(\.nextUpdate).min() ?? now.addingTimeInterval(Subscription.lifetimeRange.upperBound)
        return max(Self.minimumWait, .seconds(max(0, due.timeIntervalSince(now))))
    }

    /// Compiles the lists as they now are, unless they are the ones in use,
    /// and puts the engine in the slot; if that fails, the engine in use
    /// stays, and the reason is returned. The proxy calls it after a change
    /// on `/_limot/rules` (`ProxyConfiguration.applyUserRules`), so the
    /// change applies to the next request rather than after the watch.
    @discardableResult
    func swapEngine() -> String? {
        if let problem = lists.userRulesProblem() {
            logger.error("your rules: \(problem); the rules in use stay")
            return problem
        }
        do {
            let files = try lists.files()
            let fingerprint = RuleSelection.fingerprint(of: files.map(\.path))
            guard fingerprint != slot.current.fingerprint else { return nil }
            let engine = try lists.engine(files: files)
            slot.swap(to: RuleEngineSlot.Rules(engine: engine, fingerprint: fingerprint, listFiles: RuleListFile.pathsByName(files)))
            logger.notice("rules: now \(engine.statistics.rules) rules from \(engine.statistics.lists) lists")
            return nil
        } catch {
            logger.error("rules: the updated lists could not be compiled; the rules in use stay: \(error)")
            return "\(error)"
        }
    }

    /// What `/_limot/stats` shows of each subscription.
    static func statuses(of subscriptions: [Subscription]) -> [RuleListStatus] {
        subscriptions.map {
            RuleListStatus(name: $0.name, source: $0.url, rules: $0.rules, lastUpdate: $0.fetchedAt, lastError: $0.lastError)
        }
    }
}
