import CEditLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The prompt of `limot lookup` without a word, on a terminal: libedit's
/// line editor in its Emacs key bindings, with the earlier queries as
/// history. Arrows, Home/End, Ctrl-A/E/K/U/W; Up/Down and Ctrl-R (search
/// backwards as you type) through the history; lines longer than the
/// terminal wrap and stay editable; a resized terminal is redrawn. Ctrl-C
/// drops the line being typed, Ctrl-D on an empty line ends.
///
/// libedit puts the terminal in its editing mode only while a line is read
/// and restores it before `readLine` returns (and on a fatal signal).
public final class LineEditor {
    private let editor: OpaquePointer
    private let history: OpaquePointer
    /// The prompt's C string, which libedit reads on every redraw.
    private let prompt: UnsafeMutablePointer<CChar>

    /// Whether standard input and output are both terminals.
    public static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// An editor showing `prompt`, with `history` (oldest first) for Up and Ctrl-R.
    public init(prompt: String, history lines: [String]) {
        Self.useUTF8Characters()
        self.prompt = strdup(prompt)
        history = history_init()
        limot_history_set_size(history, Int32(PromptHistory.kept))
        limot_history_set_unique(history, 1)
        for line in lines { limot_history_enter(history, line) }
        editor = limot_el_init("limot")
        limot_el_set_editor(editor, "emacs")
        limot_el_set_signal(editor, 1)
        limot_el_set_prompt(editor, self.prompt)
        limot_el_set_history(editor, history)
        // libedit's Emacs map leaves Ctrl-R to redraw; readline's users know it as search.
        limot_el_bind(editor, "^R", "em-inc-search-prev")
        // Ctrl-C as a key, so that it drops the line rather than ending limot.
        limot_el_setty_edit(editor, "-isig")
        limot_el_addfn(editor, "limot-drop-line", "Drop the line being typed") { editor, key in LineEditor.dropLine(editor, key) }
        limot_el_bind(editor, "^C", "limot-drop-line")
    }

    deinit {
        el_end(editor)
        history_end(history)
        free(prompt)
    }

    /// The next line, without its newline; nil at the end (Ctrl-D on an
    /// empty line, or input closed), after which the cursor is put on a new
    /// line, for what comes next (libedit leaves it after its "^D").
    public func readLine() -> String? {
        var count: Int32 = 0
        guard let line = el_gets(editor, &count), count > 0 else {
            _ = write(STDOUT_FILENO, "\n", 1)
            return nil
        }
        var text = String(cString: line)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Keeps a line for Up and Ctrl-R (not twice in a row, not blank).
    public func remember(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        limot_history_enter(history, line)
    }

    /// libedit reads keys as characters of the C library's locale: Persian
    /// needs a UTF-8 one. The user's is taken when it is UTF-8, else C.UTF-8.
    private static func useUTF8Characters() {
        setlocale(LC_CTYPE, "")
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    }

    /// Ctrl-C: the line so far is emptied and an Enter pushed after it, so
    /// that the prompt gets an empty line, which it skips, and starts anew.
    private static func dropLine(_ editor: OpaquePointer?, _ key: Int32) -> UInt8 {
        guard let editor, let line = el_wline(editor)?.pointee else { return UInt8(CC_ERROR) }
        el_cursor(editor, Int32(line.lastchar - line.cursor))
        el_deletestr(editor, Int32(line.lastchar - line.buffer))
        el_push(editor, "\n")
        return UInt8(CC_REFRESH)
    }
}
