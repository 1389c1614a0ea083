import WebURL

/// `<base href>`: the base of every relative URL in the document, wherever
/// the element stands (the first with `href` in tree order).
enum BaseElement {
    /// The resolved base, when the page has one that is an http(s) URL
    /// (browsers ignore others). Pages without the text `<base` cost one scan.
    static func url(in input: UnsafeBufferPointer<UInt8>, relativeTo documentURL: WebURL) -> WebURL? {
        guard mentionsBase(input) else { return nil }
        var tokenizer = HTMLTokenizer(input: input)
        while let token = tokenizer.next() {
            guard token.kind == .startTag else { continue }
            let kind = ElementKind(token.name)
            if kind == .base, let href = (0..<tokenizer.attributeCount).lazy.map(tokenizer.attribute).first(where: { AttributeKind($0.name) == .href }) {
                let value = href.valueRange.map { CharacterReferences.decodeAttribute(UnsafeBufferPointer(rebasing: input[$0])) } ?? ""
                guard let base = try? WebURL(value, relativeTo: documentURL), base.scheme == "http" || base.scheme == "https" else { return nil }
                return base
            }
            // Browsers ignore the slash of `<iframe/>` or `<script/>`: their content is text all the same.
            if !kind.isVoid { tokenizer.enterContent(of: kind, name: token.name) }
        }
        return nil
    }

    private static func mentionsBase(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = UTF8Validation.index(of: UInt8(ascii: "<"), in: input, from: 0)
        while index + 4 < input.count {
            if input[index + 1] | 0x20 == UInt8(ascii: "b"), input[index + 2] | 0x20 == UInt8(ascii: "a"),
                input[index + 3] | 0x20 == UInt8(ascii: "s"), input[index + 4] | 0x20 == UInt8(ascii: "e")
            {
                return true
            }
            index = UTF8Validation.index(of: UInt8(ascii: "<"), in: input, from: index + 1)
        }
        return false
    }
}
