import Foundation

/// The privacy report (`/_limot/stats`): what was blocked since limot
/// started, per host, each rule named as a reader knows it (its list's name
/// and its text, not a file and an index); the reader's recent pages, each
/// with its panel; and the subscribed lists (the version in use, and why
/// an update failed).
struct StatsPage {
    var total: Int
    var pages: Int
    var hosts: [BlockLog.HostEntry]
    var lists: [RuleListStatus] = []
    /// This browser's recent pages, newest first (links to their panels).
    var recent: [PageRecord] = []
    /// Each logged rule's name with its text (`ProxyCore.displayNames`).
    var ruleNames: [String: RuleName] = [:]

    var page: ProxyPage {
        var body = "<h1>Blocked by limot</h1>"
        body += "<p>\(total) request\(total == 1 ? "" : "s") blocked across \(pages) page\(pages == 1 ? "" : "s") since limot started.</p>"
        if !recent.isEmpty {
            body += "<h2>Your recent pages</h2><p>What each blocked and loaded, with block and allow per line:</p><ul>"
            for record in recent {
                let blocked = record.loads(.blocked).count
                body += #"<li><a href="/_limot/page/\#(escape(record.id))"><code class="limot-url" dir="ltr">\#(escape(record.address))</code></a> · \#(blocked) blocked</li>"#
            }
            body += "</ul>"
        }
        if !hosts.isEmpty {
            body += "<h2>By host</h2><table class=\"limot-panel\"><thead><tr><th>Host</th><th>Blocked</th><th>Rules</th></tr></thead><tbody>"
            for entry in hosts {
                body += "<tr><td><code class=\"limot-url\" dir=\"ltr\">\(escape(entry.host))</code></td><td>\(entry.count)</td><td>\(rules(entry.rules))</td></tr>"
            }
            body += "</tbody></table>"
        }
        if !lists.isEmpty {
            body += "<h2>Subscribed lists</h2><table><thead><tr><th>List</th><th>Rules</th><th>Last update</th><th>Last error</th></tr></thead><tbody>"
            for list in lists {
                let updated = list.lastUpdate.map { $0.formatted(.iso8601) } ?? "never"
                let error = list.lastError.map { "\(escape($0)) (the last good version is in use)" } ?? "none"
                body += "<tr><td>\(escape(list.name))<br><code class=\"limot-url\">\(escape(list.source))</code></td><td>\(list.rules)</td><td>\(updated)</td><td>\(error)</td></tr>"
            }
            body += "</tbody></table>"
        }
        body += #"<p><a href="/_limot/rules">Your rules</a>: what you block, hide, allow or paused yourself.</p>"#
        return ProxyPage(title: "Blocked requests", bodyHTML: body)
    }

    /// A host's rules, most used first: list name and rule text.
    private func rules(_ counts: [String: Int]) -> String {
        var named: [String: Int] = [:]
        for (logged, count) in counts {
            let label = (ruleNames[logged] ?? RuleName(logged: logged))?.html ?? escape(logged)
            named[label, default: 0] += count
        }
        return named.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) ×\($0.value)" }.joined(separator: "<br>")
    }

    private func escape(_ text: String) -> String { HTMLEscaping.escape(text) }
}
