/// The rewriter's fast lane: most of a page is body markup that limot copies
/// as written, and there it reads on without making tokens.
extension DocumentRewriter {
    /// The next token to decide. In the plain body (see `inPlainBody`, and
    /// before any `</body>`), text, comments and the tags that `startTag` and
    /// `endTag` would copy with only their open-element entry are read past
    /// here, without a token each, and become one pending copy: start tags
    /// of elements limot does not treat specially that have none of the
    /// attributes every element may rewrite, and end tags of the current
    /// element with no rules of their own. Other start tags are read as
    /// tokens and decided by `startTag` within the run, which goes on after
    /// them while the fast lane reads what follows. The first other end tag
    /// is returned as a token, as `HTMLTokenizer.next()` would have
    /// returned it, and so is the token after a start tag that leaves the
    /// fast lane.
    mutating func nextToken() -> HTMLTokenizer.Token? {
        guard readsFastLane else { return tokenizer.next() }
        return plainBodyRun()
    }

    /// Whether the next token is read in the fast lane: the plain body
    /// before any `</body>`, with no style or title text next and the
    /// tokenizer in its data state.
    @inline(__always)
    private var readsFastLane: Bool {
        inPlainBody && bodyEndCandidate == nil && !styleIsNext && !titleIsNext && tokenizer.isInDataState
    }

    /// `readsFastLane` after the run handed over a start tag that keeps its
    /// mark (`handedOverTagKeepsMark`), which `startTagInPlainBody` decided:
    /// such a tag writes no head, enters no SVG or MathML, reads no
    /// `</body>` and opens no head, so only what it may change is asked
    /// (an element removed with its content, a style's or title's text
    /// next, raw text). The rest, asked after each `<a>` and `<img>`, took
    /// about twenty instructions, most for comparing the current element
    /// with `head`.
    @inline(__always)
    private var readsFastLaneAfterHandedOver: Bool {
        skipping == nil && !styleIsNext && !titleIsNext && tokenizer.isInDataState
    }

