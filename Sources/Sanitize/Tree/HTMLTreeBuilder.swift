/// Builds an `HTMLDocument` from the tokenizer's tokens, closing elements
/// where a browser's tree builder (HTML standard §13.2.6) closes them for the
/// markup result pages use:
///
/// - a start tag of a block (`div`, `p`, `table`, `ul`, `h1`…) closes an
///   open `p`; `li` closes the open `li`, `dt`/`dd` the open `dt`/`dd`,
///   `tr` the open row, `td`/`th` the open cell, `option` the open option,
///   a heading an open heading, `a` an open `a`;
/// - a row straight in a `table` gets its implied `tbody`, a cell straight
///   in a table section its implied `tr`;
/// - an end tag closes everything opened inside its element (an unclosed
///   `div` ends with its parent), and an end tag with nothing to close is
///   ignored, as are a second `html`, `head` or `body`;
/// - void elements (`br`, `img`, `input`…) have no content, and `/>` closes
///   an element only inside SVG and MathML.
///
/// Elements nested deeper than `maximumDepth` (512, as in Chromium) get
/// their content as siblings instead of children, so that no operation on
/// the tree walks more than 512 ancestors.
///
/// What it does not do (no result page needs it): the adoption agency for
/// misnested formatting elements, foster parenting of text inside tables,
/// `form` pointers, frameset and quirks handling. It reads the tokens in one
/// pass and keeps at most `maximumNodes` nodes, so any input ends, and ends
/// soon.
struct HTMLTreeBuilder {
    private(set) var document = HTMLDocument()
    private let maximumNodes: Int
    /// The open elements, the document node first.
    private var stack: [Int] = []
    /// For each open element: whether its content is SVG or MathML.
    private var foreign: [Bool] = [false]
    /// How many elements of each name are open, so that a start tag looks
    /// for an open `p` or `li` only when there is one.
    private var openCounts: [String: Int] = [:]
    static let maximumDepth = 512
    private var templateDepth = 0
    /// A script or style past the depth limit: its raw text is not text.
    private var rawTextDropped = false
    private var seenHTML = false, seenHead = false, seenBody = false

    init(maximumNodes: Int) {
        self.maximumNodes = maximumNodes
        _ = append(kind: .document, name: "", attributes: [])
        stack = [0]
    }

    mutating func build(_ input: UnsafeBufferPointer<UInt8>) {
        var tokenizer = HTMLTokenizer(input: input)
        while !document.isTruncated, let token = tokenizer.next() {
            switch token.kind {
            case .text:
                defer { rawTextDropped = false }
                guard templateDepth == 0, !rawTextDropped, !Self.textless.contains(currentName) else { continue }
                let raw = UnsafeBufferPointer(rebasing: input[token.range])
                appendText(CharacterReferences.decodeText(raw))
            case .startTag:
                let name = Self.lowerCased(input, from: token.range.lowerBound + 1, to: token.nameEnd)
                let html = !inForeignContent
                if templateDepth > 0 {
                    if name == "template" { templateDepth += 1 }
                } else if name == "template", html {
                    templateDepth = 1  // a template's content is not part of the document
                } else {
                    startTag(name, attributes: attributes(of: tokenizer, in: input), selfClosing: token.selfClosing, html: html)
                }
                if html { tokenizer.enterContent(of: ElementKind(token.name), name: token.name) }
            case .endTag:
                let name = Self.lowerCased(input, from: token.range.lowerBound + 2, to: token.nameEnd)
                if templateDepth > 0 {
                    if name == "template" { templateDepth -= 1 }
                } else {
                    endTag(name)
                }
            case .comment, .doctype, .other, .truncated:
                continue
            }
            tokenizer.inForeignContent = inForeignContent
        }
        while let open = stack.popLast() { document.subtreeEnds[open] = document.kinds.count }
    }

    // MARK: Tokens

