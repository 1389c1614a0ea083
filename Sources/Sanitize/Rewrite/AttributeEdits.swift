/// What changes in one start tag: attributes dropped, replaced or added, and
/// whether it gets the nonce. Reused from tag to tag.
struct AttributeEdits {
    enum Edit {
        case drop
        /// `needsEscaping` false: the value holds none of the bytes escaped
        /// in a double-quoted attribute (`MarkupWriter.holdsEscaped`).
        case replace(Value, needsEscaping: Bool)
        /// An iframe's `srcdoc`, itself sanitized: bytes and nonce holes.
        case document([SanitizedDocument.Segment])
    }

    /// An attribute's new value: a String, or bytes a page's policy keeps
    /// (a proxy path in `StoredValues`, valid while the policy is), which
    /// the writer copies from where they are with no String made for them.
    /// `MarkupWriter`'s functions below take either, as they take a String.
    enum Value {
        case string(String)
        case stored(UnsafeBufferPointer<UInt8>)
    }

    /// Changes by attribute index in the tag.
    private(set) var changes: [(index: Int, edit: Edit)] = []
    private(set) var additions: [(name: StaticString, value: String)] = []
    /// Write ` nonce="…"` with the per-response nonce.
    var addsNonce = false

    var isEmpty: Bool { changes.isEmpty && additions.isEmpty && !addsNonce }

    /// Empties the edits, keeping their room. Inlined, with the common case
    /// first: most tags have no edits, and asked as a call each paid its
    /// prologue for two tests.
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
    }

    mutating func drop(_ index: Int?) {
        guard let index else { return }
        changes.append((index, .drop))
    }

    mutating func replace(_ index: Int, with value: String, needsEscaping: Bool = true) {
        changes.append((index, .replace(.string(value), needsEscaping: needsEscaping)))
    }

    /// `replace(_:with:needsEscaping:)` with bytes a page's policy keeps (see `Value.stored`).
    mutating func replace(_ index: Int, withStored bytes: UnsafeBufferPointer<UInt8>, needsEscaping: Bool) {
        changes.append((index, .replace(.stored(bytes), needsEscaping: needsEscaping)))
    }

    mutating func replace(_ index: Int, withDocument segments: [SanitizedDocument.Segment]) {
        changes.append((index, .document(segments)))
    }

    mutating func add(_ name: StaticString, _ value: String) {
        additions.append((name, value))
    }

    /// The last change planned for an attribute, if any.
    func change(for index: Int) -> Edit? {
        changes.last { $0.index == index }?.edit
    }
}

extension MarkupWriter {
    /// `writeAttributeValue(_:)` of an edit's value.
    mutating func writeAttributeValue(_ value: AttributeEdits.Value) {
        switch value {
        case .string(let text): writeAttributeValue(text)
        case .stored(let bytes): writeAttributeValue(bytes)
        }
    }

    /// `writePlainAttributeValue(_:)` of an edit's value: stored bytes are
    /// appended as they are.
    mutating func writePlainAttributeValue(_ value: AttributeEdits.Value) {
        switch value {
        case .string(let text): writePlainAttributeValue(text)
        case .stored(let bytes): write(bytes)
        }
    }
}
