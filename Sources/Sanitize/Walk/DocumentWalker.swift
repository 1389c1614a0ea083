import CLibXML2
import ContentRules
import WebURL

/// One pass over libxml2's tree that writes the sanitized page.
///
/// The walk is iterative (an explicit stack of levels), so a page nested ten
/// thousand elements deep costs memory, not the thread's stack. Each element
/// is decided when it is entered, from its own attributes: removed with its
/// subtree, written with rewritten attributes, or made transparent (a second
/// `<body>` libxml2 invented for text after `</html>` gives its children to
/// the first). The per-response holes go where the page's structure says:
/// after `<head…>`, before `</body>`, and in each kept script's nonce.
struct DocumentWalker {
    var writer: MarkupWriter
    var policy: ResourcePolicy
    let context: SanitizeContext
    /// What goes right after the head's start tag (and the head-start hole).
    let headPrefix: [UInt8]
    /// Whether to mark the head-start and body-end holes (not in `srcdoc`).
    let marksHoles: Bool
    /// How many `srcdoc` documents this one is nested in.
    let nestingDepth: Int
    /// Deeper `srcdoc` documents are dropped rather than sanitized.
    static let maximumNestingDepth = 3
    /// Scratch space for the element being written.
    var edits = AttributeEdits()
    var attributes = AttributeTable()

    private var wroteHead = false
    private var openedHTML = false
    private var openedBody = false
    private var wroteBodyEnd = false
    /// Content libxml2 placed after the body (a nested `<html>` for text
    /// after `</html>`, further roots of the document), which browsers put
    /// at the end of the body: walked there, and skipped where it stands.
    private var extraRoots: [XMLNode] = []
    private var splicedNodes: Set<XMLNode> = []

    enum Namespace { case html, svg, math }

    /// Which structural element a level closes.
    enum Role { case none, mainHTML, mainBody }

    struct Level {
        var next: XMLNode?
        /// Walk only `next`, not its siblings (a spliced root).
        var single: Bool
        var namespace: Namespace
        var closing: Closing?
    }

    struct Closing {
        var node: XMLNode
        var namespace: Namespace
        var writesEndTag: Bool
        var role: Role
    }

    /// What the walk does with an element.
    enum Plan { case keep, remove, transparent }

    init(context: SanitizeContext, base: WebURL, headPrefix: [UInt8], nestingDepth: Int, capacity: Int) {
        writer = MarkupWriter(capacity: capacity)
        policy = ResourcePolicy(context: context, base: base)
        self.context = context
        self.headPrefix = headPrefix
        self.marksHoles = nestingDepth == 0
        self.nestingDepth = nestingDepth
    }

