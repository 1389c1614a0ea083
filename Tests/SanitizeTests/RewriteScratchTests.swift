import Testing
@testable import Sanitize

/// A rewrite works in memory an earlier page's rewrite used
/// (`RewriteScratch`): nothing that page left there may change how the
/// next is read. The expectation is the page rewritten in memory of its own.
@Suite("Rewrite scratch")
struct RewriteScratchTests {
    static func rewritten(_ html: String, scratch: RewriteScratch) -> String {
        let context = Fixtures.context(engine: BlockedPathFixture.engine)
        return Array(html.utf8).withUnsafeBufferPointer { input in
            var rewriter = DocumentRewriter(input: input, context: context, base: context.documentURL, headPrefix: [], nestingDepth: 0, scratch: scratch)
            rewriter.rewrite()
            let document = SanitizedDocument(segments: rewriter.writer.segments(), blocked: [], hiddenSelectors: [], subresourceHosts: [])
            // As HTMLSanitizer does: the writer's room and holes and the edits are kept for the next page.
            scratch.reclaim(from: &rewriter)
            return String(decoding: document.render(nonce: "n", headStart: "", bodyEnd: ""), as: UTF8.self)
        }
    }

    static let body = "<!DOCTYPE html><html><head><title>t</title></head><body><p>Text</p>"

    /// The fast lane remembers a skimmed tag by where it stood in its
    /// page: the second page has, at that place, the first bytes of a
    /// longer tag in a comment, and that tag later with a `style` to
    /// rewrite. Read with the first page's slots, the tag would end where
    /// the remembered one did and its `style` pass as text.
    @Test("a page after another in the same scratch is the page rewritten alone")
    func skimmedTagsOfTheLastPage() {
        let short = #"<span class=""# + String(repeating: "a", count: 20) + #"">"#
        let long = #"<span class=""# + String(repeating: "a", count: 20) + #"" style="background:url(/a.png)">"#
        let first = Self.body + "xxxx" + short + "x</span><p>after</p>"
        let second = Self.body + "<!--" + String(long.prefix(short.count)) + "-->" + long + "y</span><p>after</p>"
        let shared = RewriteScratch()
        _ = Self.rewritten(first, scratch: shared)
        let afterFirst = Self.rewritten(second, scratch: shared)
        let alone = Self.rewritten(second, scratch: RewriteScratch())
        #expect(afterFirst == alone)
        #expect(!alone.contains("url(/a.png)"), "the style is not rewritten: \(alone)")
    }

    /// The writer's room is kept too: pages larger and smaller than the
    /// last, and one the writer cuts as it writes, in turn.
    @Test("pages of every kind after one another in one scratch are each page rewritten alone")
    func fixturePagesInOneScratch() {
        let pages = [Self.body + #"<svg><style>p{}</style></svg><a href="/x">x</a><img src="/blocked/i.png"><p>"#,
                     Self.body + String(repeating: #"<td class="fa" dir="rtl">w</td>"#, count: 40),
                     "<html><head><base href=\"https://other.test/\"></head><body>" + String(repeating: "<div><span>t</span></div>", count: 30),
                     // Past the writer's cutting size, with a hole (a script's nonce) every few bytes.
                     Self.body + String(repeating: "<script>x</script><p>some text</p>", count: 1_500) + "<p>end",
                     // Edits of every kind (a nested document, a script's nonce, an added rel), the last in the last tag.
                     Self.body + #"<iframe srcdoc="<p>x</p><script>y</script>"></iframe><script nonce="old">z</script><a href="https://other.test/x" target="_blank">"#]
        let shared = RewriteScratch()
        for page in pages + pages.reversed() {
            #expect(Self.rewritten(page, scratch: shared) == Self.rewritten(page, scratch: RewriteScratch()), "\(page)")
        }
    }

    /// The edits a rewrite leaves are kept for their room only: a page
    /// whose last tag is edited (a new-window link gets a `rel`, an iframe
    /// its sanitized `srcdoc`) leaves nothing of them in the scratch.
    @Test("the edits kept in a scratch hold nothing of the last page")
    func editsKeptEmpty() {
        let shared = RewriteScratch()
        for last in [#"<a href="https://other.test/x" target="_blank">"#, #"<iframe srcdoc="<p>x</p>">"#, #"<script nonce="n">"#] {
            _ = Self.rewritten(Self.body + last, scratch: shared)
            #expect(shared.edits.changes.isEmpty, "\(last)")
            #expect(shared.edits.additions.isEmpty, "\(last)")
            #expect(shared.edits.texts.isEmpty, "\(last)")
            #expect(shared.edits.documents.isEmpty, "\(last)")
            #expect(!shared.edits.addsNonce, "\(last)")
        }
    }
}
