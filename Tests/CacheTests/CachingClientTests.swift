import Fetch
import FixtureSupport
import Foundation
import HTTPTypes
import Store
import Testing
import WebURL

/// The caching client with limot's real store, against the fixture server:
/// the rules of RFC 9111 that no proxy page shows directly.
@Suite struct CachingClientTests {
    let server: FixtureServer
    let directory: String
    let store: LimotStore

    init() throws {
        server = try FixtureServer.start()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("limot-cache-\(UUID().uuidString)").path
        store = try LimotStore(directory: directory)
    }

    func client(offline: Bool = false, now: @escaping @Sendable () -> Date = { Date() }) -> CachingHTTPClient {
        var configuration = FetchConfiguration()
        configuration.connectTo = [ConnectTo(host: "fetch.test", port: 80, targetHost: "127.0.0.1", targetPort: server.plainPort)]
        return CachingHTTPClient(client: HTTPClient(configuration: configuration), storage: store, offline: offline, now: now,
                                 storeFailed: { error in Issue.record("the store failed: \(error)") })
    }

    func address(_ path: String) throws -> WebURL { try WebURL("http://fetch.test" + path) }

    func text(_ got: CachedFetch) -> String { String(decoding: got.response.body, as: UTF8.self) }

    @Test func aCopyIsFreshForItsMaxAgeByTheClockItIsGiven() async throws {
        let clock = TestClock(start: Date())
        let cached = client(now: clock.now)
        let url = try address("/_fixture/cache?cc=max-age%3D300&etag=%22v1%22&body=clock")
        #expect(try await cached.fetch(FetchRequest(url: url)).source == .network)
        clock.advance(by: 299)
        #expect(try await cached.fetch(FetchRequest(url: url)).source == .cache)
        clock.advance(by: 2)
        let validated = try await cached.fetch(FetchRequest(url: url))
        #expect(validated.source == .revalidated)
        #expect(validated.fetchedAt == clock.now())
        #expect(text(validated) == "clock #1", "the site sent the body once")
    }

    @Test func aSuccessfulPostForgetsTheKeptCopy() async throws {
        let path = "/_fixture/cache?cc=max-age%3D300&body=post"
        let cached = client()
        #expect(text(try await cached.fetch(FetchRequest(url: try address(path)))).hasSuffix("#1"))
        #expect(try await cached.fetch(FetchRequest(url: try address(path))).source == .cache)
        _ = try await cached.fetch(FetchRequest(url: try address(path), method: "POST", body: Array("a=1".utf8)))
        let after = try await cached.fetch(FetchRequest(url: try address(path)))
        #expect(after.source == .network)
        #expect(text(after).hasSuffix("#3"), "the POST was the second full answer")
    }

    @Test func setCookieIsNeverKeptOrReplayed() async throws {
        let path = "/_fixture/set-cookie?session=secret"
        let got = try await client().fetch(FetchRequest(url: try address(path)))
        #expect(got.response.headers.contains(.setCookie), "the live answer carries it")
        let key = try address(path).serialization
        let kept = try #require(try store.storedResponses(for: key).first)
        #expect(!kept.headers.contains(.setCookie))
        let offline = try await client(offline: true).fetch(FetchRequest(url: try address(path)))
        #expect(offline.source == .offline)
        #expect(!offline.response.headers.contains(.setCookie))
    }

    @Test func aServerErrorServesTheKeptCopyAndSaysWhy() async throws {
        let url = try address("/_fixture/status?code=503")
        let earlier = Date().addingTimeInterval(-3600)
        try store.store(StoredResponse(url: url.serialization, variant: "", finalURL: url.serialization, status: 200,
                                       headers: [.contentType: "text/plain"], body: Array("kept".utf8),
                                       requestTime: earlier, responseTime: earlier))
        let got = try await client().fetch(FetchRequest(url: url))
        #expect(got.source == .staleFallback(reason: "the site answered HTTP 503"))
        #expect(text(got) == "kept")
        #expect(abs(got.fetchedAt.timeIntervalSince(earlier)) < 0.01)
    }

    @Test func anUnreachableSiteServesTheKeptCopy() async throws {
        let path = "/_fixture/cache?cc=max-age%3D0&body=away"
        _ = try await client().fetch(FetchRequest(url: try address(path)))
        server.stop()
        let got = try await client().fetch(FetchRequest(url: try address(path)))
        guard case .staleFallback(let reason) = got.source else {
            Issue.record("expected the kept copy, got \(got.source)")
            return
        }
        #expect(reason.contains("refused") || reason.contains("connect"), "\(reason)")
        #expect(text(got).hasSuffix("#1"))
    }

    @Test func offlineAnswersOnlyFromTheCache() async throws {
        let before = try server.requests().count
        let url = try address("/_fixture/cache?body=never")
        do {
            let got = try await client(offline: true).fetch(FetchRequest(url: url))
            Issue.record("offline with nothing kept, yet an answer from \(got.source)")
        } catch {
            #expect(error.kind == .notCached)
        }
        #expect(try server.requests().count == before, "offline, nothing was sent")
    }

    @Test func aRedirectIsKeptUnderTheAddressAskedFor() async throws {
        let target = "/_fixture/cache?cc=max-age%3D300&body=moved"
        let path = "/_fixture/redirect?to=\(target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&status=301"
        let first = try await client().fetch(FetchRequest(url: try address(path)))
        #expect(first.response.url.serialization.contains("body=moved"))
        let offline = try await client(offline: true).fetch(FetchRequest(url: try address(path)))
        #expect(offline.response.url == first.response.url, "the copy knows where it came from")
        let asked = try address(path).serialization
        #expect(offline.response.redirects.map { $0.serialization } == [asked])
    }

    @Test func theSameBytesAgainKeepTheDerivedForm() async throws {
        let url = try address("/")
        let first = try await client().fetch(FetchRequest(url: url))
        let entry = try #require(first.stored, "a page without validators is kept for offline reading")
        try store.storeDerived(url: entry.url, variant: entry.variant, key: "rules-1", bytes: [1, 2, 3])
        let second = try await client().fetch(FetchRequest(url: url))
        #expect(second.source == .network, "stale at once: asked again")
        #expect(second.stored?.derivedKey == "rules-1", "unchanged bytes need not be sanitized again")
        #expect(second.stored?.derived == [1, 2, 3])
        let kept = try #require(try store.storedResponses(for: entry.url).first)
        #expect(abs(kept.responseTime.timeIntervalSince(second.fetchedAt)) < 0.01, "the copy's time moved to now")
    }
}
