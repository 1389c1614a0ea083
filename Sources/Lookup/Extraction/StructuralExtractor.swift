import Vocabulary

/// Finds entries by the page's structure alone, for sites without a
/// profile and for when a profile's selectors stop matching a redesigned
/// site.
///
/// An entry is a record that pairs German text with Persian text in
/// separate parts: a table row (its cells), a list item or a `div`,
/// `section` or `article` block (its child elements and runs of text), or
/// a definition list's `dt` with the `dd`s after it. The records of one
/// table, list or parent are read together, outermost first, so a list of
/// examples inside an entry stays part of that entry, and a wrapper that
/// holds the whole page is never an entry (its parts are mixed, not one
/// language each). Navigation, ads, forms and conjugation tables are
/// never read (`PageRegions`).
///
/// In a record: the first source-language part that is not only grammar is
/// the headword, its grammar markers and the other source-language parts
/// are grammar, target-language parts are translations (split at `;` `,`
/// `؛` `،`), mixed parts are examples. A table row marked as an example
/// (`example`, `beispiel`), or a sentence without grammar right after an
/// entry, is an example of the entry before it.
struct StructuralExtractor {
    let page: PageReader

    func entries() -> [DictionaryEntry] {
        let document = page.document
        var claimed = [Bool](repeating: false, count: document.nodeCount)
        var entries: [DictionaryEntry] = []
        for parent in document.descendants(of: document.root) {
            guard document.kind(parent) == .element, !claimed[parent.index], !page.isIgnored(parent) else { continue }
            var groupHasEntry = false
            for record in records(in: parent) {
                let isRow = document.isElement(record[0], named: "tr")
                let cells = cells(of: record, isRow: isRow)
                guard cells.contains(where: { $0.language == .german }), cells.contains(where: { $0.language == .persian }) else { continue }
                for member in record {
                    claimed[member.index] = true
                    for node in document.descendants(of: member) { claimed[node.index] = true }
                }
                if groupHasEntry, isRow, isExampleRow(record[0], cells: cells) {
                    if let example = page.example(from: page.segments(of: record[0])) { entries[entries.count - 1].examples.append(example) }
                    continue
                }
                if let entry = entry(from: cells) {
                    entries.append(entry)
                    groupHasEntry = true
                }
            }
        }
        return entries
    }

    // MARK: Records

    /// The candidate records directly under `parent`.
    private func records(in parent: ResultPage.Node) -> [[ResultPage.Node]] {
        let document = page.document
        let children = document.elementChildren(parent).filter { !page.isIgnored($0) }
        switch document.name(parent) ?? "" {
        case "table", "tbody", "tfoot":
            return children.filter { row in
                document.isElement(row, named: "tr")
                    && document.elementChildren(row).contains { document.isElement($0, named: "td") }
            }.map { [$0] }
        case "thead":
            return []
        case "ul", "ol", "menu":
            return children.filter { document.isElement($0, named: "li") }.map { [$0] }
        case "dl":
            var groups: [[ResultPage.Node]] = []
            for child in children {
                if document.isElement(child, named: "dt") {
                    groups.append([child])
                } else if document.isElement(child, named: "dd"), !groups.isEmpty {
                    groups[groups.count - 1].append(child)
                } else if document.isElement(child, named: "div") {
                    groups.append([child])  // <dl><div><dt>…<dd>…</div>
                }
            }
            return groups
        default:
            return children.filter { ["div", "section", "article"].contains(document.name($0) ?? "") }.map { [$0] }
        }
    }

    /// The parts of a record: a row's cells, a `dt` group's members, a
    /// block's child elements and text runs. A block whose only part is a
    /// mixed wrapper is read through the wrapper, unless that is the page's
    /// `main` (a page is not an entry) or a list or table (a group of
    /// records of its own).
    private func cells(of record: [ResultPage.Node], isRow: Bool) -> [Cell] {
        let document = page.document
        if record.count > 1 { return record.map(page.cell).filter { $0.language != nil } }
        var node = record[0]
        for _ in 0..<4 {
            var cells: [Cell] = []
            for child in document.children(node) where !page.isIgnored(child) {
                if document.kind(child) == .element {
                    if isRow, !document.isElement(child, named: "td"), !document.isElement(child, named: "th") { continue }
                    cells.append(page.cell(child))
                } else if !isRow {
                    cells += TextPieces.scriptRuns(document.text(of: child)).map { Cell(node: nil, text: $0.text, language: $0.language == .german ? .german : .persian) }
                }
            }
            cells = cells.filter { $0.language != nil }
            if cells.count == 1, cells[0].language == .mixed, let wrapper = cells[0].node, !Self.notWrappers.contains(document.name(wrapper) ?? "") {
                node = wrapper
                continue
            }
            return cells
        }
        return []
    }

    private static let notWrappers: Set<String> = ["main", "ul", "ol", "dl", "menu", "table", "tbody", "thead", "tfoot"]

    private static let exampleTokens: Set<String> = ["example", "examples", "beispiel", "beispiele", "sample", "ex", "satz", "sentence"]

    private func isExampleRow(_ row: ResultPage.Node, cells: [Cell]) -> Bool {
        if page.tokens(row).contains(where: { Self.exampleTokens.contains($0) || $0.hasPrefix("example") || $0.hasPrefix("beispiel") }) { return true }
        let source = cells.filter { $0.language?.language == page.direction.sourceLanguage }
        guard source.count == 1, let cell = source.first, let node = cell.node, page.grammarMarkers(in: node).isEmpty else { return false }
        let words = cell.text.split(separator: " ").count
        return words >= 3 && ".!?؟…".contains(cell.text.last ?? " ")
    }

    // MARK: Entries

    private func entry(from cells: [Cell]) -> DictionaryEntry? {
        let source = page.direction.sourceLanguage, target = page.direction.targetLanguage
        let sourceCells = cells.filter { $0.language?.language == source }
        guard let head = sourceCells.first(where: { !isGrammarCell($0) }) ?? sourceCells.first else { return nil }
        var grammar = Grammar()
        let headword: String
        if let node = head.node {
            let markers = page.grammarMarkers(in: node)
            headword = page.headword(from: node, excluding: { markers.contains($0) }, markers: markers, grammar: &grammar)
        } else {
            headword = GrammarReader.headword(head.text, language: source, into: &grammar)
        }
        for cell in sourceCells where cell.node != head.node || cell.text != head.text {
            GrammarReader.read(cell.text, into: &grammar)
        }
        var translations: [LocalizedText] = []
        var examples: [Example] = []
        for cell in cells {
            if cell.language?.language == target {
                if let node = cell.node {
                    let markers = page.grammarMarkers(in: node)
                    translations += page.translations(in: node, excluding: { markers.contains($0) })
                } else {
                    translations += TextPieces.translations(cell.text).map { LocalizedText($0, target) }
                }
            } else if cell.language == .mixed, let node = cell.node {
                examples += page.examples(in: node)
            }
        }
        guard !headword.isEmpty, !translations.isEmpty else { return nil }
        return DictionaryEntry(headword: LocalizedText(headword, source), grammar: grammar, translations: translations, examples: examples)
    }

    private func isGrammarCell(_ cell: Cell) -> Bool {
        if let node = cell.node, page.tokens(node).contains(where: { $0.hasPrefix("gram") || $0 == "pos" }) { return true }
        return GrammarReader.isGrammar(cell.text)
    }
}
