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
        .limot-page td,.limot-page th{padding:.25rem .75rem;text-align:left;border-bottom:1px solid #8884}\
        .limot-page td{vertical-align:top}.limot-page .limot-inline{display:inline-block;margin:0 .3rem .3rem 0}\
        .limot-page .limot-list{font-weight:600}.limot-page:has(table){max-width:72rem}</style>\
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
