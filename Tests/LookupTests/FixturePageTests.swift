import Testing
@testable import Lookup
import Vocabulary

/// The fixture site's four result layouts and its no-result page, read with
/// the shipped profile and with structure alone: both must give a user the
/// same entries, and never the site's navigation, ads or conjugations.
@Suite("Fixture result pages")
struct FixturePageTests {
    static let modes: [SiteProfile?] = [Pages.shippedProfile, nil]

    private func extract(_ name: String, _ direction: LookupDirection, _ profile: SiteProfile?) -> (entries: [DictionaryEntry], suggestions: [String]) {
        EntryExtractor.extract(page: Pages.site(name), profile: profile, direction: direction)
    }

    @Test("Haus (table, de→fa): ten entries with article, gender, plural and examples", arguments: modes)
    func haus(_ profile: SiteProfile?) throws {
        let (entries, suggestions) = extract("Haus", .germanToPersian, profile)
        #expect(suggestions.isEmpty)
        #expect(entries.map(\.headword.text) == [
            "Haus", "Häuser", "nach Hause gehen", "zu Hause sein", "Haustier", "Hausaufgabe", "Haushalt", "Krankenhaus",
            "Rathaus", "Hausschlüssel", "Haustür",
        ])
        let haus = entries[0]
        #expect(haus.headword == LocalizedText("Haus", .german))
        #expect(haus.grammar == Grammar(article: "das", gender: "n", plural: "Häuser", partOfSpeech: "Subst.", notes: ["-es"]))
        #expect(haus.translations == [LocalizedText("خانه", .persian), LocalizedText("منزل", .persian), LocalizedText("سرا", .persian)])
        #expect(haus.examples == [Example(source: LocalizedText("Das Haus ist alt, aber sehr gemütlich.", .german),
                                          translation: LocalizedText("این خانه قدیمی است، ولی خیلی دنج است.", .persian))])
        #expect(entries[1].translations.map(\.text) == ["خانه\u{200C}ها"])
        #expect(entries[1].grammar == Grammar(article: "die", notes: ["Pl."]))
        #expect(entries[2].grammar.notes == ["Redewendung"])
        #expect(entries[2].examples.first?.translation?.text == "من حالا به خانه می\u{200C}روم.")
        #expect(entries[6].translations.map(\.text) == ["خانه\u{200C}داری", "بودجه (دولت)"])
        #expect(entries[6].grammar.gender == "m")
        #expect(entries[9].grammar == Grammar(article: "der", gender: "m", partOfSpeech: "Subst."))
        #expect(entries.map(\.examples.count) == [1, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0])
    }

    @Test("خانه (table, fa→de): Persian headwords, Persian grammar, German translations with articles", arguments: modes)
    func khaneh(_ profile: SiteProfile?) throws {
        let (entries, _) = extract("خانه", .persianToGerman, profile)
        #expect(entries.map(\.headword.text) == [
            "خانه", "به خانه رفتن", "در خانه ماندن", "خانه\u{200C}دار", "خانه\u{200C}داری", "صاحب\u{200C}خانه",
            "کتاب\u{200C}خانه، کتابخانه", "خانهٔ سالمندان",
        ])
        #expect(entries.allSatisfy { $0.headword.language == .persian && $0.translations.allSatisfy { $0.language == .german } })
        #expect(entries[0].grammar == Grammar(plural: "خانه\u{200C}ها", partOfSpeech: "اسم"))
        #expect(entries[0].translations.map(\.text) == ["das Haus", "das Heim", "das Zuhause"])
        #expect(entries[0].examples == [Example(source: LocalizedText("خانهٔ ما نزدیک ایستگاه قطار است.", .persian),
                                                translation: LocalizedText("Unser Haus liegt nahe am Bahnhof.", .german))])
        #expect(entries[1].grammar.partOfSpeech == "فعل مرکب")
        #expect(entries[3].grammar == Grammar(partOfSpeech: "صفت", notes: ["اسم"]))
        #expect(entries[3].translations.map(\.text) == ["häuslich", "die Hausfrau", "der Hausmann"])
        #expect(entries.map(\.examples.count) == [1, 1, 0, 0, 0, 0, 1, 0])
    }

    @Test("Buch (definition list): dt headwords, dd translations and example pairs", arguments: modes)
    func buch(_ profile: SiteProfile?) throws {
        let (entries, _) = extract("Buch", .germanToPersian, profile)
        #expect(entries.map(\.headword.text) == ["Buch", "Bücher", "Wörterbuch", "Buchhandlung", "buchen", "Buchstabe", "Tagebuch", "Kochbuch"])
        #expect(entries[0].grammar == Grammar(article: "das", gender: "n", plural: "Bücher", partOfSpeech: "Subst.", notes: ["-(e)s"]))
        #expect(entries[0].examples == [Example(source: LocalizedText("Ich lese gerade ein spannendes Buch.", .german),
                                                translation: LocalizedText("دارم یک کتاب هیجان\u{200C}انگیز می\u{200C}خوانم.", .persian))])
        #expect(entries[2].translations.map(\.text) == ["فرهنگ لغت", "واژه\u{200C}نامه", "لغت\u{200C}نامه"])
        #expect(entries[4].grammar == Grammar(partOfSpeech: "Verb", notes: ["regelmäßig"]))
        #expect(entries[5].translations.map(\.text) == ["حرف (الفبا)"])
        #expect(entries.map(\.examples.count) == [1, 1, 0, 1, 1, 0, 0, 0])
    }

    @Test("gehen (cards): entries with examples, the conjugation table is not an entry", arguments: modes)
    func gehen(_ profile: SiteProfile?) throws {
        let (entries, _) = extract("gehen", .germanToPersian, profile)
        #expect(entries.map(\.headword.text) == ["gehen", "Wie geht es dir?", "spazieren gehen", "ausgehen", "zu Fuß gehen", "vorgehen"])
        #expect(entries[0].grammar.partOfSpeech == "Verb")
        #expect(entries[0].grammar.notes.contains("unregelmäßig"))
        #expect(entries[0].translations.map(\.text) == ["رفتن", "راه رفتن"])
        #expect(entries[0].examples.map(\.source.text) == ["Ich gehe jeden Tag zu Fuß zur Arbeit.", "Wir gehen heute Abend ins Kino."])
        #expect(entries[0].examples[0].translation?.text == "هر روز پیاده به سر کار می\u{200C}روم.")
        #expect(entries[3].translations.map(\.text) == ["بیرون رفتن", "(چراغ) خاموش شدن"])
        let everything = entries.flatMap { [$0.headword.text] + $0.translations.map(\.text) + $0.examples.map(\.source.text) }
        #expect(!everything.contains { $0.contains("ich gehe") || $0.contains("من می\u{200C}روم") })
    }

    @Test("no result: no entries, the site's suggestions in order", arguments: modes)
    func none(_ profile: SiteProfile?) {
        let (entries, suggestions) = extract("_none", .germanToPersian, profile)
        #expect(entries.isEmpty)
        #expect(suggestions == ["Haus", "Buch", "gehen", "خانه"])
    }

    @Test("navigation, sidebar, footer and ad texts are never entries", arguments: ["Haus", "Buch", "gehen", "خانه"])
    func noChrome(_ name: String) {
        for profile in Self.modes {
            let (entries, _) = extract(name, LookupDirection.detect(name), profile)
            let texts = entries.flatMap { [$0.headword.text] + $0.translations.map(\.text) }
            for chrome in ["Start", "Datenschutz", "Impressum", "Anzeige", "Gebäude", "Wohnung", "Verwandte", "Treffer", "Deutsch", "فارسی", "لغت\u{200C}نامهٔ", "آشیانه"] {
                #expect(!texts.contains { $0.contains(chrome) }, "\(name): \(chrome)")
            }
        }
    }
}
