import Lookup
import WebURL

/// Recognises the site's result pages among the pages the proxy serves, by
/// the site profile's search URL template, so that a word looked up on the
/// site itself is kept in the notebook as one looked up with `limot lookup`.
struct SearchPageMatcher: Sendable {
    private let host: String
    private let path: String
    /// The query parameter that carries the word.
    private let parameter: String

    init?(profile: SiteProfile) {
        let marker = "limotquerymarker"
        guard let url = try? WebURL(profile.searchURL(for: marker, direction: .germanToPersian)),
              let query = url.query,
              let pair = query.split(separator: "&").first(where: { $0.hasSuffix("=" + marker) })
        else { return nil }
        host = url.hostname
        path = url.path
        parameter = String(pair.dropLast(marker.count + 1))
    }

    /// The word a result page was asked for, or nil when `url` is not a result page.
    func word(in url: WebURL) -> String? {
        guard url.hostname == host, url.path == path,
              let word = HTMLEscaping.queryValue(parameter, in: url.query)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !word.isEmpty
        else { return nil }
        return word
    }
}
