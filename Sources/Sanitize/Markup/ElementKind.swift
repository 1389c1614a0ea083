/// The elements the rewriter treats specially, by what they load, mean or
/// do to tokenization.
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
    case textarea, xmp, noembed, noframes, noscript, plaintext

    /// Elements without an end tag in HTML.
    var isVoid: Bool {
        switch self {
        case .void, .base, .meta, .link, .img, .source, .input, .frame, .embed, .track, .area: return true
        default: return false
        }
    }

    init(_ name: NameKey) {
        self = Self.table[name] ?? .other
    }

    /// Kinds that mean something else in another namespace.
    func adjusted(in namespace: ForeignContent.Namespace) -> ElementKind {
        switch (namespace, self) {
        case (.html, .image): return .img  // as browsers read <image>
        case (.html, .use), (.html, .foreignObject), (.html, .desc), (.html, .mathIntegration): return .other
        case (.html, _): return self
        case (_, .base):
            return self  // so that planBase drops its href in any namespace
        case (_, .script), (_, .style), (_, .a), (_, .image), (_, .use), (_, .svg), (_, .math),
            (_, .foreignObject), (_, .desc), (_, .title), (_, .mathIntegration):
            return self
        default: return .other
        }
    }

    static let table: NameTable<ElementKind> = {
        var named: [(String, ElementKind)] = [
            ("html", .html), ("head", .head), ("body", .body), ("base", .base), ("meta", .meta), ("title", .title),
            ("script", .script), ("style", .style), ("link", .link),
            ("img", .img), ("image", .image), ("source", .source), ("input", .input), ("picture", .picture),
            ("iframe", .iframe), ("frame", .frame), ("object", .object), ("embed", .embed),
            ("video", .video), ("audio", .audio), ("track", .track),
            ("a", .a), ("area", .area), ("form", .form), ("button", .button),
            ("svg", .svg), ("math", .math), ("foreignobject", .foreignObject), ("use", .use), ("desc", .desc),
            ("mi", .mathIntegration), ("mo", .mathIntegration), ("mn", .mathIntegration),
            ("ms", .mathIntegration), ("mtext", .mathIntegration), ("annotation-xml", .mathIntegration),
            ("textarea", .textarea), ("xmp", .xmp), ("noembed", .noembed), ("noframes", .noframes),
            ("noscript", .noscript), ("plaintext", .plaintext),
        ]
        for name in ["br", "col", "hr", "param", "wbr", "keygen", "basefont", "bgsound"] { named.append((name, .void)) }
        return NameTable(named)
    }()

    /// HTML elements that stay in an open `head`; any other start tag ends
    /// it ("in head" insertion mode).
    static let staysInHead = NameTable([
        "base", "basefont", "bgsound", "link", "meta", "noscript", "script", "style", "template", "title",
    ].map { ($0, true) })

    /// HTML start tags that end SVG or MathML content in a browser's tree
    /// builder ("breaks out of foreign content"); `font` only with
    /// `color`, `face` or `size`.
    static let breakOut = NameTable([
        "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed",
        "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr",
        "ol", "p", "pre", "ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u",
        "ul", "var",
    ].map { ($0, true) })

    /// HTML elements of the "special" category: "any other end tag" in body
    /// (`</span>`) walks down the stack from the current node and is ignored
    /// at the first of them that it does not name (the HTML standard's "in
    /// body" insertion mode; WebKit's processAnyOtherEndTagForInBody). The
    /// SVG and MathML ones bound every end tag (`ForeignContent.lowestDepth`).
    static let special = NameTable([
        "address", "applet", "area", "article", "aside", "base", "basefont", "bgsound", "blockquote", "body",
        "br", "button", "caption", "center", "col", "colgroup", "dd", "details", "dir", "div", "dl", "dt",
        "embed", "fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3",
        "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "iframe", "img", "input", "keygen", "li",
        "link", "listing", "main", "marquee", "menu", "meta", "nav", "noembed", "noframes", "noscript",
        "object", "ol", "p", "param", "plaintext", "pre", "script", "search", "section", "select", "source",
        "style", "summary", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "title",
        "tr", "track", "ul", "wbr", "xmp",
    ].map { ($0, true) })

    /// End tags with rules of their own, which are no "any other end tag":
    /// those of "in body" (the blocks and `applet`/`marquee`/`object` in
    /// scope, `form`, `p`, `li`, `dd`, `dt`, the headings, `br`, `body`,
    /// `html`, the formatting elements of the adoption agency), `head` and
    /// `template` ("in head") and the table ones ("in table" and below).
    static let ownEndTagRules = NameTable([
        "a", "address", "applet", "article", "aside", "b", "big", "blockquote", "body", "br", "button",
        "caption", "center", "code", "col", "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt",
        "em", "fieldset", "figcaption", "figure", "font", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
        "head", "header", "hgroup", "html", "i", "li", "listing", "main", "marquee", "menu", "nav", "nobr",
        "object", "ol", "p", "pre", "s", "search", "section", "small", "strike", "strong", "summary", "table",
        "tbody", "td", "template", "tfoot", "th", "thead", "tr", "tt", "u", "ul",
    ].map { ($0, true) })

    /// `</h1>` to `</h6>` end whichever of these is open (in scope), not
    /// only the one they name.
    static let headings = NameTable(["h1", "h2", "h3", "h4", "h5", "h6"].map { ($0, true) })
}

/// The attributes the rewriter reads or rewrites (at most 32 kinds:
/// `AttributeTable` keeps one bit for each).
enum AttributeKind: UInt8 {
    case other
    case src, srcset, href, xlinkHref, data, poster, background, style
    case action, formaction, rel, `as`, type, integrity, crossorigin, nonce
    case httpEquiv, content, charset, ping, imagesrcset, dataSrc, dataSrcset, srcdoc, manifest
    case color, face, size

    init(_ name: NameKey) {
        self = Self.table[name] ?? .other
    }

    static let table: NameTable<AttributeKind> = {
        precondition(AttributeKind.size.rawValue < 32, "AttributeTable holds 32 kinds")
        return NameTable(named)
    }()

    /// Each kind's name.
    static let named: [(String, AttributeKind)] = [
        ("src", .src), ("srcset", .srcset), ("href", .href), ("xlink:href", .xlinkHref), ("data", .data),
        ("poster", .poster), ("background", .background), ("style", .style), ("action", .action),
        ("formaction", .formaction), ("rel", .rel), ("as", .as), ("type", .type), ("integrity", .integrity),
        ("crossorigin", .crossorigin), ("nonce", .nonce), ("http-equiv", .httpEquiv), ("content", .content),
        ("charset", .charset), ("ping", .ping), ("imagesrcset", .imagesrcset), ("data-src", .dataSrc),
        ("data-srcset", .dataSrcset), ("srcdoc", .srcdoc), ("manifest", .manifest),
        ("color", .color), ("face", .face), ("size", .size),
    ]
}
