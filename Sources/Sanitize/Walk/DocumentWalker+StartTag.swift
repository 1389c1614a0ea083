import CLibXML2
import ContentRules

/// Writing tags: names in their SVG/MathML spelling, attributes escaped,
/// the planned edits applied, and the rewrites every element shares.
extension DocumentWalker {
    mutating func writeStartTag(_ node: XMLNode, kind: ElementKind, namespace: Namespace) {
        writer.write(UInt8(ascii: "<"))
        writeElementName(node, namespace: namespace)
        var attribute = node.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            if let change = edits.change(for: current) {
                switch change {
                case .drop: break
                case .replace(let value): writeAttribute(current.pointee.name, namespace: namespace, value: value)
                case .document(let segments): writeDocumentAttribute(current.pointee.name, segments: segments)
                }
                continue
            }
            writeSharedAttribute(current, namespace: namespace)
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
        writer.write(UInt8(ascii: ">"))
    }

    mutating func writeEndTag(_ node: XMLNode, namespace: Namespace) {
        writer.write("</")
        writeElementName(node, namespace: namespace)
        writer.write(UInt8(ascii: ">"))
    }

    private mutating func writeElementName(_ node: XMLNode, namespace: Namespace) {
        if namespace == .svg, let name = ForeignNames.svgElement(node.name) {
            writer.write(name)
        } else {
            writer.write(cString: node.name)
        }
    }

    private mutating func writeAttributeName(_ name: UnsafePointer<UInt8>, namespace: Namespace) {
        writer.write(UInt8(ascii: " "))
        switch namespace {
        case .html:
            writer.write(cString: name)
        case .svg:
            if let adjusted = ForeignNames.svgAttribute(name) { writer.write(adjusted) } else { writer.write(cString: name) }
        case .math:
            if let adjusted = ForeignNames.mathAttribute(name) { writer.write(adjusted) } else { writer.write(cString: name) }
        }
    }

    private mutating func writeAttribute(_ name: UnsafePointer<UInt8>, namespace: Namespace, value: String) {
        writeAttributeName(name, namespace: namespace)
        writer.write("=\"")
        writer.writeAttributeValue(value)
        writer.write(UInt8(ascii: "\""))
    }

    /// A sanitized document as an attribute value (`srcdoc`), its scripts'
    /// nonces left as holes.
    private mutating func writeDocumentAttribute(_ name: UnsafePointer<UInt8>, segments: [SanitizedDocument.Segment]) {
        writeAttributeName(name, namespace: .html)
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

    /// An attribute as it was, unless it is one that every element rewrites:
    /// `style` (CSS), `background` (an image), `integrity` and `crossorigin`
    /// (dropped: the proxy's copy is same-origin and may differ in bytes).
    private mutating func writeSharedAttribute(_ attribute: XMLAttribute, namespace: Namespace) {
        let name = attribute.pointee.name!
        switch name[0] {
        case UInt8(ascii: "s"), UInt8(ascii: "b"), UInt8(ascii: "i"), UInt8(ascii: "c"):
            switch AttributeKind(name: name) {
            case .style:
                if writeStyleAttribute(attribute, namespace: namespace) { return }
            case .background where namespace == .html:
                switch policy.subresource(attribute.value, type: .image) {
                case .blocked: return
                case .proxied(let path, let fragment):
                    writeAttribute(name, namespace: namespace, value: path + (fragment.map { "#" + $0 } ?? ""))
                    return
                case .unchanged: break
                }
            case .integrity, .crossorigin:
                return
            default:
                break
            }
        default:
            break
        }
        writeAttributeName(name, namespace: namespace)
        guard attribute.pointee.children != nil else { return }
        writer.write("=\"")
        attribute.writeValue(to: &writer)
        writer.write(UInt8(ascii: "\""))
    }

    /// `style=""` through the CSS rewriter; false when it loads nothing
    /// (then it is copied as it was).
    private mutating func writeStyleAttribute(_ attribute: XMLAttribute, namespace: Namespace) -> Bool {
        guard attribute.mayLoad else { return false }
        let value = Array(attribute.value.utf8)
        var output: [UInt8] = []
        let changed = value.withUnsafeBufferPointer { CSSScanner.rewrite($0, policy: &policy, into: &output) }
        guard changed else { return false }
        writeAttributeName(attribute.pointee.name, namespace: namespace)
        writer.write("=\"")
        writer.writeAttributeValue(output)
        writer.write(UInt8(ascii: "\""))
        return true
    }
}
