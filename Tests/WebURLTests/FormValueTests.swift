import Testing
import WebURL

/// limot's own URLs carry words in their queries (`/_limot/lookup?q=خانه`,
/// the site's `search?q=…`): encoded once, read back as the reader typed them.
@Suite("Query components and form values")
struct FormValueTests {
    @Test(arguments: ["Haus", "خانه", "Straße", "می‌روم", "a&b=c d+e", "100%", "x#y/z?"])
    func aWordSurvivesTheRoundTrip(word: String) {
        let encoded = WebURL.percentEncodedComponent(word)
        #expect(!encoded.contains { "&=#+ /?".contains($0) })
        #expect(encoded.allSatisfy { $0.isASCII })
        #expect(WebURL.formValue("q", inQuery: "x=1&q=\(encoded)") == word)
    }

    @Test func theComponentSetIsEncodeURIComponents() {
        // What JavaScript's encodeURIComponent leaves alone, and nothing else.
        #expect(WebURL.percentEncodedComponent("AZaz09!'()*-._~") == "AZaz09!'()*-._~")
        #expect(WebURL.percentEncodedComponent("nach Hause") == "nach%20Hause")
        #expect(WebURL.percentEncodedComponent("خانه") == "%D8%AE%D8%A7%D9%86%D9%87")
        #expect(WebURL.percentEncodedComponent("a+b&c=d/e") == "a%2Bb%26c%3Dd%2Fe")
    }

    @Test func formValuesDecodePlusAndTakeTheFirstPair() {
        #expect(WebURL.formValue("q", inQuery: "q=a+b") == "a b")
        #expect(WebURL.formValue("q", inQuery: "q=1&q=2") == "1")
        #expect(WebURL.formValue("q", inQuery: "dir=de-fa&q") == "")
        #expect(WebURL.formValue("q", inQuery: "query=x") == nil)
        #expect(WebURL.formValue("q", inQuery: nil) == nil)
        // A broken escape stays as it was rather than eating what follows.
        #expect(WebURL.formValue("q", inQuery: "q=%zz1") == "%zz1")
    }

    /// The pairs read in place, against the plain way: split the query at
    /// every `&` and each pair at its first `=`, decode every name, compare
    /// as Strings. Queries of the bytes that matter (`&`, `=`, `+`, `%`,
    /// hex digits, a two-byte letter, a broken UTF-8 byte) and names among
    /// them, ASCII or not, with and without escapes.
    @Test func formValuesAsThePlainSplitFindsThem() {
        let pieces: [[UInt8]] = ["&", "=", "+", "%", "%2", "%41", "%C3%A4", "q", "Q", "a", "ä", "1", " "].map { Array($0.utf8) } + [[0xFF]]
        let names = ["q", "a", "qa", "ä", "a b", "A", "", "q=", "%41"]
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) { bytes += pieces.randomElement(using: &generator)! }
            let query = String(decoding: bytes, as: UTF8.self)
            for name in names {
                let expected = Self.plainFormValue(name, inQuery: query)
                #expect(WebURL.formValue(name, inQuery: query) == expected, "\(name) in \(query)")
                if expected != nil { checked += 1 }
            }
        }
        #expect(checked > 1_000, "too few queries held the names")
    }

    /// The plain way (what `formValue` did before it read in place).
    static func plainFormValue(_ name: String, inQuery query: String?) -> String? {
        guard let query else { return nil }
        func decoded(_ bytes: Substring.UTF8View.SubSequence) -> String {
            var output: [UInt8] = []
            let spaced = bytes.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
            var index = 0
            func hex(_ byte: UInt8) -> UInt8? {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
                default: nil
                }
            }
            while index < spaced.count {
                if spaced[index] == UInt8(ascii: "%"), index + 2 < spaced.count, let high = hex(spaced[index + 1]), let low = hex(spaced[index + 2]) {
                    output.append(high << 4 | low)
                    index += 3
                } else {
                    output.append(spaced[index])
                    index += 1
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
        for pair in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard decoded(parts[0]) == name else { continue }
            return parts.count > 1 ? decoded(parts[1]) : ""
        }
        return nil
    }
}
