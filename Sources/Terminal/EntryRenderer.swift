import Lookup
import Vocabulary

/// Writes a lookup's entries for a terminal: columns sized to its width
/// (headword, grammar, translations) when it is wide enough, one block per
/// entry when it is not; Persian right-aligned and ordered as `bidi` says;
/// colour only when asked.
public struct EntryRenderer {
    public var width: Int
    public var color: Bool
    public var bidi: BidiMode

    public init(width: Int, color: Bool, bidi: BidiMode) {
        self.width = width
        self.color = color
        self.bidi = bidi
    }

    /// Below this many cells, entries are stacked rather than put in columns.
    static let columnsMinimumWidth = 70

    public func render(_ result: LookupResult, total: Int? = nil) -> String {
        var lines: [String] = []
        let shown = result.entries.count
        let count = total.map { $0 > shown ? "\(shown) of \($0) entries" : "\(shown) \(shown == 1 ? "entry" : "entries")" }
            ?? "\(shown) \(shown == 1 ? "entry" : "entries")"
        lines.append(style(.dim, "\(field(LocalizedText(result.query, result.direction.sourceLanguage))) · \(result.direction.rawValue) · \(count)"))
        lines.append("")
        let layout = ColumnLayout(result.entries, width: width, renderer: self)
        for (number, entry) in result.entries.enumerated() {
            lines += width >= Self.columnsMinimumWidth ? columns(entry, number: number + 1, in: result, layout: layout) : block(entry, number: number + 1)
        }
        lines.append(style(.dim, result.sourceURL))
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a page without entries prints: the dictionary's own suggestions, if any.
    public func renderNotFound(_ result: LookupResult) -> String {
        var text = "No entries for \(field(LocalizedText(result.query, result.direction.sourceLanguage)))."
        if !result.suggestions.isEmpty {
            let words = result.suggestions.map { field(LocalizedText($0, Self.language(of: $0))) }
            text += "\nThe dictionary suggests: " + words.joined(separator: ", ")
        }
        return text + "\n"
    }

    // MARK: Layouts

    /// `number  headword  grammar  translations`, each column wrapped in its
    /// width, then the examples indented below.
    /// The columns' widths, the same for every entry so that they line up:
    /// headword and grammar as wide as their widest (within a share of the
    /// line), translations the rest.
    struct ColumnLayout {
        /// The entry numbers' column: right-aligned, then two cells.
        var numberWidth: Int
        var headword: Int
        var grammar: Int
        var translation: Int

        init(_ entries: [DictionaryEntry], width: Int, renderer: EntryRenderer) {
            numberWidth = 1 + String(entries.count).count + 2
            let available = width - numberWidth - 4  // two gaps of two cells
            let widestHeadword = entries.map { TerminalText.width(renderer.headwordText($0)) }.max() ?? 0
            let widestGrammar = entries.map { TerminalText.width(renderer.grammar($0.grammar)) }.max() ?? 0
            headword = max(8, min(widestHeadword, available * 3 / 10))
            grammar = widestGrammar == 0 ? 0 : max(8, min(widestGrammar, available * 3 / 10))
            translation = available - headword - grammar + (grammar == 0 ? 2 : 0)
        }
    }

    private func columns(_ entry: DictionaryEntry, number: Int, in result: LookupResult, layout: ColumnLayout) -> [String] {
        let numberWidth = layout.numberWidth
        let (headwordWidth, grammarWidth, translationWidth) = (layout.headword, layout.grammar, layout.translation)
        let grammarText = grammar(entry.grammar)
        let headwordLines = shown(TerminalText.wrap(headwordText(entry), width: headwordWidth), entry.headword.language)
        let grammarLines = grammarWidth == 0 ? [] : shown(TerminalText.wrap(grammarText, width: grammarWidth), Self.language(of: grammarText))
        let translationLanguage = entry.translations.first?.language ?? result.direction.targetLanguage
        let translationLines = shown(TerminalText.wrap(entry.translations.map(\.text).joined(separator: separator(translationLanguage)), width: translationWidth),
                                     translationLanguage)
        var lines: [String] = []
        for row in 0..<max(headwordLines.count, grammarLines.count, translationLines.count) {
            let label = String(number)
            var line = row == 0
                ? String(repeating: " ", count: numberWidth - 2 - label.count) + label + "  " : String(repeating: " ", count: numberWidth)
            let headword = row < headwordLines.count ? headwordLines[row] : ""
            line += cell(headword, entry.headword.language, width: headwordWidth, emphasis: row == 0 ? headwordStyle(entry) : .bold)
            line += "  "
            if grammarWidth > 0 {
                line += cell(row < grammarLines.count ? grammarLines[row] : "", Self.language(of: grammarText), width: grammarWidth, emphasis: .dim)
                line += "  "
            }
            line += cell(row < translationLines.count ? translationLines[row] : "", translationLanguage, width: translationWidth, emphasis: nil)
            lines.append(trimmedEnd(line))
        }
        let indent = String(repeating: " ", count: numberWidth + 2)
        for example in entry.examples {
            lines += exampleLines(example, indent: indent, width: width - indent.count)
        }
        return lines
    }

    /// The narrow layout: headword and grammar, translations, examples, one per line.
    private func block(_ entry: DictionaryEntry, number: Int) -> [String] {
        let indent = "   "
        let inner = max(width - indent.count, 10)
        var lines: [String] = []
        let grammarText = grammar(entry.grammar)
        let head = "\(number). " + headwordText(entry)
        for (row, line) in shown(TerminalText.wrap(head, width: max(width, 10)), entry.headword.language).enumerated() {
            lines.append(row == 0 ? style(headwordStyle(entry), line) : cell(line, entry.headword.language, width: 0, emphasis: .bold))
        }
        if !grammarText.isEmpty {
            let grammarLanguage = Self.language(of: grammarText)
            lines += shown(TerminalText.wrap(grammarText, width: inner), grammarLanguage).map { trimmedEnd(indent + cell($0, grammarLanguage, width: inner, emphasis: .dim)) }
        }
        let translationLanguage = entry.translations.first?.language ?? .persian
        for line in shown(TerminalText.wrap(entry.translations.map(\.text).joined(separator: separator(translationLanguage)), width: inner), translationLanguage) {
            lines.append(trimmedEnd(indent + cell(line, translationLanguage, width: inner, emphasis: nil)))
        }
        for example in entry.examples {
            lines += exampleLines(example, indent: indent, width: inner)
        }
        return lines
    }

    /// `» source` and, below it, the translation, right-aligned when Persian.
    private func exampleLines(_ example: Example, indent: String, width: Int) -> [String] {
        var lines: [String] = []
        let marker = "» "
        for (row, line) in shown(TerminalText.wrap(example.source.text, width: width - marker.count), example.source.language).enumerated() {
            lines.append(trimmedEnd(indent + (row == 0 ? marker : "  ") + cell(line, example.source.language, width: width - marker.count, emphasis: .italic)))
        }
        if let translation = example.translation {
            for line in shown(TerminalText.wrap(translation.text, width: width - marker.count), translation.language) {
                lines.append(trimmedEnd(indent + "  " + cell(line, translation.language, width: width - marker.count, emphasis: .dim)))
            }
        }
        return lines
    }

    // MARK: Pieces

    fileprivate func headwordText(_ entry: DictionaryEntry) -> String {
        entry.headwordWithArticle
    }

    fileprivate func grammar(_ grammar: Grammar) -> String {
        grammar.summary
    }

    private func separator(_ language: Language) -> String {
        language == .persian ? "، " : "; "
    }

    /// A wrapped paragraph's lines as the terminal gets them: Persian
    /// ordered for display as `bidi` says, all its lines at once (the
    /// bidirectional algorithm reads the paragraph), German as it is.
    private func shown(_ lines: [String], _ language: Language) -> [String] {
        language == .persian ? bidi.rightToLeft(lines) : lines
    }

    /// One column's line, already `shown`: Persian right-aligned, German
    /// left-aligned; styled after measuring, so escapes take no cells.
    private func cell(_ line: String, _ language: Language, width: Int, emphasis: Style?) -> String {
        let padding = String(repeating: " ", count: max(0, width - TerminalText.width(line)))
        let styled = emphasis.map { style($0, line) } ?? line
        return language == .persian ? padding + styled : styled + padding
    }

    private func field(_ text: LocalizedText) -> String {
        shown([text.text], text.language)[0]
    }

    /// Learners' colours for the three genders; bold otherwise.
    private func headwordStyle(_ entry: DictionaryEntry) -> Style {
        switch entry.grammar.gender ?? Self.gender(ofArticle: entry.grammar.article) {
        case "m": return .masculine
        case "f": return .feminine
        case "n": return .neuter
        default: return .bold
        }
    }

    private static func gender(ofArticle article: String?) -> String? {
        switch article?.lowercased() {
        case "der": return "m"
        case "die": return "f"
        case "das": return "n"
        default: return nil
        }
    }

    static func language(of text: String) -> Language {
        LookupDirection.detect(text) == .persianToGerman ? .persian : .german
    }

    private func trimmedEnd(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }

    // MARK: Colour

    enum Style: String {
        case bold = "1", dim = "2", italic = "3", masculine = "1;34", feminine = "1;31", neuter = "1;32"
    }

    private func style(_ style: Style, _ text: String) -> String {
        guard color, !text.isEmpty else { return text }
        return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
    }
}
