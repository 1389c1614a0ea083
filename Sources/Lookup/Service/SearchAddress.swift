import Fetch
import Synchronization
import Vocabulary
import WebURL

/// The search address a lookup service uses, and how it came to be trusted.
///
/// It starts as the site profile's template, unconfirmed: nobody here has
/// seen the real site's search address. A result page with entries or
/// suggestions confirms it. A page with neither (a 404, the home page
/// again), while it is unconfirmed, makes the service read the site's home
/// page once for its search form (`SearchFormFinder`); a form that asks
/// elsewhere replaces the template for the rest of the run, and `notice`
/// says so once (`limot lookup -v`, the proxy's log).
final class SearchAddress: Sendable {
    private struct State {
        var template: SearchTemplate
        /// Confirmed by an answer, or settled by the home page's form: no more discovery.
        var settled = false
    }

    private let state: Mutex<State>
    private let home: String
    private let notice: @Sendable (String) -> Void

    init(profile: SiteProfile, notice: @escaping @Sendable (String) -> Void) {
        state = Mutex(State(template: profile.search))
        home = profile.home
        self.notice = notice
    }

    var current: SearchTemplate { state.withLock { $0.template } }

    /// `template` gave a real answer: it stays.
    func confirm(_ template: SearchTemplate) {
        state.withLock { state in
            if state.template == template { state.settled = true }
        }
    }

    /// After `tried` found nothing: the home page's search form, when it
    /// asks somewhere else; nil when the address is settled, the home page
    /// cannot be read, or its form asks where `tried` did.
    func discover(after tried: SearchTemplate, pages: any ResultPageFetcher) async -> SearchTemplate? {
        let unsettled = state.withLock { !$0.settled && $0.template == tried }
        guard unsettled, let homeURL = try? WebURL(home) else { return nil }
        // A home page that cannot be read now may be read on a later lookup.
        guard let got = try? await pages.fetchPage(homeURL), (200..<300).contains(got.response.status),
              let page = try? TextDecoding.utf8(got.response.body, charset: TextDecoding.charset(
                  contentType: got.response.headers[values: .contentType].first, body: got.response.body))
        else { return nil }
        let found = SearchFormFinder.template(inHomePage: page, at: got.response.url)
        let adopted: SearchTemplate? = state.withLock { state in
            guard !state.settled else { return nil }
            state.settled = true
            guard let found, !found.asksLike(tried), found.url(for: "x", direction: .germanToPersian)?.hostname == homeURL.hostname else { return nil }
            state.template = found
            return found
        }
        if let adopted {
            notice("the site's search is \(adopted) (its home page's search form), not the profile's \(tried), which found nothing")
        }
        return adopted
    }
}
