import Foundation
import Testing

/// `limot lookup` without a word on a real terminal (tmux): the prompt as a
/// user types into it, against the fixture dictionary site.
@Suite("limot lookup's prompt in a terminal", .serialized)
final class LookupPromptTests {
    let siteFixture: DictionarySiteFixture
    static let prompt = "limot› "

    init() throws {
        siteFixture = try DictionarySiteFixture(name: "prompt")
    }

    /// The prompt line being edited: the last row that starts with the
    /// prompt, without the blanks a joined capture pads it with.
    private static func promptLine(_ screen: String) -> String? {
        screen.split(separator: "\n").last { $0.hasPrefix(prompt.trimmingCharacters(in: .whitespaces)) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func count(_ text: String, in screen: String) -> Int {
        screen.components(separatedBy: text).count - 1
    }

    @Test("typing words, Persian too; Up recalls this run's and the history file's words; Ctrl-R finds one; Ctrl-C drops a line; a long line wraps, is edited, survives a resize")
    func prompt() throws {
        let historyFile = siteFixture.dataDir.appendingPathComponent("prompt-history")
        try "gehen\n".write(to: historyFile, atomically: true, encoding: .utf8)  // an earlier run's
        let tmux = try TmuxScreen(folder: siteFixture.dataDir, columns: 60, rows: 40,
                                  command: [LimotProcess.executable.path, "lookup", "--color", "never", "--limit", "1"] + siteFixture.upstream())
        defer { tmux.stop() }
        var screen = try tmux.screen { Self.promptLine($0) == "limot›" }
        #expect(Self.promptLine(screen) == "limot›", "\(screen)")

        try tmux.type("Haus")
        try tmux.press("Enter")
        screen = try tmux.screen(scrollback: true) { $0.contains("Haus · de-fa") }
        #expect(screen.contains("Haus · de-fa"), "\(screen)")

        // Persian typed in UTF-8 reaches the lookup whole (and tmux shows its result reordered).
        try tmux.type("خانه")
        try tmux.press("Enter")
        screen = try tmux.screen(scrollback: true) { $0.contains("هناخ · fa-de") }
        #expect(screen.contains("هناخ · fa-de"), "\(screen)")

        // Up: the last word, then the one before, then the history file's.
        try tmux.press("Up")
        screen = try tmux.screen { Self.promptLine($0) == "limot› خانه" }
        #expect(Self.promptLine(screen) == "limot› خانه", "\(screen)")
        try tmux.press("Up", "Up")
        screen = try tmux.screen { Self.promptLine($0) == "limot› gehen" }
        #expect(Self.promptLine(screen) == "limot› gehen", "\(screen)")
        try tmux.press("Enter")
        screen = try tmux.screen(scrollback: true) { $0.contains("gehen · de-fa") }
        #expect(screen.contains("gehen · de-fa"), "\(screen)")

        // Ctrl-R, then part of an earlier word: Enter looks that word up again.
        try tmux.press("C-r")
        try tmux.type("Hau")
        try tmux.press("Enter")
        screen = try tmux.screen(scrollback: true) { Self.count("Haus · de-fa", in: $0) == 2 }
        #expect(Self.count("Haus · de-fa", in: screen) == 2, "\(screen)")

        // Ctrl-C drops what was typed: nothing is looked up, the next prompt is empty.
        try tmux.type("Buch")
        try tmux.press("C-c")
        screen = try tmux.screen { Self.promptLine($0) == "limot›" }
        #expect(Self.promptLine(screen) == "limot›", "\(screen)")
        #expect(!screen.contains("Buch · de-fa"), "\(screen)")

        // A line longer than the terminal wraps onto the next row; going to
        // its start and typing there edits the same line.
        let long = "ein sehr langer Satz, der über das Ende der Zeile hinausgeht"
        try tmux.type(long)
        try tmux.press("C-a")
        try tmux.type("Nun ")
        screen = try tmux.screen(joined: true) { Self.promptLine($0) == "limot› Nun " + long }
        #expect(Self.promptLine(screen) == "limot› Nun " + long, "\(screen)")
        // Wider, the editor knows the new width: what is typed at the end
        // goes on the same row, which now holds the whole line.
        try tmux.resize(columns: 100, rows: 40)
        try tmux.press("End")
        try tmux.type(" ok")
        let edited = "Nun " + long + " ok"
        screen = try tmux.screen { Self.promptLine($0) == "limot› " + edited }
        #expect(Self.promptLine(screen) == "limot› " + edited, "\(screen)")
        try tmux.press("Enter")
        screen = try tmux.screen(joined: true, scrollback: true) { $0.contains("No entries for \(edited).") }
        #expect(screen.contains("No entries for \(edited)."), "\(screen)")

        // Ctrl-D on an empty line ends; the history file has every word, in order.
        try tmux.press("C-d")
        screen = try tmux.screenWhenDone()
        #expect(screen.contains(TmuxScreen.doneMarker), "\(screen)")
        let kept = try String(contentsOf: historyFile, encoding: .utf8)
        #expect(kept == ["gehen", "Haus", "خانه", "gehen", "Haus", edited].joined(separator: "\n") + "\n")
    }
}
