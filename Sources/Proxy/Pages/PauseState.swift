import Subscriptions

/// Whether filtering is paused on a page: the reader's list holds the pause
/// rule of that page or of its site, as `UserRuleInput.pauseRule` makes them
/// (the bar and `/_limot/pause` say so and offer to resume).
struct PauseState {
    var pausedPage = false
    var pausedSite = false

    var isPaused: Bool { pausedPage || pausedSite }

    init(page: String, rules: UserRules) {
        let active = Set(rules.active.map(\.json))
        guard !active.isEmpty else { return }
        if let rule = try? UserRuleInput.pauseRule(page: page).rule { pausedPage = active.contains(rule) }
        if let rule = try? UserRuleInput.pauseRule(site: page).rule { pausedSite = active.contains(rule) }
    }
}
