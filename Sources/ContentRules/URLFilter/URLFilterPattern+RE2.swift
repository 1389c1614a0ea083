extension URLFilterPattern {
    /// The same pattern in RE2 syntax, for search anywhere in the URL.
    ///
    /// Every character outside `[A-Za-z0-9]` is written as a `\xHH` escape,
    /// so no JavaScript escape can be misread by RE2; groups become
    /// non-capturing. Case-insensitivity is an RE2 option, not syntax.
    public var re2Pattern: String {
        var out: [UInt8] = []
        out.reserveCapacity(terms.count * 2 + 8)
        if anchoredAtStart { out.append(UInt8(ascii: "^")) }
        for term in terms { Self.emit(term, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendHex(_ byte: UInt8, to out: inout [UInt8]) {
        out += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
    }

    private static func emit(_ byte: UInt8, into out: inout [UInt8]) {
        if byte.isASCIILetter || (byte >= 0x30 && byte <= 0x39) {
            out.append(byte)
        } else {
            appendHex(byte, to: &out)
        }
    }

    private static func emit(_ term: Term, into out: inout [UInt8]) {
        switch term.atom {
        case .character(let byte):
            emit(byte, into: &out)
        case .anyCharacter:
            out.append(UInt8(ascii: "."))
        case .characterSet(let members, let inverted):
            if members.isEmpty {
                // [] matches nothing; [^] matches any character.
                out += Array((inverted ? "." : "[^\\x00-\\xff]").utf8)
            } else {
                out += Array((inverted ? "[^" : "[").utf8)
                var byte: UInt8 = 0
                while byte < 128 {
                    if members.contains(byte) {
                        var end = byte
                        while end < 127 && members.contains(end + 1) { end += 1 }
                        appendHex(byte, to: &out)
                        if end > byte {
                            out.append(UInt8(ascii: "-"))
                            appendHex(end, to: &out)
                        }
                        byte = end
                    }
                    byte += 1
                }
                out.append(UInt8(ascii: "]"))
            }
        case .group(let terms):
            out += Array("(?:".utf8)
            for inner in terms { emit(inner, into: &out) }
            out.append(UInt8(ascii: ")"))
        case .endOfLine:
            // RE2 cannot repeat a bare assertion; group it.
            out += Array((term.quantifier == .one ? "$" : "(?:$)").utf8)
        }
        switch term.quantifier {
        case .one: break
        case .zeroOrOne: out.append(UInt8(ascii: "?"))
        case .zeroOrMore: out.append(UInt8(ascii: "*"))
        case .oneOrMore: out.append(UInt8(ascii: "+"))
        }
    }
}
