import Fetch
import FixtureSupport
import Foundation
import HTTPTypes
import Store
import Testing

/// The memory in front of the store: a page read again comes from memory,
/// and nothing this process writes is hidden by what memory holds.
@Suite struct RecentResponsesTests {
    let directory: String
    let store: LimotStore

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("limot-recent-\(UUID().uuidString)").path
        store = try LimotStore(directory: directory)
    }

    static func response(_ url: String, body: String, variant: String = "") -> StoredResponse {
        StoredResponse(url: url, variant: variant, finalURL: url, status: 200, headers: [.contentType: "text/html"],
                       body: Array(body.utf8), requestTime: Date(), responseTime: Date())
    }

    func bodies(_ storage: any ResponseStorage, _ url: String) throws -> [String] {
        try storage.storedResponses(for: url).map { String(decoding: $0.body, as: UTF8.self) }.sorted()
    }

    @Test func aPageReadAgainComesFromMemoryUntilItExpires() throws {
        let clock = TestClock()
        let recent = RecentResponses(wrapping: store, lifetime: .milliseconds(300), now: clock.now)
        let url = "https://www.loghatnameh.de/search?q=Haus"
        try store.store(Self.response(url, body: "one"))
        #expect(try bodies(recent, url) == ["one"])
        // Another process replaces it behind this one's back: memory still answers…
        let other = try LimotStore(directory: directory)
        try other.store(Self.response(url, body: "two"))
        clock.advance(by: 0.299)
        #expect(try bodies(recent, url) == ["one"])
        // …until its copy expires.
        clock.advance(by: 0.001)
        #expect(try bodies(recent, url) == ["two"])
    }

    @Test func everyWriteThroughItIsSeenAtOnce() throws {
        let recent = RecentResponses(wrapping: store, lifetime: .seconds(60))
        let url = "https://www.loghatnameh.de/search?q=Buch"
        try recent.store(Self.response(url, body: "first"))
        #expect(try bodies(recent, url) == ["first"])
        try recent.store(Self.response(url, body: "second"))
        #expect(try bodies(recent, url) == ["second"])
        try recent.store(Self.response(url, body: "other variant", variant: "accept-language=fa"))
        #expect(try bodies(recent, url) == ["other variant", "second"])
        try recent.storeDerived(url: url, variant: "", key: "sanitized-v1 test", bytes: [1, 2, 3])
        #expect(try recent.storedResponses(for: url).first { $0.variant == "" }?.derived == [1, 2, 3])
        let later = Date().addingTimeInterval(30)
        try recent.refresh(url: url, variant: "", headers: [.eTag: "\"v2\""], requestTime: later, responseTime: later)
        #expect(try recent.storedResponses(for: url).first { $0.variant == "" }?.headers == [.eTag: "\"v2\""])
        try recent.invalidate(url: url)
        #expect(try recent.storedResponses(for: url).isEmpty)
    }

    /// A page validated on every view (`max-age=0`) is answered from memory
    /// after its 304, with what the store now holds.
    @Test func aRefreshKeepsMemorysCopyAsTheStoreHasIt() throws {
        let recent = RecentResponses(wrapping: store, lifetime: .seconds(60))
        let url = "https://www.loghatnameh.de/search?q=Tisch"
        try store.store(Self.response(url, body: "page"))
        try store.store(Self.response(url, body: "persian", variant: "accept-language=fa"))
        try store.storeDerived(url: url, variant: "", key: "sanitized-v1 test", bytes: [7])
        _ = try recent.storedResponses(for: url)
        // Whole seconds: the store keeps times to the millisecond.
        let sent = Date(timeIntervalSince1970: 1_900_000_000), received = Date(timeIntervalSince1970: 1_900_000_001)
        try recent.refresh(url: url, variant: "", headers: [.eTag: "\"v2\"", .cacheControl: "max-age=0"],
                           requestTime: sent, responseTime: received)
        let byVariant = { (responses: [StoredResponse]) in responses.sorted { $0.variant < $1.variant } }
        store.flushUsage()  // the refresh waits to be written with the pending uses
        let stored = byVariant(try LimotStore(directory: directory).storedResponses(for: url))
        #expect(stored.first?.headers == [.eTag: "\"v2\"", .cacheControl: "max-age=0"])
        #expect(stored.first?.responseTime == received)
        // Memory answers (a change behind this process's back is not seen
        // yet), and with what the store held after the refresh.
        try LimotStore(directory: directory).storeDerived(url: url, variant: "", key: "sanitized-v1 test", bytes: [8])
        #expect(byVariant(try recent.storedResponses(for: url)) == stored)
    }

    /// A miss is not kept: a page another process stores right after is
    /// seen at once, and misses push no page out of memory.
    @Test func aPageNotStoredIsAskedForAgain() throws {
        let recent = RecentResponses(wrapping: store, lifetime: .seconds(60), maxEntries: 2)
        let kept = "https://www.loghatnameh.de/search?q=Haus"
        try store.store(Self.response(kept, body: "kept"))
        #expect(try bodies(recent, kept) == ["kept"])
        let url = "https://www.loghatnameh.de/search?q=neu"
        #expect(try recent.storedResponses(for: url).isEmpty)
        try LimotStore(directory: directory).store(Self.response(url, body: "now stored"))
        #expect(try bodies(recent, url) == ["now stored"])
        for word in 0..<4 { #expect(try recent.storedResponses(for: "https://www.loghatnameh.de/search?q=n\(word)").isEmpty) }
        // Memory still answers for the page it kept (a change behind its back is not seen yet).
        try LimotStore(directory: directory).store(Self.response(kept, body: "replaced"))
        #expect(try bodies(recent, kept) == ["kept"])
    }

    @Test func memoryStaysWithinItsLimits() throws {
        let recent = RecentResponses(wrapping: store, lifetime: .seconds(60), maxBytes: 64 << 10, maxEntries: 4)
        let urls = (0..<8).map { "https://www.loghatnameh.de/search?q=w\($0)" }
        for url in urls { try store.store(Self.response(url, body: String(repeating: "x", count: 1000) + url)) }
        for url in urls { _ = try recent.storedResponses(for: url) }
        _ = try store.clearCache()
        // The four read last are in memory, the others gone from it (and from the store).
        #expect(try urls.reversed().map { try recent.storedResponses(for: $0).count } == [1, 1, 1, 1, 0, 0, 0, 0])
        // A page bigger than an eighth of the memory is never kept in it.
        let big = "https://www.loghatnameh.de/search?q=big"
        try store.store(Self.response(big, body: String(repeating: "y", count: 9 << 10)))
        _ = try recent.storedResponses(for: big)
        _ = try store.clearCache()
        #expect(try recent.storedResponses(for: big).isEmpty)
    }
}
