import Testing

@testable import Terminal

/// What a terminal's cells hold: how wide text is, where lines break, the
/// order right-to-left text is shown in.
@Suite("Terminal text")
struct TerminalTextTests {
    @Test("widths: marks and format characters take no cell")
    func widths() {
        #expect(TerminalText.width("Haus") == 4)
        #expect(TerminalText.width("می‌روم") == 5)  // ZWNJ takes none
        #expect(TerminalText.width("خانهٔ") == 4)  // U+0654 hamza above is a mark
        #expect(TerminalText.width("\u{2067}خانه\u{2069}") == 4)
        #expect(TerminalText.width("字") == 2)
    }

    @Test("wrapping at spaces, long words cut")
    func wrapping() {
        #expect(TerminalText.wrap("das ist ein Haus", width: 8) == ["das ist", "ein Haus"])
        #expect(TerminalText.wrap("Donaudampfschiff", width: 6) == ["Donaud", "ampfsc", "hiff"])
        #expect(TerminalText.wrap("", width: 5) == [""])
    }

    @Test("visual order: Persian reversed, Latin words and numbers kept, brackets mirrored", arguments: [
        ("خانه", "هناخ"),
        ("من به خانه", "هناخ هب نم"),
        ("کلمهٔ Haus است", "تسا Haus هٔملک"),
        ("صفحهٔ ۱۲ از ۲۰", "۲۰ زا ۱۲ هٔحفص"),
        ("(خانه)", "(هناخ)"),
        ("Hausfrau (2. Bedeutung) دار", "راد Hausfrau (2. Bedeutung)"),
    ])
    func visual(_ logical: String, _ shown: String) {
        #expect(VisualOrder.rightToLeftLine(logical) == shown)
    }

    @Test("visual order keeps a zero-width non-joiner between the letters it keeps apart")
    func zeroWidthNonJoiner() {
        // می‌روم: mim, ye, ZWNJ, re, vav, mim; shown right to left: mim, vav, re, ZWNJ, ye, mim.
        #expect(VisualOrder.rightToLeftLine("می\u{200C}روم") == "مور\u{200C}یم")
    }
}
