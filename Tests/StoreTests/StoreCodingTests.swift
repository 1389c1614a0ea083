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
}
