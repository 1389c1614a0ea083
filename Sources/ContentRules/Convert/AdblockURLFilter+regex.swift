extension AdblockURLFilter {
    /// The longest url-filter a bounded repetition may expand to.
    static let maximumExpandedLength = 4096

    /// Rewrites a `/regex/` filter's body into WebKit's subset where the
    /// meaning is unchanged: `\d` `\w` `\D` `\W` become classes, `(?:` a
    /// plain group, `x{n}` `x{n,}` `x{n,m}` repeated atoms (WebKit accepts
    /// only `?`, `*`, `+`), `\/` a slash. What is still outside the subset
    /// (disjunctions, lookarounds, `\b`…) is refused with WebKit's reason.
    static func regex(_ body: ArraySlice<UInt8>) throws(AdblockSkipReason) -> String {
        let bytes = Array(body)
        var output: [UInt8] = []
        /// Where the last atom starts in `output`, for a repetition after it.
        var atomStart: Int?
        var groupStarts: [Int] = []
        var index = 0
        func append(atom: [UInt8]) {
            atomStart = output.count
            output += atom
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { throw .regexOutsideSubset("a trailing backslash") }
                let letter = bytes[index + 1]
                if let members = classEscape(letter) {
                    append(atom: Array("[\(members)]".utf8))
                } else if let members = negatedClassEscape(letter) {
                    append(atom: Array("[^\(members)]".utf8))
                } else if letter == UInt8(ascii: "/") {
                    append(atom: [letter])
                } else {
                    append(atom: [byte, letter])
                }
                index += 2
            case UInt8(ascii: "["):
                let start = output.count
                var close = index + 1
                var members: [UInt8] = [byte]
                if close < bytes.count, bytes[close] == UInt8(ascii: "^") { members.append(bytes[close]); close += 1 }
                if close < bytes.count, bytes[close] == UInt8(ascii: "]") { members.append(bytes[close]); close += 1 }
                while close < bytes.count, bytes[close] != UInt8(ascii: "]") {
                    if bytes[close] == UInt8(ascii: "\\"), close + 1 < bytes.count {
                        if let expansion = classEscape(bytes[close + 1]) {
                            members += Array(expansion.utf8)
                        } else {
                            members += [bytes[close], bytes[close + 1]]
                        }
                        close += 2
                    } else {
                        members.append(bytes[close])
                        close += 1
                    }
                }
                guard close < bytes.count else { throw .regexOutsideSubset("an unclosed character class") }
                output += members + [UInt8(ascii: "]")]
                atomStart = start
                index = close + 1
            case UInt8(ascii: "("):
                groupStarts.append(output.count)
                output.append(byte)
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "?"), bytes[index + 2] == UInt8(ascii: ":") {
                    index += 3
                } else {
                    index += 1
                }
                atomStart = nil
            case UInt8(ascii: ")"):
                output.append(byte)
                atomStart = groupStarts.popLast()
                index += 1
            case UInt8(ascii: "{"):
                guard let (low, high, next) = repetition(bytes, from: index), let start = atomStart else {
                    output.append(byte)
                    atomStart = output.count - 1
                    index += 1
                    continue
                }
                let atom = Array(output[start...])
                output.removeLast(atom.count)
                for _ in 0..<low { output += atom }
                if let high {
                    for _ in low..<high { output += atom + [UInt8(ascii: "?")] }
                } else {
                    output += atom + [UInt8(ascii: "*")]
                }
                guard output.count <= maximumExpandedLength else { throw .regexOutsideSubset("a repetition too long to write out") }
                atomStart = nil
                index = next
            case UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"):
                output.append(byte)
                atomStart = nil
                index += 1
            default:
                append(atom: [byte])
                index += 1
            }
        }
        let text = String(decoding: output, as: UTF8.self)
        do {
            _ = try URLFilterParser.parse(text)
        } catch {
            throw .regexOutsideSubset(error.status.message)
        }
        return text
    }

    /// `\d` and `\w` as the members of a class, or nil.
    private static func classEscape(_ letter: UInt8) -> String? {
        switch letter {
        case UInt8(ascii: "d"): return "0-9"
        case UInt8(ascii: "w"): return "a-zA-Z0-9_"
        default: return nil
        }
    }

    /// `\D` and `\W` as the members of the negated class, or nil.
    private static func negatedClassEscape(_ letter: UInt8) -> String? {
        switch letter {
        case UInt8(ascii: "D"): return "0-9"
        case UInt8(ascii: "W"): return "a-zA-Z0-9_"
        default: return nil
        }
    }

    /// `{n}`, `{n,}` or `{n,m}` at `start`: the bounds and the index after the brace.
    private static func repetition(_ bytes: [UInt8], from start: Int) -> (Int, Int?, Int)? {
        guard let close = bytes[start...].firstIndex(of: UInt8(ascii: "}")) else { return nil }
        let inside = String(decoding: bytes[(start + 1)..<close], as: UTF8.self)
        let parts = inside.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2, let low = Int(parts[0]), low >= 0, low <= 256 else { return nil }
        if parts.count == 1 { return (low, low, close + 1) }
        if parts[1].isEmpty { return (low, nil, close + 1) }
        guard let high = Int(parts[1]), high >= low, high <= 256 else { return nil }
        return (low, high, close + 1)
    }
}
