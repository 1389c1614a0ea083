/// Reads JavaScript regular-expression syntax the way JavaScriptCore's YARR
/// parser does without the `u` flag, reporting each construct to a
/// `SubsetBuilder`. Returns a `YarrError` for text that is not a valid
/// JavaScript regex at all (an unclosed group, a quantifier with nothing to
/// repeat, a reversed range, a trailing backslash).
struct RegexSyntaxReader {
    let bytes: [UInt8]
    private var position = 0
    private var groupDepth = 0
    /// Named groups make `\k<name>` a reference rather than the letter k.
    private let hasNamedGroups: Bool
    private var definedGroupNames: [[UInt8]] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var named = false
        for index in bytes.indices.dropLast(3)
        where bytes[index] == 0x28 && bytes[index + 1] == 0x3F && bytes[index + 2] == 0x3C
            && bytes[index + 3] != 0x3D && bytes[index + 3] != 0x21 {
            named = true
        }
        hasNamedGroups = named
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        position + ahead < bytes.count ? bytes[position + ahead] : nil
    }

    private func error(_ detail: String) -> URLFilterSyntaxError {
        URLFilterSyntaxError(status: .yarrError, offset: min(position, bytes.count), detail: detail)
    }

    private static func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= 0x30 && byte <= 0x39
    }

    private static func hexValue(_ byte: UInt8?) -> UInt8? {
        guard let byte else { return nil }
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    /// Reads decimal digits; nil when the number overflows, which YARR
    /// reads as "unbounded" (so `a{0,99999999999}` is `a*`).
    private mutating func readNumber() -> Int? {
        var value: Int? = 0
        while Self.isDigit(peek()) {
            if let current = value {
                let next = current * 10 + Int(bytes[position] - 0x30)
                value = next > Int(UInt32.max) - 1 ? nil : next
            }
            position += 1
        }
        return value
    }

    /// Reads the whole pattern; returns the syntax error, if any.
    mutating func read(into builder: inout SubsetBuilder) -> URLFilterSyntaxError? {
        var lastWasAtom = false
        while let byte = peek() {
            builder.offset = position
            switch byte {
            case UInt8(ascii: "|"):
                position += 1
                builder.disjunction()
                lastWasAtom = false
            case UInt8(ascii: "("):
                position += 1
                if peek() == UInt8(ascii: "?") {
                    switch (peek(1), peek(2)) {
                    case (UInt8(ascii: ":"), _):
                        position += 2
                        builder.beginGroup()
                    case (UInt8(ascii: "="), _), (UInt8(ascii: "!"), _):
                        position += 2
                        builder.beginLookaround()
                    case (UInt8(ascii: "<"), UInt8(ascii: "=")), (UInt8(ascii: "<"), UInt8(ascii: "!")):
                        position += 3
                        builder.beginLookaround()
                    case (UInt8(ascii: "<"), _):
                        position += 2
                        guard let close = bytes[position...].firstIndex(of: UInt8(ascii: ">")),
                            close > position,
                            bytes[position..<close].allSatisfy({ Self.isNameByte($0) }),
                            !Self.isDigit(bytes[position])
                        else { return error("invalid group name") }
                        let name = Array(bytes[position..<close])
                        if definedGroupNames.contains(name) { return error("duplicate group name") }
                        definedGroupNames.append(name)
                        position = close + 1
                        builder.beginGroup()
                    default:
                        // Modifier groups such as (?i:…) parse, but WebKit does not support them.
                        var end = position + 1
                        while end < bytes.count, bytes[end].isASCIILetter || bytes[end] == UInt8(ascii: "-") { end += 1 }
                        guard end > position + 1, end < bytes.count, bytes[end] == UInt8(ascii: ":") else {
                            return error("invalid group type")
                        }
                        position = end + 1
                        builder.beginLookaround()
                    }
                } else {
                    builder.beginGroup()
                }
                groupDepth += 1
                lastWasAtom = false
            case UInt8(ascii: ")"):
                guard groupDepth > 0 else { return error("unmatched ')'") }
                position += 1
                groupDepth -= 1
                builder.endGroup()
                lastWasAtom = true
            case UInt8(ascii: "["):
                position += 1
                if let failure = readCharacterClass(into: &builder) { return failure }
                lastWasAtom = true
            case UInt8(ascii: "^"):
                position += 1
                builder.beginningOfLine()
                lastWasAtom = false
            case UInt8(ascii: "$"):
                position += 1
                builder.endOfLine()
                lastWasAtom = false
            case UInt8(ascii: "."):
                position += 1
                builder.builtInClass(isDot: true)
                lastWasAtom = true
            case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
                position += 1
                guard lastWasAtom else { return error("nothing to repeat") }
                let minimum = byte == UInt8(ascii: "+") ? 1 : 0
                let maximum: Int? = byte == UInt8(ascii: "?") ? 1 : nil
                if peek() == UInt8(ascii: "?") { position += 1 }
                builder.quantify(minimum: minimum, maximum: maximum)
                lastWasAtom = false
            case UInt8(ascii: "{"):
                let start = position
                position += 1
                if Self.isDigit(peek()) {
                    let minimum = readNumber() ?? Int(UInt32.max)
                    var maximum: Int? = minimum
                    if peek() == UInt8(ascii: ",") {
                        position += 1
                        maximum = Self.isDigit(peek()) ? readNumber() : nil
                    }
                    if peek() == UInt8(ascii: "}") {
                        position += 1
                        if let maximum, maximum < minimum { return error("numbers out of order in {} quantifier") }
                        guard lastWasAtom else { return error("nothing to repeat") }
                        if peek() == UInt8(ascii: "?") { position += 1 }
                        builder.quantify(minimum: minimum, maximum: maximum)
                        lastWasAtom = false
                        continue
                    }
                }
                // Not a complete quantifier: a literal '{' (Annex B).
                position = start + 1
                builder.character(byte)
                lastWasAtom = true
            case UInt8(ascii: "\\"):
                position += 1
                switch readEscape(into: &builder) {
                case .failure(let failure): return failure
                case .success(let isAtom): lastWasAtom = isAtom
                }
            default:
                position += 1
                builder.character(byte)
                lastWasAtom = true
            }
        }
        if groupDepth > 0 { return error("missing ')'") }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F || byte == 0x24
    }

    /// Reads an escape outside a class. The result says whether it was an atom.
    private mutating func readEscape(into builder: inout SubsetBuilder) -> Result<Bool, URLFilterSyntaxError> {
        guard let byte = peek() else { return .failure(error("\\ at end of pattern")) }
        position += 1
        switch byte {
        case UInt8(ascii: "b"), UInt8(ascii: "B"):
            builder.wordBoundary()
            return .success(false)
        case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "w"), UInt8(ascii: "W"),
            UInt8(ascii: "s"), UInt8(ascii: "S"):
            builder.builtInClass(isDot: false)
            return .success(true)
        case UInt8(ascii: "k") where hasNamedGroups:
            guard peek() == UInt8(ascii: "<") else { return .failure(error("invalid named reference")) }
            // With named groups, \k<name> is a reference: backward ones are
            // unsupported, forward ones are a syntax error.
            guard let close = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else {
                return .failure(error("invalid named reference"))
            }
            let name = Array(bytes[(position + 1)..<close])
            position = close + 1
            guard definedGroupNames.contains(name) else { return .failure(error("invalid named reference")) }
            builder.backReference()
            return .success(true)
        default:
            builder.character(readCharacterEscape(byte))
            return .success(true)
        }
    }

    /// The character an escape such as `\n`, `\x41` or `\.` stands for.
    private mutating func readCharacterEscape(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "v"): return 0x0B
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            // Legacy octal escapes (WebKit's parser has backreferences off,
            // so \1 is the character 1, as YARR's consumeOctal reads it).
            var value = UInt32(byte - 0x30)
            while value < 32, let digit = peek(), digit >= 0x30, digit <= 0x37 {
                value = value * 8 + UInt32(digit - 0x30)
                position += 1
            }
            return value < 0x80 ? UInt8(value) : 0xFF  // 0xFF: reported as non-ASCII
        case UInt8(ascii: "c"):
            if let letter = peek(), letter | 0x20 >= 0x61, letter | 0x20 <= 0x7A {
                position += 1
                return letter & 0x1F
            }
            position -= 1  // "\c" not followed by a letter is a literal backslash.
            return UInt8(ascii: "\\")
        case UInt8(ascii: "x"):
            if let high = Self.hexValue(peek()), let low = Self.hexValue(peek(1)) {
                position += 2
                return high << 4 | low
            }
            return byte
        case UInt8(ascii: "u"):
            if let a = Self.hexValue(peek()), let b = Self.hexValue(peek(1)),
                let c = Self.hexValue(peek(2)), let d = Self.hexValue(peek(3))
            {
                position += 4
                let value = UInt32(a) << 12 | UInt32(b) << 8 | UInt32(c) << 4 | UInt32(d)
                return value < 0x80 ? UInt8(value) : 0xFF  // 0xFF: reported as non-ASCII
            }
            return byte
        case UInt8(ascii: "8"), UInt8(ascii: "9"):
            return byte
        default:
            return byte
        }
    }

    /// Reads `[...]` after the opening bracket.
    private mutating func readCharacterClass(into builder: inout SubsetBuilder) -> URLFilterSyntaxError? {
        let inverted = peek() == UInt8(ascii: "^")
        if inverted { position += 1 }
        builder.beginCharacterClass(inverted: inverted)
        // Each element: a character, or nil for a built-in class like \d.
        func readElement(_ reader: inout RegexSyntaxReader, _ builder: inout SubsetBuilder) -> Result<UInt8?, URLFilterSyntaxError> {
            guard let byte = reader.peek() else { return .failure(reader.error("missing terminating ] for character class")) }
            reader.position += 1
            guard byte == UInt8(ascii: "\\") else { return .success(byte) }
            guard let escaped = reader.peek() else { return .failure(reader.error("\\ at end of pattern")) }
            reader.position += 1
            switch escaped {
            case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "w"), UInt8(ascii: "W"),
                UInt8(ascii: "s"), UInt8(ascii: "S"):
                return .success(nil)
            case UInt8(ascii: "b"): return .success(0x08)
            case UInt8(ascii: "-"): return .success(UInt8(ascii: "-"))
            case UInt8(ascii: "8"), UInt8(ascii: "9"):
                return .success(escaped)
            default:
                return .success(reader.readCharacterEscape(escaped))
            }
        }
        while true {
            guard let byte = peek() else { return error("missing terminating ] for character class") }
            if byte == UInt8(ascii: "]") {
                position += 1
                return nil
            }
            builder.offset = position
            let first: UInt8?
            switch readElement(&self, &builder) {
            case .failure(let failure): return failure
            case .success(let element): first = element
            }
            if peek() == UInt8(ascii: "-"), let next = peek(1), next != UInt8(ascii: "]") {
                position += 1
                let second: UInt8?
                switch readElement(&self, &builder) {
                case .failure(let failure): return failure
                case .success(let element): second = element
                }
                if let low = first, let high = second {
                    if high < low { return error("range out of order in character class") }
                    builder.characterClassMember(low, high)
                } else {
                    // A range with a built-in class end is literal (Annex B).
                    if let low = first { builder.characterClassMember(low, low) } else { builder.characterClassBuiltIn() }
                    builder.characterClassMember(UInt8(ascii: "-"), UInt8(ascii: "-"))
                    if let high = second { builder.characterClassMember(high, high) } else { builder.characterClassBuiltIn() }
                }
            } else if let low = first {
                builder.characterClassMember(low, low)
            } else {
                builder.characterClassBuiltIn()
            }
        }
    }
}
