/// The colour theme: the site's own (light), limot's dark stylesheet, or
/// whichever the browser prefers (`prefers-color-scheme`).
public enum Theme: String, Sendable, CaseIterable {
    case auto, dark, light

    /// The cookie that remembers the bar's theme toggle.
    static let cookieName = "limot_theme"
}

/// The stylesheets limot injects, read once from `Stylesheets/`.
public struct Stylesheets: Sendable {
    /// The dark theme (`Stylesheets/dark.css`).
    public let dark: String
    /// The navigation bar (`Stylesheets/bar.css`).
    public let bar: String
    /// `headStart` for every theme, with and without the bar, made once:
    /// they are about 25 KB and go into every page.
    private let heads: [String]

    public init(dark: String, bar: String) {
        self.dark = dark
        self.bar = bar
        heads = Theme.allCases.flatMap { theme in
            [false, true].map { Self.makeHeadStart(theme: theme, withBar: $0, dark: dark, bar: bar) }
        }
    }

    /// What goes first into every page's `<head>`: the colour scheme and the
    /// theme, so the first paint is already dark (no white flash), and the
    /// bar's style. Style text cannot contain `</style` (it is checked when
    /// loading), so it needs no escaping.
    func headStart(theme: Theme, withBar: Bool) -> String {
        heads[Theme.allCases.firstIndex(of: theme)! * 2 + (withBar ? 1 : 0)]
    }

    private static func makeHeadStart(theme: Theme, withBar: Bool, dark: String, bar: String) -> String {
        var out = ""
        switch theme {
        case .auto:
            out += #"<meta name="color-scheme" content="light dark"><style id="limot-theme">@media (prefers-color-scheme: dark) {"#
            out += dark
            out += "}</style>"
        case .dark:
            out += #"<meta name="color-scheme" content="dark"><style id="limot-theme">"#
            out += dark
            out += "</style>"
        case .light:
            out += #"<meta name="color-scheme" content="light">"#
        }
        if withBar {
            out += #"<style id="limot-bar-style">"# + bar + "</style>"
        }
        return out
    }
}