    /// The fast lane's run from the tokenizer's position. The elements it
    /// opens and ends are pushed and popped in the memory of
    /// `openElements` through a pointer, with the stack's size kept here
    /// and set when the run ends. (The elements it opened were kept on
    /// the machine stack before, and moved onto `openElements`, then an
    /// array, when the run ended.)
    private mutating func plainBodyRun() -> HTMLTokenizer.Token? {
        // The stack's room is the bound on open elements and more: a push
        // under the bound needs no test of room.
        precondition(openElements.capacity > Self.maximumOpenElements, "an open-element stack smaller than its bound")
        var elements = openElements.elements
        // The stack's size, kept here for the run: read through the stack
        // for each tag, it took loads and stores in memory.
        var openCount = openElements.count
        // Elements from here up were opened by this run: no `</body>`,
        // `</html>`, `</form>`, `</br>` or head among them (see below).
        var openedFrom = openCount
        // Held here for the run: calls on `tokenizer` itself would copy it (four hundred bytes) for each.
        let scanner = tokenizer.scanner
        // The attribute filters hold no references: held here across the
        // `startTag` calls below, they are not retained.
        let sharedRewrites = names.sharedRewrites
        let noAttributes = names.noAttributes
        let skimmedTags = skimmedTags.slots
        var start = tokenizer.position
        // The run reads the words after a `<` (its name, an end tag's, the
        // text before the next `<`) without asking whether they lie in the
        // input: it ends sixteen bytes before the end, and the tokenizer
        // reads the page's last bytes. (Each read asked before, about ten
        // tests a tag: 58 KB page 2.18 M -> 2.14 M instructions, callgrind.)
        let wordsEnd = scanner.input.count &- 16
        var index = start
        var token: HTMLTokenizer.Token?
        while index < wordsEnd {
            // Text is copied unread: only a `<` that opens markup stops it.
            // (`scanner.markupStart(from:)` spelled out: it tested the byte
            // after the `<`, which was then read and tested again here; 1 MB
            // page 25.64 M -> 25.17 M instructions, callgrind.)
            index = ByteSearch.nearbyIndex(of: UInt8(ascii: "<"), in: scanner.input, sixteenReadableFrom: index)
            guard index < wordsEnd else { break }
            let next = scanner.input[index &+ 1]
            if next.isASCIIAlpha {
                // The name read as `scanner.tagName(at:isEnd:)` reads it, spelled out: the
                // optimizer kept that as a call here (1.9% of the 100 KB page's instructions).
                // A name of up to eight bytes (most) is looked up by its one word.
                let name: NameKey, nameEnd: Int, kind: ElementKind
                if let short = scanner.shortName(eightReadableAt: index &+ 1, until: .tagNameEnd) {
                    name = NameKey(packing: short.word, count: short.length)
                    nameEnd = index &+ 1 &+ short.length
                    kind = names.element(oneWord: name)
                } else {
                    (name, nameEnd) = scanner.scanLongName(at: index &+ 1, until: .tagNameEnd)
                    kind = names.element(name)
                }
                // The tag's attributes are skimmed, not stored: `startTag` needs them only for the other tags.
                guard kind == .other || kind == .void,
                    let tagEnd = Self.copiedTagEnd(at: index, name: name, nameEnd: nameEnd, scanner: scanner, flagging: sharedRewrites, skimmed: skimmedTags)
                else {
                    var tag = tokenizer.tag(at: index, isEnd: false, name: name, nameEnd: nameEnd)
                    tag.element = kind  // found here: `startTag` need not look it up again
                    guard tag.kind == .startTag else {
                        token = tag  // cut off by the end of the input
                        break
                    }
                    // The tag (`<a href>`, `<img src>`) is decided here, as `rewrite`
                    // decides a token, and the run goes on after it from where the
                    // tokenizer stopped, as a run entered anew would, when the
                    // fast lane still reads what follows. (Handed to `rewrite`, each
                    // such tag cost a return and a new run: its entry and exit, the
                    // token copied out and `rewrite`'s tests, on the 58 KB page
                    // about 100 instructions for each of its 567 `<a>` and `<img>`.)
                    openElements.setCount(openCount)
                    copy(start..<index)
                    // An HTML element's tag goes straight to what `startTag` does
                    // with it in the plain body, which the run is in: its tests of
                    // the token's kind and of the plain body are not asked again.
                    if kind != .svg, kind != .math { startTagInPlainBody(tag, kind: kind) } else { startTag(tag) }
                    start = tokenizer.position
                    index = start
                    elements = openElements.elements
                    openCount = openElements.count
                    if Self.handedOverTagKeepsMark(kind) {
                        guard readsFastLaneAfterHandedOver else { break }
                    } else {
                        openedFrom = openCount
                        guard readsFastLane else { break }
                    }
                    continue
                }
                if kind == .other, openCount < Self.maximumOpenElements {
                    (elements + openCount).initialize(to: name)
                    openCount &+= 1
                }
                index = tagEnd
            } else if next == UInt8(ascii: "/") {
                guard scanner.input[index &+ 2].isASCIIAlpha else {
                    // `</>` and `</3`, bogus comments: copied as `rewrite` copies them.
                    _ = tokenizer.markup(at: index)
                    index = tokenizer.position
                    continue
                }
                let current = openCount > 0 ? elements[openCount &- 1] : nil
                // The end tag of the current element, written as its key: read without scanning its name.
                // (Those the fast lane opened are no `</body>`, `</html>`, `</form>` or `</br>`.)
                if let current, let tagEnd = scanner.endTag(named: current, eightReadableAt: index &+ 2), openCount > openedFrom || !names.endTagDoesMoreThanEnd(current) {
                    index = tagEnd
                    openCount &-= 1
                    if openCount < openedFrom {
                        openedFrom = openCount
                        if openCount > 0, elements[openCount &- 1] == names.head { break }  // a head current again: see below
                    }
                    continue
                }
                let (name, nameEnd) = scanner.scanName(at: index &+ 2, until: .tagNameEnd)
                guard current == name, !names.endTagDoesMoreThanEnd(name), let tagEnd = scanner.skimTagEnd(from: nameEnd, flagging: noAttributes) else {
                    token = tokenizer.tag(at: index, isEnd: true, name: name, nameEnd: nameEnd)
                    break
                }
                index = tagEnd
                openCount &-= 1
                if openCount < openedFrom {
                    openedFrom = openCount
                    // An open head is current again (a `<template>` in it ended): no longer the plain
                    // body. Asked only here: the run began with no head current, and what it opened
                    // and ends itself is no head. (Asked after each end tag, 13 instructions: 58 KB
                    // page 2.143 M -> 2.127 M instructions, callgrind.)
                    if openCount > 0, elements[openCount &- 1] == names.head { break }
                }
            } else if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                // A comment, doctype or bogus comment: copied as `rewrite` copies it.
                _ = tokenizer.markup(at: index)
                index = tokenizer.position
            } else {
                index &+= 1  // a `<` that opens no markup is text
            }
        }
        openElements.setCount(openCount)
        let copied = start..<(token?.range.lowerBound ?? index)
        if token == nil { tokenizer.position = index }
        if !copied.isEmpty { copy(copied) }
        return token ?? tokenizer.next()
    }

    /// The index after the start tag at `index` (its `<`), named `name`
    /// up to `nameEnd`, when the fast lane copies it as written (no
    /// attribute of a kind `flagged` matches); nil otherwise, and when the
    /// input ends in the tag. A tag with attributes whose bytes equal a
    /// tag's skimmed before is found in `skimmed` without a skim (see
    /// `SkimmedTags`); a tag skimmed here is remembered there.
    @inline(__always)
    private static func copiedTagEnd(at index: Int, name: NameKey, nameEnd: Int, scanner: MarkupScanner, flagging flagged: AttributeNameFilter,
                                     skimmed: SkimmedTags.Slots) -> Int? {
        let input = scanner.input
        if nameEnd < input.count, input[nameEnd] == UInt8(ascii: ">") { return nameEnd &+ 1 }
        guard nameEnd &+ 16 <= input.count else { return scanner.skimTag(from: nameEnd, flagging: flagged) }
        let set = SkimmedTags.Slots.set(name: name.a, nameEnd: nameEnd, sixteenReadableIn: input)
        if let end = skimmed.end(ofTagAt: index, set: set, in: input) { return end }
        guard let end = scanner.skimTag(from: nameEnd, flagging: flagged) else { return nil }
        skimmed.remember(index, end, set: set)
        return end
    }

    /// Whether the run's mark of the elements it opened itself
    /// (`openedFrom`, see `plainBodyRun`) stays where it was after it
    /// handed over a start tag of element kind `kind`. An HTML element's
    /// tag in the plain body (`startTagInPlainBody`) leaves the elements
    /// below as they were and opens at most its own (or removes it, which
    /// ends the run): unless that is a `<body>`, `<html>` or `<form>`,
    /// whose end tags do more than end them, or a `<head>`, none of which
    /// the run may end as its own, the mark stays, and the end tags of the
    /// elements opened before the tag (`</td>` after `<a href>…</a>`) and
    /// of the opened element (`</a>`) are read without the test of those
    /// names. (`<br>` is void: its tag opens nothing.) SVG and MathML tags
    /// go through `startTag`, which may end elements: the mark is then set
    /// to the stack's size, as a run entered anew sets it. (Set so after
    /// every handed-over tag, the mark had each `</a>`, `</td>` and `</tr>`
    /// after an `<a>` or `<img>` pay the test.)
    @inline(__always)
    static func handedOverTagKeepsMark(_ kind: ElementKind) -> Bool {
        switch kind {
        case .html, .head, .body, .form, .svg, .math: return false
        default: return true
        }
    }

    /// The start tag of an HTML element in the plain body (`<a>`, `<img>`:
    /// the tags the fast lane hands over), whose element kind is `kind`: no
    /// SVG or MathML to break out of or enter, no head to open or leave,
    /// nothing removed around it.
    mutating func startTagInPlainBody(_ token: HTMLTokenizer.Token, kind: ElementKind) {
        let kind = kind.adjusted(in: .html)
        if kind != .html && kind != .body { noteContent() }
        decide(token, kind: kind, namespace: .html, hasContent: !kind.isVoid, breaksOut: false, inPlainBody: true)
    }

    /// `open` for an HTML element in the plain body, where no SVG or MathML
    /// is open and none is entered: the namespace bookkeeping is left out
    /// (`inForeignContent` is false already, as it is set with each change
    /// of `foreign`).
    mutating func openInPlainBody(_ name: NameKey, kind: ElementKind) {
        tokenizer.enterContent(of: kind, name: name)
        guard openElements.count < Self.maximumOpenElements, !names.startTagOpensNothing(kind, in: openElements) else { return }
        openElements.append(name)
    }
}
