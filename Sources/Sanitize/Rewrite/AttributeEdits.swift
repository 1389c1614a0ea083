/// What changes in one start tag: attributes dropped, replaced or added, and
/// whether it gets the nonce. Reused from tag to tag.
struct AttributeEdits {
    /// What happens to one attribute. No case holds a reference: a String
    /// value or an iframe document is kept aside (`texts`, `documents`) and
    /// named by its place there, so the edits of a tag (an `<a href>`'s or
    /// `<img src>`'s proxy path: `replaceStored`) are stored, read and
    /// taken off with nothing to retain or release. (With a String and an
    /// array among the payloads, each edit was copied and destroyed through
    /// outlined value witnesses: 58 KB page about 20,000 instructions.)
    enum Edit {
        case drop
        /// Bytes a page's policy keeps (a proxy path in `StoredValues`,
        /// valid while the policy is), copied from where they are with no
        /// String made for them. `needsEscaping` false: the value holds
        /// none of the bytes escaped in a double-quoted attribute
        /// (`MarkupWriter.holdsEscaped`).
        case replaceStored(UnsafeBufferPointer<UInt8>, needsEscaping: Bool)
        /// `texts[slot]`, escaped as `replaceStored` says.
        case replaceText(slot: Int, needsEscaping: Bool)
        /// An iframe's `srcdoc`, itself sanitized: `documents[slot]`, bytes and nonce holes.
        case document(slot: Int)
    }

    /// Changes by attribute index in the tag.
    private(set) var changes: [(index: Int, edit: Edit)] = []
    /// The String values of `replaceText` edits.
    private(set) var texts: [String] = []
    /// The documents of `document` edits.
    private(set) var documents: [[SanitizedDocument.Segment]] = []
    private(set) var additions: [(name: StaticString, value: String)] = []
    /// Write ` nonce="…"` with the per-response nonce.
    var addsNonce = false

    var isEmpty: Bool { changes.isEmpty && additions.isEmpty && !addsNonce }

    /// Empties the edits, keeping their room. Inlined, with the common case
    /// first: most tags have no edits, and asked as a call each paid its
    /// prologue for two tests. (`texts` and `documents` hold values only
    /// with a change that names them.)
    @inline(__always)
    mutating func reset() {
        if !changes.isEmpty || !additions.isEmpty { removeAll() }
        addsNonce = false
    }

    /// A tag has one or two edits: each is taken off with `removeLast`,
    /// where `removeAll(keepingCapacity:)` went through the generic
    /// `replaceSubrange`, about 100 instructions a call (1 MB page
    /// 25.88 M -> 25.64 M instructions, callgrind).
    private mutating func removeAll() {
        while !changes.isEmpty { changes.removeLast() }
        while !additions.isEmpty { additions.removeLast() }
        while !texts.isEmpty { texts.removeLast() }
        while !documents.isEmpty { documents.removeLast() }
    }

    mutating func drop(_ index: Int?) {
        guard let index else { return }
        changes.append((index, .drop))
    }

    /// Inlined: a site link's path goes this way for most `<a href>`, and
    /// as a call (two appends) the fixture pages cost about 2,700
    /// instructions more (1,315,927 against 1,313,263, callgrind).
    @inline(__always)
    mutating func replace(_ index: Int, with value: String, needsEscaping: Bool = true) {
        texts.append(value)
        changes.append((index, .replaceText(slot: texts.count &- 1, needsEscaping: needsEscaping)))
    }

    /// `replace(_:with:needsEscaping:)` with bytes a page's policy keeps (see `Edit.replaceStored`).
    mutating func replace(_ index: Int, withStored bytes: UnsafeBufferPointer<UInt8>, needsEscaping: Bool) {
        changes.append((index, .replaceStored(bytes, needsEscaping: needsEscaping)))
    }

    mutating func replace(_ index: Int, withDocument segments: [SanitizedDocument.Segment]) {
        documents.append(segments)
        changes.append((index, .document(slot: documents.count &- 1)))
    }

    mutating func add(_ name: StaticString, _ value: String) {
        additions.append((name, value))
    }

    /// The last change planned for an attribute, if any.
    func change(for index: Int) -> Edit? {
        changes.last { $0.index == index }?.edit
    }
}
