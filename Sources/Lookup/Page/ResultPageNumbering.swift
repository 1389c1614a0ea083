import CLibXML2

/// Numbers the nodes of libxml2's tree for `ResultPage`, in document order,
/// with the two repairs that make it a browser's tree where result pages
/// need it. Built apart so that the page keeps the result in constants,
/// which reading (on every selector match) does not pay exclusivity checks for.
struct ResultPageNumbering {
    let document: htmlDocPtr?
    private(set) var elements: [xmlNodePtr?] = []
    private(set) var kinds: [ResultPage.Kind] = []
    private(set) var names: [String] = []
    private(set) var parents: [Int] = []
    private(set) var firstChildren: [Int] = []
    private(set) var nextSiblings: [Int] = []
    private(set) var subtreeEnds: [Int] = []

    init(document: htmlDocPtr?) {
        self.document = document
    }

    /// Numbers the nodes in document order, walking libxml2's tree without
    /// recursion.
    mutating func number(upTo maximumNodes: Int) {
        append(.document, name: "", element: nil, parent: -1, after: -1)
        // The open nodes: their number, the libxml2 child to read next,
        // the number of the last child so far.
        var open: [(node: Int, next: xmlNodePtr?, lastChild: Int)] = [(0, document?.pointee.children, -1)]
        while let top = open.last {
            guard let current = top.next else {
                subtreeEnds[top.node] = kinds.count
                open.removeLast()
                continue
            }
            let name = current.pointee.type == XML_ELEMENT_NODE ? String(cString: current.pointee.name).lowercased() : ""
            if name == "table" { implyTableBodies(in: current) }
            if name == "dd" || name == "dt" { closeDefinitionItem(current) }
            open[open.count - 1].next = current.pointee.next  // after the repairs, which may add siblings
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                guard kinds.count < maximumNodes else { break }
                let node = append(.element, name: name, element: current, parent: top.node, after: top.lastChild)
                open[open.count - 1].lastChild = node
                if !ResultPage.textless.contains(name) { open.append((node, current.pointee.children, -1)) }
            case XML_TEXT_NODE:
                let text = current.pointee.content.map { String(cString: $0) } ?? ""
                if top.lastChild >= 0, top.lastChild == kinds.count - 1, kinds[top.lastChild] == .text {
                    names[top.lastChild] += text  // text around a dropped comment
                } else if kinds.count < maximumNodes {
                    open[open.count - 1].lastChild = append(.text, name: text, element: nil, parent: top.node, after: top.lastChild)
                }
            default:
                continue
            }
            if kinds.count >= maximumNodes, open.count > 0 {
                for entry in open { subtreeEnds[entry.node] = kinds.count }
                return
            }
        }
    }

    @discardableResult
    private mutating func append(_ kind: ResultPage.Kind, name: String, element: xmlNodePtr?, parent: Int, after previous: Int) -> Int {
        let index = kinds.count
        kinds.append(kind)
        names.append(name)
        elements.append(element)
        parents.append(parent)
        firstChildren.append(-1)
        nextSiblings.append(-1)
        subtreeEnds.append(index + 1)
        if previous >= 0 { nextSiblings[previous] = index } else if parent >= 0 { firstChildren[parent] = index }
        return index
    }

    /// Moves a `dd` or `dt` that libxml2 nested in the `dd` or `dt` before
    /// it (written without that one's end tag), and what follows it, out
    /// after `item`, as browsers close the item before.
    private func closeDefinitionItem(_ item: xmlNodePtr) {
        var child = item.pointee.children
        while let node = child, !Self.isElement(node, named: "dd"), !Self.isElement(node, named: "dt") { child = node.pointee.next }
        var anchor = item
        while let node = child {
            child = node.pointee.next
            xmlUnlinkNode(node)
            anchor = xmlAddNextSibling(anchor, node) ?? anchor
        }
    }

    private static func isElement(_ node: xmlNodePtr, named name: String) -> Bool {
        node.pointee.type == XML_ELEMENT_NODE && xmlStrcasecmp(node.pointee.name, name) == 0
    }

    /// Puts each run of rows straight in `table` (with the text between
    /// them) into a `tbody`, as browsers do; libxml2 keeps them bare.
    private func implyTableBodies(in table: xmlNodePtr) {
        var body: xmlNodePtr?
        var child = table.pointee.children
        while let node = child {
            child = node.pointee.next
            let isRow = Self.isElement(node, named: "tr")
            if isRow, body == nil, let created = xmlNewDocNode(document, nil, "tbody", nil) {
                body = xmlAddPrevSibling(node, created)
            }
            if let open = body, isRow || node.pointee.type == XML_TEXT_NODE {
                xmlUnlinkNode(node)
                xmlAddChild(open, node)  // may merge text into the body's last text node and free `node`
            } else if node.pointee.type == XML_ELEMENT_NODE {
                body = nil
            }
        }
    }
}
