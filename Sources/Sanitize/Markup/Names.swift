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
    /// The attributes every element may rewrite (`AttributeTable.sharedRewrites`).
    let sharedRewrites = AttributeNameFilter(kinds: AttributeTable.sharedRewrites)
    /// No attribute: an end tag's are read and dropped.
    let noAttributes = AttributeNameFilter(kinds: 0)

    static let shared = Names()

    /// Whether the end tag `name` ends the open element `element` it meets
    /// (as an HTML element): its own, or for `</h1>` to `</h6>` any heading.
    @inline(__always)
    func endTag(_ name: NameKey, ends element: NameKey) -> Bool {
        element == name || (headings[name] != nil && headings[element] != nil)
    }

    /// `</body>`, `</html>`, `</form>` and `</br>`: end tags that do more or
    /// less than end the current element when they name it. Compared with
    /// the four names' packed words as constants (`endTagWords`): read from
    /// this value's keys, three words each, the fast lane's test of each
    /// end tag of an element opened before its run took about twenty
    /// instructions, most of them loads.
    @inline(__always)
    func endTagDoesMoreThanEnd(_ name: NameKey) -> Bool {
        guard name.b == 0, name.c == 0 else { return false }  // all four fit one word
        let word = name.a
        return word == Self.endTagWords.body || word == Self.endTagWords.html || word == Self.endTagWords.form || word == Self.endTagWords.br
    }

    /// The one-word keys (`NameKey.a`) of `body`, `html`, `form` and `br`:
    /// their bytes little-endian. Literals, folded into the comparisons
    /// (a test checks them against `NameKey`'s packing).
    static var endTagWords: (body: UInt64, html: UInt64, form: UInt64, br: UInt64) {
        (body: 0x7964_6F62, html: 0x6C6D_7468, form: 0x6D72_6F66, br: 0x7262)
    }

    /// Whether an HTML `<body>` or `<html>` start tag opens no element.
    /// `<html>` opens one only as the first element (the browser has its
    /// `html` element from then on, and a later `<html>` adds attributes to
    /// it); `<body>` none with anything but `html`, `head` and `body` open
    /// (the browser has its body already, or is in a template). Kept on the
    /// stack, such a tag would be a "special" element that stops `</span>`
    /// or `</video>`, where the browser's end tag ends the SVG opened in
    /// them: the `<iframe srcdoc>` after it is HTML to the browser (found by
    /// fuzzing). An `<html>` on an open head hid the head: body content did
    /// not end it, and a later `</head>` ended all opened since.
    /// Inlined, so that the rewriter's `open` asks it with no call for the
    /// other kinds: as a call on these names it had them (480 bytes) copied
    /// with `memcpy` for every element opened (1 MB page 23.05 M -> 22.69 M
    /// instructions, callgrind).
    @inline(__always)
    func startTagOpensNothing(_ kind: ElementKind, in openElements: some Collection<NameKey>) -> Bool {
        switch kind {
        case .html: return !openElements.isEmpty
        case .body: return bodyOpensNothing(in: openElements)
        default: return false
        }
    }

    /// `startTagOpensNothing` for `<body>`.
    private func bodyOpensNothing(in openElements: some Collection<NameKey>) -> Bool {
        openElements.contains { $0 != html && $0 != head && $0 != body }
    }

    @inline(__always)
    func element(_ name: NameKey) -> ElementKind {
        elements[name] ?? .other
    }

    /// `element(_:)` for a name of one word (see `NameTable.value(oneWord:)`).
    @inline(__always)
    func element(oneWord name: NameKey) -> ElementKind {
        elements.value(oneWord: name) ?? .other
    }

    @inline(__always)
    func attribute(_ name: NameKey) -> AttributeKind {
        attributes[name] ?? .other
    }
}
