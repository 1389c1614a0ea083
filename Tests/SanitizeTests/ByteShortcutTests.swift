import ContentRules
import FixtureSupport
import Testing
import WebURL
@testable import Sanitize

/// The sanitizer's byte-level shortcuts each give what their plain version
/// gives: a tag's end, the title and a link's `rel` read from their bytes, the
/// leave path written into one buffer.
@Suite("Byte shortcuts")
struct ByteShortcutTests {
    // MARK: Tags

    static let tagPieces = [">", "/>", "/", " ", "\t", "a", "style", "=", "\"x\"", "'y'", "z", "class", "STYLE", "background", "\"", "<"]

    @Test("a tag's end found with the first byte looked at first is skimTag's, from every position of every length")
    func skimTagEndEqualsSkimTag() {
        var random = SplitMix64(seed: 23)
        let filters = [Names.shared.sharedRewrites, Names.shared.noAttributes]
        for _ in 0..<2_000 {
            let text = random.text(from: Self.tagPieces, fewerThan: 8)
            let input = Array(text.utf8)
            input.withUnsafeBufferPointer { buffer in
                let scanner = MarkupScanner(input: buffer)
                for filter in filters {
                    for start in 0...input.count {
                        #expect(scanner.skimTagEnd(from: start, flagging: filter) == scanner.skimTag(from: start, flagging: filter), "\(text) from \(start)")
                    }
                }
            }
        }
    }

    @Test("a skimmed tag ends where the tokenizer's full reading of it ends, and is refused where that reading has a flagged attribute or runs off the input")
    func skimTagEqualsFullReading() {
        var random = SplitMix64(seed: 24)
        let filters = [(Names.shared.sharedRewrites, AttributeTable.sharedRewrites), (Names.shared.noAttributes, UInt32(0))]
        let pieces = Self.tagPieces + ["\n", "\u{0C}", "\r", "title", "=\"a b c d e f g h\"", "='>'", "=\">\"", "é", "data-x", "Integrity"]
        for _ in 0..<3_000 {
            // Up to 15 pieces: values past the eight bytes searched in a register, names past a word.
            let text = "<x" + random.text(from: pieces, fewerThan: 16)
            let input = Array(text.utf8)
            input.withUnsafeBufferPointer { buffer in
                let scanner = MarkupScanner(input: buffer)
                for (filter, kinds) in filters {
                    var tokenizer = HTMLTokenizer(input: buffer)
                    let token = tokenizer.tag(at: 0, isEnd: false, name: NameKey("x"), nameEnd: 2)
                    let expected = token.kind == .truncated || tokenizer.attributes.containsAny(kinds) ? nil : token.range.upperBound
                    #expect(scanner.skimTag(from: 2, flagging: filter) == expected, "\(text.debugDescription)")
                }
            }
        }
    }

    @Test("an end tag read as the key of the element opened last ends where scanning its name and skimming it end, with that key")
    func endTagNamedEqualsScan() {
        var random = SplitMix64(seed: 27)
        let keys = ["td", "span", "a", "tr", "section", "sections", "x\u{0}"].map { name in
            Array(name.utf8).withUnsafeBufferPointer { MarkupScanner(input: $0).scanName(at: 0, until: .tagNameEnd).name }
        }
        let pieces = ["td", "TD", "span", "a", "tr", "section", "s", ">", " ", "/", "\u{0}", "x", "é"]
        var found = 0
        for _ in 0..<3_000 {
            // Eight bytes after the text: the shortcut reads a word, and answers nil nearer the end.
            let input = Array((random.text(from: pieces, fewerThan: 10) + "xxxxxxxx").utf8)
            input.withUnsafeBufferPointer { buffer in
                let scanner = MarkupScanner(input: buffer)
                for key in keys {
                    for start in 0..<input.count {
                        guard let end = scanner.endTag(named: key, at: start) else { continue }
                        found += 1
                        let (name, nameEnd) = scanner.scanName(at: start, until: .tagNameEnd)
                        #expect(name == key && scanner.skimTagEnd(from: nameEnd, flagging: Names.shared.noAttributes) == end, "\(input) from \(start)")
                    }
                }
            }
        }
        #expect(found > 200, "found \(found): the generator no longer makes end tags")
    }

