/// The css-display-none rules of a document as one `<style>` element, the
/// way WebKit applies a content-rule list's stylesheet.
///
/// A browser drops a whole rule when one selector of its list is invalid to
/// it, so selectors that use pseudo-classes or pseudo-elements (which some
/// browsers do not know, `:has()` or `:-webkit-…`) get a rule each, and
/// plain ones (types, classes, ids, attributes, combinators: valid in every
/// browser once the engine has checked their syntax) share rules in groups,
/// which keeps the element small for lists with thousands of selectors.
enum HiddenStyle {
    /// Plain selectors per rule.
    static let groupSize = 64
    static let declaration = "{display:none!important}\n"

    enum Shape { case plain, special, unsafe }

    /// The `<style>` element hiding `selectors`; nil when there are none.
    static func element(for selectors: [String]) -> [UInt8]? {
        var plain: [String] = []
        var special: [String] = []
        for selector in selectors {
            switch shape(of: selector) {
            case .plain: plain.append(selector)
            case .special: special.append(selector)
            case .unsafe: continue
            }
        }
        guard !plain.isEmpty || !special.isEmpty else { return nil }
        var css: [UInt8] = Array("<style>\n".utf8)
        var start = 0
        while start < plain.count {
            let end = min(plain.count, start + groupSize)
            for (offset, selector) in plain[start..<end].enumerated() {
                if offset > 0 { css.append(UInt8(ascii: ",")) }
                append(selector, to: &css)
            }
            css.append(contentsOf: declaration.utf8)
            start = end
        }
        for selector in special {
            append(selector, to: &css)
            css.append(contentsOf: declaration.utf8)
        }
        css.append(contentsOf: "</style>".utf8)
        return css
    }

    /// A selector, with "<" (only ever inside its strings, where an escape
    /// means the same) escaped so that nothing can close the element. The
    /// bytes between are appended in runs, read in place (every page pays
    /// for its style element: byte by byte through the String's view, it
    /// was 4% of sanitizing the fixture pages by callgrind).
    private static func append(_ selector: String, to css: inout [UInt8]) {
        var selector = selector
        selector.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "<") {
                css.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                css.append(contentsOf: "\\3c ".utf8)
                runStart = index + 1
            }
            css.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    /// Whether a selector can share a rule, needs its own, or could break
    /// out of its rule (`}`, `{`, `;`, `@` or an unclosed string outside
    /// quotes; never emitted).
    static func shape(of selector: String) -> Shape {
        var selector = selector
        return selector.withUTF8 { shape(of: $0) }
    }

    /// `shape(of:)` of a selector's UTF-8 bytes, read in place.
    private static func shape(of selector: UnsafeBufferPointer<UInt8>) -> Shape {
        var quote: UInt8? = nil
        var escaped = false
        var shape = Shape.plain
        for byte in selector {
            if escaped {
                escaped = false
                continue
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                continue
            }
            if let open = quote {
                if byte == open { quote = nil }
                if byte == 0x0A { return .unsafe }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: ":"): shape = .special
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"), UInt8(ascii: "@"), UInt8(ascii: "<"): return .unsafe
            default: break
            }
        }
        if quote != nil || escaped || selector.allSatisfy({ $0 == 0x20 }) { return .unsafe }
        return shape
    }
}
