import Lookup
import Terminal
import Testing

import Vocabulary

/// How `limot lookup` prints entries: golden files for wide and narrow
/// terminals, German→Persian and Persian→German, and the bidi modes.
@Suite("Lookup rendering")
struct EntryRendererTests {
    static let haus = LookupResult(
        query: "Haus", normalizedQuery: "Haus", direction: .germanToPersian, sourceURL: "https://www.loghatnameh.de/search?q=Haus",
        entries: [
            DictionaryEntry(
                headword: LocalizedText("Haus", .german),
                grammar: Grammar(article: "das", gender: "n", plural: "Häuser", partOfSpeech: "Substantiv"),
                translations: [LocalizedText("خانه", .persian), LocalizedText("منزل", .persian), LocalizedText("سرا", .persian)],
                examples: [Example(source: LocalizedText("Das Haus ist sehr alt.", .german), translation: LocalizedText("این خانه خیلی قدیمی است.", .persian))]),
            DictionaryEntry(
                headword: LocalizedText("Hausaufgabe", .german),
                grammar: Grammar(article: "die", gender: "f", plural: "Hausaufgaben", partOfSpeech: "Substantiv"),
                translations: [LocalizedText("تکلیف مدرسه", .persian), LocalizedText("مشق شب", .persian)]),
            DictionaryEntry(
                headword: LocalizedText("nach Hause gehen", .german),
                translations: [LocalizedText("به خانه رفتن", .persian)],
                examples: [Example(source: LocalizedText("Ich gehe jetzt nach Hause.", .german), translation: LocalizedText("من حالا به خانه می‌روم.", .persian))]),
        ])

    static let chaneh = LookupResult(
        query: "خانه", normalizedQuery: "خانه", direction: .persianToGerman, sourceURL: "https://www.loghatnameh.de/search?q=%D8%AE%D8%A7%D9%86%D9%87",
        entries: [
            DictionaryEntry(
                headword: LocalizedText("خانه‌دار", .persian), grammar: Grammar(partOfSpeech: "صفت"),
                translations: [LocalizedText("häuslich", .german), LocalizedText("Hausfrau (2. Bedeutung)", .german)])
        ])

    @Test("German→Persian in a wide terminal, every bidi mode", arguments: BidiMode.allCases)
    func wide(_ bidi: BidiMode) throws {
        let text = EntryRenderer(width: 100, color: false, bidi: bidi).render(Self.haus, total: 10)
        try LimotProcess.expectGolden(text, "lookup-haus-100-\(bidi.rawValue).txt")
        for line in text.split(separator: "\n") { #expect(TerminalText.width(String(line)) <= 100) }
    }

    @Test("headwords line up past the ninth entry, and a row with no Persian has no empty isolate")
    func manyEntries() {
        let entries = Array(repeating: Self.haus.entries[1], count: 10)
        let result = LookupResult(query: "Haus", normalizedQuery: "Haus", direction: .germanToPersian, sourceURL: Self.haus.sourceURL, entries: entries)
        let lines = EntryRenderer(width: 100, color: false, bidi: .isolates).render(result).split(separator: "\n").map(String.init)
        let first = lines.first { $0.hasPrefix("  1  ") }, tenth = lines.first { $0.hasPrefix(" 10  ") }
        #expect(first?.firstRange(of: "die Hausaufgabe")?.lowerBound.utf16Offset(in: first!) == tenth?.firstRange(of: "die Hausaufgabe")?.lowerBound.utf16Offset(in: tenth!))
        #expect(first != nil && tenth != nil)
        #expect(!lines.contains { $0.contains("\u{2067}\u{2069}") })
    }

    @Test("German→Persian in a narrow terminal")
    func narrow() throws {
        let text = EntryRenderer(width: 40, color: false, bidi: .visual).render(Self.haus)
        try LimotProcess.expectGolden(text, "lookup-haus-40-visual.txt")
        for line in text.split(separator: "\n") where !line.hasPrefix("https://") { #expect(TerminalText.width(String(line)) <= 40, "\(line)") }
    }

    @Test("Persian→German, Persian headword with a zero-width non-joiner kept")
    func persianHeadword() throws {
        let text = EntryRenderer(width: 80, color: false, bidi: .isolates).render(Self.chaneh)
        try LimotProcess.expectGolden(text, "lookup-chaneh-80-isolates.txt")
        #expect(text.contains("\u{2067}خانه\u{200C}دار\u{2069}"))
    }

    @Test("colour: the headword in its gender's colour, escapes outside the measured text")
    func colour() {
        let text = EntryRenderer(width: 100, color: true, bidi: .none).render(Self.haus)
        #expect(text.contains("\u{1B}[1;32mdas Haus\u{1B}[0m"))  // neuter: green
        #expect(text.contains("\u{1B}[1;31mdie Hausaufgabe\u{1B}[0m"))  // feminine: red
        let plain = EntryRenderer(width: 100, color: false, bidi: .none).render(Self.haus)
        #expect(!plain.contains("\u{1B}"))
    }

    @Test("no entries: the dictionary's suggestions")
    func notFound() {
        var result = Self.haus
        result.query = "Hauss"
        result.entries = []
        result.suggestions = ["Haus", "خانه"]
        let text = EntryRenderer(width: 80, color: false, bidi: .isolates).renderNotFound(result)
        #expect(text == "No entries for Hauss.\nThe dictionary suggests: Haus, \u{2067}خانه\u{2069}\n")
    }
}
