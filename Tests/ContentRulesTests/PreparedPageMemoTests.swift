import Testing
import WebURL
@testable import ContentRules

/// `rules match` finds a line's prepared page by the bytes that name it
/// (`PreparedPageMemo`): a page found for bytes that differ from the kept
/// ones by one byte, or by length, would decide a request against another
/// page's conditions. Checked against a dictionary by text, for texts that
/// differ at every position and by every length, looked up in orders that
/// take both the last page's shortcut and the hash, across the table's growth.
@Suite("rules match prepared page memo")
struct PreparedPageMemoTests {
    @Test("a page is found for exactly the bytes it was kept under, at every position and length")
    func sameAsADictionary() throws {
        let engine = try ContentRuleEngine(lists: [])
        let base = "https://news.example/a"
        var texts: [String] = []
        // Every prefix from the bare host on, and each with one byte changed at every position.
        for length in "https://n".utf8.count...base.utf8.count {
            let prefix = Array(base.utf8.prefix(length))
            texts.append(String(decoding: prefix, as: UTF8.self))
            for position in "https://".utf8.count..<length {
                var changed = prefix
                changed[position] = prefix[position] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
                texts.append(String(decoding: changed, as: UTF8.self))
            }
        }
        // Past the first table's 512 entries, so that it grows and places every entry again.
        texts += (0..<700).map { "https://site\($0).example/" }
        texts = Array(Set(texts)).sorted()
        // Bytes that are no URL keep no page (.some(nil)), as the reader keeps them.
        texts.append("http://[1::2::3]/")

        var memo = PreparedPageMemo()
        var expected: [String: PreparedPage?] = [:]
        func lookUp(_ text: String) -> PreparedPage?? {
            Array(text.utf8).withUnsafeBufferPointer { memo.page(named: $0) }
        }
        for (index, text) in texts.enumerated() {
            #expect(lookUp(text) == nil, "\(text) found before it was kept")
            let page = (try? WebURL(text)).map { engine.prepare(page: $0) }
            Array(text.utf8).withUnsafeBufferPointer { memo.add($0, page: page) }
            expected[text] = page
            // The page just kept (the last page's shortcut), then an earlier one (the hash).
            #expect(lookUp(text).map { $0 === page } == true, "\(text) just kept")
            let earlier = texts[index / 2]
            #expect(lookUp(earlier).map { $0 === expected[earlier]! } == true, "\(earlier) after \(text)")
        }
        for text in texts.reversed() {
            #expect(lookUp(text).map { $0 === expected[text]! } == true, "\(text)")
        }
        for unknown in ["", "h", "https://news.example/ab", "https://site700.example/", "https://news.example/a/"] {
            #expect(lookUp(unknown) == nil, "\(unknown)")
        }
    }
}
