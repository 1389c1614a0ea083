import ContentRules
import Testing
@testable import Sanitize

/// The holes the proxy fills per response: a fresh nonce for every script,
/// the theme at the start of the head, the navigation bar at the end of the body.
@Suite("Segments and rendering")
struct SegmentTests {
    static let page = #"<html><head><script>var a = 1;</script><script src="/app.js" nonce="old"></script></head><body><p>x</p><script type="module">import "./m.js";</script></body></html>"#

    @Test("every kept script gets the nonce hole, its own nonce dropped")
    func nonces() {
        let result = Fixtures.sanitize(Self.page)
        #expect(result.document.segments.filter { $0 == .nonce }.count == 3)
        #expect(result.html.occurrences(of: #"nonce="\#(Fixtures.nonce)""#) == 3)
        #expect(!result.html.contains("old"))
        for (index, segment) in result.document.segments.enumerated() where segment == .nonce {
            guard case .bytes(let before) = result.document.segments[index - 1], case .bytes(let after) = result.document.segments[index + 1] else {
                Issue.record("a nonce hole must sit between bytes")
                continue
            }
            #expect(String(decoding: before, as: UTF8.self).hasSuffix(#" nonce=""#))
            #expect(after.first == UInt8(ascii: "\""))
        }
    }

    @Test("holes sit right after <head…> and right before </body>")
    func holePositions() throws {
        let segments = Fixtures.sanitize(Self.page).document.segments
        let head = try #require(segments.firstIndex(of: .headStart))
        guard case .bytes(let beforeHead) = segments[head - 1] else { Issue.record("no bytes before the head hole"); return }
        #expect(String(decoding: beforeHead, as: UTF8.self) == "<html><head>")
        let bar = try #require(segments.firstIndex(of: .bodyEnd))
        #expect(segments[bar + 1] == .bytes(Array("</body></html>".utf8)))
        #expect(bar == segments.count - 2)
    }

    @Test("adjacent bytes are one segment")
    func merged() {
        let segments = Fixtures.sanitize(Fixtures.page("dictionary-entry")).document.segments
        for (first, second) in zip(segments, segments.dropFirst()) {
            if case .bytes = first, case .bytes = second { Issue.record("two byte segments in a row") }
        }
    }

    @Test("render fills each hole with what the response gives")
    func render() {
        let document = Fixtures.sanitize(Self.page).document
        let html = String(decoding: document.render(nonce: "abc123", headStart: #"<meta name="color-scheme" content="dark">"#, bodyEnd: "<nav>bar</nav>"), as: UTF8.self)
        #expect(html.hasPrefix(#"<html><head><meta name="color-scheme" content="dark"><meta charset="utf-8">"#))
        #expect(html.hasSuffix("<nav>bar</nav></body></html>"))
        #expect(html.occurrences(of: #"nonce="abc123""#) == 3)
        let again = String(decoding: document.render(nonce: "zzz999", headStart: "", bodyEnd: ""), as: UTF8.self)
        #expect(again.occurrences(of: #"nonce="zzz999""#) == 3 && !again.contains("abc123"))
    }

    @Test("a page without body gets the bar before </html>")
    func framesetPage() {
        let html = Fixtures.sanitize(#"<html><head><title>f</title></head><frameset><frame src="/a.html"></frameset></html>"#).html
        #expect(html.hasSuffix("</frameset>\(Fixtures.barMarker)</html>"))
        #expect(html.contains(#"<frame src="/_limot/sub/child-document/https/www.loghatnameh.de/a.html">"#))
    }

    @Test("the writer's segments, cut as it writes on large pages, are those of its bytes cut at every hole", arguments: [0, 4_000, 40_000, 200_000])
    func writerCuts(capacity: Int) {
        let holeKinds: [SanitizedDocument.Segment] = [.nonce, .headStart, .bodyEnd]
        var random = SplitMix64(seed: UInt64(capacity) &+ 20)
        for _ in 0..<300 {
            var writer = MarkupWriter(capacity: capacity)
            // The plain version: all bytes, and the holes by offset (a hole
            // inserted goes after those already at its offset).
            var bytes: [UInt8] = []
            var holes: [(offset: Int, segment: SanitizedDocument.Segment)] = []
            for _ in 0..<random.next(below: 12) {
                switch random.next(below: 4) {
                case 0, 1:
                    // Small pieces (the head's) and large ones (a body).
                    let length = random.next(below: 2) == 0 ? random.next(below: 300) : random.next(below: 30_000)
                    let piece = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next(below: 256)) }
                    writer.write(piece)
                    bytes += piece
                case 2:
                    let kind = holeKinds[random.next(below: 3)]
                    writer.hole(kind)
                    holes.append((bytes.count, kind))
                default:
                    let offset = random.next(below: bytes.count + 1)
                    writer.insertHole(.bodyEnd, at: offset)
                    holes.insert((offset, .bodyEnd), at: holes.firstIndex { $0.offset > offset } ?? holes.count)
                }
                #expect(writer.count == bytes.count)
            }
            var expected: [SanitizedDocument.Segment] = []
            var start = 0
            for (offset, segment) in holes {
                if offset > start { expected.append(.bytes(Array(bytes[start..<offset]))) }
                expected.append(segment)
                start = offset
            }
            if bytes.count > start { expected.append(.bytes(Array(bytes[start...]))) }
            #expect(writer.segments() == expected)
        }
    }
}
