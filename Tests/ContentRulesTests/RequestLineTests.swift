import Testing
@testable import ContentRules

/// `rules match` reads a flat request line (`RequestLine.Spans`) without the
/// JSON parser: a key read as one word, strings ended at their next quote
/// once the line is known to hold no backslash. Whatever it answers must be
/// what the parser reads, and it must answer for every flat line (a flat
/// line it left would still be read, by the parser, but slowly).
@Suite("rules match request lines")
struct RequestLineTests {
    static let keys = ["url", "type", "page", "frame", "method"]

    /// The simple definition of `Field.read`: the bytes up to the word's
    /// first quote spell one of the keys.
    static func simpleField(_ bytes: [UInt8]) -> (String, Int)? {
        guard let quote = bytes.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        let key = String(decoding: bytes[..<quote], as: UTF8.self)
        return keys.contains(key) ? (key, quote) : nil
    }

    @Test("a key is read from a word as the bytes up to its first quote spell it: every key, every byte changed, shortened and lengthened")
    func keyWords() {
        var words: [[UInt8]] = []
        for key in Self.keys {
            let spelled = Array(key.utf8) + [UInt8(ascii: "\"")]
            for filler in [UInt8(ascii: ":"), UInt8(ascii: "\""), UInt8(ascii: "a"), 0x00, 0xFF] {
                words.append(spelled + [UInt8](repeating: filler, count: 8 - spelled.count))
                // Every byte of the spelling changed to each of a few others (a letter, a capital, a quote, a backslash, UTF-8).
                for position in spelled.indices {
                    for byte in [UInt8(ascii: "x"), spelled[position] & 0xDF, UInt8(ascii: "\""), UInt8(ascii: "\\"), 0xC3, spelled[position] ^ 0x80] {
                        var changed = spelled
                        changed[position] = byte
                        words.append(changed + [UInt8](repeating: filler, count: 8 - changed.count))
                    }
                }
                // Shortened (the quote earlier) and lengthened (a letter before the quote).
                words.append(Array(key.utf8.dropLast()) + [UInt8(ascii: "\"")] + [UInt8](repeating: filler, count: 9 - spelled.count))
                if spelled.count < 8 { words.append(Array(key.utf8) + [UInt8(ascii: "s"), UInt8(ascii: "\"")] + [UInt8](repeating: filler, count: 6 - key.utf8.count)) }
            }
        }
        for word in words {
            #expect(word.count == 8)
            let value = word.withUnsafeBufferPointer { ByteScan.word($0.baseAddress!, 0) }
            let read = RequestLine.Field.read(value).map { ("\($0.0)", $0.length) }
            let simple = Self.simpleField(word)
            #expect(read?.0 == simple?.0 && read?.1 == simple?.1, "\(word)")
        }
    }

    /// Lines of every key order and spacing, with values plain, empty, null,
    /// escaped, not strings, and keys repeated or unknown.
    static var lines: [String] {
        var lines: [String] = []
        let values = [#""https://a.example/x?y=1#z""#, #""""#, "null", #""sc\"ript""#, #""a\\b""#, #""\u0041""#, "1", #""ü€""#]
        let spacings = [("", ""), (" ", " "), ("\t", "\r\n"), ("  ", "")]
        for (index, key) in keys.enumerated() {
            for value in values {
                for (around, after) in spacings {
                    let other = keys[(index + 1) % keys.count]
                    lines.append("\(around){\(around)\"\(key)\"\(around):\(after)\(value)\(around)}\(around)")
                    lines.append(#"{"url":"https://b.example/","# + "\(around)\"\(key)\":\(after)\(value),\"\(other)\":\(after)\"v\"}")
                    lines.append("{\"\(key)\": \(value), \"url\": \"https://c.example/\", \"\(key)\": \"again\"}")
                }
            }
        }
        lines += [
            #"{"url": "https://a.example/", "type": "script", "page": "https://p.example/", "frame": "https://f.example/", "method": "POST"}"#,
            #"{"url":""}"#, #"{"url":"x"}"#, #"{}"#, #"{"url":"x",}"#, #"{"url":"x"}}"#, #"{"url":"x"} x"#, #"[{"url":"x"}]"#,
            #"{"urls":"x"}"#, #"{"ur":"x"}"#, #"{"URL":"x"}"#, #"{"url" "x"}"#, #"{"url":"x" "type":"y"}"#, #"{"url":nul}"#, #"{"url":"x\"}"#,
            #"{"url":"x","other":"y"}"#, #"{"url":"a\u0000b"}"#, "{\"url\":\"a\u{0}b\"}",
        ]
        return lines
    }

    @Test("a flat line is read from its bytes as the JSON parser reads it, at every length it is cut to; and every flat line is read so")
    func sameAsTheParser() {
        var flat = 0
        for line in Self.lines {
            let bytes = Array(line.utf8)
            for length in 0...bytes.count {
                let cut = Array(bytes[..<length])
                let parsed = RequestLine.parseJSON(cut[...], line: 3)
                #expect(RequestLine.parse(cut[...], line: 3) == parsed, "\(String(decoding: cut, as: UTF8.self))")
                let spans = cut.withUnsafeBufferPointer { RequestLine.Spans(flat: $0) }
                if spans != nil { flat += 1 }
                // Flat: parsed, with no backslash, no key but the five and no value but strings and null
                // (a number that a repeated key's string replaces still leaves the line to the parser).
                if case .success = parsed, !cut.contains(UInt8(ascii: "\\")), !line.contains(#""other""#), !line.contains(": 1,") {
                    #expect(spans != nil, "\(String(decoding: cut, as: UTF8.self))")
                }
            }
        }
        #expect(flat > 100)
    }
}
