/// Text content as a reader sees it: the words of a subtree in order, one
/// space where the page has any run of whitespace or a block boundary, so
/// that `<td>a</td><td>b</td>` reads "a b" and not "ab". Zero-width
/// non-joiners (U+200C), which Persian words need, are never whitespace.
extension ResultPage {
    /// The node's text, whitespace collapsed and trimmed.
    func text(of node: Node) -> String {
        text(of: node, excluding: { _ in false })
    }

    /// The node's text without the subtrees `excluded` says to skip (asked
    /// once per element, outermost first): for reading an entry without its
    /// grammar markers, or a page without its ads.
    func text(of node: Node, excluding excluded: (Node) -> Bool) -> String {
        var collector = TextCollector()
        if let text = text(ofTextNode: node) {
            collector.append(text)
            return collector.result
        }
        var index = node.index + 1
        let end = subtreeEnd(of: node)
        var closing: [Int] = []  // ends of the block elements we are inside
        while index < end {
            while let last = closing.last, last <= index {
                collector.breakWord()
                closing.removeLast()
            }
            let current = Node(index: index)
            if let text = text(ofTextNode: current) {
                collector.append(text)
            } else if let name = name(current) {
                if excluded(current) {
                    index = subtreeEnd(of: current)
                    continue
                }
                if Self.wordBreaking.contains(name) {
                    collector.breakWord()
                    closing.append(subtreeEnd(of: current))
                }
            }
            index += 1
        }
        return collector.result
    }

    /// Elements that start and end a line (or a cell) in a browser, so their
    /// text never runs into the text next to them.
    static let wordBreaking: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "dialog", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup",
        "hr", "img", "li", "main", "menu", "nav", "ol", "option", "p", "pre", "section", "summary", "table", "tbody",
        "td", "tfoot", "th", "thead", "tr", "ul", "input", "button", "select",
    ]
}

/// Collects text, collapsing whitespace (ASCII whitespace and the no-break
/// space) to single spaces and trimming both ends.
struct TextCollector {
    private(set) var scalars = String.UnicodeScalarView()
    private var pendingSpace = false

    mutating func append(_ text: String) {
        for scalar in text.unicodeScalars {
            if Self.isCollapsible(scalar) {
                pendingSpace = true
            } else {
                if pendingSpace, !scalars.isEmpty { scalars.append(" ") }
                pendingSpace = false
                scalars.append(scalar)
            }
        }
    }

    mutating func breakWord() {
        pendingSpace = true
    }

    var result: String { String(scalars) }

    static func isCollapsible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0A, 0x0C, 0x0D, 0xA0: return true
        default: return false
        }
    }
}
