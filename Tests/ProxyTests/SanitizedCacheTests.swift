@testable import Proxy
import Sanitize
import Testing

/// The memo of sanitized pages stays within its memory budget however many
/// new addresses a reader opens (issue 20: 256 pages at new addresses held
/// some 130 MiB), and still answers for the pages read last, unchanged.
@Suite struct SanitizedCacheTests {
    /// A page of `size` bytes as the sanitizer hands it over: its body in a
    /// buffer with more room than bytes.
    private func page(_ number: Int, size: Int = 100_000) -> (body: [UInt8], document: SanitizedDocument) {
        var text = Array("<p>page \(number)</p>".utf8)
        var grown: [UInt8] = []
        grown.reserveCapacity(size * 2)
        while grown.count < size { grown += text }
        text = Array("<html><head>".utf8)
        let document = SanitizedDocument(segments: [.bytes(text), .headStart, .bytes(grown), .bodyEnd],
                                         blocked: [], hiddenSelectors: [], subresourceHosts: ["site"])
        return (Array("upstream \(number)".utf8) + grown, document)
    }

    @Test func manyNewAddressesStayWithinTheBudgetAndTheLatestAnswer() {
        let cache = SanitizedCache(maxEntries: 256, maxBytes: 4 << 20)
        var pages: [(body: [UInt8], document: SanitizedDocument)] = []
        for number in 0..<300 {
            let made = page(number)
            pages.append(made)
            cache.store(made.document, for: "https://site/search?q=Haus&n=\(number)", body: made.body)
            #expect(cache.usage.bytes <= cache.maxBytes)
        }
        let usage = cache.usage
        // Each page weighs about 200 KB (its body and its form at their
        // size): some 20 fit, not the 256 the count allows.
        #expect(usage.count >= 15 && usage.count < 40, "\(usage.count) pages kept")
        for number in 290..<300 {
            let kept = cache.document(for: "https://site/search?q=Haus&n=\(number)", body: pages[number].body)
            #expect(kept?.render(nonce: "n", headStart: "h", bodyEnd: "e") == pages[number].document.render(nonce: "n", headStart: "h", bodyEnd: "e"),
                    "page \(number), one of the last read, answers as it was made")
        }
        #expect(cache.document(for: "https://site/search?q=Haus&n=0", body: pages[0].body) == nil, "the first page was pushed out")
    }

    @Test func aKeptPageHoldsNoMoreRoomThanItsBytes() {
        let cache = SanitizedCache(maxEntries: 4, maxBytes: 16 << 20)
        let made = page(1)
        let room = made.document.segments.reduce(0) { if case .bytes(let b) = $1 { return $0 + b.capacity }; return $0 }
        #expect(room >= 200_000, "the test page has the room a grown buffer has")
        cache.store(made.document, for: "https://site/a", body: made.body)
        #expect(cache.usage.bytes < made.body.capacity + 120_000, "weighs \(cache.usage.bytes)")
    }

    /// The sanitizer reserves a quarter more than the page: a form whose
    /// room is within an eighth of its bytes is kept in its own buffer,
    /// not copied (a copy of the page a page, 70,000 instructions); one
    /// with more room is copied into a buffer of its size.
    @Test func aFormWithLittleRoomIsKeptWithoutACopy() {
        let cache = SanitizedCache(maxEntries: 4, maxBytes: 16 << 20)
        var near: [UInt8] = []
        near.reserveCapacity(100_000 + 100_000 / 8)
        near += repeatElement(UInt8(ascii: "a"), count: 100_000)
        var roomy: [UInt8] = []
        roomy.reserveCapacity(100_000 + 100_000 / 4)
        roomy += repeatElement(UInt8(ascii: "b"), count: 100_000)
        for (name, bytes, copied) in [("near", near, false), ("roomy", roomy, true)] {
            let document = SanitizedDocument(segments: [.bytes(bytes), .bodyEnd], blocked: [], hiddenSelectors: [], subresourceHosts: [])
            let body = Array("upstream \(name)".utf8)
            cache.store(document, for: name, body: body)
            guard case .bytes(let kept)? = cache.document(for: name, body: body)?.segments.first else {
                Issue.record("\(name): not kept")
                continue
            }
            #expect(kept == bytes)
            let sameBuffer = kept.withUnsafeBufferPointer { k in bytes.withUnsafeBufferPointer { $0.baseAddress == k.baseAddress } }
            #expect(sameBuffer != copied, "\(name): room \(bytes.capacity) for \(bytes.count) bytes")
            #expect(kept.capacity <= kept.count + kept.count / 8 + 64)
        }
    }

    @Test func aDifferentBodyAtTheSameAddressIsNotAnswered() {
        let cache = SanitizedCache()
        let first = page(1), second = page(2)
        cache.store(first.document, for: "https://site/a", body: first.body)
        #expect(cache.document(for: "https://site/a", body: second.body) == nil)
        #expect(cache.document(for: "https://site/a", body: first.body) != nil)
    }
}
