import CMarkupSearch
import WebURL

/// `<base href>`: the base of every relative URL in the document, wherever
/// the element stands (the first with `href` in tree order).
enum BaseElement {
    /// The resolved base, when the page has one that is an http(s) URL
    /// (browsers ignore others). Pages without the text `<base` cost one scan.
    static func url(in input: UnsafeBufferPointer<UInt8>, relativeTo documentURL: WebURL) -> WebURL? {
        guard mentionsBase(input) else { return nil }
        var tokenizer = HTMLTokenizer(input: input)
        // SVG and MathML as DocumentRewriter follows them (its startTag and
        // endTag, without removals): a `<base>` there is no base, and their
        // `<style>` is no raw text.
        var foreign = ForeignContent()
        var openElements: [NameKey] = []
        let names = Names.shared
        while let token = tokenizer.next() {
            let name = token.name
            switch token.kind {
            case .startTag:
                let hasFontAttributes = tokenizer.attributes.containsAny(AttributeTable.fontAttributes)
                if let depth = foreign.breakOut(name, hasFontAttributes: hasFontAttributes) {
                    tokenizer.inForeignContent = foreign.current != .html
                    if depth < openElements.count { openElements.truncate(to: depth) }
                }
                let namespace = foreign.namespace(of: names.element(name))
                let kind = names.element(name).adjusted(in: namespace)
                if kind == .base, namespace == .html, let href = tokenizer.attributes[.href].map(tokenizer.attribute) {
                    let value = href.valueRange.map { CharacterReferences.decodeAttribute(UnsafeBufferPointer(rebasing: input[$0])) } ?? ""
                    guard let base = try? WebURL(value, relativeTo: documentURL), base.scheme == "http" || base.scheme == "https" else { return nil }
                    return base
                }
                if foreign.current == .html, kind != .html, kind != .head, ElementKind.staysInHead[name] == nil, openElements.last == names.head {
                    openElements.removeLast()  // body content (`<svg>` too) ends an open head
                }
                guard namespace == .html ? !kind.isVoid : !token.selfClosing else { continue }
                if namespace == .html { tokenizer.enterContent(of: kind, name: name) }
                guard openElements.count < DocumentRewriter.maximumOpenElements else { continue }
                if namespace == .html, names.startTagOpensNothing(kind, in: openElements) { continue }
                let encodesHTML = name == ForeignContent.annotationXML && ForeignContent.annotationEncodesHTML(tokenizer)
                foreign.opened(name, kind: kind, namespace: namespace, depth: openElements.count, encodesHTML: encodesHTML)
                tokenizer.inForeignContent = foreign.current != .html
                openElements.append(name)
            case .endTag:
                if let depth = foreign.breakOut(endTag: name) {  // `</p>`, `</br>`
                    tokenizer.inForeignContent = foreign.current != .html
                    if depth < openElements.count { openElements.truncate(to: depth) }
                }
                if name == names.br, openElements.last == names.head {
                    openElements.removeLast()  // `</br>` is a `<br>`: body content ends an open head
                }
                if name == names.body || name == names.html || (foreign.current != .html && name == names.head) { continue }
                let searched = openElements.indices.reversed().prefix(DocumentRewriter.endTagSearchDepth)
                let lowest = foreign.lowestDepth(endedBy: name, stackCount: openElements.count)
                // `</h1>` ends any heading; "any other end tag" (`</span>`) stops
                // at a "special" HTML element (see DocumentRewriter.endTag).
                let stopsAtSpecial = names.ownEndTagRules[name] == nil
                let stop = searched.first { index in
                    names.endTag(name, ends: openElements[index])
                        || (stopsAtSpecial && names.special[openElements[index]] != nil && !foreign.isForeign(at: index))
                }
                guard let match = stop, names.endTag(name, ends: openElements[match]), match >= lowest else { continue }
                if name == names.form, !foreign.isForeign(at: match), !openElements.contains(names.template) {
                    openElements.remove(at: match)  // `</form>` outside a template removes the form alone
                    foreign.removed(at: match)
                    continue
                }
                openElements.truncate(to: match)
                foreign.closed(from: match)
                tokenizer.inForeignContent = foreign.current != .html
            case .text:
                let text = UnsafeBufferPointer(rebasing: input[token.range])
                if openElements.last == names.head, !text.allSatisfy(\.isHTMLSpace) { openElements.removeLast() }
            default:
                continue
            }
        }
        return nil
    }

    /// Whether the text `<base` (any case) occurs: a `<` followed by `b`
    /// or `B` is looked for 128 bytes a step with AVX2 (64 with SSE2 on a
    /// CPU without it), and only such a pair is read further; see
    /// Sources/CMarkupSearch. As Swift SIMD (SSE2 only, no choice at run
    /// time) it cost about 21 instructions each 64 bytes, 2.3% of the
    /// fixture pages' sanitize. (A `memchr` for every `<` of the page cost
    /// a call each: 1.6% of a page's time, issue 20.)
    static func mentionsBase(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = input.baseAddress else { return false }
        return limot_mentions_base(start, input.count) != 0
    }
}
