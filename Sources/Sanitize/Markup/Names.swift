/// The name tables and names the rewriter consults for every tag, held by
/// the rewriter itself: reading a `static let` costs a `swift_once` call on
/// every access, which on a page of ten thousand tags shows.
struct Names: Sendable {
    let elements = ElementKind.table
    let attributes = AttributeKind.table
    let body = NameKey("body")
    let br = NameKey("br")
    let form = NameKey("form")
    let head = NameKey("head")
    let headings = ElementKind.headings
    let html = NameKey("html")
    let ownEndTagRules = ElementKind.ownEndTagRules
    let special = ElementKind.special
    let style = NameKey("style")
    let template = NameKey("template")

    static let shared = Names()

    /// Whether the end tag `name` ends the open element `element` it meets
    /// (as an HTML element): its own, or for `</h1>` to `</h6>` any heading.
    @inline(__always)
    func endTag(_ name: NameKey, ends element: NameKey) -> Bool {
        element == name || (headings[name] != nil && headings[element] != nil)
    }

    @inline(__always)
    func element(_ name: NameKey) -> ElementKind {
        elements[name] ?? .other
    }

    @inline(__always)
    func attribute(_ name: NameKey) -> AttributeKind {
        attributes[name] ?? .other
    }
}
