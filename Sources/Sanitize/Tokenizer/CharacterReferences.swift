/// Character references (`&amp;`, `&#x2F;`, `&auml;`) in attribute values,
/// decoded as browsers decode them (HTML standard, "character reference
/// state"), so that a URL means to limot what it means to the browser.
///
/// The rewriter never decodes text: limot copies it as it came. Only the
/// page's title, which limot shows apart from the page, is decoded.
enum CharacterReferences {
    /// The attribute value with its references decoded.
    static func decodeAttribute(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        decode(raw, inAttribute: true)
    }

    /// Text content with its references decoded, as the browser shows it
    /// (the page's title).
    static func decodeText(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        decode(raw, inAttribute: false)
    }

    private static func decode(_ raw: UnsafeBufferPointer<UInt8>, inAttribute: Bool) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            // The bytes up to the next `&` in one append, not one each (a
            // link's decoding took about 1,000 instructions, half of them here).
            let ampersand = ByteSearch.index(of: UInt8(ascii: "&"), in: raw, from: index)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: raw[index..<ampersand]))
            guard ampersand < raw.count else { break }
            if isAmp(raw, at: ampersand) {
                // `&amp;`, a URL's every `&`: without building its name as a String.
                output.append(UInt8(ascii: "&"))
                index = ampersand + 5
            } else if let (length, value) = reference(raw, at: ampersand, inAttribute: inAttribute) {
                output.append(contentsOf: value.utf8)
                index = ampersand + length
            } else {
                output.append(UInt8(ascii: "&"))
                index = ampersand + 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `&amp;` starts at `index`.
    @inline(__always)
    static func isAmp(_ raw: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 4 < raw.count && raw[index + 1] == UInt8(ascii: "a") && raw[index + 2] == UInt8(ascii: "m")
            && raw[index + 3] == UInt8(ascii: "p") && raw[index + 4] == UInt8(ascii: ";")
    }

    /// The reference at `start` (an `&`): how many bytes it spans and what
    /// it stands for; nil when the `&` is just an ampersand.
    /// `inAttribute`: whether the attribute rule for legacy names applies
    /// (in text, `&copy2` is "©2"; in an attribute it stays as written).
    static func reference(_ raw: UnsafeBufferPointer<UInt8>, at start: Int, inAttribute: Bool = true) -> (Int, String)? {
        var index = start + 1
        guard index < raw.count else { return nil }
        if raw[index] == UInt8(ascii: "#") { return numeric(raw, at: start) }
        while index < raw.count, raw[index].isASCIIAlphanumeric { index += 1 }
        let runEnd = index
        guard runEnd > start + 1 else { return nil }
        if runEnd < raw.count, raw[runEnd] == UInt8(ascii: ";"),
            let value = lookUp(raw, start + 1, runEnd + 1)
        {
            return (runEnd + 1 - start, value)
        }
        // Legacy names without ";" (at most 6 letters), longest first. In an
        // attribute, one followed by "=" or a letter or digit stays as written
        // ("?a=1&copy=2" is a query, not "©").
        var end = min(runEnd, start + 7)
        while end > start + 1 {
            if let value = lookUp(raw, start + 1, end) {
                if inAttribute, end < raw.count, raw[end] == UInt8(ascii: "=") || raw[end].isASCIIAlphanumeric { return nil }
                return (end - start, value)
            }
            end -= 1
        }
        return nil
    }

    private static func lookUp(_ raw: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String? {
        let name = String(decoding: UnsafeBufferPointer(rebasing: raw[start..<end]), as: UTF8.self)
        switch name {
        case "amp;", "amp": return "&"
        case "lt;", "lt": return "<"
        case "gt;", "gt": return ">"
        case "quot;", "quot": return "\""
        case "apos;": return "'"
        case "nbsp;", "nbsp": return "\u{A0}"
        default: return named[name]
        }
    }

    private static func numeric(_ raw: UnsafeBufferPointer<UInt8>, at start: Int) -> (Int, String)? {
        var index = start + 2
        let hexadecimal = index < raw.count && (raw[index] | 0x20) == UInt8(ascii: "x")
        if hexadecimal { index += 1 }
        let digitsStart = index
        var value: UInt32 = 0
        while index < raw.count {
            let byte = raw[index]
            let digit: UInt32
            if byte.isASCIIDigit {
                digit = UInt32(byte - 0x30)
            } else if hexadecimal, (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "f") {
                digit = UInt32((byte | 0x20) - 0x57)
            } else {
                break
            }
            value = min(value &* (hexadecimal ? 16 : 10) &+ digit, 0x110000)
            index += 1
        }
        guard index > digitsStart else { return nil }
        if index < raw.count, raw[index] == UInt8(ascii: ";") { index += 1 }
        return (index - start, String(Character(scalar(for: value))))
    }

    /// A numeric reference's character, with the standard's replacements.
    static func scalar(for value: UInt32) -> Unicode.Scalar {
        if value >= 0x80, value <= 0x9F, let mapped = windows1252[value] { return Unicode.Scalar(mapped)! }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    private static let windows1252: [UInt32: UInt32] = [
        0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021,
        0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D, 0x91: 0x2018,
        0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC,
        0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A, 0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
    ]

    /// Every named reference, read from the generated table on first use.
    private static let named: [String: String] = {
        var table: [String: String] = [:]
        for token in namedTable.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            guard let equals = token.firstIndex(of: "=") else { continue }
            var value = ""
            for hex in token[token.index(after: equals)...].split(separator: "+") {
                if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) { value.unicodeScalars.append(scalar) }
            }
            table[String(token[..<equals])] = value
        }
        return table
    }()
}

extension UInt8 {
    @inline(__always) var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
    @inline(__always) var isASCIIAlpha: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
    @inline(__always) var isASCIIAlphanumeric: Bool { isASCIIAlpha || isASCIIDigit }
    /// HTML's ASCII whitespace (CR included: browsers read CR LF as LF).
    @inline(__always) var isHTMLSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D }
}
