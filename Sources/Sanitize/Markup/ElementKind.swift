/// The elements the walk treats specially, by what they load or mean.
///
/// Everything else is `.other` (or `.void` when HTML gives it no end tag) and
/// is copied with only the attributes every element shares rewritten
/// (`style`, `background`, `integrity`, `crossorigin`).
enum ElementKind: UInt8 {
    case other, void
    case html, head, body, base, meta, title
    case script, style, link
    case img, image, source, input, picture
    case iframe, frame, object, embed
    case video, audio, track
    case a, area, form, button
    case svg, math, foreignObject, use, desc
    case mathIntegration

    /// Elements without an end tag in HTML (serialised as a start tag only).
    var isVoid: Bool {
        switch self {
        case .void, .base, .meta, .link, .img, .source, .input, .frame, .embed, .track, .area: return true
        default: return false
        }
    }

    /// Looks a lower-case element name up.
    @inline(__always)
    init(name: UnsafePointer<UInt8>) {
        self = Self.table[NameKey(name)] ?? .other
    }

    private static let table: [NameKey: ElementKind] = {
        var table: [NameKey: ElementKind] = [:]
        let named: [(String, ElementKind)] = [
            ("html", .html), ("head", .head), ("body", .body), ("base", .base), ("meta", .meta), ("title", .title),
            ("script", .script), ("style", .style), ("link", .link),
            ("img", .img), ("image", .image), ("source", .source), ("input", .input), ("picture", .picture),
            ("iframe", .iframe), ("frame", .frame), ("object", .object), ("embed", .embed),
            ("video", .video), ("audio", .audio), ("track", .track),
            ("a", .a), ("area", .area), ("form", .form), ("button", .button),
            ("svg", .svg), ("math", .math), ("foreignobject", .foreignObject), ("use", .use), ("desc", .desc),
            ("mi", .mathIntegration), ("mo", .mathIntegration), ("mn", .mathIntegration),
            ("ms", .mathIntegration), ("mtext", .mathIntegration), ("annotation-xml", .mathIntegration),
        ]
        for (name, kind) in named { table[NameKey(name)] = kind }
        for name in ["br", "col", "hr", "param", "wbr", "keygen", "basefont", "bgsound"] {
            table[NameKey(name)] = .void
        }
        return table
    }()
}

/// The attributes the walk reads or rewrites.
enum AttributeKind: UInt8 {
    case other
    case src, srcset, href, xlinkHref, data, poster, background, style
    case action, formaction, rel, `as`, type, integrity, crossorigin, nonce
    case httpEquiv, content, charset, ping, imagesrcset, dataSrc, dataSrcset, srcdoc, manifest

    @inline(__always)
    init(name: UnsafePointer<UInt8>) {
        self = Self.table[NameKey(name)] ?? .other
    }

    private static let table: [NameKey: AttributeKind] = {
        let named: [(String, AttributeKind)] = [
            ("src", .src), ("srcset", .srcset), ("href", .href), ("xlink:href", .xlinkHref), ("data", .data),
            ("poster", .poster), ("background", .background), ("style", .style), ("action", .action),
            ("formaction", .formaction), ("rel", .rel), ("as", .as), ("type", .type), ("integrity", .integrity),
            ("crossorigin", .crossorigin), ("nonce", .nonce), ("http-equiv", .httpEquiv), ("content", .content),
            ("charset", .charset), ("ping", .ping), ("imagesrcset", .imagesrcset), ("data-src", .dataSrc),
            ("data-srcset", .dataSrcset), ("srcdoc", .srcdoc), ("manifest", .manifest),
        ]
        var table: [NameKey: AttributeKind] = [:]
        for (name, kind) in named { table[NameKey(name)] = kind }
        return table
    }()
}
