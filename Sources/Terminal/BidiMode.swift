/// How Persian (right-to-left) text is written to the terminal.
public enum BidiMode: String, CaseIterable, Sendable {
    /// Logical order wrapped in Unicode directional isolates (U+2067…U+2069),
    /// for terminals that implement the bidirectional algorithm and for files.
    case isolates
    /// Reordered for display, for terminals that put characters left to
    /// right as they come (xterm, tmux, most others).
    case visual
    /// Logical order, unmarked.
    case none

    /// The lines of one right-to-left paragraph, as `TerminalText.wrap` cut
    /// it, as this mode writes them. An empty line stays empty (no isolate
    /// pair around nothing).
    func rightToLeft(_ lines: [String]) -> [String] {
        switch self {
        case .isolates: return lines.map { $0.isEmpty ? $0 : "\u{2067}" + $0 + "\u{2069}" }
        case .visual: return VisualOrder.rightToLeft(lines)
        case .none: return lines
        }
    }
}
