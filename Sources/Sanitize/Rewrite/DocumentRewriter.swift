import ContentRules
import WebURL

/// One pass over the page's tokens that writes the sanitized page.
///
/// Each start tag is decided from its own attributes: written as it was,
/// written with rewritten attributes, or removed with its content. Text,
/// comments, the doctype and every tag limot does not change are copied
/// byte for byte, so the browser builds from the output the tree it would
/// have built from the page (UTF-8, entities, SVG's camelCase and all).
/// The per-response holes go where the page's structure says: after
/// `<head…>` (a head is opened where the browser would imply one), before
/// the last `</body>` (or at the end), and in each kept script's nonce.
struct DocumentRewriter {
    var tokenizer: HTMLTokenizer
    var writer: MarkupWriter
    var policy: ResourcePolicy
    let context: SanitizeContext
    /// What goes right after the head's start tag (and the head-start hole).
    let headPrefix: [UInt8]
    /// Whether to mark the head-start and body-end holes (not in `srcdoc`).
    let marksHoles: Bool
    /// How many `srcdoc` documents this one is nested in.
    let nestingDepth: Int
    /// Deeper `srcdoc` documents are dropped rather than sanitized.
    static let maximumNestingDepth = 3

    let names = Names.shared
    var edits = AttributeEdits()
    /// The current start tag's attributes by kind.
    @inline(__always)
    var attributes: AttributeTable { tokenizer.attributes }
    var foreign = ForeignContent()

    private(set) var wroteHead = false
    /// Where the bar goes if nothing but whitespace and comments follows.
    private(set) var bodyEndCandidate: Int?
    private var contentAfterBodyEnd = false
    private var sawBodyEnd = false
    /// Names of open elements, to end a removed element where a browser
    /// would (at its end tag, or at an end tag of an element around it).
    /// Room for the bound and the removed element that may go past it.
    var openElements: ElementStack
    /// The index in `openElements` of the removed element being skipped.
    private(set) var skipping: Int?
    /// The next text token is the CSS of a kept `<style>`.
    private(set) var styleIsNext = false
    /// The next text token is the document's first `<title>`.
    private(set) var titleIsNext = false
    /// The text of the document's first `<title>`, for history listings.
    private(set) var title: String?
    /// The start tags the fast lane skimmed, to know their repeats without a skim.
    let skimmedTags: SkimmedTags
    /// Input bytes to be copied as they are, not yet written: runs of
    /// unchanged tokens are written with one copy.
    private var pendingCopy = 0..<0

    /// Bounds on the open-element bookkeeping, so that a page of ten thousand
    /// unclosed tags costs linear time.
    static let maximumOpenElements = 1024
    static let endTagSearchDepth = 256

    enum Plan { case keep, remove }

    /// `page`: the context's top page prepared by its engine, if at hand;
    /// `scratch`: the memory the rewrite works in, which no other rewrite
    /// uses until this one is done.
    init(input: UnsafeBufferPointer<UInt8>, context: SanitizeContext, base: WebURL, headPrefix: [UInt8], nestingDepth: Int, page: PreparedPage? = nil,
         scratch: RewriteScratch = RewriteScratch()) {
        tokenizer = HTMLTokenizer(input: input, attributeStorage: scratch.attributes)
        openElements = ElementStack(reusing: scratch.openElements, capacity: RewriteScratch.openElementRoom)
        skimmedTags = SkimmedTags(reusing: scratch.skimmedTags)
        writer = MarkupWriter(forInput: input.count, headPrefix: headPrefix.count, reusing: &scratch.outputRoom, holes: &scratch.holes)
        // The edits the last page left, emptied (`RewriteScratch.reclaim`): their room only.
        swap(&edits, &scratch.edits)
        policy = ResourcePolicy(context: context, base: base, page: page)
        // The memos' room the last page left, empty (`RewriteScratch.reclaim`).
        swap(&policy.attributeURLs, &scratch.attributeURLs)
        swap(&policy.attributeNavigations, &scratch.attributeNavigations)
        self.context = context
        self.headPrefix = headPrefix
        self.marksHoles = nestingDepth == 0
        self.nestingDepth = nestingDepth
    }

