import ContentRules

/// Writing start tags: copied as written when nothing changes, otherwise
/// rebuilt from the written name and attributes with the edits applied.
extension DocumentRewriter {
    /// An attribute's value with character references decoded ("" without one).
    func value(_ index: Int) -> String {
        guard let range = tokenizer.attribute(index).valueRange else { return "" }
        return CharacterReferences.decodeAttribute(raw(range))
    }

    /// An attribute's value as written (empty without one).
    func rawValue(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        guard let range = tokenizer.attribute(index).valueRange else { return UnsafeBufferPointer(start: nil, count: 0) }
        return raw(range)
    }

    /// Writes the start tag with the edits applied. Every byte of the
    /// rebuilt tag that is also the input's byte at that place (the `<` and
    /// name, an unchanged attribute with the one space before it, a
    /// replaced attribute's `name="` and closing quote, the closing `>`)
    /// goes out through `copy`, which joins adjacent input ranges into one
    /// write: `<a href="` of `<a href="/search?q=Haus">`, then the new
    /// value, then `">`, three writes where a byte or piece each were ten
    /// or more, each append asking whether the buffer was shared.
    mutating func writeStartTag(_ token: HTMLTokenizer.Token, namespace: ForeignContent.Namespace) {
        guard !edits.isEmpty else {
            copy(token.range)
            return
        }
        copy(token.range.lowerBound..<token.nameEnd)
        for index in 0..<tokenizer.attributeCount {
            let attribute = tokenizer.attribute(index)
            // Browsers ignore a repeated attribute: once the first is dropped
            // or replaced, a copy of the second would take its place.
            let kind = attribute.kind
            if kind != .other, attributes[kind] != index { continue }
            guard let change = edits.change(for: index) else {
                copyWithSpace(attribute.range)
                continue
            }
            switch change {
            case .drop:
                continue
            case .replaceStored(let bytes, let needsEscaping):
                writeValueStart(attribute)
                if needsEscaping { writer.writeAttributeValue(bytes) } else { writer.write(bytes) }
                writeValueEnd(attribute)
            case .replaceText(let slot, let needsEscaping):
                writeValueStart(attribute)
                if needsEscaping { writer.writeAttributeValue(edits.texts[slot]) } else { writer.writePlainAttributeValue(edits.texts[slot]) }
                writeValueEnd(attribute)
            case .document(let slot):
                writeValueStart(attribute)
                for segment in edits.documents[slot] {
                    switch segment {
                    case .bytes(let bytes): writer.writeAttributeValue(bytes)
                    case .nonce: writer.hole(.nonce)
                    case .headStart, .bodyEnd: break
                    }
                }
                writeValueEnd(attribute)
            }
        }
        if !edits.additions.isEmpty || edits.addsNonce { flushCopy() }
        for addition in edits.additions {
            writer.write(UInt8(ascii: " "))
            writer.write(addition.name)
            writer.write("=\"")
            writer.writeAttributeValue(addition.value)
            writer.write(UInt8(ascii: "\""))
        }
        if edits.addsNonce {
            writer.write(" nonce=\"")
            writer.hole(.nonce)
            writer.write(UInt8(ascii: "\""))
        }
        // A tag ends in `>`, a self-closing one in `/>`: the input's last bytes.
        copy(token.range.upperBound &- (token.selfClosing ? 2 : 1)..<token.range.upperBound)
    }

    /// ` ` and the input's bytes in `range`: the space copied with them
    /// when the input has one right before them. Inlined, as are the two
    /// below: as calls, with their prologues and the rewriter's fields
    /// reloaded after each, they cost the 58 KB page 16,000 instructions
    /// (1.833 M -> 1.817 M, callgrind).
    @inline(__always)
    private mutating func copyWithSpace(_ range: Range<Int>) {
        if range.lowerBound > 0, tokenizer.input[range.lowerBound &- 1] == UInt8(ascii: " ") {
            copy(range.lowerBound &- 1..<range.upperBound)
        } else {
            flushCopy()
            writer.write(UInt8(ascii: " "))
            copy(range)
        }
    }

    /// ` name="` before a replaced value; after it the writer is ready for
    /// the value's bytes (nothing pending). Copied when the input has the
    /// attribute as `name="…"`, the common spelling.
    @inline(__always)
    private mutating func writeValueStart(_ attribute: HTMLTokenizer.RawAttribute) {
        let nameEnd = attribute.nameRange.upperBound
        if let value = attribute.valueRange, value.lowerBound == nameEnd &+ 2,
            tokenizer.input[nameEnd] == UInt8(ascii: "="), tokenizer.input[nameEnd &+ 1] == UInt8(ascii: "\"") {
            copyWithSpace(attribute.nameRange.lowerBound..<value.lowerBound)
            flushCopy()
            return
        }
        copyWithSpace(attribute.nameRange)
        flushCopy()
        writer.write("=\"")
    }

    /// The `"` after a replaced value: the input's closing quote when it
    /// is one.
    @inline(__always)
    private mutating func writeValueEnd(_ attribute: HTMLTokenizer.RawAttribute) {
        if let value = attribute.valueRange, value.upperBound < attribute.range.upperBound,
            tokenizer.input[value.upperBound] == UInt8(ascii: "\"") {
            copy(value.upperBound..<value.upperBound &+ 1)
        } else {
            writer.write(UInt8(ascii: "\""))
        }
    }

    /// What every element rewrites: `style` (CSS), `background` (an image),
    /// `integrity` and `crossorigin` (dropped: the proxy's copy is
    /// same-origin and may differ in bytes). A tag with none of the four
    /// (most tags that get here: `<a>`, `<img>`) is passed over with one
    /// test of the attribute table's mask, where each look-up and the walk
    /// over all attributes for the last two cost about 65 instructions a tag
    /// (58 KB benchmark page, callgrind). `decide` asks that mask before
    /// the call: a tag without any of the four makes none (about 12
    /// instructions for each `<a>` and `<img>`).
    mutating func planSharedAttributes(namespace: ForeignContent.Namespace) {
        guard attributes.containsAny(AttributeTable.sharedRewrites) else { return }
        if let style = attributes[.style], let range = tokenizer.attribute(style).valueRange {
            let bytes = raw(range)
            if bytes.contains(UInt8(ascii: "(")) || bytes.contains(UInt8(ascii: "@")) {
                var css = Array(CharacterReferences.decodeAttribute(bytes).utf8)
                var output: [UInt8] = []
                let changed = css.withUnsafeMutableBufferPointer { CSSScanner.rewrite(UnsafeBufferPointer($0), policy: &policy, into: &output) }
                if changed, output != css { edits.replace(style, with: String(decoding: output, as: UTF8.self)) }
                css.removeAll()
            }
        }
        if namespace == .html { _ = route(attributes[.background], .image, blocked: .attribute) }
        if attributes.containsAny(AttributeTable.bit(.integrity) | AttributeTable.bit(.crossorigin)) {
            for index in 0..<tokenizer.attributeCount where tokenizer.attribute(index).kind == .integrity || tokenizer.attribute(index).kind == .crossorigin {
                edits.drop(index)
            }
        }
    }
}
