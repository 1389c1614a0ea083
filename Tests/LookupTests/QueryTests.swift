import Testing
@testable import Lookup
import Vocabulary

/// What users type, and what it must become to be searched and compared.
@Suite("Queries")
struct QueryTests {
    @Test("normalize: trim, one space, Persian letters, no diacritics or tatweel, ZWNJ kept, NFC", arguments: [
        ("  Haus  ", "Haus"), ("nach \t  Hause", "nach Hause"), ("علي", "علی"), ("مصطفى", "مصطفی"), ("كتاب", "کتاب"),
        ("كتابخانهٔ", "کتابخانه"), ("مُحَمَّد", "محمد"), ("كـــتاب", "کتاب"), ("می‌روم", "می‌روم"), ("مدرسة", "مدرسة"),
        ("a\u{0308}rger", "ärger"), ("آب", "آب"), ("ﻙ", "ﻙ"), ("", ""),
    ])
    func normalize(_ query: String, _ expected: String) {
        #expect(QueryNormalizer.normalize(query) == expected)
    }

    @Test("matchKey: ZWNJ as space, lower case, umlauts spelled out", arguments: [
        ("Häuser", "haeuser"), ("HAUSTÜR", "haustuer"), ("Straße", "strasse"), ("Öl", "oel"), ("خانه‌ها", "خانه ها"),
        ("خانه ‌ ها", "خانه ها"), ("كتابي", "کتابی"), ("  Nach  Hause ", "nach hause"),
    ])
    func matchKey(_ text: String, _ expected: String) {
        #expect(QueryNormalizer.matchKey(text) == expected)
    }

    @Test("direction: any Arabic-script letter means Persian", arguments: [
        ("Haus", LookupDirection.germanToPersian), ("خانه", .persianToGerman), ("Haus خانه", .persianToGerman),
        ("۱۲۳", .germanToPersian), ("123", .germanToPersian), ("Ärger", .germanToPersian), ("ك", .persianToGerman), ("", .germanToPersian),
    ])
    func direction(_ query: String, _ expected: LookupDirection) {
        #expect(LookupDirection.detect(query) == expected)
    }
}
