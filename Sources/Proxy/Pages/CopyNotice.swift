import Fetch
import Foundation
import Store

/// The banner over a page served from the cache without the site's word:
/// offline (`--offline`), or because the site could not be reached. It says
/// when the copy was fetched, so a reader knows how old it is.
struct CopyNotice {
    var fetchedAt: Date
    /// Why the site was not asked or did not answer.
    var reason: String

    init(fetchedAt: Date, reason: String) {
        self.fetchedAt = fetchedAt
        self.reason = reason
    }

    /// The notice for an answer, or nil when the site sent or confirmed it now.
    init?(_ got: CachedFetch) {
        switch got.source {
        case .offline: reason = "limot is offline (--offline)"
        case .staleFallback(let why): reason = "the site could not be reached: \(why)"
        case .network, .cache, .revalidated: return nil
        }
        fetchedAt = got.fetchedAt
    }

    /// The banner's markup: text only, escaped.
    func html(now: Date = Date()) -> String {
        let text = "Saved copy from \(StoredTime.minute(fetchedAt)) (\(Self.age(now.timeIntervalSince(fetchedAt))) ago): \(reason)."
        let escaped = HTMLEscaping.escape(text)
        return #"<div id="limot-offline" role="status" title="\#(escaped)">\#(escaped)</div>"#
    }

    /// "5 minutes", "3 hours", "2 days".
    static func age(_ seconds: TimeInterval) -> String {
        let units: [(Double, String)] = [(86400, "day"), (3600, "hour"), (60, "minute")]
        for (size, name) in units where seconds >= size {
            let count = Int(seconds / size)
            return "\(count) \(name)\(count == 1 ? "" : "s")"
        }
        return "moments"
    }
}
