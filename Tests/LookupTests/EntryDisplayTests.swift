import Lookup
import Testing
import Vocabulary

/// What the terminal and the browser both show of an entry's headword and grammar.
struct EntryDisplayTests {
    @Test func theArticleGoesBeforeTheHeadwordOnce() {
        let haus = DictionaryEntry(headword: LocalizedText("Haus", .german), grammar: Grammar(article: "das"), translations: [])
        #expect(haus.headwordWithArticle == "das Haus")
        let written = DictionaryEntry(headword: LocalizedText("Das Haus", .german), grammar: Grammar(article: "das"), translations: [])
        #expect(written.headwordWithArticle == "Das Haus")
    }

    @Test func aPluralIsLabelledInItsOwnLanguage() {
        #expect(Grammar(gender: "n", plural: "Häuser", partOfSpeech: "Substantiv", notes: ["-es"]).summary == "n · Substantiv · Pl. Häuser · -es")
        #expect(Grammar(plural: "خانه‌ها", partOfSpeech: "اسم").summary == "اسم · جمع: خانه‌ها")
        #expect(Grammar().summary.isEmpty)
    }
}
