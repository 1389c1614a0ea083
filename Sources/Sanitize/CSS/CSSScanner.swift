import ContentRules

/// A single pass over a style sheet that finds every URL a browser would
/// load from it and rewrites it in place; all other bytes are copied as they
/// are.
///
/// It knows just enough CSS to tell loads from look-alikes: comments,
/// strings and escapes (so `/* url(x) */` and `"url(x)"` load nothing),
/// `url(…)` quoted and unquoted, `@import "x"`, `image-set("x" 1x)`, and the
/// at-rules whose URLs are not loads (`@namespace`, `@document`). `src`
/// inside `@font-face` loads fonts, `@import` style sheets, the rest images.
///
/// Not ContentRules' selector tokenizer (`CSSSelectorValidator.Tokenizer`):
/// that one builds every token of a short selector for a backtracking parser;
/// this one runs over every style sheet and style attribute of a page
/// (the hot path) and copies bytes, building nothing but the URLs it finds.
struct CSSScanner {
    private let input: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var copied = 0
    private var braceDepth = 0
    private var fontFaceDepth = -1
    private var pendingFontFace = false
    private var expectsImport = false
    /// Inside `@namespace` or `@document` until `;` or `{`: URLs name, not load.
    private var inNonLoadingRule = false
    private var parenDepth = 0
    private var imageSetDepths: [Int] = []

    /// Rewrites `css` into `output`; returns false (and writes nothing) when
    /// there is nothing a browser would load from it.
    static func rewrite(_ css: UnsafeBufferPointer<UInt8>, policy: inout ResourcePolicy, into output: inout [UInt8]) -> Bool {
        guard css.contains(UInt8(ascii: "(")) || css.contains(UInt8(ascii: "@")) else { return false }
        var scanner = CSSScanner(input: css)
        scanner.run(policy: &policy, output: &output)
        return true
    }

    private init(input: UnsafeBufferPointer<UInt8>) {
        self.input = input
    }

    private mutating func run(policy: inout ResourcePolicy, output: inout [UInt8]) {
        let count = input.count
        while index < count {
            let byte = input[index]
            switch byte {
            case UInt8(ascii: "/") where index + 1 < count && input[index + 1] == UInt8(ascii: "*"):
                index = CSSSyntax.endOfComment(input, from: index)
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let start = index
                let string = CSSSyntax.string(input, from: index)
                index = string.end
                if inNonLoadingRule {
                } else if expectsImport {
                    replace(start, string.end, value: string.value, type: .styleSheet, asFunction: false, policy: &policy, output: &output)
                } else if let depth = imageSetDepths.last, depth == parenDepth {
                    replace(start, string.end, value: string.value, type: .image, asFunction: false, policy: &policy, output: &output)
                }
                expectsImport = false
            case UInt8(ascii: "@"):
                let name = CSSSyntax.name(input, from: index + 1)
                index = name.end
                switch name.lowercased {
                case "import": expectsImport = true
                case "font-face": pendingFontFace = true
                case "namespace", "document", "-moz-document": inNonLoadingRule = true
                default: break
                }
            case UInt8(ascii: "{"):
                braceDepth += 1
                if pendingFontFace { fontFaceDepth = braceDepth }
                pendingFontFace = false
                expectsImport = false
                inNonLoadingRule = false
                index += 1
            case UInt8(ascii: "}"):
                if braceDepth == fontFaceDepth { fontFaceDepth = -1 }
                braceDepth = max(0, braceDepth - 1)
                expectsImport = false
                index += 1
            case UInt8(ascii: ";"):
                expectsImport = false
                inNonLoadingRule = false
                pendingFontFace = false
                index += 1
            case UInt8(ascii: "("):
                parenDepth += 1
                index += 1
            case UInt8(ascii: ")"):
                if imageSetDepths.last == parenDepth { imageSetDepths.removeLast() }
                parenDepth = max(0, parenDepth - 1)
                index += 1
            case UInt8(ascii: "\\") where index + 1 < count && input[index + 1] != 0x0A:
                functionOrName(policy: &policy, output: &output)
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D:
                index += 1
            default:
                guard CSSSyntax.isNameByte(byte) else {
                    expectsImport = false
                    index += 1
                    continue
                }
                functionOrName(policy: &policy, output: &output)
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<count]))
    }

    /// An identifier; if a `(` follows, a function: `url(` is a load.
    private mutating func functionOrName(policy: inout ResourcePolicy, output: inout [UInt8]) {
        let start = index
        let name = CSSSyntax.name(input, from: index)
        index = name.end
        guard index < input.count, input[index] == UInt8(ascii: "(") else {
            expectsImport = false
            return
        }
        switch name.lowercased {
        case "url":
            if let url = CSSSyntax.urlFunction(input, openParenthesis: index) {
                index = url.end
                if !inNonLoadingRule {
                    let type: ResourceTypes = expectsImport ? .styleSheet : fontFaceDepth >= 0 ? .font : .image
                    replace(start, url.end, value: url.value, type: type, asFunction: true, policy: &policy, output: &output)
                }
                expectsImport = false
                return
            }
        case "image-set", "-webkit-image-set":
            imageSetDepths.append(parenDepth + 1)
        default:
            break
        }
        expectsImport = false
        parenDepth += 1
        index += 1
    }

    /// Replaces the URL token `start..<end` according to the policy.
    private mutating func replace(_ start: Int, _ end: Int, value: String, type: ResourceTypes, asFunction: Bool, policy: inout ResourcePolicy, output: inout [UInt8]) {
        let replacement: String
        switch policy.subresource(value, type: type) {
        case .unchanged: return
        case .blocked: replacement = CSSSyntax.emptyURL
        case .proxied(let path, let fragment): replacement = path + (fragment.map { "#" + $0 } ?? "")
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<start]))
        if asFunction { output.append(contentsOf: "url(".utf8) }
        CSSSyntax.appendQuoted(replacement, to: &output)
        if asFunction { output.append(UInt8(ascii: ")")) }
        copied = end
    }
}
