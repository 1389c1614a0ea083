import Foundation

/// limot's own pages (errors, the privacy report) in the same layout as the
/// site's: theme first in the head, the bar at the bottom.
struct ProxyPage {
    var title: String
    /// Trusted markup built by limot with every dynamic part escaped.
    var bodyHTML: String

    func render(headStart: String, bar: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head>\(headStart)<meta charset="utf-8">\
        <meta name="viewport" content="width=device-width, initial-scale=1">\
        <title>\(HTMLEscaping.escape(title)) · limot</title>\
        <style>.limot-page{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem}\
        .limot-page code{overflow-wrap:anywhere}.limot-page table{border-collapse:collapse}\
        .limot-page td,.limot-page th{padding:.25rem .75rem;text-align:left;border-bottom:1px solid #8884}</style>\
        </head><body><main class="limot-page">\(bodyHTML)</main>\(bar)</body></html>
        """
    }
}

/// An error that renders itself: the status to answer, and a page naming
/// what happened and what the user can do.
public struct ProxyError: Error, Sendable {
    public var status: Int
    public var title: String
    public var detail: String
    /// The upstream URL concerned, shown to the user.
    public var url: String?
    /// The cause as reported by a lower stage, shown verbatim (escaped).
    public var cause: String?

    public init(status: Int, title: String, detail: String, url: String? = nil, cause: String? = nil) {
        self.status = status
        self.title = title
        self.detail = detail
        self.url = url
        self.cause = cause
    }

    var page: ProxyPage {
        var body = "<h1>\(HTMLEscaping.escape(title))</h1><p>\(HTMLEscaping.escape(detail))</p>"
        if let url { body += "<p>Address: <code>\(HTMLEscaping.escape(url))</code></p>" }
        if let cause { body += "<p>Reason: <code>\(HTMLEscaping.escape(cause))</code></p>" }
        body += #"<p><a href="/_limot/nav/reload">Try again</a> · <a href="/_limot/nav/home">Home</a></p>"#
        return ProxyPage(title: title, bodyHTML: body)
    }
}

/// The privacy report: what was blocked since limot started, and the
/// subscribed lists (the version in use, and why an update failed).
struct StatsPage {
    var total: Int
    var pages: Int
    var hosts: [BlockLog.HostEntry]
    var lists: [RuleListStatus] = []

    var page: ProxyPage {
        var body = "<h1>Blocked by limot</h1>"
        body += "<p>\(total) request\(total == 1 ? "" : "s") blocked across \(pages) page\(pages == 1 ? "" : "s") since limot started.</p>"
        if !hosts.isEmpty {
            body += "<table><thead><tr><th>Host</th><th>Blocked</th><th>Rules</th></tr></thead><tbody>"
            for entry in hosts {
                let rules = entry.rules.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                    .map { "<code>\(HTMLEscaping.escape($0.key))</code> ×\($0.value)" }.joined(separator: "<br>")
                body += "<tr><td>\(HTMLEscaping.escape(entry.host))</td><td>\(entry.count)</td><td>\(rules)</td></tr>"
            }
            body += "</tbody></table>"
        }
        if !lists.isEmpty {
            body += "<h2>Subscribed lists</h2><table><thead><tr><th>List</th><th>Rules</th><th>Last update</th><th>Last error</th></tr></thead><tbody>"
            for list in lists {
                let updated = list.lastUpdate.map { $0.formatted(.iso8601) } ?? "never"
                let error = list.lastError.map { "\(HTMLEscaping.escape($0)) (the last good version is in use)" } ?? "none"
                body += "<tr><td>\(HTMLEscaping.escape(list.name))<br><code>\(HTMLEscaping.escape(list.source))</code></td><td>\(list.rules)</td><td>\(updated)</td><td>\(error)</td></tr>"
            }
            body += "</tbody></table>"
        }
        body += #"<p><a href="/_limot/rules">Your rules</a>: what you block, hide, allow or paused yourself.</p>"#
        return ProxyPage(title: "Blocked requests", bodyHTML: body)
    }
}
