import Foundation

/// Warnings for rules that WebKit accepts but that almost certainly do not
/// do what their author meant.
enum RuleLinter {
    /// Registrable domains that serve ads and trackers. A rule whose
    /// `if-domain` names one of them is nearly always meant to block loads
    /// *from* that host, which is `url-filter`'s job.
    static let knownResourceHosts: Set<String> = [
        "googlesyndication.com", "doubleclick.net", "googleadservices.com", "google-analytics.com",
        "adservice.google.com", "googletagmanager.com", "googletagservices.com", "amazon-adsystem.com",
        "adnxs.com", "criteo.com", "criteo.net", "taboola.com", "outbrain.com", "scorecardresearch.com",
        "quantserve.com", "hotjar.com", "moatads.com", "adsrvr.org", "pubmatic.com", "rubiconproject.com",
        "openx.net", "casalemedia.com", "facebook.net", "2mdn.net", "adform.net", "smartadserver.com",
    ]

    static func lint(_ rule: Rule, into context: inout RuleListParser.Context) {
        guard let condition = rule.trigger.condition, condition.kind == .ifDomain || condition.kind == .unlessDomain else { return }
        switch rule.action {
        case .block, .blockCookies: break
        default: return
        }
        for (position, entry) in condition.values.enumerated() {
            let domain = entry.hasPrefix("*") ? String(entry.dropFirst()) : entry
            guard let known = knownResourceHosts.first(where: { domain == $0 || domain.hasSuffix("." + $0) }) else { continue }
            let escaped = domain.replacingOccurrences(of: ".", with: "\\\\.")
            let verb = condition.kind == .ifDomain ? "only on" : "everywhere except on"
            context.warning(
                .ifDomainNamesResourceHost, rule: rule.index, line: rule.line,
                field: "trigger.\(condition.kind.rawValue)[\(position)]",
                detail: "\"\(entry)\" is an ad or tracker host (\(known)), but WebKit matches \(condition.kind.rawValue) against the page's domain, not the resource's: this rule applies \(verb) pages of \(domain), not to loads from it. To block resources from \(domain), put the host in the url-filter: \"url-filter\": \"^https?://([^/]+\\\\.)?\(escaped)[/:]\"")
        }
    }
}
