@testable import Proxy
import Testing

/// A result page read again (reload, back, a second tab) goes to the
/// notebook once per word and interval, whatever address it came under.
@Suite struct RecentWordsTests {
    @Test func aWordIsClaimedOncePerIntervalUnderAnyAddress() {
        let recent = RecentWords()
        #expect(recent.claim(page: "https://site/search?q=Haus", word: { "Haus" }) == "Haus")
        #expect(recent.claim(page: "https://site/search?q=Haus", word: { "Haus" }) == nil, "the same page again")
        // Arabic kaf and Persian keheh: one word once normalized.
        #expect(recent.claim(page: "https://site/search?q=%D9%83%D8%AA%D8%A7%D8%A8", word: { "\u{0643}تاب" }) == "\u{0643}تاب")
        #expect(recent.claim(page: "https://site/search?q=%DA%A9%D8%AA%D8%A7%D8%A8&dir=fa-de", word: { "\u{06A9}تاب" }) == nil,
                "the same word (normalized) under another address")
        #expect(recent.claim(page: "https://site/search?q=Buch", word: { "Buch" }) == "Buch")
        #expect(recent.claim(page: "https://site/", word: { nil }) == nil, "a page with no word")
    }

    @Test func theSameAddressAgainDoesNotLookForItsWord() {
        let recent = RecentWords()
        _ = recent.claim(page: "https://site/search?q=Haus", word: { "Haus" })
        var asked = false
        _ = recent.claim(page: "https://site/search?q=Haus", word: { asked = true; return "Haus" })
        #expect(!asked)
    }

    /// A client asking thousands of new words within the interval (every
    /// one fresh, so none is stale to forget) does not grow the records
    /// past their capacity, and the newest words are still known.
    @Test func theRecordsStayWithinTheirCapacityWhenEveryWordIsFresh() {
        let recent = RecentWords()
        let words = (0..<(3 * RecentWords.capacity)).map { "Wort\($0)" }
        for word in words {
            #expect(recent.claim(page: "https://site/search?q=\(word)", word: { word }) == word)
        }
        let counts = recent.counts
        #expect(counts.words <= RecentWords.capacity)
        #expect(counts.spellings <= RecentWords.capacity)
        #expect(counts.pages <= RecentWords.capacity)
        let newest = words[words.count - 1]
        #expect(recent.claim(page: "https://site/search?q=\(newest)&n=2", word: { newest }) == nil, "the newest word is still known")
    }

    /// A word claimed under one spelling is not claimed under another that
    /// normalizes alike, the first time or again.
    @Test func anotherSpellingOfAClaimedWordStaysUnclaimed() {
        let recent = RecentWords()
        #expect(recent.claim(page: "https://site/search?q=a", word: { "\u{0643}تاب" }) == "\u{0643}تاب")
        #expect(recent.claim(page: "https://site/search?q=b", word: { "\u{06A9}تاب" }) == nil)
        #expect(recent.claim(page: "https://site/search?q=c", word: { "\u{06A9}تاب" }) == nil)
        #expect(recent.claim(page: "https://site/search?q=d", word: { "\u{0643}تاب" }) == nil)
    }

    @Test func aWordIsClaimedAgainAfterTheInterval() async throws {
        let recent = RecentWords(interval: .milliseconds(20))
        #expect(recent.claim(page: "https://site/search?q=Haus", word: { "Haus" }) == "Haus")
        #expect(recent.claim(page: "https://site/search?q=Haus&n=2", word: { "Haus" }) == nil)
        try await Task.sleep(for: .milliseconds(40))
        #expect(recent.claim(page: "https://site/search?q=Haus", word: { "Haus" }) == "Haus")
        try await Task.sleep(for: .milliseconds(40))
        #expect(recent.claim(page: "https://site/search?q=Haus&n=2", word: { "Haus" }) == "Haus", "a spelling seen lately expires too")
    }
}
