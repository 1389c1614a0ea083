import Foundation
import WebURL
import Vocabulary

/// What limot knows about one dictionary site, read from a profile file
/// in the spirit of a browser extension's manifest:
///
/// ```json
/// {
///   "manifest_version": 1,
///   "name": "loghatnameh.de",
///   "host": "www.loghatnameh.de",
///   "home": "https://www.loghatnameh.de/",
///   "search": "https://www.loghatnameh.de/search?q={query}&dir={dir}",
///   "selectors": {"entry": "…", "headword": "…", "grammar": "…",
///                 "translation": "…", "example": "…", "suggestion": "…"},
///   "rules": ["../limot-ads.json"],
///   "stylesheets": ["../../Stylesheets/dark.css"]
/// }
/// ```
///
/// Like a manifest it is strict: a `manifest_version` this limot does not
/// read, a key it does not know (a typo would otherwise be ignored
/// silently), a selector it cannot match, are errors naming the file and
/// the field. `selectors`, `rules` and `stylesheets` are optional: without
/// selectors, entries are found by the page's structure.
public struct SiteProfile: Sendable, Equatable {
    /// A name for people ("loghatnameh.de").
    public internal(set) var name: String
    /// The lower-case host whose pages the profile describes.
    public internal(set) var host: String
    /// The site's start page.
    public internal(set) var home: String
    /// The search URL with `{query}` and optionally `{dir}`.
    public internal(set) var searchTemplate: String
    /// `searchTemplate` as a value that makes and recognises result pages.
    public var search: SearchTemplate { SearchTemplate(searchTemplate) }
    public let selectors: ProfileSelectors
    /// The WKContentRuleList files for this site, absolute.
    public let ruleFiles: [String]
    /// The style sheets for this site, absolute.
    public let stylesheetFiles: [String]

    /// Reads a profile file; relative paths in it are relative to its folder.
    public init(contentsOf path: String) throws(SiteProfileError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let why = !exists ? "no such file" : isDirectory.boolValue ? "it is a folder" : "permission denied"
            throw SiteProfileError(file: path, field: nil, reason: .unreadable(why))
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try self.init(json: [UInt8](data), file: path, baseDirectory: folder)
    }

    /// Reads a profile from its bytes. `file` names it in errors;
    /// `baseDirectory` is where its relative paths start.
    public init(json: [UInt8], file: String, baseDirectory: String) throws(SiteProfileError) {
        let reader = try ProfileReader(json: json, file: file, baseDirectory: baseDirectory)
        try reader.checkKeys(["manifest_version", "name", "host", "home", "search", "selectors", "rules", "stylesheets"], in: nil)
        try reader.checkManifestVersion()
        self.name = try reader.string("name")
        self.host = try reader.host("host")
        self.home = try reader.url("home")
        self.searchTemplate = try reader.searchTemplate("search")
        self.selectors = try reader.selectors("selectors")
        self.ruleFiles = try reader.files("rules")
        self.stylesheetFiles = try reader.files("stylesheets")
    }

    /// The result page's URL for a query: `{query}` becomes the query,
    /// percent-encoded as one URL component (`WebURL.percentEncodedComponent`),
    /// and `{dir}` `de-fa` or `fa-de`.
    public func searchURL(for query: String, direction: LookupDirection) -> String {
        search.address(for: query, direction: direction)
    }

    /// The same site at another origin (`--home`): `home` becomes `url`, and
    /// the search template, when it is on the profile's own origin, moves
    /// with it, keeping its path and query. So `--home http://localhost:8000/`
    /// with the shipped profile searches `http://localhost:8000/search?q=…`.
    /// A search template on another origin (a separate search host) stays.
    public func rehomed(to url: WebURL) -> SiteProfile {
        var moved = self
        moved.home = url.serialization
        moved.host = url.hostname
        let placeholders = searchTemplate.replacingOccurrences(of: "{", with: "%7B").replacingOccurrences(of: "}", with: "%7D")
        if let oldHome = try? WebURL(home), let search = try? WebURL(placeholders), search.origin == oldHome.origin {
            moved.searchTemplate = (url.origin + search.pathAndQuery).replacingOccurrences(of: "%7B", with: "{").replacingOccurrences(of: "%7D", with: "}")
        }
        return moved
    }
}

/// The profile's selectors, each optional: what is missing is found by
/// structure. `entry` and `suggestion` are matched in the whole page, the
/// others inside one entry.
public struct ProfileSelectors: Sendable, Equatable {
    public var entry: CSSSelector?
    public var headword: CSSSelector?
    public var grammar: CSSSelector?
    public var translation: CSSSelector?
    public var example: CSSSelector?
    public var suggestion: CSSSelector?

    public init(entry: CSSSelector? = nil, headword: CSSSelector? = nil, grammar: CSSSelector? = nil, translation: CSSSelector? = nil, example: CSSSelector? = nil, suggestion: CSSSelector? = nil) {
        self.entry = entry
        self.headword = headword
        self.grammar = grammar
        self.translation = translation
        self.example = example
        self.suggestion = suggestion
    }
}
