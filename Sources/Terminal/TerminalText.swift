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

    /// A right-to-left field as this mode writes it (one line, already wrapped).
    func rightToLeft(_ line: String) -> String {
        switch self {
        case .isolates: return "\u{2067}" + line + "\u{2069}"
        case .visual: return VisualOrder.rightToLeftLine(line)
        case .none: return line
        }
    }
}

/// Display order for one line of a right-to-left paragraph: the Unicode
/// bidirectional algorithm reduced to what dictionary text holds (Persian
/// and Arabic letters, Latin words, digits, spaces and punctuation; no
/// explicit embeddings). Latin words and numbers keep their own order inside
/// the reversed line, neutrals between two of them stay with them, and
/// paired brackets in right-to-left runs are mirrored.
enum VisualOrder {
    private enum Class { case rightToLeft, leftToRight, number, neutral }

    static func rightToLeftLine(_ line: String) -> String {
        let characters = clusters(line)
        guard !characters.isEmpty else { return line }
        var classes = characters.map(classify)
        // W7: a number after a left-to-right word (with only neutrals between) is left-to-right.
        var lastStrong = Class.rightToLeft
        for index in classes.indices {
            switch classes[index] {
            case .leftToRight, .rightToLeft: lastStrong = classes[index]
            case .number where lastStrong == .leftToRight: classes[index] = .leftToRight
            default: break
            }
        }
        resolveBrackets(characters, &classes)
        // Levels: 1 for right-to-left, 2 for left-to-right and numbers (rules W/I of the algorithm).
        var levels = classes.map { $0 == .rightToLeft || $0 == .neutral ? 1 : 2 }
        // Neutrals take level 2 only between two left-to-right characters (numbers count as right-to-left here, rule N1).
        var index = 0
        while index < characters.count {
            guard classes[index] == .neutral else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count, classes[end] == .neutral { end += 1 }
            let before = index > 0 ? classes[index - 1] : nil
            let after = end < characters.count ? classes[end] : nil
            if before == .leftToRight && after == .leftToRight {
                for position in index..<end { levels[position] = 2 }
            }
            index = end
        }
        // Reverse everything at level 1 or more (the whole line), then each run at level 2 back.
        var order = Array(characters.indices.reversed())
        var start = 0
        while start < order.count {
            guard levels[order[start]] == 2 else {
                start += 1
                continue
            }
            var end = start
            while end < order.count, levels[order[end]] == 2 { end += 1 }
            order[start..<end].reverse()
            start = end
        }
        return order.map { levels[$0] == 1 ? mirrored(characters[$0]) : characters[$0] }.joined()
    }

    /// A base character with its combining marks. Unlike Swift's characters,
    /// a zero-width non-joiner stands alone, so that it stays between the
    /// two letters it keeps apart.
    private static func clusters(_ line: String) -> [String] {
        var clusters: [String] = []
        for scalar in line.unicodeScalars {
            let category = scalar.properties.generalCategory
            if !clusters.isEmpty && (category == .nonspacingMark || category == .enclosingMark || category == .spacingMark) {
                clusters[clusters.count - 1].unicodeScalars.append(scalar)
            } else {
                clusters.append(String(scalar))
            }
        }
        return clusters
    }

    /// N0: a bracket pair around left-to-right text, after left-to-right
    /// text, goes with it; around right-to-left text it is right-to-left.
    private static func resolveBrackets(_ characters: [String], _ classes: inout [Class]) {
        let closing = ["(": ")", "[": "]", "{": "}"]
        var open: [(index: Int, closer: String)] = []
        for index in characters.indices {
            if let closer = closing[characters[index]] {
                open.append((index, closer))
                continue
            }
            guard let match = open.lastIndex(where: { $0.closer == characters[index] }) else { continue }
            let start = open[match].index
            open.removeSubrange(match...)
            let inside = classes[(start + 1)..<index]
            let resolved: Class
            if inside.contains(where: { $0 == .rightToLeft || $0 == .number }) {
                resolved = .rightToLeft
            } else if inside.contains(.leftToRight) {
                let before = classes[..<start].last { $0 != .neutral } ?? .rightToLeft
                resolved = before == .leftToRight ? .leftToRight : .rightToLeft
            } else {
                continue
            }
            classes[start] = resolved
            classes[index] = resolved
        }
    }

    private static func classify(_ character: String) -> Class {
        guard let scalar = character.unicodeScalars.first else { return .neutral }
        switch scalar.value {
        case 0x0030...0x0039, 0x0660...0x0669, 0x06F0...0x06F9: return .number
        case 0x0590...0x05FF, 0x0600...0x065F, 0x066A...0x06EF, 0x06FA...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return .rightToLeft
        default:
            return scalar.properties.isAlphabetic ? .leftToRight : .neutral
        }
    }

    private static func mirrored(_ character: String) -> String {
        switch character {
        case "(": return ")"
        case ")": return "("
        case "[": return "]"
        case "]": return "["
        case "{": return "}"
        case "}": return "{"
        case "<": return ">"
        case ">": return "<"
        case "«": return "»"
        case "»": return "«"
        default: return character
        }
    }
}
