/// The colour theme: the site's own (light), limot's dark stylesheet, or
/// whichever the browser prefers (`prefers-color-scheme`).
public enum Theme: String, Sendable, CaseIterable {
    case auto, dark, light

    /// The cookie that remembers the bar's theme toggle.
    static let cookieName = "limot_theme"
}

/// What limot injects into pages, read once from `Stylesheets/`: the dark
/// theme, the bar's style, the guard script and the element picker.
///
/// Pages link them from the first bytes of `<head>`, under names that carry
/// a hash of their content: a render-blocking style sheet there means no white
/// flash, the guard runs before any script of the site, and the browser
/// fetches each once and caches it for good (about 30 KB that every page
/// would otherwise repeat).
public struct Stylesheets: Sendable {
    /// The dark theme (`Stylesheets/dark.css`).
    public let dark: String
    /// The navigation bar (`Stylesheets/bar.css`).
    public let bar: String
    /// The guard (`Stylesheets/guard.js`) as served: its comment lines left out.
    public let guardScript: String
    /// The element picker of the bar's "hide this" (`Stylesheets/picker.js`)
    /// as served; its path is `pickerPath`.
    public let pickerScript: String
    /// Proxy path → (content type, file, the file deflated), for
    /// `/_limot/static/…`. The guard is about 10 KB as written and under
    /// 4 KB deflated, which is what a browser that asks for it gets.
    let files: [String: (type: String, bytes: [UInt8], deflated: [UInt8]?)]
    private let darkPath: String
    private let barPath: String
    private let guardPath: String
    /// Where the bar loads the picker from (`/_limot/static/picker-HASH.js`).
    let pickerPath: String

    public init(dark: String, bar: String, guard guardSource: String = "", picker pickerSource: String = "") {
        self.dark = dark
        self.bar = bar
        guardScript = Self.withoutCommentLines(guardSource)
        darkPath = "/_limot/static/dark-\(Self.contentHash(dark)).css"
        barPath = "/_limot/static/bar-\(Self.contentHash(bar)).css"
        guardPath = "/_limot/static/guard-\(Self.contentHash(guardScript)).js"
        pickerScript = Self.withoutCommentLines(pickerSource)
        pickerPath = "/_limot/static/picker-\(Self.contentHash(pickerScript)).js"
        let css = "text/css; charset=utf-8"
        func file(_ type: String, _ text: String) -> (String, [UInt8], [UInt8]?) {
            (type, Array(text.utf8), Deflate.compressed(Array(text.utf8)))
        }
        files = [darkPath: file(css, dark), barPath: file(css, bar), guardPath: file("text/javascript; charset=utf-8", guardScript),
                 pickerPath: file("text/javascript; charset=utf-8", pickerScript)]
    }

    /// What goes first into every page's `<head>`: the colour scheme, the
    /// theme (for `auto` only when the browser prefers dark), the bar's style,
    /// then the guard script (under the response's CSP nonce, told the site's
    /// origin), before anything of the site. The paths are limot's own; the
    /// site is escaped.
    func headStart(theme: Theme, withBar: Bool, nonce: String, site: String) -> String {
        let parts = headStart(theme: theme, withBar: withBar, site: site)
        return parts.beforeNonce + nonce + parts.afterNonce
    }

    /// `headStart(theme:withBar:nonce:site:)` around the place of the nonce,
    /// the one part that differs per response: the proxy makes these once
    /// (`PageHeads`) and writes them beside each response's nonce.
    func headStart(theme: Theme, withBar: Bool, site: String) -> (beforeNonce: String, afterNonce: String) {
        var out = ""
        switch theme {
        case .auto:
            out += #"<meta name="color-scheme" content="light dark"><link rel="stylesheet" id="limot-theme" media="(prefers-color-scheme: dark)" href="\#(darkPath)">"#
        case .dark:
            out += #"<meta name="color-scheme" content="dark"><link rel="stylesheet" id="limot-theme" href="\#(darkPath)">"#
        case .light:
            out += #"<meta name="color-scheme" content="light">"#
        }
        if withBar {
            out += #"<link rel="stylesheet" id="limot-bar-style" href="\#(barPath)">"#
        }
        out += #"<script src="\#(guardPath)" nonce=""#
        return (out, #"" data-site="\#(HTMLEscaping.escape(site))"></script>"#)
    }

    /// The script without the lines that are only comments (`//` first) and
    /// without indentation: what a browser needs of it.
    static func withoutCommentLines(_ source: String) -> String {
        source.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { !$0.isEmpty && !$0.hasPrefix("//") }.joined(separator: "\n")
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
