/// What changes in one element's attributes: some dropped, some replaced,
/// some added, and whether it gets the nonce. Reused from element to
/// element, so planning allocates only for the values it creates.
struct AttributeEdits {
    enum Edit {
        case drop
        case replace(String)
        /// An iframe's `srcdoc`, itself sanitized: bytes and nonce holes.
        case document([SanitizedDocument.Segment])
    }

    private(set) var changes: [(attribute: XMLAttribute, edit: Edit)] = []
    private(set) var additions: [(name: StaticString, value: String)] = []
    /// Write ` nonce="…"` with the per-response nonce.
    var addsNonce = false

    mutating func reset() {
        if !changes.isEmpty { changes.removeAll(keepingCapacity: true) }
        if !additions.isEmpty { additions.removeAll(keepingCapacity: true) }
        addsNonce = false
    }

    mutating func drop(_ attribute: XMLAttribute?) {
        guard let attribute else { return }
        changes.append((attribute, .drop))
    }

    mutating func replace(_ attribute: XMLAttribute, with value: String) {
        changes.append((attribute, .replace(value)))
    }

    mutating func replace(_ attribute: XMLAttribute, withDocument segments: [SanitizedDocument.Segment]) {
        changes.append((attribute, .document(segments)))
    }

    mutating func add(_ name: StaticString, _ value: String) {
        additions.append((name, value))
    }

    /// The change planned for an attribute, if any.
    @inline(__always)
    func change(for attribute: XMLAttribute) -> Edit? {
        for change in changes where change.attribute == attribute { return change.edit }
        return nil
    }
}

/// The attributes of one element by kind (the first of each, as browsers
/// read duplicates), found in one pass.
struct AttributeTable {
    private var slots = [XMLAttribute?](repeating: nil, count: Int(AttributeKind.manifest.rawValue) + 1)

    mutating func load(_ node: XMLNode) {
        for index in slots.indices where slots[index] != nil { slots[index] = nil }
        var attribute = node.pointee.properties
        while let current = attribute {
            let kind = AttributeKind(name: current.pointee.name)
            if kind != .other, slots[Int(kind.rawValue)] == nil { slots[Int(kind.rawValue)] = current }
            attribute = current.pointee.next
        }
    }

    subscript(kind: AttributeKind) -> XMLAttribute? {
        slots[Int(kind.rawValue)]
    }

    /// `href`, or SVG's older `xlink:href`.
    var hrefOrXLink: XMLAttribute? {
        self[.href] ?? self[.xlinkHref]
    }
}
