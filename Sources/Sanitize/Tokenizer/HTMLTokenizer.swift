/// An HTML tokenizer after the HTML standard (§13.2.5), reduced to what a
/// rewriter needs: where each token starts and ends, tag and attribute names,
/// and the raw bytes of attribute values. Nothing is copied or decoded; the
/// rewriter copies what it does not change byte for byte.
///
/// It never builds a tree: the browser does that from limot's output, which
/// is the page's own token stream with some attributes and elements changed.
/// Which elements switch it into raw text (script, style, textarea…) is the
/// rewriter's call (`enterContent`), because that depends on the namespace.
struct HTMLTokenizer {
    /// The input and the scans over it.
    let scanner: MarkupScanner
    @inline(__always)
    var input: UnsafeBufferPointer<UInt8> { scanner.input }
    var position = 0
    private var mode = Mode.data
    let scriptName = NameKey("script")
    /// Whether `<![CDATA[` opens a CDATA section (in SVG and MathML).
    var inForeignContent = false
    /// The attributes of the last start tag (the first `attributeCount`),
    /// valid until the next token; the storage is reused from tag to tag.
    private let attributeStorage: RawAttributeBuffer
    private(set) var attributeCount = 0
    /// The last start tag's attributes by kind.
    private(set) var attributes = AttributeTable()
    /// The attribute kinds by name, held here so that `tag` reads them
    /// through the tokenizer, with no `swift_once` check of the static
    /// table for each attribute.
    let attributeNames = AttributeKind.table

    @inline(__always)
    func attribute(_ index: Int) -> RawAttribute {
        precondition(index < attributeCount, "no attribute \(index) in this tag")
        return attributeStorage[index]
    }

    enum Mode: Equatable {
        case data
        /// Text up to `</name`: RAWTEXT (style, iframe…) and RCDATA (title, textarea).
        case rawText(NameKey)
        case scriptData
        case plaintext
    }

    /// What the input left open at its end. limot appends after the page
    /// (the navigation bar), so it closes these first, as the browser
    /// would have closed them at the end of the input.
    enum Unclosed: Equatable {
        case comment, bogusComment, cdata
        case rawText(NameKey)
        case script(escaped: Bool)

        /// The bytes that close it.
        var closingBytes: [UInt8] {
            switch self {
            case .comment: return Array("-->".utf8)
            case .bogusComment: return Array(">".utf8)
            case .cdata: return Array("]]>".utf8)
            case .rawText(let name): return Array("</".utf8) + name.bytes + [UInt8(ascii: ">")]
            case .script(let escaped): return Array(((escaped ? "-->" : "") + "</script>").utf8)
            }
        }
    }
    private(set) var unclosed: Unclosed?

    struct Token {
        /// `truncated`: a tag cut off by the end of the input, which browsers drop.
        enum Kind { case text, startTag, endTag, comment, doctype, other, truncated }
        var kind: Kind
        /// The token's bytes.
        var range: Range<Int>
        /// The lower-cased tag name (tags only).
        var name = NameKey.empty
        /// The end of the tag's name as written (tags only).
        var nameEnd = 0
        var selfClosing = false
        /// The element kind of a start tag's name, when the reader that
        /// made the token looked it up already (the rewriter's fast lane):
        /// `startTag` then does not hash the name again.
        var element: ElementKind?
    }

    /// An attribute of the last start tag, as places in the input: five
    /// words and its kind, stored for each attribute the tokenizer reads.
    /// (Held as its name's key, its two ranges and an optional range, it
    /// was eleven words, and the key was wanted only for `<annotation-xml>`'s
    /// `encoding`: `name(in:)` makes it from the input.)
    struct RawAttribute {
        var kind: AttributeKind
        /// Where the name, and the attribute as written, starts.
        var nameStart: Int
        var nameEnd: Int
        /// Where the value starts without its quote; -1 for an attribute without `=`.
        var valueStart: Int
        var valueEnd: Int
        /// Where the attribute as written ends (after a closing quote).
        var end: Int

        var nameRange: Range<Int> { Range(uncheckedBounds: (nameStart, nameEnd)) }
        /// The value without its quotes; nil for an attribute without `=`.
        var valueRange: Range<Int>? { valueStart < 0 ? nil : Range(uncheckedBounds: (valueStart, valueEnd)) }
        /// The attribute as written, name to closing quote.
        var range: Range<Int> { Range(uncheckedBounds: (nameStart, end)) }

        /// The lower-cased name's key, as the tokenizer looked it up, from `input` (the tokenizer's).
        func name(in input: UnsafeBufferPointer<UInt8>) -> NameKey {
            NameKey(lowercasing: input.baseAddress! + nameStart, count: nameEnd &- nameStart)
        }
    }

