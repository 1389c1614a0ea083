/// The link types of a `<link rel>` that decide what limot does with the
/// element, read from the value's bytes: a set of Strings for every
/// `<link>` cost about 2,500 instructions a link (sixty a page on the
/// fixture site) in splitting at characters, and more in hashing.
struct LinkRelations: OptionSet {
    let rawValue: UInt16

    init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    static let dnsPrefetch = LinkRelations(rawValue: 1 << 0)
    static let preconnect = LinkRelations(rawValue: 1 << 1)
    static let prerender = LinkRelations(rawValue: 1 << 2)
    static let stylesheet = LinkRelations(rawValue: 1 << 3)
    static let modulepreload = LinkRelations(rawValue: 1 << 4)
    static let preload = LinkRelations(rawValue: 1 << 5)
    static let prefetch = LinkRelations(rawValue: 1 << 6)
    /// `icon`, `apple-touch-icon`, `apple-touch-icon-precomposed`, `mask-icon`, `fluid-icon`.
    static let icon = LinkRelations(rawValue: 1 << 7)
    static let manifest = LinkRelations(rawValue: 1 << 8)

    /// Connection warm-ups, of no use behind the proxy.
    static let warmUps: LinkRelations = [.dnsPrefetch, .preconnect, .prerender]

    /// Each link type limot acts on, by its lower-case name.
    static let named: [(name: StaticString, relation: LinkRelations)] = [
        ("dns-prefetch", .dnsPrefetch), ("preconnect", .preconnect), ("prerender", .prerender),
        ("stylesheet", .stylesheet), ("modulepreload", .modulepreload), ("preload", .preload), ("prefetch", .prefetch),
        ("icon", .icon), ("apple-touch-icon", .icon), ("apple-touch-icon-precomposed", .icon), ("mask-icon", .icon),
        ("fluid-icon", .icon), ("manifest", .manifest),
    ]

    /// The definition, on the value (character references decoded): ASCII
    /// lower-cased, trimmed of bytes up to the space, split at characters
    /// that are a space, tab, line feed, carriage return or form feed.
    init(characterwise value: String) {
        self = []
        let rel = DocumentRewriter.asciiLowercasedTrimmed(value)
        for token in rel.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }) {
            var token = String(token)
            formUnion(token.withUTF8 { Self.relation(named: $0) })
        }
    }

    /// The same set read from the value's bytes, where splitting at bytes
    /// splits as at characters: ASCII without `\r\n`, which is one
    /// character (and no separator). Nil otherwise.
    init?(scanning value: UnsafeBufferPointer<UInt8>) {
        var end = value.count
        while end > 0, value[end - 1] <= 0x20 { end -= 1 }
        var index = 0
        while index < end, value[index] <= 0x20 { index += 1 }
        for position in index..<max(index, end) {
            let byte = value[position]
            if byte >= 0x80 || (byte == 0x0D && position + 1 < end && value[position + 1] == 0x0A) { return nil }
        }
        self = []
        while index < end {
            let start = index
            while index < end, !Self.isSeparator(value[index]) { index += 1 }
            if index > start { formUnion(Self.relation(named: UnsafeBufferPointer(rebasing: value[start..<index]))) }
            index += 1
        }
    }

    @inline(__always)
    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// The relation named by `token` (ASCII case-insensitively), or none.
    private static func relation(named token: UnsafeBufferPointer<UInt8>) -> LinkRelations {
        for (name, relation) in named where DocumentRewriter.equalsIgnoringASCIICase(token, name) { return relation }
        return []
    }
}
