import Foundation
@testable import Store
import Testing

/// A session's list of addresses is saved as the same JSON text whether it
/// is written straight (printable ASCII) or by `JSONEncoder` (anything to
/// escape): what is read back, and what other limots read, is unchanged.
@Suite struct StoreCodingTests {
    @Test(arguments: [
        [],
        ["https://www.loghatnameh.de/"],
        ["https://www.loghatnameh.de/search?q=Haus&n=1", "https://www.loghatnameh.de/search?q=%D8%AE%D8%A7%D9%86%D9%87", "http://a/b?c=d#e"],
        ["a \"quoted\" word"],
        ["a back\\slash"],
        ["a line\nbreak", "a\ttab", "\u{1}"],
        ["\u{7F}", "non-ASCII: خانه Straße"],
        ["/slashes/", "", " "],
    ] as [[String]])
    func aListOfTextsIsWrittenAsJSONEncoderWritesIt(texts: [String]) throws {
        #expect(try StoreCoding.json(strings: texts) == StoreCoding.json(texts))
        #expect(try StoreCoding.decode([String].self, json: StoreCoding.json(strings: texts)) == texts)
    }

    /// A cache entry's headers, written straight or by `JSONEncoder`: the
    /// same text, over generated names and values with every kind of byte
    /// that takes either way (quotes, backslashes, tabs, controls, DEL,
    /// non-ASCII), and read back as they were.
    @Test func headerPairsAreWrittenAsJSONEncoderWritesThem() throws {
        let pieces = ["content-type", "text/html; charset=utf-8", "ETag", "\"abc\"", "W/\"x\\y\"", "max-age=0",
                      "a\tb", "\u{1}", "\u{7F}", "Straße", "خانه", "", " ", "/", "<>&'", "}{][,:"]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<2_000 {
            let count = round == 0 ? 0 : Int.random(in: 1...6, using: &generator)
            let pairs = (0..<count).map { _ in
                (pieces.randomElement(using: &generator)!, (0..<Int.random(in: 0...3, using: &generator))
                    .map { _ in pieces.randomElement(using: &generator)! }.joined())
            }
            let written = try StoreCoding.json(pairs: pairs)
            #expect(written == (try StoreCoding.json(pairs.map { [$0.0, $0.1] })), "\(pairs)")
            #expect(try StoreCoding.decode([[String]].self, json: written) == pairs.map { [$0.0, $0.1] })
        }
    }
}
