@testable import Fetch
import Testing

/// The charset of a Content-Type read as bytes is the one read by
/// Characters (`contentTypeCharsetByCharacters`, the reading it replaced
/// for ASCII values), for values that servers send and random values made
/// of the bytes the reading looks at.
@Suite struct ContentTypeCharsetTests {
    @Test func typicalValuesAsByCharacters() {
        let values = [
            "", "text/html", "text/html; charset=utf-8", "text/html;charset=\"UTF-8\"", "text/html; foo=bar; charset=cp1256",
            "text/html; CHARSET = windows-1256 ", ";charset=x", ";;charset=x", "text/html;; charset=x", "charset=x",
            "text/html; charset=", "text/html; charset=\"\"", "text/html; charset=\"", "text/html; charset=\"a\"b\"",
            "text/html; charset=\t\"koi8-r\"\t", "text/html; charsets=x; charset=y", "text/html; charset=a=b",
            "text/html; charset=x\r\n", "text/html; charset=\"\r\n\"", "text/html; ch\tarset=x", "text/html; charset=é",
            "text/html; charset=utf-8; charset=latin1", "text/html ; charset = \"  \"",
        ]
        for value in values {
            #expect(CharsetSniffer.contentTypeCharset(value) == CharsetSniffer.contentTypeCharsetByCharacters(value), "\(value.debugDescription)")
        }
        #expect(CharsetSniffer.contentTypeCharset("text/html; Charset=\"Windows-1256\"") == "Windows-1256")
        #expect(CharsetSniffer.contentTypeCharset("text/html") == nil)
    }

    @Test func randomValuesAsByCharacters() {
        // Pieces rather than single characters, so that a charset
        // parameter (in any case, quoted or not, among others) is common.
        let pieces = [";", ";", "=", "\"", "\"", " ", "\t", "charset", "CharSet", "charsets", "text/html", "utf-8",
                      "x", "\r\n", "é", "a\u{301}", ";\u{301}", "'", "; charset=", ";CHARSET=", "; \tCharset =\t", "\"\"",
                      "\"utf-8\"", " \" x \" "]
        var generator = SystemRandomNumberGenerator()
        var found = 0
        for _ in 0..<5000 {
            var value = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                value += pieces.randomElement(using: &generator)!
            }
            let expected = CharsetSniffer.contentTypeCharsetByCharacters(value)
            #expect(CharsetSniffer.contentTypeCharset(value) == expected, "\(value.debugDescription)")
            if expected != nil { found += 1 }
        }
        // The values reach a charset often enough to compare what is read.
        #expect(found > 100)
    }
}
