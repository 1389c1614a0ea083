/// A read-only HTML document tree, built with the same tokenizer the proxy
/// uses, so that what `limot lookup` reads in a page is what `limot serve`
/// lets through.
///
/// It is made for reading pages, not for rendering them: element names are
/// lower-cased, attribute values and text have their character references
/// decoded, the contents of `script`, `style`, `template`, `textarea` (and of
/// the other raw-text elements whose text is markup: `noscript`, `iframe`,
/// `noembed`, `noframes`) are not text, comments are dropped, and end tags
/// that browsers imply are implied for the elements result pages use (see
/// `HTMLTreeBuilder`). Any bytes give a document: broken markup is repaired,
/// never refused, and `maximumNodes` bounds the memory one page can take.
public struct HTMLDocument: Sendable {
    var kinds: [HTMLNode.Kind] = []
    /// An element's lower-cased name, a text node's decoded text.
    var names: [String] = []
    var parents: [Int] = []
    var firstChildren: [Int] = []
    var lastChildren: [Int] = []
    var nextSiblings: [Int] = []
    /// One past the last node of each node's subtree.
    var subtreeEnds: [Int] = []
    var attributeRanges: [Range<Int>] = []
    var attributeStore: [HTMLAttribute] = []

    /// Whether parsing stopped at `maximumNodes`; the tree then holds the
    /// page's beginning only.
    public internal(set) var isTruncated = false

    /// Parses a page (UTF-8; invalid sequences become U+FFFD).
    ///
    /// - Parameter maximumNodes: the most nodes kept; the rest of the page is
    ///   ignored, so that a hostile page cannot take unbounded memory.
    public static func parse(_ bytes: [UInt8], maximumNodes: Int = 200_000) -> HTMLDocument {
        var builder = HTMLTreeBuilder(maximumNodes: max(1, maximumNodes))
        bytes.withUnsafeBufferPointer { builder.build($0) }
        return builder.document
    }

    /// The document node: the parent of the top-level elements and text.
    public var root: HTMLNode.ID { HTMLNode.ID(0) }

    /// How many nodes the document holds (the document node included).
    public var nodeCount: Int { kinds.count }

    /// What the node is.
    public func kind(_ node: HTMLNode.ID) -> HTMLNode.Kind { kinds[node.index] }

    /// An element's lower-cased name; nil for text and the document node.
    public func name(_ node: HTMLNode.ID) -> String? {
        kinds[node.index] == .element ? names[node.index] : nil
    }

    /// Whether the node is an element of that (lower-case) name.
    public func isElement(_ node: HTMLNode.ID, named name: String) -> Bool {
        kinds[node.index] == .element && names[node.index] == name
    }

    /// An attribute's decoded value, by its lower-case name; nil when the
    /// element has no such attribute (or the node is not an element). An
    /// attribute written without a value has the value "".
    public func attribute(_ node: HTMLNode.ID, _ name: String) -> String? {
        for attribute in attributeStore[attributeRanges[node.index]] where attribute.name == name {
            return attribute.value
        }
        return nil
    }

    /// The element's attributes in source order (the first of repeated
    /// names only, as browsers keep them).
    public func attributes(_ node: HTMLNode.ID) -> ArraySlice<HTMLAttribute> {
        attributeStore[attributeRanges[node.index]]
    }

    /// The `class` attribute split at ASCII whitespace.
    public func classes(_ node: HTMLNode.ID) -> [Substring] {
        guard let value = attribute(node, "class") else { return [] }
        return value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
    }

    /// The parent; nil for the document node.
    public func parent(_ node: HTMLNode.ID) -> HTMLNode.ID? {
        let parent = parents[node.index]
        return parent < 0 ? nil : HTMLNode.ID(parent)
    }

    /// The node's children in order.
    public func children(_ node: HTMLNode.ID) -> [HTMLNode.ID] {
        var result: [HTMLNode.ID] = []
        var child = firstChildren[node.index]
        while child >= 0 {
            result.append(HTMLNode.ID(child))
            child = nextSiblings[child]
        }
        return result
    }

    /// The node's element children in order.
    public func elementChildren(_ node: HTMLNode.ID) -> [HTMLNode.ID] {
        children(node).filter { kinds[$0.index] == .element }
    }

    /// The next node with the same parent.
    public func nextSibling(_ node: HTMLNode.ID) -> HTMLNode.ID? {
        let next = nextSiblings[node.index]
        return next < 0 ? nil : HTMLNode.ID(next)
    }

    /// Every node inside `node` (not `node` itself), in document order.
    public func descendants(of node: HTMLNode.ID) -> HTMLNodeIDs {
        HTMLNodeIDs(range: node.index + 1..<subtreeEnds[node.index])
    }

    /// Whether `node` lies inside `ancestor` (a node is not its own ancestor).
    public func isAncestor(_ ancestor: HTMLNode.ID, of node: HTMLNode.ID) -> Bool {
        node.index > ancestor.index && node.index < subtreeEnds[ancestor.index]
    }

    /// The ancestors of `node`, nearest first, ending with the document node.
    public func ancestors(of node: HTMLNode.ID) -> [HTMLNode.ID] {
        var result: [HTMLNode.ID] = []
        var current = parents[node.index]
        while current >= 0 {
            result.append(HTMLNode.ID(current))
            current = parents[current]
        }
        return result
    }
}

/// One attribute of an element: its lower-cased name and decoded value.
public struct HTMLAttribute: Sendable, Equatable {
    public let name: String
    public let value: String
}
