import Testing

@testable import Terminal

/// `--bidi visual`: right-to-left paragraphs in the order a terminal that
/// does not reorder must be given them. Each expected string is what the
/// Unicode bidirectional algorithm (UAX #9) gives for a right-to-left
/// paragraph, written out by hand from its rules (and checked against
/// GNU FriBidi); read the Persian in it from right to left.
@Suite("Visual order (ICU bidi)")
struct VisualOrderTests {
    @Test("one line of a right-to-left paragraph", arguments: [
        // Persian alone: reversed, letter by letter.
        ("خانه", "هناخ"),
        ("من به خانه", "هناخ هب نم"),
        // A combining mark (hamza above) stays after its letter; a zero-width
        // non-joiner stays between the two letters it keeps apart.
        ("کلمهٔ من", "نم هٔملک"),
        ("می\u{200C}روم", "مور\u{200C}یم"),
        // German words keep their own order, and so do several together
        // (the space between two of them is left-to-right too, rule N1).
        ("کلمهٔ Haus است", "تسا Haus هٔملک"),
        ("واژهٔ das Haus در جمله", "هلمج رد das Haus هٔژاو"),
        // A German sentence before a Persian one: the full stop and space
        // between them take the paragraph's direction (N2).
        ("Das Haus ist sehr alt. این خانه خیلی قدیمی است.", ".تسا یمیدق یلیخ هناخ نیا .Das Haus ist sehr alt"),
        // Digits, Persian (U+06F0…) and European, keep their order; after
        // Persian letters they are Arabic numbers (W2), with the comma
        // between two of them part of the number (W4).
        ("صفحهٔ ۱۲ از ۲۰", "۲۰ زا ۱۲ هٔحفص"),
        ("صفحه 12 از 20", "20 زا 12 هحفص"),
        ("قیمت 2,50 یورو", "وروی 2,50 تمیق"),
        ("صفحه ١٢", "١٢ هحفص"),  // Arabic-Indic digits (U+0660…)
        ("۵۰٪ تخفیف", "فیفخت ۵۰٪"),  // the Arabic percent sign goes with its number (W5)
        // After a German word, digits are left-to-right (W7) and go with it.
        ("Seite 12 یعنی صفحه", "هحفص ینعی Seite 12"),
        // Brackets: a pair around Persian, or after Persian, is right-to-left
        // and mirrored (N0, L4); one around German after German is not.
        ("(خانه)", "(هناخ)"),
        ("خانه (Haus)", "(Haus) هناخ"),
        ("Hausfrau (2. Bedeutung) دار", "راد Hausfrau (2. Bedeutung)"),
        ("Ich gehe nach Hause (من به خانه می\u{200C}روم)", "(مور\u{200C}یم هناخ هب نم) Ich gehe nach Hause"),
        ("[خانه] {سرا}", "{ارس} [هناخ]"),
        ("«خانه»", "«هناخ»"),
        // Punctuation at either end of the line is at the paragraph's
        // (right-to-left) side: a final full stop or question mark on the left.
        ("این خانه است.", ".تسا هناخ نیا"),
        ("خانه است؟", "؟تسا هناخ"),
        ("سال 1990.", ".1990 لاس"),
        ("- خانه", "هناخ -"),
        ("Ist das ein Haus?", "?Ist das ein Haus"),
    ])
    func line(_ logical: String, _ shown: String) {
        #expect(VisualOrder.rightToLeft([logical]) == [shown])
    }

    @Test("a wrapped paragraph is reordered line by line: each line keeps its own words")
    func lineByLine() {
        #expect(VisualOrder.rightToLeft(["من به", "خانه می\u{200C}روم"]) == ["هب نم", "مور\u{200C}یم هناخ"])
    }

    @Test("levels come from the whole paragraph: digits after a German word on the line before stay left-to-right with the German after them")
    func levelsOverParagraph() {
        // Alone, "12 und mehr" would start with a number in a right-to-left
        // paragraph and be shown "und mehr 12"; after "Seite" the 12 is
        // left-to-right (W7), and so is the space after it.
        #expect(VisualOrder.rightToLeft(["Seite", "12 und mehr"]) == ["Seite", "12 und mehr"])
        #expect(VisualOrder.rightToLeft(["12 und mehr"]) == ["und mehr 12"])
    }

    @Test("empty lines stay empty, in every mode")
    func emptyLines() {
        for mode in BidiMode.allCases {
            #expect(mode.rightToLeft([""]) == [""])
            #expect(mode.rightToLeft(["خانه", ""]).last == "")
        }
    }
}
