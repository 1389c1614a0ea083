/// A CSS selector, parsed once and matched against a result page (`ResultPage`).
///
/// Site profiles name the parts of a result page with selectors, as
/// browser extensions and user styles do; this is the subset result pages
/// need, matched exactly as browsers match it:
/// type selectors and `*`, `.class`, `#id`, `[attr]`, `[attr=v]`,
/// `[attr~=v]`, `[attr^=v]`, `[attr$=v]`, `[attr*=v]` (values as identifiers
/// or quoted strings), `:not(…)` around simple selectors, the descendant
/// (space) and child (`>`) combinators, and lists with `,`. Anything else
/// (`+`, `~`, other pseudo-classes, pseudo-elements, escapes, namespaces) is
/// an error naming it, never silently a selector that matches nothing.
public struct CSSSelector: Sendable, Equatable, CustomStringConvertible {
    /// The selector as written.
    public let text: String
    let alternatives: [ComplexSelector]

    public init(_ text: String) throws(SelectorError) {
        var parser = SelectorParser(text)
        self.alternatives = try parser.parseList()
        self.text = text
    }

    public var description: String { text }

    public static func == (lhs: CSSSelector, rhs: CSSSelector) -> Bool { lhs.text == rhs.text }

    /// Whether the element matches (text and the document node never do).
    func matches(_ node: ResultPage.Node, in document: ResultPage) -> Bool {
        guard document.kind(node) == .element else { return false }
        return alternatives.contains { $0.matches(node, in: document) }
    }

    /// The matching elements inside `scope` (the whole document by default;
    /// `scope` itself only with `includingScope`), in document order, as
    /// `querySelectorAll` finds them: ancestors outside the scope count for
    /// the combinators.
    func select(in document: ResultPage, under scope: ResultPage.Node? = nil, includingScope: Bool = false) -> [ResultPage.Node] {
        let scope = scope ?? document.root
        var result: [ResultPage.Node] = []
        if includingScope, matches(scope, in: document) { result.append(scope) }
        for node in document.descendants(of: scope) where matches(node, in: document) { result.append(node) }
        return result
    }
}

/// Compounds joined by combinators, stored right to left as browsers match.
struct ComplexSelector: Sendable, Equatable {
    enum Combinator: Sendable, Equatable { case descendant, child }
    /// The rightmost compound first; `combinators[i]` joins `compounds[i]`
    /// to `compounds[i + 1]`, its left neighbour.
    var compounds: [CompoundSelector]
    var combinators: [Combinator]

    func matches(_ node: ResultPage.Node, in document: ResultPage) -> Bool {
        matches(node, from: 0, in: document)
    }

    private func matches(_ node: ResultPage.Node, from index: Int, in document: ResultPage) -> Bool {
        guard compounds[index].matches(node, in: document) else { return false }
        guard index + 1 < compounds.count else { return true }
        var ancestor = document.parent(node)
        while let candidate = ancestor, document.kind(candidate) == .element {
            if matches(candidate, from: index + 1, in: document) { return true }
            if combinators[index] == .child { return false }
            ancestor = document.parent(candidate)
        }
        return false
    }
}

/// Simple selectors that all apply to one element.
struct CompoundSelector: Sendable, Equatable {
    var simples: [SimpleSelector]

    func matches(_ node: ResultPage.Node, in document: ResultPage) -> Bool {
        simples.allSatisfy { $0.matches(node, in: document) }
    }
}

indirect enum SimpleSelector: Sendable, Equatable {
    enum Operator: Sendable, Equatable { case equals, includes, prefix, suffix, substring }

    case type(String)
    case universal
    case id(String)
    case `class`(String)
    case attribute(String, Operator?, String)
    case not(CompoundSelector)

    func matches(_ node: ResultPage.Node, in document: ResultPage) -> Bool {
        switch self {
        case .type(let name): return document.isElement(node, named: name)
        case .universal: return true
        case .id(let id): return document.attribute(node, "id") == id
        case .class(let name): return document.classes(node).contains { $0 == name }
        case .not(let compound): return !compound.matches(node, in: document)
        case .attribute(let name, let op, let value):
            guard let actual = document.attribute(node, name) else { return false }
            guard let op else { return true }
            switch op {
            case .equals: return actual == value
            case .includes: return !value.isEmpty && actual.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains { $0 == value }
            case .prefix: return !value.isEmpty && actual.hasPrefix(value)
            case .suffix: return !value.isEmpty && actual.hasSuffix(value)
            case .substring: return !value.isEmpty && actual.contains(value)
            }
        }
    }
}
