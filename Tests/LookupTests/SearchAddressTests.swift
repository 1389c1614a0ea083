import Foundation
import Testing
@testable import Lookup
import Vocabulary
import WebURL

/// Where the site's search is: the profile's template, moved by `--home`,
/// recognised among pages read through the proxy, and found on the home
/// page's form when the template finds nothing.
@Suite("Search addresses")
struct SearchAddressTests {
    static func homePage(_ host: String) -> [UInt8] {
        [UInt8](try! Data(contentsOf: Pages.repository.appendingPathComponent("Tests/Fixtures/sites/\(host)/index.html")))
    }

    @Test("--home moves the home and the search to its origin, keeping the search's path and query")
    func rehomed() throws {
        let moved = Pages.shippedProfile.rehomed(to: try WebURL("http://www.loghatnameh.de/"))
        #expect(moved.home == "http://www.loghatnameh.de/")
        #expect(moved.host == "www.loghatnameh.de")
        #expect(moved.searchURL(for: "Haus", direction: .germanToPersian) == "http://www.loghatnameh.de/search?q=Haus&dir=de-fa")
        let mirror = Pages.shippedProfile.rehomed(to: try WebURL("https://spiegel.example:8443/start"))
        #expect(mirror.home == "https://spiegel.example:8443/start")
        #expect(mirror.searchURL(for: "خانه", direction: .persianToGerman) == "https://spiegel.example:8443/search?q=%D8%AE%D8%A7%D9%86%D9%87&dir=fa-de")
        // A search on a host of its own stays where the profile says.
        let separate = try Pages.profile(#"{"manifest_version": 1, "name": "x", "host": "www.example.org", "home": "https://www.example.org/", "search": "https://suche.example.org/?w={query}"}"#)
        #expect(separate.rehomed(to: try WebURL("http://localhost:8000/")).searchTemplate == "https://suche.example.org/?w={query}")
    }

    @Test("a result page is recognised by host, path and the word's parameter, whatever else its query says")
    func recognisesResultPages() throws {
        let search = Pages.shippedProfile.search
        #expect(search.word(in: try WebURL("https://www.loghatnameh.de/search?dir=de-fa&q=nach+Hause")) == "nach Hause")
        #expect(search.word(in: try WebURL("https://www.loghatnameh.de/search?q=%D8%AE%D8%A7%D9%86%D9%87")) == "خانه")
        #expect(search.word(in: try WebURL("https://www.loghatnameh.de/search?q=")) == nil)
        #expect(search.word(in: try WebURL("https://www.loghatnameh.de/suche?q=Haus")) == nil)
        #expect(search.word(in: try WebURL("https://ads.example/search?q=Haus")) == nil)
        #expect(search.asksLike(SearchTemplate("https://www.loghatnameh.de/search?q={query}")))
        #expect(!search.asksLike(SearchTemplate("https://www.loghatnameh.de/search?query={query}")))
    }

    @Test("a word is trimmed as Foundation trims it, also when its ends are not white space and the shortcut returns it as is")
    func trimsAsFoundationDoes() {
        // White space of every kind at either end, scalars that combine with
        // it, and ends that are not white space (no-break space is).
        let pieces = ["", " ", "\t", "\n", "\r\n", "\u{A0}", "\u{2028}", "\u{3000}", "\u{200B}", "\u{301}", "Haus", "خانه", "e\u{301}", "a b", "🇩🇪"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(SearchTemplate.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(Array(text.unicodeScalars))")
            #expect(SearchTemplate.trimmed(text).unicodeScalars.elementsEqual(text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars))
        }
    }

    @Test("the home page's search form: a GET form with one text field, its hidden fields and submitter in order")
    func findsTheSearchForm() throws {
        let moved = SearchFormFinder.template(inHomePage: Self.homePage("neu.loghatnameh.de"), at: try WebURL("http://neu.loghatnameh.de/"))
        // Not the POST login form, not the newsletter form with two text fields.
        #expect(moved?.text == "http://neu.loghatnameh.de/woerterbuch/suche?quelle=start&begriff={query}&los=1")
        #expect(moved?.address(for: "nach Hause", direction: .germanToPersian)
                == "http://neu.loghatnameh.de/woerterbuch/suche?quelle=start&begriff=nach%20Hause&los=1")
        let usual = SearchFormFinder.template(inHomePage: Self.homePage("www.loghatnameh.de"), at: try WebURL("https://www.loghatnameh.de/"))
        #expect(usual?.text == "https://www.loghatnameh.de/search?q={query}")
        #expect(usual.map(Pages.shippedProfile.search.asksLike) == true)
    }

    @Test("no search form, or none that can be used: nothing is guessed", arguments: [
        "<p>no form</p>",
        #"<form method="post" action="/s"><input name="q"></form>"#,
        #"<form action="/s"><input name="q" disabled><input type="submit"></form>"#,
        #"<form action="javascript:go()"><input name="q"></form>"#,
        #"<form action="/s"><input type="checkbox" name="all"></form>"#,
    ])
    func noUsableForm(html: String) throws {
        #expect(SearchFormFinder.template(inHomePage: Array(html.utf8), at: try WebURL("https://www.example.org/")) == nil)
    }

    @Test("a form without an action searches the page it is on; a relative action is read against it")
    func actionsResolveAgainstThePage() throws {
        let page = try WebURL("https://www.example.org/de/start?x=1")
        #expect(SearchFormFinder.template(inHomePage: Array(#"<form><input name="w"></form>"#.utf8), at: page)?.text
                == "https://www.example.org/de/start?w={query}")
        #expect(SearchFormFinder.template(inHomePage: Array(#"<form action="finden"><input type="search" name="w"></form>"#.utf8), at: page)?.text
                == "https://www.example.org/de/finden?w={query}")
    }
}
