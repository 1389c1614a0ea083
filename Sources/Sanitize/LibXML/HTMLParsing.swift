import CLibXML2

typealias XMLNode = UnsafeMutablePointer<xmlNode>
typealias XMLAttribute = UnsafeMutablePointer<xmlAttr>

/// libxml2's HTML parser, set up for pages as browsers receive them.
enum HTMLParsing {
    /// Tolerant of any markup, silent, never fetching anything, and without
    /// the HTML 4 doctype libxml2 would otherwise invent (which sends
    /// browsers into quirks mode). The document's own charset declaration is
    /// ignored: the fetcher has already converted the body to UTF-8.
    static let options = Int32(bitPattern:
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
        | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)

    /// libxml2 wants its global state set up once before threads share it.
    private static let initialised: Bool = {
        xmlInitParser()
        return true
    }()

    /// Parses UTF-8 HTML and hands the tree to `body`; nil for an empty page.
    /// Invalid UTF-8 is repaired first (U+FFFD), so that the output is valid
    /// UTF-8 whatever came in.
    static func withDocument<Result>(_ html: [UInt8], _ body: (xmlDocPtr?) -> Result) -> Result {
        precondition(initialised)
        let input = String(validating: html, as: UTF8.self) == nil ? Array(String(decoding: html, as: UTF8.self).utf8) : html
        guard !input.isEmpty, input.count < Int(Int32.max) else { return body(nil) }
        let document = input.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                htmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", options)
            }
        }
        defer { if let document { xmlFreeDoc(document) } }
        return body(document)
    }
}

extension UnsafeMutablePointer where Pointee == xmlNode {
    @inline(__always) var isElement: Bool { pointee.type == XML_ELEMENT_NODE }

    /// The element's lower-case name as libxml2 stores it.
    @inline(__always) var name: UnsafePointer<UInt8> { pointee.name }

    /// The first attribute with this kind, if any.
    func attribute(_ kind: AttributeKind) -> XMLAttribute? {
        var attribute = pointee.properties
        while let current = attribute {
            if AttributeKind(name: current.pointee.name) == kind { return current }
            attribute = current.pointee.next
        }
        return nil
    }

    /// The value of the first attribute of this kind; nil when absent.
    func attributeValue(_ kind: AttributeKind) -> String? {
        attribute(kind).map { $0.value }
    }

    /// The concatenated text of the element's children (a script's or a
    /// style's source).
    var textContent: [UInt8] {
        var bytes: [UInt8] = []
        var child = pointee.children
        while let node = child {
            if let content = node.pointee.content, node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE {
                var end = 0
                while content[end] != 0 { end += 1 }
                bytes.append(contentsOf: UnsafeBufferPointer(start: content, count: end))
            }
            child = node.pointee.next
        }
        return bytes
    }
}

extension UnsafeMutablePointer where Pointee == xmlAttr {
    /// The value ("" for an attribute written without one).
    var value: String {
        guard let first = pointee.children else { return "" }
        if first.pointee.next == nil, let content = first.pointee.content { return String(cString: content) }
        var text = ""
        var child: XMLNode? = first
        while let node = child {
            if let content = node.pointee.content { text += String(cString: content) }
            child = node.pointee.next
        }
        return text
    }

    /// Whether the value contains `(` or `@`: CSS without either loads nothing.
    var mayLoad: Bool {
        var child = pointee.children
        while let node = child {
            if let content = node.pointee.content {
                var index = 0
                while content[index] != 0 {
                    if content[index] == UInt8(ascii: "(") || content[index] == UInt8(ascii: "@") { return true }
                    index += 1
                }
            }
            child = node.pointee.next
        }
        return false
    }

    /// Writes the value escaped for a double-quoted attribute.
    func writeValue(to writer: inout MarkupWriter) {
        var child = pointee.children
        while let node = child {
            if let content = node.pointee.content { writer.writeAttributeValue(cString: content) }
            child = node.pointee.next
        }
    }
}
