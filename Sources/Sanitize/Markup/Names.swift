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
    let html = NameKey("html")
    let style = NameKey("style")
    let template = NameKey("template")

    static let shared = Names()

    @inline(__always)
    func element(_ name: NameKey) -> ElementKind {
        elements[name] ?? .other
    }

    @inline(__always)
    func attribute(_ name: NameKey) -> AttributeKind {
        attributes[name] ?? .other
    }
}
