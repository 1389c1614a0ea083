import Vocabulary

/// A result page as the extractors read it: the document, which of its
/// elements are not content (navigation, ads, forms, conjugation tables),
/// and the language of each piece of text.
struct PageReader {
    let document: ResultPage
    let direction: LookupDirection
    /// Per node: it or an ancestor is not content.
    private(set) var ignored: [Bool]

    init(page: [UInt8], direction: LookupDirection) {
        document = ResultPage(parsing: page)
        self.direction = direction
        ignored = Array(repeating: false, count: document.nodeCount)
        for node in document.descendants(of: document.root) {
            let parentIgnored = document.parent(node).map { ignored[$0.index] } ?? false
            ignored[node.index] = parentIgnored || (document.kind(node) == .element && PageRegions.isNotContent(node, in: document))
        }
    }

    func isIgnored(_ node: ResultPage.Node) -> Bool { ignored[node.index] }

    /// The node's text without what is not content.
    func text(_ node: ResultPage.Node) -> String {
        document.text(of: node) { ignored[$0.index] }
    }

    /// The node's text without what is not content and without `excluded`.
    func text(_ node: ResultPage.Node, excluding excluded: (ResultPage.Node) -> Bool) -> String {
        document.text(of: node) { ignored[$0.index] || excluded($0) }
    }

    /// The language of an element: its own `lang` (`de…`, `fa…`) when it
    /// has one, else what its letters say. `dir="rtl"` alone is not
    /// trusted: pages set it on whole mixed blocks.
    func language(of node: ResultPage.Node, text: String) -> TextLanguage? {
        if document.kind(node) == .element, let lang = document.attribute(node, "lang")?.lowercased() {
            let byScript = TextLanguage(of: text)
            if lang.hasPrefix("de"), byScript != .persian { return byScript == nil ? nil : .german }
            if lang.hasPrefix("fa") || lang.hasPrefix("per"), byScript != .german { return byScript == nil ? nil : .persian }
        }
        return TextLanguage(of: text)
    }

    /// Class and id tokens, lower-cased, for the heuristics.
    func tokens(_ node: ResultPage.Node) -> [String] {
        var tokens = document.classes(node).map { $0.lowercased() }
        if let id = document.attribute(node, "id") { tokens.append(id.lowercased()) }
        return tokens
    }
}
