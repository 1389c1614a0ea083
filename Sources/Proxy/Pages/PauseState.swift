import Subscriptions
import WebURL

/// Whether filtering is paused on a page: the reader's list holds the pause
/// rule of that page or of its site, as `UserRuleInput.pauseRule` makes them
/// (the bar and `/_limot/pause` say so and offer to resume).
///
/// A site's pause covers its subdomains (its `if-top-url` names the host and
/// `*.host`), so a pause of `example.org` is in effect on `www.example.org`:
/// the page's host and every parent domain of it are looked for, as the
/// engine would match them.
struct PauseState {
    var pausedPage = false
    /// The host whose pause covers the page (the page's own or a parent
    /// domain); resuming removes that host's rule.
    var pausedSite: String?

    var isPaused: Bool { pausedPage || pausedSite != nil }

    init(page: String, rules: UserRules) {
        let active = Set(rules.active.map(\.json))
        guard !active.isEmpty else { return }
        if let rule = try? UserRuleInput.pauseRule(page: page).rule { pausedPage = active.contains(rule) }
        guard let host = (try? WebURL(page))?.hostname, !host.isEmpty else { return }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        pausedSite = labels.indices.lazy.map { labels[$0...].joined(separator: ".") }.first { suffix in
            (try? UserRuleInput.pauseRule(site: suffix)).map { active.contains($0.rule) } ?? false
        }
    }
}
