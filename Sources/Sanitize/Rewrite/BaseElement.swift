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

    /// Whether the text `<base` (any case) occurs: sixty-four bytes at a
    /// time, a `<` followed by `b` or `B` is looked for with vector compares,
    /// and only such a pair is read further. (A `memchr` for every `<` of
    /// the page cost a call each: 1.6% of a page's time, issue 20.)
    static func mentionsBase(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = input.baseAddress, input.count >= 5 else { return false }
        let bytes = UnsafeRawPointer(start)
        var index = 0
        // Sixty-four pairs a step, the four quarters' masks or-ed together
        // before they are read as words, and only the lanes that hold a `<b`
        // read further: 0.84 M → 0.72 M instructions on the 1 MB page
        // (callgrind) against thirty-two a step with two masks read.
        // Each step reads bytes index...index + 64: pairs starting at index..<index + 64.
        while index &+ 65 <= input.count {
            let first = pairs(bytes, at: index)
            let second = pairs(bytes, at: index &+ 16)
            let third = pairs(bytes, at: index &+ 32)
            let fourth = pairs(bytes, at: index &+ 48)
            // The masks' lanes read as words: `any(_:)` reduces
            // them lane by lane (a generic `min()`, 32 instructions a step,
            // 4% of a 100 KB page's instructions by callgrind).
            let any = unsafeBitCast((first .| second) .| (third .| fourth), to: (UInt64, UInt64).self)
            if any.0 | any.1 != 0 {
                if isBase(input, pairs: first, from: index) || isBase(input, pairs: second, from: index &+ 16)
                    || isBase(input, pairs: third, from: index &+ 32) || isBase(input, pairs: fourth, from: index &+ 48) {
                    return true
                }
            }
            index &+= 64
        }
        while index + 5 <= input.count {
            if isBase(input, at: index) { return true }
            index += 1
        }
        return false
    }

    /// The lanes of the sixteen bytes at `index` that hold a `<` followed
    /// by `b` or `B` (reads `index...index + 16`).
    @inline(__always)
    private static func pairs(_ bytes: UnsafeRawPointer, at index: Int) -> SIMDMask<SIMD16<Int8>> {
        let here = bytes.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
        let next = bytes.loadUnaligned(fromByteOffset: index &+ 1, as: SIMD16<UInt8>.self)
        return (here .== SIMD16(repeating: UInt8(ascii: "<"))) .& ((next | SIMD16(repeating: 0x20)) .== SIMD16(repeating: UInt8(ascii: "b")))
    }

    /// Whether `<base` starts at a lane set in `pairs`, sixteen from `index`.
    @inline(__always)
    private static func isBase(_ input: UnsafeBufferPointer<UInt8>, pairs: SIMDMask<SIMD16<Int8>>, from index: Int) -> Bool {
        let lanes = unsafeBitCast(pairs, to: (UInt64, UInt64).self)
        return isBase(input, lanes: lanes.0, from: index) || isBase(input, lanes: lanes.1, from: index &+ 8)
    }

    /// Whether `<base` starts at a lane of eight set in `lanes` (a lane is
    /// all ones or all zeros: its low bit stands for it).
    @inline(__always)
    private static func isBase(_ input: UnsafeBufferPointer<UInt8>, lanes: UInt64, from index: Int) -> Bool {
        var set = lanes & 0x0101_0101_0101_0101
        while set != 0 {
            if isBase(input, at: index + set.trailingZeroBitCount >> 3) { return true }
            set &= set - 1
        }
        return false
    }

    @inline(__always)
    private static func isBase(_ input: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 4 < input.count && input[index] == UInt8(ascii: "<") && input[index + 1] | 0x20 == UInt8(ascii: "b")
            && input[index + 2] | 0x20 == UInt8(ascii: "a") && input[index + 3] | 0x20 == UInt8(ascii: "s")
            && input[index + 4] | 0x20 == UInt8(ascii: "e")
    }
}
