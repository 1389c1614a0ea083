import CLibXML2

/// A result page's tree, as the extractors read it: elements and text, in
/// document order.
///
/// libxml2's HTML parser builds it (Debian's libxml2, a parser that repairs
/// any markup, decodes character references and lower-cases names). Lookup
/// reads a page to find entries, where a tree is wanted and byte fidelity is
/// not, so it does not use the sanitizer's streaming tokenizer. The page
/// owns libxml2's document and numbers its nodes once, so that extractors
/// keep per-node facts in plain arrays and know in constant time whether a
/// node lies inside another.
///
/// Kept: elements and text (adjacent text is one node). Not kept: comments,
/// and the content of `script`, `style`, `template`, `textarea`, `noscript`,
/// `iframe`, `noembed` and `noframes`, whose text is code or markup, not
/// words. Three repairs make libxml2's tree what a browser builds where result
/// pages need it: rows straight in a `table` get the `tbody` browsers imply
/// (a profile's selectors are written against a browser's tree), a `dd`
/// or `dt` closes the one before (libxml2 2.9 nests them), and an end tag
/// closes the elements left open inside it (`EndTagRepair`). Any bytes
/// give a page: libxml2 stops reading at 256 levels of nesting (the rest of
/// the page is dropped), and at most `maximumNodes` nodes are numbered.
final class ResultPage {
    /// A node of one page: its position in document order (the document
    /// node is 0). Nodes of one page mean nothing in another.
    struct Node: Hashable, Comparable, CustomStringConvertible {
        let index: Int

        static func < (lhs: Node, rhs: Node) -> Bool { lhs.index < rhs.index }
        var description: String { "#\(index)" }
    }

    enum Kind: UInt8 {
        case document, element, text
    }

    private let document: htmlDocPtr?
    /// libxml2's element of each numbered element (nil for text and the
    /// document node): attributes are read from it when asked for.
    private let elements: [xmlNodePtr?]
    private let kinds: [Kind]
    /// An element's lower-cased name, a text node's text.
    private let names: [String]
    private let parents: [Int]
    private let firstChildren: [Int]
    private let nextSiblings: [Int]
    /// One past the last node of each node's subtree.
    private let subtreeEnds: [Int]

    /// Elements whose content is code or markup, not words.
    static let textless: Set<String> = ["script", "style", "template", "textarea", "noscript", "iframe", "noembed", "noframes"]

    private static let parserInitialized: Void = xmlInitParser()

    private static let options = Int32(bitPattern: HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)

    /// Parses a page (UTF-8, as `Fetch` delivers it). Whitespace-only text
    /// is kept (no `HTML_PARSE_NOBLANKS`): it is what separates the words
    /// of `<mark>a</mark> <mark>b</mark>`.
    ///
    /// - Parameter maximumNodes: the most nodes numbered; the rest of the
    ///   page is not read, so that a hostile page cannot take unbounded
    ///   memory.
    init(parsing page: [UInt8], maximumNodes: Int = 200_000) {
        _ = Self.parserInitialized
        // nil for an empty page: a page of the document node alone.
        document = EndTagRepair.during {
            page.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { htmlReadMemory($0.baseAddress, Int32(clamping: $0.count), nil, "UTF-8", Self.options) }
            }
        }
        var numbering = ResultPageNumbering(document: document)
        numbering.number(upTo: max(1, maximumNodes))
        (elements, kinds, names) = (numbering.elements, numbering.kinds, numbering.names)
        (parents, firstChildren, nextSiblings, subtreeEnds) = (numbering.parents, numbering.firstChildren, numbering.nextSiblings, numbering.subtreeEnds)
    }

    deinit {
        if let document { xmlFreeDoc(document) }
    }

    // MARK: Reading

    /// The document node: the parent of the top-level elements and text.
    var root: Node { Node(index: 0) }

    /// How many nodes are numbered (the document node included).
    var nodeCount: Int { kinds.count }

    func kind(_ node: Node) -> Kind { kinds[node.index] }

    /// An element's lower-cased name; nil for text and the document node.
    func name(_ node: Node) -> String? {
        kinds[node.index] == .element ? names[node.index] : nil
    }

    /// A text node's text, character references decoded.
    func text(ofTextNode node: Node) -> String? {
        kinds[node.index] == .text ? names[node.index] : nil
    }

    /// Whether the node is an element of that (lower-case) name.
    func isElement(_ node: Node, named name: String) -> Bool {
        kinds[node.index] == .element && names[node.index] == name
    }

    /// An attribute's value, character references decoded, by its
    /// lower-case name; nil when the element has none (or the node is not
    /// an element). An attribute written without a value has the value "".
    /// Of repeated names libxml2 keeps the first, as browsers do.
    func attribute(_ node: Node, _ name: String) -> String? {
        var attribute = elements[node.index]?.pointee.properties
        while let current = attribute {
            if xmlStrEqual(current.pointee.name, name) != 0 {
                var value = ""
                var part = current.pointee.children
                while let text = part {
                    if let content = text.pointee.content { value += String(cString: content) }
                    part = text.pointee.next
                }
                return value
            }
            attribute = current.pointee.next
        }
        return nil
    }

    /// The element's attribute names in source order.
    func attributeNames(_ node: Node) -> [String] {
        var result: [String] = []
        var attribute = elements[node.index]?.pointee.properties
        while let current = attribute {
            result.append(String(cString: current.pointee.name))
            attribute = current.pointee.next
        }
        return result
    }

    /// The `class` attribute split at ASCII whitespace.
    func classes(_ node: Node) -> [Substring] {
        guard let value = attribute(node, "class") else { return [] }
        return value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
    }

    /// The parent; nil for the document node.
    func parent(_ node: Node) -> Node? {
        let parent = parents[node.index]
        return parent < 0 ? nil : Node(index: parent)
    }

    /// The node's children in order.
    func children(_ node: Node) -> [Node] {
        var result: [Node] = []
        var child = firstChildren[node.index]
        while child >= 0 {
            result.append(Node(index: child))
            child = nextSiblings[child]
        }
        return result
    }

    /// The node's element children in order.
    func elementChildren(_ node: Node) -> [Node] {
        children(node).filter { kinds[$0.index] == .element }
    }

    /// The next node with the same parent.
    func nextSibling(_ node: Node) -> Node? {
        let next = nextSiblings[node.index]
        return next < 0 ? nil : Node(index: next)
    }

    /// Every node inside `node` (not `node` itself), in document order.
    func descendants(of node: Node) -> Nodes {
        Nodes(range: node.index + 1..<subtreeEnds[node.index])
    }

    /// One past the last node inside `node`, for walks that skip subtrees.
    func subtreeEnd(of node: Node) -> Int { subtreeEnds[node.index] }

    /// Whether `node` lies inside `ancestor` (a node is not its own ancestor).
    func isAncestor(_ ancestor: Node, of node: Node) -> Bool {
        node.index > ancestor.index && node.index < subtreeEnds[ancestor.index]
    }

    /// The ancestors of `node`, nearest first, ending with the document node.
    func ancestors(of node: Node) -> [Node] {
        var result: [Node] = []
        var current = parents[node.index]
        while current >= 0 {
            result.append(Node(index: current))
            current = parents[current]
        }
        return result
    }

    /// Nodes in document order over a contiguous run of the page (a subtree
    /// is always contiguous: nodes are numbered in document order).
    struct Nodes: RandomAccessCollection {
        let range: Range<Int>

        var startIndex: Int { range.lowerBound }
        var endIndex: Int { range.upperBound }
        subscript(position: Int) -> Node { Node(index: position) }
    }
}