    mutating func rewrite() {
        while let token = nextToken() {
            if token.kind != .text { styleIsNext = false; titleIsNext = false }  // an empty <style> or <title>
            switch token.kind {
            case .text: text(token)
            case .startTag: startTag(token)
            case .endTag: endTag(token)
            case .comment, .doctype, .other:
                if skipping == nil { copy(token.range) }
            case .truncated:
                break  // browsers drop a tag cut off by the end of the input
            }
        }
        if let unclosed = tokenizer.unclosed, skipping == nil {
            flushCopy()
            writer.write(unclosed.closingBytes)
        }
        if !wroteHead { openHead() }
        flushCopy()
        if marksHoles {
            if let candidate = bodyEndCandidate, !contentAfterBodyEnd {
                writer.insertHole(.bodyEnd, at: candidate)
            } else {
                writer.hole(.bodyEnd)
            }
        }
    }

    /// Copies input bytes to the output (later, with their neighbours).
    @inline(__always)
    mutating func copy(_ range: Range<Int>) {
        if range.lowerBound == pendingCopy.upperBound {
            pendingCopy = pendingCopy.lowerBound..<range.upperBound
        } else {
            flushCopy()
            pendingCopy = range
        }
    }

    /// Writes the pending copy; before anything else is written.
    @inline(__always)
    mutating func flushCopy() {
        if !pendingCopy.isEmpty { writer.write(raw(pendingCopy)) }
        pendingCopy = pendingCopy.upperBound..<pendingCopy.upperBound
    }

