/// The element sets of the HTML standard's tree construction that
/// `HTMLTreeBuilder` needs, by name.
extension HTMLTreeBuilder {
    /// Elements whose raw content is script, style or markup, not words.
    static let textless: Set<String> = ["script", "style", "textarea", "noscript", "iframe", "noembed", "noframes"]

    static let void: Set<String> = [
        "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen", "link",
        "meta", "param", "source", "track", "wbr",
    ]

    /// What may stay in `head`; anything else there ends it.
    static let headContent: Set<String> = ["base", "basefont", "bgsound", "link", "meta", "noscript", "script", "style", "template", "title"]

    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

    static let tableSections: Set<String> = ["tbody", "thead", "tfoot"]

    /// Start tags that close an open `p` (HTML standard, "in body").
    static let closesParagraph: Set<String> = [
        "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl", "dd", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup",
        "hr", "li", "listing", "main", "menu", "nav", "ol", "p", "plaintext", "pre", "search", "section", "summary",
        "table", "ul", "xmp",
    ]

    /// The standard's "special" category: elements an unknown end tag does
    /// not close across.
    static let special: Set<String> = [
        "address", "applet", "area", "article", "aside", "base", "basefont", "bgsound", "blockquote", "body", "br",
        "button", "caption", "center", "col", "colgroup", "dd", "details", "dir", "div", "dl", "dt", "embed",
        "fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6",
        "head", "header", "hgroup", "hr", "html", "iframe", "img", "input", "keygen", "li", "link", "listing", "main",
        "marquee", "menu", "meta", "nav", "noembed", "noframes", "noscript", "object", "ol", "p", "param",
        "plaintext", "pre", "script", "search", "section", "select", "source", "style", "summary", "table", "tbody",
        "td", "template", "textarea", "tfoot", "th", "thead", "title", "tr", "track", "ul", "wbr", "xmp",
    ]

    /// "Has an element in scope" stops at these.
    static let defaultScope: Set<String> = [
        "applet", "caption", "html", "table", "td", "th", "marquee", "object", "template", "foreignobject",
    ]
    static let buttonScope = defaultScope.union(["button"])
    static let listItemScope = defaultScope.union(["ol", "ul"])
    /// "Has an element in table scope" stops at these.
    static let tableBoundary: Set<String> = ["html", "table", "template"]

    /// HTML start tags that end SVG or MathML content.
    static let breaksOutOfForeignContent: Set<String> = [
        "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1", "h2",
        "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre",
        "ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var",
    ]
}
