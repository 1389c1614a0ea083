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

    mutating func writeStartTag(_ token: HTMLTokenizer.Token, namespace: ForeignContent.Namespace) {
        guard !edits.isEmpty else {
            copy(token.range)
            return
        }
        flushCopy()
        writer.write(UInt8(ascii: "<"))
        writer.write(raw(token.range.lowerBound + 1..<token.nameEnd))
        for index in 0..<tokenizer.attributeCount {
            let attribute = tokenizer.attribute(index)
            // Browsers ignore a repeated attribute: once the first is dropped
            // or replaced, a copy of the second would take its place.
            let kind = attribute.kind
            if kind != .other, attributes[kind] != index { continue }
            guard let change = edits.change(for: index) else {
                writer.write(UInt8(ascii: " "))
                writer.write(raw(attribute.range))
                continue
            }
            switch change {
            case .drop:
                continue
            case .replace(let value, let needsEscaping):
                writer.write(UInt8(ascii: " "))
                writer.write(raw(attribute.nameRange))
                writer.write("=\"")
                if needsEscaping { writer.writeAttributeValue(value) } else { writer.writePlainAttributeValue(value) }
                writer.write(UInt8(ascii: "\""))
            case .document(let segments):
                writer.write(UInt8(ascii: " "))
                writer.write(raw(attribute.nameRange))
                writer.write("=\"")
                for segment in segments {
                    switch segment {
                    case .bytes(let bytes): writer.writeAttributeValue(bytes)
                    case .nonce: writer.hole(.nonce)
                    case .headStart, .bodyEnd: break
                    }
                }
                writer.write(UInt8(ascii: "\""))
            }
        }
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
        writer.write(token.selfClosing ? "/>" : ">")
    }

    /// What every element rewrites: `style` (CSS), `background` (an image),
    /// `integrity` and `crossorigin` (dropped: the proxy's copy is
    /// same-origin and may differ in bytes). A tag with none of the four
    /// (most tags that get here: `<a>`, `<img>`) is passed over with one
    /// test of the attribute table's mask, where each look-up and the walk
    /// over all attributes for the last two cost about 65 instructions a tag
    /// (58 KB benchmark page, callgrind).
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
