import ContentRules

/// Writes pretty-printed JSON with keys in the order they are written
/// (Foundation's encoder sorts them or not, and escapes `/`).
struct JSONWriter {
    private(set) var output = ""
    private var depth = 0
    private var first = true

    mutating func raw(_ text: String) {
        output += text
    }

    mutating func string(_ text: String) {
        output += JSONText.quote(text)
    }

    mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    mutating func object(_ body: (inout JSONWriter) -> Void) {
        output += "{"
        depth += 1
        first = true
        body(&self)
        depth -= 1
        if !first { newline() }
        output += "}"
        first = false
    }

    mutating func member(_ key: String, _ value: (inout JSONWriter) -> Void) {
        if !first { output += "," }
        newline()
        string(key)
        output += ": "
        first = true
        value(&self)
        first = false
    }

    mutating func array<Element>(_ elements: [Element], _ write: (inout JSONWriter, Element) -> Void) {
        output += "["
        depth += 1
        for (index, element) in elements.enumerated() {
            if index > 0 { output += "," }
            newline()
            first = true
            write(&self, element)
        }
        depth -= 1
        if !elements.isEmpty { newline() }
        output += "]"
        first = false
    }

    private mutating func newline() {
        output += "\n" + String(repeating: "  ", count: depth)
    }
}
