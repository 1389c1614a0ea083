import Vocabulary

/// Finds entries with a site profile's selectors.
///
/// `entry` is matched in the page. An entry's parts are looked for in the
/// entry element and in the siblings after it up to the next entry, as
/// pages group them: a `dt` with its `dd`s, a table row with the example
/// rows under it. Of the `headword` matches, the first in the query's
/// language is the headword (so one profile serves both directions of a
/// site whose columns swap), of the `translation` matches those in the
/// other language; the text `grammar` matches is grammar, not words, and
/// markers inside a translation stay out of the headword's grammar.
/// Without `headword` or `translation`, each entry is read by structure.
struct ProfileExtractor {
    let page: PageReader
    let selectors: ProfileSelectors

    func entries() -> [DictionaryEntry] {
        guard let entrySelector = selectors.entry else { return [] }
        let document = page.document
        let entryNodes = entrySelector.select(in: document)
        let entrySet = Set(entryNodes)
        var entries: [DictionaryEntry] = []
        for node in entryNodes {
            var group = [node]
            var sibling = document.nextSibling(node)
            while let next = sibling, !entrySet.contains(next) {
                if document.kind(next) == .element { group.append(next) }
                sibling = document.nextSibling(next)
            }
            if let entry = entry(in: group) { entries.append(entry) }
        }
        return entries
    }

    /// The elements of the group (members and their descendants) that
    /// match, outermost only.
    private func matches(_ selector: CSSSelector?, in group: [ResultPage.Node], outermost: Bool = true) -> [ResultPage.Node] {
        guard let selector else { return [] }
        var found: [ResultPage.Node] = []
        for member in group {
            for node in selector.select(in: page.document, under: member, includingScope: true) {
                if outermost, let last = found.last, page.document.isAncestor(last, of: node) { continue }
                found.append(node)
            }
        }
        return found
    }

    private func entry(in group: [ResultPage.Node]) -> DictionaryEntry? {
        let source = page.direction.sourceLanguage, target = page.direction.targetLanguage
        let headwordCandidates = matches(selectors.headword, in: group)
        let translationCandidates = matches(selectors.translation, in: group)
        guard !headwordCandidates.isEmpty, !translationCandidates.isEmpty else { return nil }
        let grammarNodes = matches(selectors.grammar, in: group)
        let isGrammar = { (node: ResultPage.Node) in grammarNodes.contains(node) }

        let languageOf = { (node: ResultPage.Node) in page.language(of: node, text: page.text(node, excluding: isGrammar))?.language }
        let head = headwordCandidates.first { languageOf($0) == source } ?? headwordCandidates[0]
        let inTarget = translationCandidates.filter { $0 != head && languageOf($0) == target }
        let translationNodes = inTarget.isEmpty ? translationCandidates.filter { $0 != head } : inTarget

        let headGrammar = grammarNodes.filter { marker in
            !translationNodes.contains { $0 == marker || page.document.isAncestor($0, of: marker) }
        }
        var grammar = Grammar()
        let headword = page.headword(from: head, excluding: isGrammar, markers: headGrammar, grammar: &grammar)
        let translations = translationNodes.flatMap { page.translations(in: $0, excluding: isGrammar) }
        let examples = matches(selectors.example, in: group).flatMap { page.examples(in: $0) }
        guard !headword.isEmpty, !translations.isEmpty else { return nil }
        return DictionaryEntry(headword: LocalizedText(headword, source), grammar: grammar, translations: translations, examples: examples)
    }
}
