/// The colour theme: the site's own (light), limot's dark stylesheet, or
/// whichever the browser prefers (`prefers-color-scheme`).
public enum Theme: String, Sendable, CaseIterable {
    case auto, dark, light

    /// The cookie that remembers the bar's theme toggle.
    static let cookieName = "limot_theme"
}

/// The stylesheets limot injects, read once from `Stylesheets/`.
///
/// Pages link them from the first bytes of `<head>`, under names that carry
/// a hash of their content: a render-blocking style sheet there means no white
/// flash, and the browser fetches each once and caches it for good (about
/// 25 KB that every page would otherwise repeat).
public struct Stylesheets: Sendable {
    /// The dark theme (`Stylesheets/dark.css`).
    public let dark: String
    /// The navigation bar (`Stylesheets/bar.css`).
    public let bar: String
    /// Proxy path → file, for `/_limot/static/…`.
    let files: [String: [UInt8]]
    private let darkPath: String
    private let barPath: String

    public init(dark: String, bar: String) {
        self.dark = dark
        self.bar = bar
        darkPath = "/_limot/static/dark-\(Self.contentHash(dark)).css"
        barPath = "/_limot/static/bar-\(Self.contentHash(bar)).css"
        files = [darkPath: Array(dark.utf8), barPath: Array(bar.utf8)]
    }

    /// What goes first into every page's `<head>`: the colour scheme, the
    /// theme (for `auto` only when the browser prefers dark) and the bar's
    /// style. The paths are limot's own, so nothing needs escaping.
    func headStart(theme: Theme, withBar: Bool) -> String {
        var out: String
        switch theme {
        case .auto:
            out = #"<meta name="color-scheme" content="light dark"><link rel="stylesheet" id="limot-theme" media="(prefers-color-scheme: dark)" href="\#(darkPath)">"#
        case .dark:
            out = #"<meta name="color-scheme" content="dark"><link rel="stylesheet" id="limot-theme" href="\#(darkPath)">"#
        case .light:
            out = #"<meta name="color-scheme" content="light">"#
        }
        if withBar {
            out += #"<link rel="stylesheet" id="limot-bar-style" href="\#(barPath)">"#
        }
        return out
    }

    /// 64-bit FNV-1a of the text, in hex: changes whenever the file does.
    static func contentHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
