import Foundation
import HTTPTypes
@testable import Fetch
import Testing

/// RFC 9111 as limot's private cache applies it: the pure decisions, before
/// any storage or network.
@Suite("HTTP cache policy")
struct CachePolicyTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func stored(_ pairs: [(String, String)], status: Int = 200, fetched: TimeInterval = 0, variant: String = "") -> StoredResponse {
        let time = now.addingTimeInterval(-fetched)
        return StoredResponse(url: "https://www.loghatnameh.de/a", variant: variant, finalURL: "https://www.loghatnameh.de/a",
                              status: status, headers: fields(pairs), body: Array("x".utf8), requestTime: time, responseTime: time)
    }

    @Test("Cache-Control directives: case, quotes, commas in quotes, repeated fields, Pragma")
    func directives() {
        let control = CacheControl(headers: fields([("Cache-Control", "Public, MAX-AGE=60, no-cache=\"Set-Cookie, X-A\""),
                                                     ("cache-control", "max-age=5, must-revalidate, stale-if-error=30")]))
        #expect(control.isPublic && control.noCache && control.mustRevalidate)
        #expect(control.maxAge == 60, "the first value counts")
        #expect(control.staleIfError == 30)
        #expect(!control.noStore)
        #expect(CacheControl(headers: fields([("Pragma", "no-cache")])).noCache)
        #expect(!CacheControl(headers: fields([("Pragma", "no-cache"), ("Cache-Control", "max-age=9")])).noCache,
                "Pragma counts only without Cache-Control")
        #expect(CacheControl(headers: fields([("Cache-Control", "max-age=abc")])).maxAge == nil)
        #expect(CacheControl(headers: fields([("Cache-Control", "max-age=99999999999999999999")])).maxAge == Int(Int32.max))
    }

    @Test("HTTP dates in all three forms, and IMF-fixdate written back")
    func dates() {
        let expected = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == expected)
        #expect(HTTPDate.format(expected) == "Sun, 06 Nov 1994 08:49:37 GMT")
        // RFC 850's two-digit years before 70 are this century's.
        #expect(HTTPDate.parse("Monday, 06-Nov-23 08:49:37 GMT") == Date(timeIntervalSince1970: 1_699_260_577))
        // Past 2038: a 32-bit time would wrap; Expires a year ahead must not.
        let far = Date(timeIntervalSince1970: 4_102_444_800)
        #expect(HTTPDate.parse(HTTPDate.format(far)) == far)
        // The epoch itself is a date (an Expires that means "long expired").
        #expect(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
    }

    /// What servers send for "already expired" or by mistake: no date, so
    /// no freshness from it (curl_getdate answers -1).
    @Test("text that is no HTTP date parses to nil", arguments: [
        "", "0", "-1", "120", "yesterday", "Sun, 32 Nov 1994 08:49:37 GMT", "06 Nov 1994 08:49:37 GMT junk",
    ])
    func notADate(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test("what may be stored")
    func storable() {
        func ok(_ response: [(String, String)], status: Int = 200, method: String = "GET", request: [(String, String)] = []) -> Bool {
            CachePolicy.isStorable(method: method, requestHeaders: fields(request), status: status, responseHeaders: fields(response))
        }
        #expect(ok([]))
        #expect(ok([], status: 404), "a 'no such word' page is worth keeping")
        #expect(!ok([("Cache-Control", "no-store")]))
        #expect(!ok([], request: [("Cache-Control", "no-store")]))
        #expect(!ok([("Vary", "Accept-Language, *")]))
        #expect(!ok([], method: "POST"))
        #expect(!ok([], status: 206))
        #expect(!ok([], request: [("Range", "bytes=0-9")]))
        #expect(!ok([], status: 302), "a temporary redirect without an explicit lifetime")
        #expect(ok([("Cache-Control", "max-age=60")], status: 302))
        #expect(!ok([], status: 500))
    }

    @Test("freshness: max-age, then Expires, then 10% of the time since Last-Modified (at most a day)")
    func freshness() {
        let date = HTTPDate.format(now)
        #expect(CachePolicy.freshnessLifetime(headers: fields([("Cache-Control", "max-age=60"), ("Expires", "0")]), responseTime: now) == 60)
        #expect(CachePolicy.freshnessLifetime(headers: fields([("Date", date), ("Expires", HTTPDate.format(now.addingTimeInterval(120)))]), responseTime: now) == 120)
        #expect(CachePolicy.freshnessLifetime(headers: fields([("Expires", "0")]), responseTime: now) == 0, "an invalid Expires is already expired")
        #expect(CachePolicy.freshnessLifetime(headers: fields([("Date", date), ("Last-Modified", HTTPDate.format(now.addingTimeInterval(-1000)))]), responseTime: now) == 100)
        #expect(CachePolicy.freshnessLifetime(headers: fields([("Date", date), ("Last-Modified", HTTPDate.format(now.addingTimeInterval(-100 * 86400)))]), responseTime: now) == 86400)
        #expect(CachePolicy.freshnessLifetime(headers: fields([("Last-Modified", HTTPDate.format(now.addingTimeInterval(-1000)))]), status: 302, responseTime: now) == 0)
        #expect(CachePolicy.freshnessLifetime(headers: [:], responseTime: now) == 0)
    }

    @Test("age counts the Age header, the response delay and the time since")
    func age() {
        let sent = now.addingTimeInterval(-12), received = now.addingTimeInterval(-10)
        let age = CachePolicy.currentAge(headers: fields([("Age", "30"), ("Date", HTTPDate.format(received))]), requestTime: sent, responseTime: received, now: now)
        #expect(age == 30 + 2 + 10)
        let skewed = CachePolicy.currentAge(headers: fields([("Date", HTTPDate.format(received.addingTimeInterval(-100)))]), requestTime: received, responseTime: received, now: now)
        #expect(skewed == 110, "a Date far behind makes the response older")
    }

    @Test("a stored copy is fresh while younger than its lifetime, and never with no-cache")
    func fresh() {
        #expect(CachePolicy.isFresh(stored([("Cache-Control", "max-age=60")], fetched: 59), now: now))
        #expect(!CachePolicy.isFresh(stored([("Cache-Control", "max-age=60")], fetched: 61), now: now))
        #expect(!CachePolicy.isFresh(stored([("Cache-Control", "max-age=60, no-cache")], fetched: 1), now: now))
        #expect(!CachePolicy.isFresh(stored([]), now: now))
    }

    @Test("Vary picks the variant; Accept-Encoding is the client's own and ignored")
    func vary() {
        #expect(CachePolicy.varyNames(fields([("Vary", "Accept-Language,  Cookie"), ("Vary", "accept-language, Accept-Encoding")])) == ["accept-language", "cookie"])
        #expect(CachePolicy.varyNames(fields([("Vary", "*")])) == nil)
        let request = fields([("Accept-Language", "de,   fa;q=0.9"), ("Accept-Language", "en")])
        let variant = CachePolicy.variant(varyNames: ["accept-language", "cookie"], requestHeaders: request)
        #expect(variant == "accept-language: de, fa;q=0.9, en\ncookie: ")
        let copy = stored([("Vary", "Accept-Language, Cookie")], variant: variant)
        #expect(CachePolicy.matches(copy, requestHeaders: request))
        #expect(!CachePolicy.matches(copy, requestHeaders: fields([("Accept-Language", "fa")])))
        #expect(CachePolicy.matches(stored([]), requestHeaders: request), "no Vary: any request")
    }

    @Test("validation: conditional headers from the validators, 304 headers merged")
    func validation() {
        let copy = stored([("ETag", "\"v1\""), ("Last-Modified", "Sun, 06 Nov 1994 08:49:37 GMT"), ("Content-Type", "text/html"), ("Cache-Control", "max-age=1")])
        #expect(CachePolicy.conditionalHeaders(for: copy) == fields([("If-None-Match", "\"v1\""), ("If-Modified-Since", "Sun, 06 Nov 1994 08:49:37 GMT")]))
        #expect(CachePolicy.conditionalHeaders(for: stored([])).isEmpty)
        let merged = CachePolicy.headersAfterValidation(stored: copy.headers, notModified: fields([
            ("Cache-Control", "max-age=600"), ("Content-Type", "text/plain"), ("Set-Cookie", "a=b"), ("ETag", "\"v1\""),
        ]))
        #expect(merged[values: .cacheControl] == ["max-age=600"])
        #expect(merged[values: .contentType] == ["text/html"], "a 304 does not describe the stored body")
        #expect(!merged.contains(.setCookie))
        #expect(merged[values: .eTag] == ["\"v1\""])
    }

    @Test("Set-Cookie and hop-by-hop fields are never kept")
    func storableHeaders() {
        let kept = CachePolicy.storableHeaders(fields([("Set-Cookie", "s=1"), ("Connection", "close, X-Private"), ("X-Private", "1"),
                                                        ("Transfer-Encoding", "chunked"), ("Content-Type", "text/html"), ("ETag", "\"a\"")]))
        #expect(kept == fields([("Content-Type", "text/html"), ("ETag", "\"a\"")]))
    }

    @Test("If-None-Match compares weakly, and * matches anything")
    func ifNoneMatch() {
        #expect(CachePolicy.ifNoneMatch("\"a\", W/\"b\"", matches: "\"b\""))
        #expect(CachePolicy.ifNoneMatch("W/\"a\"", matches: "\"a\""))
        #expect(CachePolicy.ifNoneMatch("*", matches: "\"z\""))
        #expect(!CachePolicy.ifNoneMatch("\"a\"", matches: "\"ab\""))
    }
}