    static let namePieces = ["a", "td", "SPAN", "Class", "-", "x1", "9", ":", "_", "=", ">", "/", " ", "\t", "\n", "\u{0C}", "\r",
                             "é", "\u{0}", "data-foo", "aria-label", "\"", "'", "<", "averyveryverylongname"]

    @Test("a raw-text end tag found by its word is the one the scan finds, from every position, for every raw-text name")
    func rawTextEndTagEqualsScan() {
        var random = SplitMix64(seed: 31)
        let names = ["script", "style", "title", "textarea", "iframe", "xmp", "noscript"].map { NameKey($0) }
        let pieces = ["</", "<", "script", "SCRIPT", "style", "title", "textarea", "xmp", "s", ">", " ", "/", "\t", "-->", "1", "é", "</script>", "</style>"]
        var found = 0
        for _ in 0..<3_000 {
            let input = Array(random.text(from: pieces, fewerThan: 10).utf8)
            input.withUnsafeBufferPointer { buffer in
                let tokenizer = HTMLTokenizer(input: buffer)
                for name in names {
                    for index in 0..<input.count {
                        let expected = tokenizer.isEndTagByScanning(name, at: index)
                        if expected { found += 1 }
                        #expect(tokenizer.isEndTag(name, at: index) == expected, "\(input) at \(index)")
                    }
                }
            }
        }
        #expect(found > 200, "found \(found): the generator no longer makes end tags")
    }

    @Test("a name read from one word has the key and end of the byte-by-byte reading, from every position, for tag and attribute names")
    func scanNameEqualsByteByByte() {
        var random = SplitMix64(seed: 25)
        for _ in 0..<3_000 {
            let text = random.text(from: Self.namePieces, fewerThan: 12)
            let input = Array(text.utf8)
            input.withUnsafeBufferPointer { buffer in
                let scanner = MarkupScanner(input: buffer)
                for stops in [ByteSet.tagNameEnd, .attributeNameEnd] {
                    for start in 0..<input.count {
                        let end = scanner.scan(from: start + 1, until: stops)
                        let found = scanner.scanName(at: start, until: stops)
                        #expect(found.end == end && found.name == scanner.name(from: start, to: end), "\(text) from \(start)")
                        #expect(scanner.endOfName(at: start, until: stops) == end, "\(text) from \(start)")
                    }
                }
            }
        }
    }

    @Test("an element looked up by its one word is the table's, for the names the table holds, their cases and generated names of up to eight bytes")
    func oneWordLookupEqualsTable() {
        let names = Names.shared
        var random = SplitMix64(seed: 28)
        var texts = ["html", "head", "body", "td", "TD", "span", "a", "b", "br", "img", "Image", "svg", "mi", "noscript", "plaintx", "x"]
        for _ in 0..<5_000 { texts.append(random.text(from: ["a", "d", "t", "r", "h", "B", "I", "m", "g", "s", "1", "-", "o"], fewerThan: 9, plus: 1)) }
        for text in texts {
            let key = NameKey(String(text.lowercased().prefix(8)))
            #expect(names.element(oneWord: key) == names.element(key), "\(text)")
        }
    }

