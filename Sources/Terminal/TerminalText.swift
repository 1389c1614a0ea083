/// Measuring, wrapping and ordering text for a terminal's cells.
///
/// A terminal puts one character per cell, left to right, whatever the
/// script: Persian comes out right only if limot orders it for display
/// (`visual`) or marks it so that a terminal that implements the Unicode
/// bidirectional algorithm can (`isolates`).
public enum TerminalText {
    /// The cells a string takes: combining marks, format characters (the
    /// zero-width non-joiner, directional isolates) take none, wide East
    /// Asian characters two.
    public static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    public static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Lines of at most `width` cells, broken at spaces; a word longer than
    /// a line is cut between characters. Never returns no line.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(width, 1)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            var word = word
            var wordWidth = self.width(word)
            if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                (line, lineWidth) = ("", 0)
            }
            while wordWidth > width {
                var piece = ""
                var pieceWidth = 0
                for character in word {
                    let characterWidth = self.width(String(character))
                    if pieceWidth + characterWidth > width && !piece.isEmpty { break }
                    piece.append(character)
                    pieceWidth += characterWidth
                }
                lines.append(piece)
                word = String(word.dropFirst(piece.count))
                wordWidth = self.width(word)
            }
            (line, lineWidth) = (word, wordWidth)
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }
}
