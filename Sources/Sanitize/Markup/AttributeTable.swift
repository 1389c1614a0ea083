/// The attributes of one tag by kind: the first of each, as browsers ignore
/// repeated attributes. The tokenizer fills it as it reads the tag, so that
/// a tag is decided without a second walk over its attributes, and a tag
/// with none of the kinds limot rewrites is seen as such with one test.
struct AttributeTable {
    /// Bit `kind.rawValue` is set when the tag has an attribute of that kind.
    private(set) var present: UInt32 = 0
    /// The index of the first attribute of each kind. Only entries whose bit
    /// is set in `present` are meaningful: clearing the mask alone empties
    /// the table, with no store per kind. (Inline, not an array: no heap
    /// access or uniqueness check per attribute.)
    private var first = SIMD32<Int>()

    /// The kinds that every element may rewrite (`planSharedAttributes`).
    /// Computed, not `static let`: folded to a constant, with no `swift_once`.
    static var sharedRewrites: UInt32 {
        bit(.style) | bit(.background) | bit(.integrity) | bit(.crossorigin)
    }

    /// `color`, `face` and `size`: a `<font>` with one breaks out of SVG and MathML.
    static var fontAttributes: UInt32 {
        bit(.color) | bit(.face) | bit(.size)
    }

    @inline(__always)
    static func bit(_ kind: AttributeKind) -> UInt32 {
        UInt32(1) << UInt32(kind.rawValue)
    }

    @inline(__always)
    mutating func clear() {
        present = 0
    }

    /// Records the attribute at `index`, unless one of its kind came first.
    @inline(__always)
    mutating func note(_ kind: AttributeKind, at index: Int) {
        let bit = Self.bit(kind)
        guard kind != .other, present & bit == 0 else { return }
        present |= bit
        first[Int(kind.rawValue)] = index
    }

    /// Whether the tag has an attribute of any kind in `mask`.
    @inline(__always)
    func containsAny(_ mask: UInt32) -> Bool {
        present & mask != 0
    }

    @inline(__always)
    subscript(kind: AttributeKind) -> Int? {
        present & Self.bit(kind) != 0 ? first[Int(kind.rawValue)] : nil
    }

    /// `href`, or SVG's older `xlink:href`.
    var hrefOrXLink: Int? {
        self[.href] ?? self[.xlinkHref]
    }
}
