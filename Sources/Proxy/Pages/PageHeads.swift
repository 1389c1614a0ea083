/// The start of `<head>` of the proxy's pages (`Stylesheets.headStart`), per
/// theme and with or without the bar, made once when the proxy starts: every
/// response writes the same text around its own nonce, so it is not built
/// again for each page.
struct PageHeads: Sendable {
    /// One head's start, cut where the response's nonce goes.
    struct Head: Sendable {
        let beforeNonce: String
        let afterNonce: String
    }

    private let heads: [Theme: (plain: Head, withBar: Head)]

    init(stylesheets: Stylesheets, site: String) {
        func head(_ theme: Theme, withBar: Bool) -> Head {
            let parts = stylesheets.headStart(theme: theme, withBar: withBar, site: site)
            return Head(beforeNonce: parts.beforeNonce, afterNonce: parts.afterNonce)
        }
        var heads: [Theme: (plain: Head, withBar: Head)] = [:]
        for theme in Theme.allCases {
            heads[theme] = (head(theme, withBar: false), head(theme, withBar: true))
        }
        self.heads = heads
    }

    func head(theme: Theme, withBar: Bool) -> Head {
        // Every theme has its pair (`init` makes them all).
        let pair = heads[theme]!
        return withBar ? pair.withBar : pair.plain
    }
}
