extension URLFilterPattern {
    /// The same pattern in RE2 syntax, for search anywhere in the URL.
    ///
    /// Every character outside `[A-Za-z0-9]` is written as a `\xHH` escape,
    /// so no JavaScript escape can be misread by RE2; groups become
    /// non-capturing. Case-insensitivity is an RE2 option, not syntax.
    public var re2Pattern: String {
        var out = anchoredAtStart ? "^" : ""
        for term in terms { Self.emit(term, into: &out) }
        return out
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }

    private static func emit(_ byte: UInt8, into out: inout String) {
        if byte.isASCIILetter || (byte >= 0x30 && byte <= 0x39) {
            out.unicodeScalars.append(Unicode.Scalar(byte))
        } else {
            out += hex(byte)
        }
    }

    private static func emit(_ term: Term, into out: inout String) {
        switch term.atom {
        case .character(let byte):
            emit(byte, into: &out)
        case .anyCharacter:
            out += "."
        case .characterSet(let members, let inverted):
            if members.isEmpty {
                // [] matches nothing; [^] matches any character.
                out += inverted ? "." : "[^\\x00-\\xff]"
            } else {
                out += inverted ? "[^" : "["
                var byte: UInt8 = 0
                while byte < 128 {
                    if members.contains(byte) {
                        var end = byte
                        while end < 127 && members.contains(end + 1) { end += 1 }
                        out += hex(byte)
                        if end > byte { out += "-" + hex(end) }
                        byte = end
                    }
                    byte += 1
                }
                out += "]"
            }
        case .group(let terms):
            out += "(?:"
            for inner in terms { emit(inner, into: &out) }
            out += ")"
        case .endOfLine:
            out += "$"
        }
        switch term.quantifier {
        case .one: break
        case .zeroOrOne: out += "?"
        case .zeroOrMore: out += "*"
        case .oneOrMore: out += "+"
        }
    }
}