    /// The input bytes in `range`.
    @inline(__always)
    func raw(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: tokenizer.input[range])
    }

    // MARK: Tokens

    /// Whether the next token is in the body (the head written and left),
    /// outside SVG, MathML and removed elements: where most of a page's
    /// tokens are, and where a token that limot does not change needs no
    /// bookkeeping but the stack of open elements.
    @inline(__always)
    var inPlainBody: Bool {
        skipping == nil && wroteHead && foreign.isEmpty && openElements.last != names.head
    }

    private mutating func text(_ token: HTMLTokenizer.Token) {
        // Text in the body, before any `</body>`: copied without looking at it.
        if inPlainBody, bodyEndCandidate == nil, !styleIsNext, !titleIsNext {
            copy(token.range)
            return
        }
        guard skipping == nil else {
            styleIsNext = false
            return
        }
        let bytes = raw(token.range)
        if titleIsNext {
            titleIsNext = false
            let text = TitleText.collapsed(raw: bytes)
            if !text.isEmpty { title = text }
        }
        if styleIsNext || (foreign.current == .svg && foreign.innermost == names.style) {
            styleIsNext = false
            writeCSS(token.range)
            return
        }
        // A byte-order mark at the very start is no content: the decoder drops it.
        let content = token.range.lowerBound == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF])
            ? UnsafeBufferPointer(rebasing: bytes.dropFirst(3)) : bytes
        if !content.allSatisfy(\.isHTMLSpace) {
            if !wroteHead { openHead() }
            leaveHead()
            noteContent()
        }
        copy(token.range)
    }

    mutating func startTag(_ token: HTMLTokenizer.Token) {
        let name = token.name
        var kind = token.element ?? names.element(name)
        let plainBody = inPlainBody
        // The common tag: an element limot does not treat specially, with
        // none of the attributes every element may rewrite, in the plain
        // body. It is copied and opened, with no plan, edits or namespace work.
        if kind == .other || kind == .void, !attributes.containsAny(AttributeTable.sharedRewrites), plainBody {
            noteContent()
            copy(token.range)
            if kind == .other, openElements.count < Self.maximumOpenElements { openElements.append(name) }
            return
        }
        if plainBody, kind != .svg, kind != .math {
            startTagInPlainBody(token, kind: kind)
            return
        }
        let breakOutDepth = foreign.breakOut(name, hasFontAttributes: attributes.containsAny(AttributeTable.fontAttributes))
        if let breakOutDepth { poppedByBreakOut(from: breakOutDepth) }
        let namespace = foreign.namespace(of: kind)
        kind = kind.adjusted(in: namespace)
        let hasContent = namespace == .html ? !kind.isVoid : !token.selfClosing
        // Read as HTML (`<svg>` and `<math>` too), a tag that does not stay
        // in a head ends an open one.
        // (The open head is checked first: most tags come after it.)
        if openElements.last == names.head, foreign.current == .html, kind != .html, kind != .head, ElementKind.staysInHead[name] == nil {
            leaveHead()
        }

        if skipping != nil {
            if hasContent { open(name, kind: kind, namespace: namespace) }
            return
        }
        if !wroteHead, namespace == .html, kind != .html {
            if kind == .head {
                edits.reset()
                writeStartTag(token, namespace: namespace)
                open(name, kind: kind, namespace: namespace)
                markHeadStart()
                return
            }
            openHead()
        }
        if kind != .html && kind != .body { noteContent() }
        decide(token, kind: kind, namespace: namespace, hasContent: hasContent, breaksOut: breakOutDepth != nil, inPlainBody: false)
    }

    /// The start tag's plan carried out: removed with its content, or
    /// written with its edits and opened. `breaksOut`: the tag ended SVG or
    /// MathML content; `inPlainBody`: an HTML element in the plain body.
    mutating func decide(_ token: HTMLTokenizer.Token, kind: ElementKind, namespace: ForeignContent.Namespace, hasContent: Bool, breaksOut: Bool,
                                 inPlainBody: Bool) {
        let name = token.name
        edits.reset()
        if plan(kind, namespace: namespace) == .remove {
            if breaksOut {
                // The browser must leave SVG or MathML here as limot did, or it
                // would read what follows as markup limot read as text: an
                // inert element that breaks out takes the removed one's place.
                flushCopy()
                writer.write("<meta>")
            }
            if hasContent {
                openElements.append(name)  // even past the bound: skipping needs it
                skipping = openElements.count - 1
                if namespace == .html { tokenizer.enterContent(of: kind, name: name) }
            }
            return
        }
        if attributes.containsAny(AttributeTable.sharedRewrites) { planSharedAttributes(namespace: namespace) }
        writeStartTag(token, namespace: namespace)
        if hasContent {
            if inPlainBody { openInPlainBody(name, kind: kind) } else { open(name, kind: kind, namespace: namespace) }
            if namespace == .html, kind == .style { styleIsNext = true }
            if namespace == .html, kind == .title, title == nil, nestingDepth == 0 { titleIsNext = true }
        }
    }

    /// Bookkeeping for an element with content: the open-element stack, the
    /// namespace, and the tokenizer's state for raw-text elements.
    private mutating func open(_ name: NameKey, kind: ElementKind, namespace: ForeignContent.Namespace) {
        if namespace == .html { tokenizer.enterContent(of: kind, name: name) }
        guard openElements.count < Self.maximumOpenElements else { return }
        if namespace == .html, names.startTagOpensNothing(kind, in: openElements) { return }
        if skipping == nil {
            let encodesHTML = kind == .mathIntegration && name == ForeignContent.annotationXML && ForeignContent.annotationEncodesHTML(tokenizer)
            foreign.opened(name, kind: kind, namespace: namespace, depth: openElements.count, encodesHTML: encodesHTML)
            tokenizer.inForeignContent = foreign.current != .html
        }
        openElements.append(name)
    }

    private mutating func endTag(_ token: HTMLTokenizer.Token) {
        let name = token.name
        // The common end tag: it ends the current element in the plain body,
        // and is none of those with rules of their own below.
        if inPlainBody, openElements.last == name, !names.endTagDoesMoreThanEnd(name) {
            openElements.removeLast()
            noteContent()
            copy(token.range)
            return
        }
        // `</p>` and `</br>` in SVG or MathML end it (and a removed element
        // in it), as the tags that break out do: what follows is HTML to the
        // browser (a `<style>` raw CSS), so it must be to limot.
        if let depth = foreign.breakOut(endTag: name) { poppedByBreakOut(from: depth) }
        // `</div>` ends no `<div>` outside the innermost `<foreignObject>`.
        let lowest = max(foreign.lowestDepth(endedBy: name, stackCount: openElements.count), openElements.count - Self.endTagSearchDepth)
        // "Any other end tag" (`</span>`, not one with rules of its own) is
        // ignored at the first HTML element of the "special" category that it
        // meets: in `<span><div><svg></span>` the `<div>` keeps the span, and
        // the SVG in it, open. Inside a removed element limot follows no
        // namespaces, so only the elements around it can stop the tag.
        let stopsAtSpecial = names.ownEndTagRules[name] == nil
        let followed = skipping ?? openElements.count
        var match: Int?
        var candidate = openElements.count - 1
        let endsHeadings = names.headings[name] != nil  // asked once, not per element passed
        while candidate >= lowest {
            let element = openElements[candidate]
            // `</h1>` ends an `<h2>` too: what was opened in it, SVG too, ends.
            if element == name || (endsHeadings && names.headings[element] != nil) {
                match = candidate
                break
            }
            if stopsAtSpecial, candidate < followed, names.special[element] != nil, !foreign.isForeign(at: candidate) { break }
            candidate -= 1
        }
        // `</body>` and `</html>` end nothing, not even a removed element or
        // SVG: browsers only change their insertion mode and put what follows
        // where it would have gone. `</head>` ends an open head only (see
        // `leaveHead`), never SVG or MathML.
        if name == names.body || name == names.html || (foreign.current != .html && name == names.head) { match = nil }
        // `</form>` outside a template takes the form element alone off the
        // stack: what was opened in it stays open, SVG and MathML too.
        let removesFormAlone = name == names.form && match.map { !foreign.isForeign(at: $0) } == true && !openElements.contains(names.template)
        if let skipIndex = skipping {
            guard let match else { return }
            if removesFormAlone, match < skipIndex {
                openElements.remove(at: match)
                foreign.removed(at: match)
                skipping = skipIndex - 1  // the removed element in the form stays open
                return
            }
            openElements.truncate(to: max(match, skipIndex))
            if match >= skipIndex {
                if match == skipIndex { skipping = nil }
                return
            }
            skipping = nil  // an element around the removed one ends: so does the removed one
        }
        if name == names.br {
            // `</br>` is a `<br>` to browsers: body content, which ends a head.
            if !wroteHead { openHead() }
            leaveHead()
        }
        if let match, removesFormAlone {
            openElements.remove(at: match)
            foreign.removed(at: match)
        } else if let match {
            openElements.truncate(to: match)
            foreign.closed(from: match)
            tokenizer.inForeignContent = foreign.current != .html
        }
        if foreign.current == .html, name == names.body || (name == names.html && !sawBodyEnd) {
            // The bar goes before the last </body> (before </html> without one)
            // if nothing but whitespace and comments follows.
            sawBodyEnd = sawBodyEnd || name == names.body
            flushCopy()
            bodyEndCandidate = writer.count
            contentAfterBodyEnd = false
        } else if name != names.html {
            noteContent()
        }
        copy(token.range)
    }

    // MARK: Structure

    /// Opens a head for a page that has none where the browser would imply
    /// one; the browser closes it at the first body content.
    private mutating func openHead() {
        flushCopy()
        writer.write("<head>")
        // Inside SVG or MathML (`<svg>` before any content), this `<head>`
        // ends foreign content for the browser: so it does here.
        if let depth = foreign.breakOut(names.head, hasFontAttributes: false) { poppedByBreakOut(from: depth) }
        markHeadStart()
    }

    /// A tag broke out of SVG or MathML: the browser popped the foreign
    /// elements from `depth` up, so a later end tag (`</script>`) must not
    /// find them and end what the browser still has open. A removed element
    /// among them (an SVG `<script>` whose source is blocked) ends here too:
    /// the tag and what follows are no longer its content but HTML, which
    /// limot must write and read as such, or the browser would stay in SVG
    /// and read as markup what limot read as style text.
    private mutating func poppedByBreakOut(from depth: Int) {
        tokenizer.inForeignContent = foreign.current != .html
        if let skipIndex = skipping {
            guard skipIndex >= depth else { return }
            skipping = nil
        }
        if depth < openElements.count { openElements.truncate(to: depth) }
    }

    /// Body content (text, or an element that does not stay in a head) ends
    /// a head that is still open, as in a browser: a later `</head>` then
    /// ends nothing, and must not end an element opened since.
    private mutating func leaveHead() {
        if openElements.last == names.head { openElements.removeLast() }
    }

    private mutating func markHeadStart() {
        flushCopy()
        wroteHead = true
        if marksHoles { writer.hole(.headStart) }
        writer.write(headPrefix)
    }

    mutating func noteContent() {
        if bodyEndCandidate != nil { contentAfterBodyEnd = true }
    }

    /// CSS of a `<style>` through the rewriter.
    private mutating func writeCSS(_ range: Range<Int>) {
        var output: [UInt8] = []
        output.reserveCapacity(range.count + 256)
        if CSSScanner.rewrite(raw(range), policy: &policy, into: &output) {
            flushCopy()
            writer.write(output)
        } else {
            copy(range)
        }
    }
}
