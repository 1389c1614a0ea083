import Testing
@testable import Sanitize

/// The fast lane knows a start tag it skimmed before by its bytes
/// (`SkimmedTags`): a repeat must be written as the tag alone would be,
/// and a tag that only begins like a remembered one must be read in full.
@Suite("Skimmed tags")
struct SkimmedTagsTests {
    /// A plain body before the tags, and a paragraph after them: what lies between is theirs.
    static let body = "<!DOCTYPE html><html><head><title>t</title></head><body><p>Text</p>"
    static let end = "<p>End</p>"

    /// What the rewriter writes for `tags` in the plain body.
    static func written(_ tags: String) -> Substring {
        let html = BlockedPathFixture.sanitize(body + tags + end)
        guard let start = html.range(of: "<p>Text</p>")?.upperBound, let stop = html.range(of: end, options: .backwards)?.lowerBound, start <= stop else {
            Issue.record("no body markers in \(html)")
            return ""
        }
        return html[start..<stop]
    }

    /// Tags alike in their first bytes: repeats, and tags that differ from
    /// another only after its sixteenth byte, in its last byte, or past its
    /// end (a flagged attribute the rewriter changes or drops).
    static let pieces = [
        #"<div class="row" dir="rtl">"#,
        #"<div class="row" dir="ltr">"#,
        #"<div class="row" dir="rtl" style="background:url(/b.png)">"#,
        #"<div class="row" dir="rtl" crossorigin>"#,
        #"<div class="row" dir="rtl" title="x>">"#,
        #"<div class="row" dir="rtl"/>"#,
        #"<span class="gram">"#,
        #"<span class="gram" >"#,
        #"<SPAN class="gram">"#,
        #"<span class="gram" style="background:url(/s.png)">"#,
        #"<p title="a>b">"#,
        #"<p title="a>b" style="background:url(/c.png)">"#,
        #"<br class="x">"#,
        "</div>", "</span>", "text ",
    ]

    @Test("a sequence of alike tags is written as each tag is written alone")
    func sequenceAsAlone() {
        let alone = Self.pieces.map { String(Self.written($0)) }
        var random = SplitMix64(seed: 29)
        for _ in 0..<200 {
            let chosen = (0..<(1 + random.next(below: 40))).map { _ in random.next(below: Self.pieces.count) }
            let tags = chosen.map { Self.pieces[$0] }.joined()
            let expected = chosen.map { alone[$0] }.joined()
            #expect(Self.written(tags) == expected[...], "\(tags)")
        }
    }

    @Test("a repeated tag stays as written; one that begins as it did gets its style rewritten")
    func handWritten() {
        let row = #"<div class="row" dir="rtl">"#
        let styled = #"<div class="row" dir="rtl" style="background:url(/b.png)">"#
        #expect(Self.written(row + row + styled + row) == (row + row
            + #"<div class="row" dir="rtl" style="background:url(&quot;/_limot/sub/image/https/www.loghatnameh.de/b.png&quot;)">"#
            + row)[...])
        let gram = #"<span class="gram">"#
        #expect(Self.written(gram + gram + #"<span class="gram" crossorigin>"# + gram) == (gram + gram + #"<span class="gram">"# + gram)[...])
    }

    @Test("two runs of bytes are the same exactly when their arrays are, for every length from eight")
    func sameBytesAsArrays() {
        var random = SplitMix64(seed: 30)
        for _ in 0..<300 {
            // Few distinct bytes: equal runs, and runs that differ in one byte, are common.
            let input = (0..<(8 + random.next(below: 40))).map { _ in UInt8(ascii: "a") + UInt8(random.next(below: 2)) }
            input.withUnsafeBufferPointer { buffer in
                for count in 8...input.count {
                    for first in 0...(input.count - count) {
                        let second = random.next(below: input.count - count + 1)
                        let expected = input[first..<first + count] == input[second..<second + count]
                        #expect(SkimmedTags.sameBytes(buffer, first, second, count: count) == expected, "\(input) \(first) \(second) \(count)")
                    }
                }
            }
        }
    }
}
