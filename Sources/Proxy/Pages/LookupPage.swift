import Lookup
import Vocabulary
import WebURL

/// The entries of one lookup as a page of the proxy (`/_limot/lookup`):
/// every word from the site escaped, Persian marked `lang="fa" dir="rtl"`,
/// each headword and suggestion a link to its own lookup.
struct LookupPage {
    var result: LookupResult
    /// The proxy's address of the dictionary's own result page.
    var sitePagePath: String?

    /// The page for `/_limot/lookup` without a word: the form alone.
    static var empty: ProxyPage {
        ProxyPage(title: "Look up", bodyHTML: "<h1>Look up a word</h1>" + form(value: ""))
    }

    var page: ProxyPage {
        var body = Self.form(value: result.query)
        if result.entries.isEmpty {
            body += "<h1>No entries for \(Self.text(LocalizedText(result.query, result.direction.sourceLanguage)))</h1>"
            if !result.suggestions.isEmpty {
                body += "<p>The dictionary suggests: " + result.suggestions.map(Self.lookupLink).joined(separator: ", ") + "</p>"
            }
        } else {
            body += "<h1>\(Self.text(LocalizedText(result.query, result.direction.sourceLanguage)))</h1>"
            body += "<p class=\"limot-lookup-meta\">\(result.direction.rawValue) · \(result.entries.count) entr\(result.entries.count == 1 ? "y" : "ies")</p>"
            body += "<table class=\"limot-entries\"><tbody>"
            for entry in result.entries { body += Self.row(entry) }
            body += "</tbody></table>"
        }
        if let sitePagePath {
            body += "<p><a href=\"\(HTMLEscaping.escape(sitePagePath))\">The dictionary's page for this word</a></p>"
        }
        return ProxyPage(title: result.query, bodyHTML: body)
    }

    private static func row(_ entry: DictionaryEntry) -> String {
        let headword = text(LocalizedText(entry.headwordWithArticle, entry.headword.language))
        var html = "<tr><th>\(headword)</th><td dir=\"auto\">\(HTMLEscaping.escape(entry.grammar.summary))</td>"
        html += "<td>" + entry.translations.map(text).joined(separator: entry.translations.first?.language == .persian ? "، " : "; ") + "</td></tr>"
        for example in entry.examples {
            html += "<tr class=\"limot-example\"><td></td><td colspan=\"2\">» \(text(example.source))"
            if let translation = example.translation { html += "<br>\(text(translation))" }
            html += "</td></tr>"
        }
        return html
    }

    /// A piece of text in its language, escaped; Persian set right to left.
    static func text(_ text: LocalizedText) -> String {
        let escaped = HTMLEscaping.escape(text.text)
        return text.language == .persian ? "<span lang=\"fa\" dir=\"rtl\">\(escaped)</span>" : "<span lang=\"de\">\(escaped)</span>"
    }

    private static func lookupLink(_ word: String) -> String {
        let language: Language = LookupDirection.detect(word) == .persianToGerman ? .persian : .german
        return "<a href=\"/_limot/lookup?q=\(WebURL.percentEncodedComponent(word))\">\(text(LocalizedText(word, language)))</a>"
    }

    private static func form(value: String) -> String {
        "<form action=\"/_limot/lookup\" method=\"get\" role=\"search\"><input name=\"q\" dir=\"auto\" value=\"\(HTMLEscaping.escape(value))\" "
            + "aria-label=\"Word\" required> <button>Look up</button></form>"
    }
}
