/// Where SVG and MathML begin and end, as far as a rewriter must know: the
/// tokenizer reads `<![CDATA[` and `<style>` differently there, and
/// `<image>`, `<a xlink:href>` and `<script href>` mean other things.
struct ForeignContent {
    enum Namespace { case html, svg, math }

    /// Open SVG/MathML elements, the namespace of their content, and their
    /// place in the rewriter's stack of open elements.
    private var open: [(name: NameKey, content: Namespace, depth: Int)] = []

    /// The namespace of the content at this point.
    var current: Namespace { open.last?.content ?? .html }

    /// The name of the innermost open SVG/MathML element.
    var innermost: NameKey? { open.last?.name }

    /// The namespace of an element starting here (after `breakOut`).
    func namespace(of kind: ElementKind) -> Namespace {
        guard current == .html else { return current }
        return kind == .svg ? .svg : kind == .math ? .math : .html
    }

    /// A start tag of HTML that ends foreign content in a browser, which
    /// pops the open elements down to the nearest HTML integration point (or
    /// HTML element). Returns the stack depth from which elements were
    /// popped, or nil when the tag breaks nothing.
    mutating func breakOut(_ name: NameKey, hasFontAttributes: Bool) -> Int? {
        guard current != .html, ElementKind.breakOut[name] != nil || (name == Self.font && hasFontAttributes) else { return nil }
        return popToHTML()
    }

    /// The end tags `</p>` and `</br>` end foreign content as those start
    /// tags do: browsers (Blink's, WebKit's and Gecko's tree builders; the
    /// HTML standard since whatwg/html#5113) pop the open elements down to
    /// the nearest HTML integration point (or HTML element), then read the
    /// tag as HTML, where `</br>` is a `<br>` and `</p>` ends a `<p>` in
    /// scope or makes an empty one. Returns the stack depth from which
    /// elements were popped, or nil when the tag breaks nothing.
    mutating func breakOut(endTag name: NameKey) -> Int? {
        guard current != .html, name == Self.p || name == Self.br else { return nil }
        return popToHTML()
    }

    private mutating func popToHTML() -> Int {
        var depth = Int.max
        while let last = open.last, last.content != .html {
            depth = last.depth
            open.removeLast()
        }
        return depth
    }

    /// The lowest stack depth the end tag `name` can end in HTML content.
    /// `</p>` ends a `<p>` in button scope only, and every SVG/MathML
    /// integration point bounds that scope: a `<p>` outside the innermost
    /// open one stays open, and so do the SVG elements around it (the
    /// browser makes an empty `<p>` in the `<foreignObject>` instead).
    func lowestDepth(endedBy name: NameKey) -> Int {
        guard let last = open.last, name == Self.p else { return 0 }
        return last.depth + 1
    }

    /// An element with content opened in `namespace`, at `depth` in the
    /// stack of open elements.
    mutating func opened(_ name: NameKey, kind: ElementKind, namespace: Namespace, depth: Int) {
        switch namespace {
        case .html: return
        case .svg: open.append((name, kind == .foreignObject || kind == .desc || kind == .title ? .html : .svg, depth))
        case .math: open.append((name, kind == .mathIntegration ? .html : .math, depth))
        }
    }

    /// An end tag closed the open elements from `depth` up: the SVG/MathML
    /// elements among them end too (`</div>` ends an `<svg>` left open in it).
    mutating func closed(from depth: Int) {
        while let last = open.last, last.depth >= depth { open.removeLast() }
    }

    private static let font = NameKey("font")
    private static let p = NameKey("p")
    private static let br = NameKey("br")
}
