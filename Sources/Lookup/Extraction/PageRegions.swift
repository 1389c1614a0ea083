/// What on a page is not dictionary content, whatever the site calls it:
/// navigation, headers and footers, sidebars, forms, scripts, frames, ads,
/// and conjugation tables (bilingual, but not entries).
enum PageRegions {
    static let ignoredElements: Set<String> = [
        "nav", "header", "footer", "aside", "form", "script", "style", "iframe", "ins", "noscript", "template",
        "select", "button", "textarea", "svg", "math", "object", "embed", "video", "audio", "canvas", "dialog",
    ]
    static let ignoredRoles: Set<String> = ["navigation", "banner", "contentinfo", "complementary", "search", "menu", "menubar", "dialog"]
    /// Words in class and id tokens (split at `-` and `_`) that mark site
    /// chrome.
    static let chromeWords: Set<String> = [
        "nav", "navbar", "navigation", "menu", "sidebar", "breadcrumb", "breadcrumbs", "pagination", "pager",
        "toolbar", "topbar", "cookie", "cookies", "consent", "share", "social", "newsletter",
    ]
    /// Whole class and id tokens of headers and footers.
    static let chromeTokens: Set<String> = ["header", "footer", "site-header", "site-footer", "page-header", "page-footer", "masthead"]

    static func isNotContent(_ node: ResultPage.Node, in document: ResultPage) -> Bool {
        guard let name = document.name(node) else { return false }
        if ignoredElements.contains(name) { return true }
        if let role = document.attribute(node, "role")?.lowercased(), ignoredRoles.contains(role) { return true }
        if document.attribute(node, "hidden") != nil || document.attribute(node, "aria-hidden") == "true" { return true }
        var tokens = document.classes(node).map { $0.lowercased() }
        if let id = document.attribute(node, "id")?.lowercased() { tokens.append(id) }
        for token in tokens {
            if isAdToken(token) || chromeTokens.contains(token) || isConjugationToken(token) { return true }
            if token.split(whereSeparator: { $0 == "-" || $0 == "_" }).contains(where: { chromeWords.contains(String($0)) }) { return true }
        }
        if document.attributeNames(node).contains(where: { $0.hasPrefix("data-ad-") || $0 == "data-google-query-id" }) { return true }
        if name == "table", isConjugationTable(node, in: document) { return true }
        return false
    }

    /// `ad`, `ads`, `ad-…`, `…-ad(s)`, `advert…`, `adsbygoogle`, `sponsor…`,
    /// Google's `div-gpt-ad…` and `google_ads…` containers.
    static func isAdToken(_ token: String) -> Bool {
        token == "ad" || token == "ads" || token == "adsbygoogle" || token == "anzeige" || token == "werbung"
            || token.hasPrefix("ad-") || token.hasPrefix("ad_") || token.hasPrefix("ads-") || token.hasPrefix("ads_")
            || token.hasSuffix("-ad") || token.hasSuffix("_ad") || token.hasSuffix("-ads") || token.hasSuffix("_ads")
            || token.hasPrefix("advert") || token.hasPrefix("sponsor") || token.hasPrefix("div-gpt-ad") || token.hasPrefix("google_ads")
    }

    static func isConjugationToken(_ token: String) -> Bool {
        token.hasPrefix("conj") || token.hasPrefix("konj") || token.hasPrefix("flexion") || token.hasPrefix("declension") || token.hasPrefix("deklin")
    }

    static let pronouns: Set<String> = ["ich", "du", "er", "sie", "es", "wir", "ihr", "er/sie/es", "sie/sie"]

    /// A table whose rows mostly start with a German personal pronoun
    /// ("ich gehe", "du gehst", …) is a conjugation table, whatever its class.
    static func isConjugationTable(_ table: ResultPage.Node, in document: ResultPage) -> Bool {
        var rows = 0, pronounRows = 0
        for node in document.descendants(of: table) where document.isElement(node, named: "tr") {
            guard let first = document.elementChildren(node).first(where: { document.isElement($0, named: "td") }) else { continue }
            rows += 1
            let word = document.text(of: first).split(separator: " ").first.map { $0.lowercased() } ?? ""
            if pronouns.contains(word) { pronounRows += 1 }
        }
        return pronounRows >= 3 && pronounRows * 10 >= rows * 6
    }
}