    /// Writes the whole document.
    mutating func walk(_ document: xmlDocPtr?) {
        var root: XMLNode?
        var child = document?.pointee.children
        while let node = child {
            if node.isElement {
                if root == nil { root = node } else { extraRoots.append(node) }
            }
            child = node.pointee.next
        }
        child = document?.pointee.children
        while let node = child {
            switch node.pointee.type {
            case XML_DTD_NODE: writeDoctype(UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlDtd.self))
            case XML_COMMENT_NODE: writeComment(node)
            case XML_ELEMENT_NODE where node == root: walkTree(from: node)
            default: break
            }
            child = node.pointee.next
        }
        if !wroteHead { writeHeadBlock(withTags: true) }
        if !wroteBodyEnd { markBodyEnd() }
    }

    private mutating func walkTree(from root: XMLNode) {
        var levels = [Level(next: root, single: true, namespace: .html, closing: nil)]
        while !levels.isEmpty {
            let top = levels.count - 1
            if let node = levels[top].next {
                levels[top].next = levels[top].single ? nil : node.pointee.next
                if !splicedNodes.isEmpty, splicedNodes.contains(node), !levels[top].single { continue }
                let parentRole = levels[top].closing?.role ?? Role.none
                if let level = visit(node, namespace: levels[top].namespace, parentRole: parentRole) { levels.append(level) }
                continue
            }
            // Content libxml2 put after </html> belongs at the end of the body.
            if let role = levels[top].closing?.role, role != .none, !extraRoots.isEmpty {
                let extra = extraRoots.removeFirst()
                let isHTML = ElementKind(name: extra.name) == .html
                levels[top].next = isHTML ? extra.pointee.children : extra
                levels[top].single = !isHTML
                continue
            }
            if let closing = levels.removeLast().closing { close(closing) }
        }
    }

    /// Writes a node; returns the level of its children when it has some to walk.
    private mutating func visit(_ node: XMLNode, namespace: Namespace, parentRole: Role) -> Level? {
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            if let content = node.pointee.content { writer.writeText(cString: content) }
            return nil
        case XML_COMMENT_NODE:
            writeComment(node)
            return nil
        case XML_ELEMENT_NODE:
            return enter(node, namespace: namespace, parentRole: parentRole)
        default:
            return nil
        }
    }

    private mutating func enter(_ node: XMLNode, namespace parentNamespace: Namespace, parentRole: Role) -> Level? {
        var kind = ElementKind(name: node.name)
        let namespace = ownNamespace(kind, parent: parentNamespace)
        if namespace == .html {
            if kind == .image { kind = .img }  // as browsers read <image>
            if kind == .use || kind == .foreignObject || kind == .desc { kind = .other }
        }
        if parentRole == .mainHTML, kind != .head, !wroteHead { writeHeadBlock(withTags: true) }
        var role = Role.none
        switch kind {
        case .html:
            if openedHTML { return transparentLevel(node, namespace: parentNamespace) }
            openedHTML = true
            role = .mainHTML
        case .head:
            if wroteHead || openedBody { return transparentLevel(node, namespace: parentNamespace) }
        case .body:
            if openedBody { return transparentLevel(node, namespace: parentNamespace) }
            openedBody = true
            role = .mainBody
            var sibling = node.pointee.next
            var trailing: [XMLNode] = []
            while let next = sibling {
                if next.isElement { trailing.append(next) }
                sibling = next.pointee.next
            }
            if !trailing.isEmpty {
                extraRoots.insert(contentsOf: trailing, at: 0)
                splicedNodes.formUnion(trailing)
            }
        default:
            break
        }
        edits.reset()
        switch plan(node, kind: kind, namespace: namespace) {
        case .remove:
            // libxml2 2.9 does not know HTML5's void elements (<source>, <track>,
            // <wbr>…) and nests what follows them inside: those are siblings.
            return namespace == .html && kind.isVoid ? transparentLevel(node, namespace: parentNamespace) : nil
        case .transparent: return transparentLevel(node, namespace: parentNamespace)
        case .keep: break
        }
        writeStartTag(node, kind: kind, namespace: namespace)
        if kind == .head {
            markHeadStart()
        }
        if kind == .script || kind == .style {
            writeRawText(node, isStyle: kind == .style)
            writeEndTag(node, namespace: namespace)
            return nil
        }
        let writesEndTag = !(namespace == .html && kind.isVoid)
        guard node.pointee.children != nil || writesEndTag || role != .none else { return nil }
        return Level(
            next: node.pointee.children, single: false,
            namespace: childNamespace(kind, namespace: namespace),
            closing: Closing(node: node, namespace: namespace, writesEndTag: writesEndTag, role: role))
    }

    /// `<svg>` and `<math>` are in their own namespace, whatever their parent's.
    private func ownNamespace(_ kind: ElementKind, parent: Namespace) -> Namespace {
        kind == .svg ? .svg : kind == .math ? .math : parent
    }

    private func transparentLevel(_ node: XMLNode, namespace: Namespace) -> Level? {
        node.pointee.children.map { Level(next: $0, single: false, namespace: namespace, closing: nil) }
    }

    /// The namespace of an element's children: SVG's and MathML's HTML
    /// integration points hold HTML again.
    private func childNamespace(_ kind: ElementKind, namespace: Namespace) -> Namespace {
        switch namespace {
        case .html: return .html
        case .svg: return kind == .foreignObject || kind == .title || kind == .desc ? .html : .svg
        case .math: return kind == .mathIntegration ? .html : .math
        }
    }

    private mutating func close(_ closing: Closing) {
        switch closing.role {
        case .mainBody:
            markBodyEnd()
        case .mainHTML:
            if !wroteHead { writeHeadBlock(withTags: true) }
            markBodyEnd()
        case .none:
            break
        }
        if closing.writesEndTag { writeEndTag(closing.node, namespace: closing.namespace) }
    }

    // MARK: Holes and structure

    /// The head-start hole and what limot puts first in every head.
    private mutating func markHeadStart() {
        wroteHead = true
        if marksHoles { writer.hole(.headStart) }
        writer.write(headPrefix)
    }

    /// A head for a page that has none (libxml2 creates one only for head content).
    private mutating func writeHeadBlock(withTags: Bool) {
        if withTags { writer.write("<head>") }
        markHeadStart()
        if withTags { writer.write("</head>") }
    }

    private mutating func markBodyEnd() {
        guard !wroteBodyEnd else { return }
        wroteBodyEnd = true
        if marksHoles { writer.hole(.bodyEnd) }
    }

    // MARK: Other nodes

    /// The doctype as the source had it (libxml2 keeps name and identifiers).
    private mutating func writeDoctype(_ dtd: UnsafeMutablePointer<xmlDtd>) {
        writer.write("<!DOCTYPE ")
        if let name = dtd.pointee.name { writer.write(cString: name) } else { writer.write("html") }
        let external = dtd.pointee.ExternalID
        let system = dtd.pointee.SystemID
        if let external {
            writer.write(" PUBLIC ")
            writeQuotedIdentifier(external)
            if let system {
                writer.write(" ")
                writeQuotedIdentifier(system)
            }
        } else if let system {
            writer.write(" SYSTEM ")
            writeQuotedIdentifier(system)
        }
        writer.write(">")
    }

    private mutating func writeQuotedIdentifier(_ identifier: UnsafePointer<UInt8>) {
        var containsQuote = false
        var index = 0
        while identifier[index] != 0 {
            if identifier[index] == UInt8(ascii: "\"") { containsQuote = true }
            index += 1
        }
        let quote = containsQuote ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        writer.write(quote)
        writer.write(cString: identifier)
        writer.write(quote)
    }

    /// A comment, made unable to end early in a browser (`<!-->`, `--!>`).
    private mutating func writeComment(_ node: XMLNode) {
        guard let content = node.pointee.content else { return }
        var text = Array(String(cString: content).utf8)
        if text.first == UInt8(ascii: ">") || (text.first == UInt8(ascii: "-") && text.dropFirst().first == UInt8(ascii: ">")) {
            text.insert(0x20, at: 0)
        }
        var index = 0
        while index + 3 < text.count {
            if text[index] == UInt8(ascii: "-"), text[index + 1] == UInt8(ascii: "-"), text[index + 2] == UInt8(ascii: "!"),
                text[index + 3] == UInt8(ascii: ">")
            {
                text.insert(0x20, at: index + 2)
            }
            index += 1
        }
        if text.last == UInt8(ascii: "-") { text.append(0x20) }
        writer.write("<!--")
        writer.write(text)
        writer.write("-->")
    }

    /// A script's source as it was; a style's through the CSS rewriter.
    private mutating func writeRawText(_ node: XMLNode, isStyle: Bool) {
        let text = node.textContent
        guard isStyle else {
            writer.write(text)
            return
        }
        var output: [UInt8] = []
        let changed = text.withUnsafeBufferPointer { bytes in
            output.reserveCapacity(bytes.count + 256)
            return CSSScanner.rewrite(bytes, policy: &policy, into: &output)
        }
        writer.write(changed ? output : text)
    }
}
