import Testing
@testable import Lookup
import Vocabulary

/// Layouts the fixture site does not have, read by structure alone: the
/// extractor must find entries in markup it has never seen.
@Suite("Other layouts")
struct OwnPageTests {
    private func extract(_ name: String, profile: SiteProfile? = nil) -> [DictionaryEntry] {
        EntryExtractor.extract(page: Pages.own(name), profile: profile, direction: .germanToPersian).entries
    }

    @Test("div blocks: headword, grammar by class, translations and an example")
    func divs() {
        let entries = extract("divs")
        #expect(entries.map(\.headword.text) == ["Tisch", "Schreibtisch", "den Tisch decken"])
        #expect(entries[0].grammar == Grammar(article: "der", gender: "m", plural: "Tische", partOfSpeech: "Substantiv"))
        #expect(entries[0].translations == [LocalizedText("میز", .persian)])
        #expect(entries[0].examples == [Example(source: LocalizedText("Der Tisch ist rund.", .german), translation: LocalizedText("میز گرد است.", .persian))])
        #expect(entries[1].translations.map(\.text) == ["میز تحریر", "میز کار"])
        #expect(entries[2].grammar.notes == ["Redewendung"])
    }

    @Test("ads between entries, marked or labelled, are skipped")
    func adsBetween() {
        let entries = extract("ads-between")
        #expect(entries.map(\.headword.text) == ["Stuhl", "Rollstuhl", "Lehrstuhl"])
        #expect(entries[0].grammar.gender == "m")
        #expect(entries[1].translations.map(\.text) == ["ویلچر", "صندلی چرخدار"])
    }

    @Test("heavy navigation, sidebars, forms, cookie banners and footers around one table")
    func heavyChrome() {
        let entries = extract("heavy-chrome")
        #expect(entries.map(\.headword.text) == ["Wasser", "Wasser trinken"])
        #expect(entries[0].grammar == Grammar(article: "das", partOfSpeech: "Subst."))
        #expect(entries[1].translations.map(\.text) == ["آب نوشیدن"])
    }

    @Test("made-up class names: grammar by its words, a conjugation table by its pronouns")
    func unknownClasses() {
        let entries = extract("unknown-classes")
        #expect(entries.map(\.headword.text) == ["Baum", "Baumschule"])
        #expect(entries[0].grammar == Grammar(article: "der", gender: "m", plural: "Bäume", partOfSpeech: "Subst."))
        #expect(entries[0].translations.map(\.text) == ["درخت"])
        #expect(entries[0].examples == [Example(source: LocalizedText("Der Baum ist hoch.", .german), translation: LocalizedText("درخت بلند است.", .persian))])
        #expect(entries[1].grammar == Grammar(article: "die", gender: "f"))
    }

    static let madeUpProfile = """
        {"manifest_version": 1, "name": "made up", "host": "lexicon.example", "home": "https://lexicon.example/",
         "search": "https://lexicon.example/s?query={query}",
         "selectors": {"entry": "article[data-kind=lemma]", "headword": "p.w", "grammar": "p.info",
                       "translation": "p.m", "example": "blockquote.s", "suggestion": "p.alt a"}}
        """

    @Test("a profile for made-up markup: its selectors decide what an entry is")
    func profileSelectors() throws {
        let profile = try Pages.profile(Self.madeUpProfile)
        let entries = extract("made-up", profile: profile)
        #expect(entries.map(\.headword.text) == ["Lampe", "Stehlampe"])  // not the promotion
        #expect(entries[0].grammar == Grammar(article: "die", gender: "f"))
        #expect(entries[0].translations.map(\.text) == ["چراغ", "لامپ"])
        #expect(entries[0].examples.map(\.translation?.text) == ["چراغ روشن است."])
        // By structure alone the promotion is an entry too: the profile is what knows better.
        #expect(extract("made-up").map(\.headword.text) == ["Lampe", "Stehlampe", "Lampen kaufen"])
    }

    @Test("a profile whose selectors find nothing falls back to structure")
    func profileFallback() throws {
        let profile = try Pages.profile("""
            {"manifest_version": 1, "name": "stale", "host": "www.loghatnameh.de", "home": "https://www.loghatnameh.de/",
             "search": "https://www.loghatnameh.de/search?q={query}",
             "selectors": {"entry": "div.old-entry", "headword": ".old-hw", "translation": ".old-tr"}}
            """)
        #expect(extract("divs", profile: profile).map(\.headword.text) == ["Tisch", "Schreibtisch", "den Tisch decken"])
        let haus = EntryExtractor.extract(page: Pages.site("Haus"), profile: profile, direction: .germanToPersian).entries
        #expect(haus.count == 11)
    }

    @Test("a profile's suggestion selector, and structure's own suggestion search")
    func suggestions() throws {
        let empty = Array("<p class=alt>Auch gesucht: <a href='/s?query=Licht'>Licht</a>, <a href='/s?query=Leuchte'>Leuchte</a></p><p><a href='/s?query=x&page=2'>2</a></p>".utf8)
        let profile = try Pages.profile(Self.madeUpProfile)
        #expect(EntryExtractor.extract(page: empty, profile: profile, direction: .germanToPersian).suggestions == ["Licht", "Leuchte"])
        #expect(EntryExtractor.extract(page: empty, profile: nil, direction: .germanToPersian).suggestions == ["Licht", "Leuchte"])
    }
}