    /// `attributeStorage`: where the tags' attributes go (a page's
    /// `RewriteScratch` lends the rewriter's tokenizer its buffer); read
    /// only up to the current tag's count, so what it held is never read.
    init(input: UnsafeBufferPointer<UInt8>, attributeStorage: RawAttributeBuffer = RawAttributeBuffer.make()) {
        scanner = MarkupScanner(input: input)
        self.attributeStorage = attributeStorage
    }

    /// After a start tag: how the element's content is tokenized.
    mutating func enterContent(of kind: ElementKind, name: NameKey) {
        switch kind {
        case .script: mode = .scriptData
        case .style, .iframe, .xmp, .noembed, .noframes, .noscript, .title, .textarea: mode = .rawText(name)
        case .plaintext: mode = .plaintext
        default: break
        }
    }

    mutating func next() -> Token? {
        guard position < input.count else {
            switch mode {
            case .rawText(let name): unclosed = .rawText(name)
            case .scriptData: unclosed = .script(escaped: false)
            case .data, .plaintext: break
            }
            mode = .data
            return nil
        }
        switch mode {
        case .data:
            return markupOrText()
        case .plaintext:
            defer { position = input.count }
            return Token(kind: .text, range: position..<input.count)
        case .rawText(let name):
            mode = .data
            let end = endOfRawText(name)
            if end == input.count { unclosed = .rawText(name) }
            guard end > position else { return markupOrText() }
            defer { position = end }
            return Token(kind: .text, range: position..<end)
        case .scriptData:
            mode = .data
            let (end, escaped) = endOfScriptData()
            if end == input.count { unclosed = .script(escaped: escaped) }
            guard end > position else { return markupOrText() }
            defer { position = end }
            return Token(kind: .text, range: position..<end)
        }
    }

    // MARK: Data state

    /// Whether the next token is read in the data state (not raw text).
    var isInDataState: Bool {
        if case .data = mode { return true }
        return false
    }

    private mutating func markupOrText() -> Token? {
        let start = position
        if input[start] == UInt8(ascii: "<"), scanner.startsMarkup(at: start) { return markup(at: start) }
        let index = scanner.markupStart(from: start)
        if index > start {
            position = index
            return Token(kind: .text, range: start..<index)
        }
        return markup(at: start)
    }

    /// The markup at `start`, where `startsMarkup` holds.
    mutating func markup(at start: Int) -> Token {
        let next = input[start + 1]
        if next.isASCIIAlpha { return tag(at: start, isEnd: false) }
        if next == UInt8(ascii: "/") {
            if start + 2 < input.count, input[start + 2].isASCIIAlpha { return tag(at: start, isEnd: true) }
            return bogusComment(from: start)  // "</>" is dropped by browsers, "</3" is a comment
        }
        if next == UInt8(ascii: "?") { return bogusComment(from: start) }
        // "<!"
        if matches("--", at: start + 2) { return comment(from: start) }
        if matchesIgnoringCase("doctype", at: start + 2) {
            position = endOfGreaterThan(from: start + 9)
            return Token(kind: .doctype, range: start..<position)
        }
        if inForeignContent, matches("[CDATA[", at: start + 2) {
            if let end = find("]]>", from: start + 9) {
                position = end + 3
            } else {
                position = input.count
                unclosed = .cdata
            }
            return Token(kind: .other, range: start..<position)
        }
        return bogusComment(from: start)
    }

    private mutating func bogusComment(from start: Int) -> Token {
        position = endOfGreaterThan(from: start + 2)
        return Token(kind: .comment, range: start..<position)
    }

    /// `<!--…-->`, also ended by `--!>`, and at once by `<!-->` and `<!--->`.
    private mutating func comment(from start: Int) -> Token {
        var index = start + 4
        if index < input.count, input[index] == UInt8(ascii: ">") {
            index += 1
        } else if matches("->", at: index) {
            index += 2
        } else {
            while true {
                guard let dashes = find("--", from: index) else {
                    index = input.count
                    unclosed = .comment
                    break
                }
                if matches(">", at: dashes + 2) {
                    index = dashes + 3
                    break
                }
                if matches("!>", at: dashes + 2) {
                    index = dashes + 4
                    break
                }
                index = dashes + 1
            }
        }
        position = index
        return Token(kind: .comment, range: start..<index)
    }

    // MARK: Helpers

    /// After the next `>` (doctypes, bogus comments); the end of the input
    /// when there is none, which leaves the token open.
    mutating func endOfGreaterThan(from start: Int) -> Int {
        let index = ByteSearch.index(of: UInt8(ascii: ">"), in: input, from: start)
        if index == input.count {
            unclosed = .bogusComment
            return index
        }
        return index + 1
    }

    mutating func clearAttributes() {
        attributeCount = 0
        attributes.clear()
    }

    @inline(__always)
    mutating func appendAttribute(_ attribute: RawAttribute) {
        attributeStorage.store(attribute, at: attributeCount)
        attributes.note(attribute.kind, at: attributeCount)
        attributeCount += 1
    }
}
