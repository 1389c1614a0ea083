import Foundation
import Vocabulary

/// Lookups as the Lookup library makes them, with what users' words hold:
/// Persian with zero-width non-joiners (U+200C), quotes, commas, and (in
/// examples) a line break and a tab.
enum SampleLookups {
    /// 2026-01-01T00:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    static func minutes(_ count: Int) -> Date { start.addingTimeInterval(Double(count) * 60) }

    static let haus = LookupResult(
        query: "Haus", normalizedQuery: "haus", direction: .germanToPersian,
        sourceURL: "https://www.loghatnameh.de/search?q=Haus",
        entries: [DictionaryEntry(
            headword: LocalizedText("Haus", .german),
            grammar: Grammar(article: "das", gender: "n", plural: "Häuser", partOfSpeech: "Substantiv"),
            translations: [LocalizedText("خانه", .persian), LocalizedText("منزل", .persian)],
            examples: [Example(source: LocalizedText("Das Haus ist groß.", .german),
                               translation: LocalizedText("خانه بزرگ است.", .persian))])])

    /// Haus again, later: the page now gives one translation and no example.
    static let hausAgain = LookupResult(
        query: "Haus", normalizedQuery: "haus", direction: .germanToPersian,
        sourceURL: "https://www.loghatnameh.de/search?q=haus&lang=de",
        entries: [DictionaryEntry(headword: LocalizedText("Haus", .german),
                                  translations: [LocalizedText("خانه", .persian)])])

    /// Persian to German; the headword has a ZWNJ (کتاب‌خانه).
    static let library = LookupResult(
        query: "کتاب\u{200C}خانه", normalizedQuery: "کتاب\u{200C}خانه", direction: .persianToGerman,
        sourceURL: "https://www.loghatnameh.de/search?q=ketabkhane",
        entries: [DictionaryEntry(headword: LocalizedText("کتاب\u{200C}خانه", .persian),
                                  translations: [LocalizedText("Bibliothek", .german), LocalizedText("Bücherei", .german)])])

    /// Quotes in the headword, a comma and a ZWNJ in the translation, a line
    /// break, quotes and a tab in the example.
    static let quotation = LookupResult(
        query: "Zitat", normalizedQuery: "zitat", direction: .germanToPersian,
        sourceURL: "https://www.loghatnameh.de/search?q=Zitat",
        entries: [DictionaryEntry(
            headword: LocalizedText("Zitat \"Anführung\"", .german),
            translations: [LocalizedText("نقل\u{200C}قول, گفتاورد", .persian)],
            examples: [Example(source: LocalizedText("Er sagte:\n\"Ja\"\tund ging.", .german),
                               translation: LocalizedText("او گفت: «بله»", .persian))])])

    /// Nothing found: only suggestions, so no note.
    static let notFound = LookupResult(
        query: "Hause", normalizedQuery: "hause", direction: .germanToPersian,
        sourceURL: "https://www.loghatnameh.de/search?q=Hause", entries: [], suggestions: ["Haus", "Hase"])

    /// The five, in the order and at the minutes the export tests use.
    static let notebook: [(LookupResult, Date)] = [
        (haus, minutes(0)), (library, minutes(1)), (quotation, minutes(2)), (notFound, minutes(3)), (hausAgain, minutes(4)),
    ]
}