    @Test("a name table finds what a dictionary of its entries finds, for tables of every size, their names, their cases and generated names")
    func nameTableEqualsDictionary() {
        var random = SplitMix64(seed: 31)
        let letters = ["a", "d", "t", "r", "h", "B", "I", "m", "g", "s", "1", "-", "o", "x", "y"]
        for size in [1, 3, 12, 40, 200] {
            var entries: [String: Int] = [:]
            while entries.count < size {
                let name = random.text(from: letters, fewerThan: 12, plus: 1).lowercased()
                if entries[name] == nil { entries[name] = entries.count }
            }
            let table = NameTable(entries.map { ($0.key, $0.value) })
            var texts = Array(entries.keys) + entries.keys.map { $0.uppercased() }
            for _ in 0..<3_000 { texts.append(random.text(from: letters, fewerThan: 14, plus: 1)) }
            for text in texts where text.utf8.count <= NameKey.capacity {
                let key = NameKey(text)
                let expected = entries[text.lowercased()]
                #expect(table[key] == expected, "\(text) in \(size)")
                if text.utf8.count <= 8 { #expect(table.value(oneWord: key) == expected, "\(text) in \(size)") }
            }
        }
    }

    @Test("an attribute looked up by its one word is the table's, for the names the table holds, their cases and generated names of up to eight bytes")
    func attributeOneWordLookupEqualsTable() {
        let table = AttributeKind.table
        var random = SplitMix64(seed: 30)
        var texts = AttributeKind.named.map(\.0).filter { $0.utf8.count <= 8 } + ["CLASS", "Href", "SrcSet", "style", "x", "on", "data-x"]
        for _ in 0..<5_000 { texts.append(random.text(from: ["s", "r", "c", "h", "e", "f", "S", "t", "y", "l", "1", "-", "o"], fewerThan: 9, plus: 1)) }
        for text in texts {
            let key = NameKey(String(text.lowercased().prefix(8)))
            #expect(table.value(oneWord: key) == table[key], "\(text)")
        }
    }

    @Test("the next byte found in the first word, the second or by memchr is the first one there, from every position, near the end too")
    func nearbyIndexEqualsFirstIndex() {
        var random = SplitMix64(seed: 29)
        for _ in 0..<2_000 {
            let input = Array(random.text(from: ["<", "a", "td", " ", "\"", "é", "xyz", "0123456789"], fewerThan: 30).utf8)
            input.withUnsafeBufferPointer { buffer in
                for byte in [UInt8(ascii: "<"), UInt8(ascii: "\"")] {
                    for start in 0...input.count {
                        let expected = input[start...].firstIndex(of: byte) ?? input.count
                        #expect(ByteSearch.nearbyIndex(of: byte, in: buffer, from: start) == expected, "\(input) from \(start)")
                        if input.count - start >= 16 {
                            #expect(ByteSearch.nearbyIndex(of: byte, in: buffer, sixteenReadableFrom: start) == expected, "\(input) from \(start)")
                        }
                    }
                }
            }
        }
    }

    @Test("the bytes flagged in a word are those below 0x40 but digits, in every lane whatever its neighbours, and every stop is one")
    func punctuationFlagsEachLane() {
        var random = SplitMix64(seed: 26)
        for byte in 0...255 {
            for lane in 0..<8 {
                var bytes = (0..<8).map { _ in UInt8(random.next(below: 256)) }
                bytes[lane] = UInt8(byte)
                let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
                let flagged = (MarkupScanner.punctuationBelow0x40(word) >> UInt64(lane * 8 + 7)) & 1 == 1
                #expect(flagged == (byte < 0x40 && !(0x30...0x39).contains(byte)), "byte \(byte) in lane \(lane) of \(bytes)")
                if ByteSet.attributeNameEnd.contains(UInt8(byte)) || ByteSet.tagNameEnd.contains(UInt8(byte)) { #expect(flagged) }
            }
        }
    }

    // MARK: Title

    static let titlePieces = ["Haus", "خانه", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2003}", "\u{3000}",
                              "\u{301}", "\u{200C}", "\u{200D}", "\u{0600}", "\u{06DD}", "\u{0903}", "\u{1F600}", "\u{1F1E9}", "–", "Ü", "a",
                              "e\u{301}", "\u{1100}", "\u{1161}", "&", "\u{FEFF}", "\u{E0020}"]

    @Test("a title collapsed from its bytes is the title its characters give")
    func titleEqualsCharacterwise() {
        var random = SplitMix64(seed: 21)
        var byScalars = 0
        for _ in 0..<20_000 {
            let text = random.text(from: Self.titlePieces, fewerThan: 12)
            if Array(text.utf8).withUnsafeBufferPointer({ TitleText.collapsedByScalars($0) }) != nil { byScalars += 1 }
            #expect(TitleText.collapsed(text) == TitleText.characterwise(text), "\(Array(text.unicodeScalars))")
        }
        #expect(byScalars > 2_000, "only \(byScalars) titles took the bytes' way: the generator no longer tries it")
    }

    @Test("long titles are cut after 300 characters, as by the characters")
    func longTitles() {
        for text in [String(repeating: "ab ", count: 200), String(repeating: "خانه ", count: 100), String(repeating: "e\u{301}", count: 310), String(repeating: "x", count: 300)] {
            #expect(TitleText.collapsed(text) == TitleText.characterwise(text))
        }
    }

    @Test("whitespace is Unicode's White_Space, for every scalar")
    func whitespaceIsUnicodes() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(TitleText.isWhitespace(scalar) == scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
        }
    }

