/// Where SVG and MathML begin and end, as far as a rewriter must know: the
/// tokenizer reads `<![CDATA[` and `<style>` differently there, and
/// `<image>`, `<a xlink:href>` and `<script href>` mean other things.
struct ForeignContent {
    enum Namespace { case html, svg, math }

    /// Open SVG/MathML elements, the namespace of their content, their
    /// place in the rewriter's stack of open elements, and whether they bound
    /// the search of an HTML end tag (see `lowestDepth(endedBy:stackCount:)`).
    private var open: [(name: NameKey, content: Namespace, depth: Int, bounds: Bool)] = []

    /// No SVG or MathML element is open.
    var isEmpty: Bool { open.isEmpty }

    /// The namespace of the content at this point.
    var current: Namespace { open.last?.content ?? .html }

    /// The name of the innermost open SVG/MathML element.
    var innermost: NameKey? { open.last?.name }

    /// The namespace of an element starting here (after `breakOut`).
    func namespace(of kind: ElementKind) -> Namespace {
        // `<svg>` in an `<annotation-xml>` is SVG whatever its encoding.
        if current == .math, kind == .svg, innermost == Self.annotationXML { return .svg }
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

    /// The lowest stack depth at which the end tag `name` (in a stack of
    /// `stackCount` open elements) can end an element. Browsers look for the
    /// element by name among the SVG/MathML elements on top of the stack
    /// when the current node is one (the tree builder's "in foreign content"
    /// steps), then in HTML, where SVG `foreignObject`, `desc` and `title`
    /// and MathML `mi`, `mo`, `mn`, `ms`, `mtext` and `annotation-xml` (of
    /// any encoding) bound every scope and are "special": `</div>` (in
    /// scope), `</span>` ("any other end tag"), `</form>`, `</p>`, `</a>`
    /// end nothing outside the innermost of them, which stays open with the
    /// SVG around it. Only table end tags (table scope) and `</template>`
    /// (the whole stack) cross them. `</p>` and `</br>` go to HTML at once
    /// (`breakOut(endTag:)`), without the search in foreign content.
    func lowestDepth(endedBy name: NameKey, stackCount: Int) -> Int {
        guard let bound = open.last(where: \.bounds), Self.crossesIntegrationPoints[name] == nil else { return 0 }
        // The current node is SVG or MathML (an integration point itself, or
        // inside one with no HTML element between): the elements of the run
        // of them on top of the stack can end by name.
        guard name != Self.p, name != Self.br, var run = open.indices.last,
            current != .html || open[run].depth == stackCount - 1
        else { return bound.depth + 1 }
        while run > 0, open[run - 1].depth == open[run].depth - 1 { run -= 1 }
        return min(bound.depth + 1, open[run].depth)
    }

    /// Whether the element at `depth` in the stack is SVG or MathML.
    func isForeign(at depth: Int) -> Bool {
        // `open` is in stack order: a binary search, as an end tag may ask
        // this of each element it passes.
        var low = 0
        var high = open.count
        while low < high {
            let middle = (low + high) / 2
            if open[middle].depth < depth { low = middle + 1 } else { high = middle }
        }
        return low < open.count && open[low].depth == depth
    }

    /// An element with content opened in `namespace`, at `depth` in the
    /// stack of open elements. `<annotation-xml>` is an HTML integration
    /// point only when `encodesHTML` (see `annotationEncodesHTML`): without
    /// that, an HTML tag that breaks out (`<div>`) ends MathML in a browser,
    /// and the `<style>` after it is HTML.
    mutating func opened(_ name: NameKey, kind: ElementKind, namespace: Namespace, depth: Int, encodesHTML: Bool) {
        switch namespace {
        case .html: return
        case .svg:
            let integrationPoint = kind == .foreignObject || kind == .desc || kind == .title
            open.append((name, integrationPoint ? .html : .svg, depth, integrationPoint))
        case .math:
            let integrationPoint = kind == .mathIntegration && (name != Self.annotationXML || encodesHTML)
            open.append((name, integrationPoint ? .html : .math, depth, kind == .mathIntegration))
        }
    }

    /// Whether an `<annotation-xml>` start tag (the tokenizer's current tag)
    /// makes an HTML integration point: with `encoding` `text/html` or
    /// `application/xhtml+xml` (ASCII case-insensitive; the first `encoding`
    /// counts, as browsers drop later duplicates).
    static func annotationEncodesHTML(_ tokenizer: borrowing HTMLTokenizer) -> Bool {
        for index in 0..<tokenizer.attributeCount {
            let attribute = tokenizer.attribute(index)
            guard attribute.name(in: tokenizer.input) == encoding else { continue }
            let value = attribute.valueRange.map { CharacterReferences.decodeAttribute(UnsafeBufferPointer(rebasing: tokenizer.input[$0])) } ?? ""
            let lowered = String(decoding: value.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
            return lowered == "text/html" || lowered == "application/xhtml+xml"
        }
        return false
    }

    /// The element at `depth` left the stack alone (`</form>`): the ones
    /// above it move down a place.
    mutating func removed(at depth: Int) {
        for index in open.indices where open[index].depth > depth { open[index].depth -= 1 }
    }

    /// An end tag closed the open elements from `depth` up: the SVG/MathML
    /// elements among them end too (`</div>` ends an `<svg>` left open in it).
    mutating func closed(from depth: Int) {
        while let last = open.last, last.depth >= depth { open.removeLast() }
    }

    /// End tags that cross integration points: table scope stops at
    /// `html`, `table` and `template` only, and `</template>` ends the
    /// innermost template wherever it is in the stack.
    private static let crossesIntegrationPoints = NameTable([
        "caption", "table", "tbody", "td", "template", "tfoot", "th", "thead", "tr",
    ].map { ($0, true) })

    static let annotationXML = NameKey("annotation-xml")
    private static let encoding = NameKey("encoding")
    private static let font = NameKey("font")
    private static let p = NameKey("p")
    private static let br = NameKey("br")
}
