import Testing
import Terminal

/// What a terminal's cells hold: how wide text is, where lines break.
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
}