    // MARK: rel

    static let relPieces = ["stylesheet", "StyleSheet", "icon", "apple-touch-icon", "apple-touch-icon-precomposed", "mask-icon", "fluid-icon",
                            "preload", "prefetch", "modulepreload", "manifest", "dns-prefetch", "preconnect", "prerender", "alternate",
                            " ", "\t", "\n", "\r", "\r\n", "\u{0C}", "\u{01}", "\u{301}", "é", "\u{A0}", "x"]

    @Test("link types read from bytes are those the characters give")
    func linkRelationsEqualCharacterwise() {
        var random = SplitMix64(seed: 22)
        var scanned = 0
        for _ in 0..<20_000 {
            let value = random.text(from: Self.relPieces, fewerThan: 6)
            let bytes = Array(value.utf8)
            let fromBytes = bytes.withUnsafeBufferPointer { LinkRelations(scanning: $0) }
            if let fromBytes {
                scanned += 1
                #expect(fromBytes == LinkRelations(characterwise: value), "\(Array(value.unicodeScalars))")
            }
        }
        #expect(scanned > 2_000, "only \(scanned) values were read from bytes: the generator no longer tries it")
    }

    // MARK: Leave path

    @Test("the leave path percent-encodes all but the unreserved bytes, upper-case", arguments: [
        "https://adservice.google.com/ddm/clk?x=1", "http://a.example:8080/%7Efoo/b%20c?q=\u{5D3}&r=<>#frag", "https://xn--mnchen-3ya.de/~a-b_c.d",
        "https://a.example/!$&'()*+,;=:@[]^|?q=!\"$%&'()*+,-./:;<=>?@[\\]^_`{|}~#!\"$%&'()*+,-./:;<=>?@[\\]^_`{|}~", "http://a/", "http://a/b?c#d",
    ])
    func leavePath(_ string: String) throws {
        let url = try WebURL(string)
        var expected = ProxyURLMap.leavePath + "?to="
        for byte in url.serialization.utf8 {
            let unreserved = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || "-._~".utf8.contains(byte)
            expected += unreserved ? String(Unicode.Scalar(byte)) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        #expect(ProxyURLMap.leavePath(for: url) == expected)
    }

    /// The words `ByteEscapes.write` copies, read back as bytes and
    /// compared with each byte's escape worked out the plain way.
    static func escape(_ word: UInt32) -> [UInt8] {
        let count = Int(word >> 24)
        return (0..<count).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) }
    }

    static func percentEncoded(_ byte: UInt8) -> [UInt8] {
        Array(("%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)).utf8)
    }

    @Test func everyByteEscapesAsThePlainWayWritesIt() {
        let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(Self.escape(ProxyURLMap.leaveEscapes[Int(byte)]) == (unreserved.contains(byte) ? [byte] : Self.percentEncoded(byte)), "byte \(byte)")
            #expect(Self.escape(CanonicalSitePath.nonASCIIEscapes[Int(byte)]) == (byte < 0x80 ? [byte] : Self.percentEncoded(byte)), "byte \(byte)")
        }
    }

    /// Paths of every length up to past a small string's, of ASCII and
    /// non-ASCII bytes mixed, against the plain way of writing them.
    @Test func nonASCIIBytesArePercentEncodedAsThePlainWayWritesThem() {
        let pieces = ["/", "a", "Z", "?", "=", "&", "%", "خ", "ä", "😀", "\u{85}"]
        var random = SplitMix64(seed: 12)
        for _ in 0..<2_000 {
            let path = random.text(from: pieces, fewerThan: 24)
            var expected: [UInt8] = []
            for byte in path.utf8 { expected += byte < 0x80 ? [byte] : Self.percentEncoded(byte) }
            let encoded = Array(path.utf8).withUnsafeBufferPointer { CanonicalSitePath.percentEncodingNonASCII($0) }
            #expect(Array(encoded.utf8) == expected, "\(path)")
        }
    }

    // MARK: Script URLs

    static let scriptPieces = ["/", "//", "\\", "\\/", "http", "HTTPS", "s", ":", "\"", "'", "`", " ", "a.example", "x", "?q=1", "(", "\n", "ü",
                               "'//", "https://", "\"http:\\/\\/"]

    @Test("URLs found by jumping from slash to slash are those the byte-by-byte scan finds")
    func scriptURLsEqualBytewise() {
        var random = SplitMix64(seed: 24)
        var found = 0
        for _ in 0..<5_000 {
            let text = random.text(from: Self.scriptPieces, fewerThan: 14)
            let bytes = Array(text.utf8)
            let (fast, plain) = bytes.withUnsafeBufferPointer { (ScriptURLs.urls(in: $0), Self.scriptURLsBytewise(in: $0)) }
            #expect(fast == plain, "\(text)")
            found += plain.count
        }
        #expect(found > 1_000, "only \(found) URLs were found: the generator no longer writes them")
    }

    /// `ScriptURLs.urls(in:)` as it was written first: every byte looked
    /// at for the start of `//` or `\/\/`.
    static func scriptURLsBytewise(in text: UnsafeBufferPointer<UInt8>) -> [String] {
        let slash = UInt8(ascii: "/"), backslash = UInt8(ascii: "\\")
        func endsURL(_ byte: UInt8) -> Bool { byte <= 0x20 || byte == 0x7F || Array(#""'`<>\(){}|^"#.utf8).contains(byte) }
        var found: [String] = []
        var index = 0
        while index + 1 < text.count {
            let isSlashes = text[index] == slash && text[index + 1] == slash
            let isEscaped = text[index] == backslash && index + 3 < text.count && text[index + 1] == slash && text[index + 2] == backslash
                && text[index + 3] == slash
            guard isSlashes || isEscaped else {
                index += 1
                continue
            }
            let afterSlashes = index + (isSlashes ? 2 : 4)
            var prefix: [UInt8]?
            if index > 0, Array("\"'`".utf8).contains(text[index - 1]) {
                prefix = Array("//".utf8)
            } else if index > 0, text[index - 1] == UInt8(ascii: ":") {
                var schemeStart = index - 1
                while schemeStart > 0, (text[schemeStart - 1] | 0x20) >= 0x61, (text[schemeStart - 1] | 0x20) <= 0x7A { schemeStart -= 1 }
                let scheme = String(decoding: text[schemeStart..<(index - 1)].map { $0 | 0x20 }, as: UTF8.self)
                if scheme.hasSuffix("https") { prefix = Array("https://".utf8) } else if scheme.hasSuffix("http") { prefix = Array("http://".utf8) }
            }
            guard var url = prefix else {
                index = afterSlashes
                continue
            }
            var end = afterSlashes
            while end < text.count {
                if text[end] == backslash, end + 1 < text.count, text[end + 1] == slash {
                    url.append(slash)
                    end += 2
                    continue
                }
                if endsURL(text[end]) { break }
                url.append(text[end])
                end += 1
            }
            if end > afterSlashes, !endsURL(text[afterSlashes]), text[afterSlashes] != slash { found.append(String(decoding: url, as: UTF8.self)) }
            index = max(end, afterSlashes)
        }
        return found
    }

    // MARK: Blocked records

    @Test("a blocked load's rule is named as the interpolation names it", arguments: [
        ("easylist.txt", 0), ("Rules/limot-ads.json", 12345), ("Regeln/عربی.txt", -7), ("", 42), ("a-rather-long-list-name-that-is-not-small.txt", Int.max),
    ])
    func recordName(_ source: String, _ index: Int) {
        #expect(Array(Decision.recordName(source: source, index: index).utf8) == Array("\(source)#\(index)".utf8))
    }

    @Test("a blocked load's rule index is written with the digits String(index) has, at every magnitude")
    func recordNameDigits() {
        var generator = SeededGenerator(seed: 0xD161_75)
        var indexes = [0, 9, 10, 99, 100, -1, -10, Int.min, Int.max]
        // Twenty of each number of digits, 1 to 19, and their negatives.
        var lowest = 1
        for digits in 1...19 {
            let highest = digits == 19 ? Int.max : lowest * 10 - 1
            for _ in 0..<20 {
                let magnitude = Int.random(in: lowest...highest, using: &generator)
                indexes.append(magnitude)
                indexes.append(-magnitude)
            }
            if digits < 19 { lowest *= 10 }
        }
        for index in indexes {
            #expect(Array(Decision.recordName(source: "list.json", index: index).utf8) == Array("list.json#\(index)".utf8), "\(index)")
        }
    }
}