    private func attributes(of tokenizer: HTMLTokenizer, in input: UnsafeBufferPointer<UInt8>) -> [HTMLAttribute] {
        var result: [HTMLAttribute] = []
        for index in 0..<tokenizer.attributeCount {
            let raw = tokenizer.attribute(index)
            let name = Self.lowerCased(input, from: raw.nameRange.lowerBound, to: raw.nameRange.upperBound)
            guard !result.contains(where: { $0.name == name }) else { continue }
            let value = raw.valueRange.map { CharacterReferences.decodeAttribute(UnsafeBufferPointer(rebasing: input[$0])) } ?? ""
            result.append(HTMLAttribute(name: name, value: value))
        }
        return result
    }

    private static func lowerCased(_ input: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        guard start < end else { return "" }
        let bytes = input[start..<end].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func startTag(_ name: String, attributes: [HTMLAttribute], selfClosing: Bool, html: Bool) {
        if !html {
            if Self.breaksOutOfForeignContent.contains(name) {
                while inForeignContent, stack.count > 1 { pop() }
            } else {
                guard let node = append(kind: .element, name: name, attributes: attributes) else { return }
                if !selfClosing { push(node) } else { close(node) }
                return
            }
        }
        switch name {
        case "html":
            guard !seenHTML else { return }
            seenHTML = true
        case "head":
            guard !seenHead, !seenBody else { return }
            seenHead = true
        case "body":
            guard !seenBody else { return }
            seenBody = true
            if let head = indexOfOpen("head") { pop(through: head) }
        default:
            if !Self.headContent.contains(name) {
                if currentName == "head" { pop() }
                seenBody = true  // body content implies the body: a later <body> adds nothing
            }
            impliedEndTags(before: name)
        }
        guard let node = append(kind: .element, name: name, attributes: attributes) else { return }
        if Self.void.contains(name) { close(node) } else { push(node) }
    }

    /// Closes what the start tag `name` closes in a browser.
    private mutating func impliedEndTags(before name: String) {
        if Self.closesParagraph.contains(name), isOpen("p"), let p = indexInScope("p", Self.buttonScope) { pop(through: p) }
        switch name {
        case "li":
            if isOpen("li") { closeListItem(named: ["li"]) }
        case "dt", "dd":
            if isOpen("dt") || isOpen("dd") { closeListItem(named: ["dt", "dd"]) }
        case "h1", "h2", "h3", "h4", "h5", "h6":
            if Self.headings.contains(currentName) { pop() }
        case "option", "optgroup":
            if currentName == "option" { pop() }
            if name == "optgroup", currentName == "optgroup" { pop() }
        case "a":
            if isOpen("a"), let a = indexInScope("a", Self.defaultScope) { pop(through: a) }
        case "tbody", "thead", "tfoot":
            if let open = nearest(of: ["tr", "td", "th", "tbody", "thead", "tfoot"], boundary: Self.tableBoundary) { pop(through: open) }
        case "tr":
            if let row = nearest(of: ["tr"], boundary: Self.tableBoundary.union(["tbody", "thead", "tfoot"])) { pop(through: row) }
            if currentName == "table" { openImplied("tbody") }
        case "td", "th":
            if let cell = nearest(of: ["td", "th"], boundary: Self.tableBoundary.union(["tr", "tbody", "thead", "tfoot"])) {
                pop(through: cell)
            }
            if currentName == "table" { openImplied("tbody") }
            if Self.tableSections.contains(currentName) { openImplied("tr") }
        default:
            break
        }
    }

    /// `li` closes an open `li` unless a block other than `address`, `div`
    /// and `p` lies in between (a nested list, a table cell…).
    private mutating func closeListItem(named names: Set<String>) {
        for position in stack.indices.reversed().dropLast() {
            let open = document.names[stack[position]]
            if names.contains(open) {
                pop(through: position)
                return
            }
            if Self.special.contains(open), open != "address", open != "div", open != "p" { return }
        }
    }

    private mutating func endTag(_ name: String) {
        if inForeignContent {
            if isOpen(name), let open = indexOfOpen(name), !stack[open...].contains(where: { document.names[$0] == "foreignobject" }) { pop(through: open) }
            return
        }
        switch name {
        case "html", "body", "br":
            return  // later content still belongs to the body, as in browsers
        case "head":
            if currentName == "head" { pop() }
        case "p":
            if isOpen("p"), let p = indexInScope("p", Self.buttonScope) { pop(through: p) }
        case "li":
            if let li = indexInScope("li", Self.listItemScope) { pop(through: li) }
        case "tr", "td", "th", "tbody", "thead", "tfoot", "table", "caption", "colgroup":
            if isOpen(name), let open = indexInScope(name, Self.tableBoundary) { pop(through: open) }
        default:
            if Self.special.contains(name) {
                if isOpen(name), let open = indexInScope(name, Self.defaultScope) { pop(through: open) }
                return
            }
            // "Any other end tag": the nearest open element of that name,
            // unless a special element (a div, a cell) lies in between.
            for position in stack.indices.reversed().dropLast() {
                let open = document.names[stack[position]]
                if open == name {
                    pop(through: position)
                    return
                }
                if Self.special.contains(open) { return }
            }
        }
    }

    // MARK: The stack

    private var currentName: String { stack.count > 1 ? document.names[stack[stack.count - 1]] : "" }

    private var inForeignContent: Bool { foreign[foreign.count - 1] }

    private func isOpen(_ name: String) -> Bool { openCounts[name, default: 0] > 0 }

    /// Opens an element; past `maximumDepth` it stays empty and its content
    /// goes to its parent.
    private mutating func push(_ node: Int) {
        guard stack.count < Self.maximumDepth else {
            rawTextDropped = Self.textless.contains(document.names[node])
            close(node)
            return
        }
        let name = document.names[node]
        stack.append(node)
        foreign.append(name == "svg" || name == "math" ? true : name == "foreignobject" ? false : inForeignContent)
        openCounts[name, default: 0] += 1
    }


    private func indexOfOpen(_ name: String) -> Int? {
        stack.indices.dropFirst().last { document.names[stack[$0]] == name }
    }

    /// The stack position of the nearest open `name` before any element of
    /// `boundary` (the standard's "has an element in scope").
    private func indexInScope(_ name: String, _ boundary: Set<String>) -> Int? {
        nearest(of: [name], boundary: boundary)
    }

    private func nearest(of names: Set<String>, boundary: Set<String>) -> Int? {
        for position in stack.indices.reversed().dropLast() {
            let open = document.names[stack[position]]
            if names.contains(open) { return position }
            if boundary.contains(open) { return nil }
        }
        return nil
    }

    private mutating func pop() {
        guard stack.count > 1, let node = stack.popLast() else { return }
        openCounts[document.names[node], default: 1] -= 1
        foreign.removeLast()
        close(node)
    }

    /// Closes the element at stack `position` and everything above it.
    private mutating func pop(through position: Int) {
        while stack.count > max(position, 1) { pop() }
    }

    private mutating func openImplied(_ name: String) {
        if let node = append(kind: .element, name: name, attributes: []) { push(node) }
    }

    private mutating func close(_ node: Int) {
        document.subtreeEnds[node] = document.kinds.count
    }

    // MARK: Nodes

    private mutating func appendText(_ text: String) {
        let parent = stack[stack.count - 1]
        let last = document.lastChildren[parent]
        if last >= 0, last == document.kinds.count - 1, document.kinds[last] == .text {
            document.names[last] += text  // adjacent text (around a dropped comment) is one node
            return
        }
        _ = append(kind: .text, name: text, attributes: [])
    }

    /// Appends a node as the last child of the current element. At the
    /// node limit it appends nothing and marks the document truncated.
    private mutating func append(kind: HTMLNode.Kind, name: String, attributes: [HTMLAttribute]) -> Int? {
        let index = document.kinds.count
        guard index < maximumNodes else {
            document.isTruncated = true
            return nil
        }
        let parent = stack.last ?? -1
        document.kinds.append(kind)
        document.names.append(name)
        document.parents.append(parent)
        document.firstChildren.append(-1)
        document.lastChildren.append(-1)
        document.nextSiblings.append(-1)
        document.subtreeEnds.append(index + 1)
        let start = document.attributeStore.count
        document.attributeStore.append(contentsOf: attributes)
        document.attributeRanges.append(start..<document.attributeStore.count)
        if parent >= 0 {
            let previous = document.lastChildren[parent]
            if previous >= 0 { document.nextSiblings[previous] = index } else { document.firstChildren[parent] = index }
            document.lastChildren[parent] = index
        }
        return index
    }
}
