import Vocabulary

/// One piece of a candidate entry: a table cell, a `dt` or `dd`, a child
/// block of a list item, or a run of text, with its language.
struct Cell {
    /// nil for a run of text cut out of a text node.
    var node: ResultPage.Node?
    var text: String
    var language: TextLanguage?
}

/// Building entries from cells and example containers, the same way for
/// profile selectors and for structure.
extension PageReader {
    func cell(_ node: ResultPage.Node) -> Cell {
        let text = text(node)
        return Cell(node: node, text: text, language: language(of: node, text: text))
    }

    /// Whether an element inside a headword or translation is a grammar
    /// marker rather than part of the words: by its class (`gram…`, `pos`,
    /// `gen…`, `gender…`, `wortart`), or because its text is only grammar
    /// (`n`, `Subst., Pl.: Häuser`).
    func isGrammarMarker(_ node: ResultPage.Node) -> Bool {
        guard document.kind(node) == .element, !isIgnored(node) else { return false }
        for token in tokens(node) {
            if token.hasPrefix("gram") || token == "pos" || token == "gen" || token.hasPrefix("gen-") || token.hasPrefix("gender") || token.hasPrefix("genus") || token.hasPrefix("wortart") || token == "wordclass" || token == "plural" {
                return true
            }
        }
        if document.isElement(node, named: "a") { return false }
        let text = text(node)
        return !text.isEmpty && GrammarReader.isGrammar(text)
    }

    /// The top-most grammar markers inside `node`.
    func grammarMarkers(in node: ResultPage.Node) -> [ResultPage.Node] {
        var markers: [ResultPage.Node] = []
        for descendant in document.descendants(of: node) where document.kind(descendant) == .element {
            if let last = markers.last, document.isAncestor(last, of: descendant) { continue }
            if isGrammarMarker(descendant) { markers.append(descendant) }
        }
        return markers
    }

    /// Adds what grammar markers say, by text and by class (`gen-m`).
    func readGrammar(of markers: [ResultPage.Node], into grammar: inout Grammar) {
        for marker in markers {
            GrammarReader.read(text(marker), into: &grammar)
            if grammar.gender == nil {
                grammar.gender = document.classes(marker).lazy.compactMap { GrammarReader.gender(classToken: $0.lowercased()) }.first
            }
        }
    }

    /// A headword from its element: the words without the grammar markers,
    /// the markers read as grammar, the article split off.
    func headword(from node: ResultPage.Node, excluding excluded: (ResultPage.Node) -> Bool, markers: [ResultPage.Node], grammar: inout Grammar) -> String {
        readGrammar(of: markers, into: &grammar)
        var words = text(node, excluding: excluded)
        if words.isEmpty { words = text(node) }
        return GrammarReader.headword(words, language: direction.sourceLanguage, into: &grammar)
    }

    /// The translations in a target-language element, without its grammar
    /// markers ("das Haus n" gives "das Haus").
    func translations(in node: ResultPage.Node, excluding excluded: (ResultPage.Node) -> Bool) -> [LocalizedText] {
        TextPieces.translations(text(node, excluding: excluded)).map { LocalizedText($0, direction.targetLanguage) }
    }

    // MARK: Examples

    /// The example pairs in an element: one pair, or one per bilingual
    /// child when it holds several (a list of examples).
    func examples(in node: ResultPage.Node) -> [Example] {
        let children = document.elementChildren(node).filter { !isIgnored($0) }
        let bilingual = children.filter { TextLanguage(of: text($0)) == .mixed }
        let isList = ["ul", "ol", "dl", "table", "tbody"].contains(document.name(node) ?? "")
        if bilingual.count >= 2 || (isList && !bilingual.isEmpty) {
            return bilingual.flatMap { examples(in: $0) }
        }
        return example(from: segments(of: node)).map { [$0] } ?? []
    }

    /// An example from language-tagged pieces: the source-language pieces
    /// are the sentence, the others its translation.
    func example(from segments: [(text: String, language: Language)]) -> Example? {
        let source = segments.filter { $0.language == direction.sourceLanguage }.map(\.text).joined(separator: " ")
        let target = segments.filter { $0.language == direction.targetLanguage }.map(\.text).joined(separator: " ")
        guard !source.isEmpty else { return nil }
        return Example(source: LocalizedText(source, direction.sourceLanguage),
                       translation: target.isEmpty ? nil : LocalizedText(target, direction.targetLanguage))
    }

    /// The node's text in language-tagged pieces: monolingual child
    /// elements whole, mixed ones taken apart, bare text cut at the
    /// changes of script.
    func segments(of node: ResultPage.Node) -> [(text: String, language: Language)] {
        // One change of script at most: the text itself, spacing as written.
        let runs = TextPieces.scriptRuns(text(node))
        if runs.count <= 2 { return runs }
        var result: [(text: String, language: Language)] = []
        for child in document.children(node) where !isIgnored(child) {
            if document.kind(child) == .text {
                result += TextPieces.scriptRuns(document.text(of: child))
                continue
            }
            let text = text(child)
            switch language(of: child, text: text) {
            case .german?: result.append((text.trimming(TextPieces.joiners), .german))
            case .persian?: result.append((text.trimming(TextPieces.joiners), .persian))
            case .mixed?: result += segments(of: child)
            case nil: continue
            }
        }
        // Adjacent pieces of one language are one piece ("<b>Haus</b>tür").
        var merged: [(text: String, language: Language)] = []
        for segment in result where !segment.text.isEmpty {
            if let last = merged.last, last.language == segment.language {
                merged[merged.count - 1].text = last.text + " " + segment.text
            } else {
                merged.append(segment)
            }
        }
        return merged
    }
}
