import ContentRules
import Testing
@testable import Sanitize

/// The form the HTTP cache keeps a sanitized page in: what comes back renders
/// the same page, and damaged bytes are refused rather than misread.
@Suite("Sanitized page encoding")
struct EncodingTests {
    @Test("a real page round-trips: segments, blocked resources, selectors, hosts and title")
    func roundTrip() throws {
        let document = Fixtures.sanitize(Fixtures.page("dictionary-entry")).document
        #expect(!document.blocked.isEmpty, "the fixture page has ads to block")
        let decoded = try #require(SanitizedDocument(encoded: document.encoded()))
        #expect(decoded.segments == document.segments)
        #expect(decoded.blocked == document.blocked)
        #expect(decoded.hiddenSelectors == document.hiddenSelectors)
        #expect(decoded.subresourceHosts == document.subresourceHosts)
        #expect(decoded.title == document.title)
        #expect(decoded.render(nonce: "n", headStart: "H", bodyEnd: "B") == document.render(nonce: "n", headStart: "H", bodyEnd: "B"))
    }

    @Test("the page's first title is read, entities decoded and whitespace collapsed; none in SVG or later")
    func title() {
        #expect(Fixtures.sanitize("<title>\n  Haus &amp; Hof –  خانه </title><title>second</title>").document.title == "Haus & Hof – خانه")
        #expect(Fixtures.sanitize("<p>no title</p><svg><title>icon</title></svg>").document.title == nil)
        #expect(Fixtures.sanitize("<title></title>").document.title == nil)
    }

    @Test("truncated, extended or foreign bytes decode to nil")
    func damaged() {
        let bytes = Fixtures.sanitize("<title>t</title><p>x</p>").document.encoded()
        #expect(SanitizedDocument(encoded: bytes) != nil)
        for cut in [0, 3, 4, 9, bytes.count / 2, bytes.count - 1] {
            #expect(SanitizedDocument(encoded: Array(bytes.prefix(cut))) == nil, "cut at \(cut)")
        }
        #expect(SanitizedDocument(encoded: bytes + [0]) == nil)
        #expect(SanitizedDocument(encoded: Array("<html>".utf8)) == nil)
        var huge = bytes
        huge[4] = 0xFF; huge[5] = 0xFF; huge[6] = 0xFF; huge[7] = 0x7F
        #expect(SanitizedDocument(encoded: huge) == nil)
    }
}
