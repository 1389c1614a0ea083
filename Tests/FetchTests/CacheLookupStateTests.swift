import Foundation
@testable import Fetch
import HTTPTypes
import Testing
import WebURL

/// The cache's decisions (RFC 9111 for a private cache, and limot's offline
/// fallbacks) step by step, without a store or a network: every branch a
/// reader meets as a page from the cache, a page asked again, or a kept page
/// when the site is away.
@Suite struct CacheLookupStateTests {
    static let page = "https://www.loghatnameh.de/search?q=Haus"
    /// When the copies below were received.
    static let received = Date(timeIntervalSince1970: 1_767_225_600)

    static func request(method: String = "GET", headers: [(String, String)] = [], fragment: String = "") -> FetchRequest {
        FetchRequest(url: try! WebURL(page + fragment), method: method, headers: fields(headers))
    }

    static func copy(headers: [(String, String)], body: String = "kept", variant: String = "", finalURL: String = page,
                     derived: [UInt8]? = nil) -> StoredResponse {
        StoredResponse(url: page, variant: variant, finalURL: finalURL, status: 200, headers: fields(headers),
                       body: Array(body.utf8), requestTime: received, responseTime: received, derived: derived,
                       derivedKey: derived == nil ? nil : "rules-1")
    }

    static func response(_ status: Int, headers: [(String, String)] = [], body: String = "new",
                         url: String = page) -> FetchResponse {
        FetchResponse(url: try! WebURL(url), redirects: [], status: status, headers: fields(headers),
                      body: Array(body.utf8), httpVersion: "1.1")
    }

    /// A GET through `start()` and `found(_:now:)`.
    static func lookedUp(_ request: FetchRequest = request(), stored: [StoredResponse], after seconds: TimeInterval,
                         offline: Bool = false, keepsCopies: Bool = true) -> (CacheLookupState, CacheLookupState.LookupAction) {
        var state = CacheLookupState(request: request, offline: offline, keepsCopies: keepsCopies)
        guard case .lookUp(let url) = state.start() else { preconditionFailure("a plain GET is looked up") }
        precondition(url == page, "looked up without the fragment")
        let action = state.found(stored, now: received.addingTimeInterval(seconds))
        return (state, action)
    }

    /// The request a lookup sends, and whether it is conditional; nil when it sends none.
    static func sent(_ action: CacheLookupState.LookupAction) -> (request: FetchRequest, conditional: Bool)? {
        switch action {
        case .send(let request): return (request, false)
        case .sendConditional(let request): return (request, true)
        case .answer, .fail: return nil
        }
    }

    static func answered(_ action: CacheLookupState.LookupAction) -> (entry: StoredResponse, source: CachedFetch.Source)? {
        if case .answer(let copy, let source) = action { return (copy.entry, source) }
        return nil
    }

    static func failure(_ action: CacheLookupState.LookupAction) -> FetchError? {
        if case .fail(let error) = action { return error }
        return nil
    }

    static func delivered(_ action: CacheLookupState.OutcomeAction) -> (status: Int, writes: [CacheLookupState.Write])? {
        if case .deliver(let response, _, let writes) = action { return (response.status, writes) }
        return nil
    }

    static func answered(_ action: CacheLookupState.OutcomeAction)
        -> (entry: StoredResponse, source: CachedFetch.Source, writes: [CacheLookupState.Write])? {
        if case .answer(let copy, let source, let writes) = action { return (copy.entry, source, writes) }
        return nil
    }

    // MARK: answering from the store

    @Test func aFreshCopyAnswersWithoutTheNetwork() throws {
        let kept = Self.copy(headers: [("Cache-Control", "max-age=300")])
        let (_, action) = Self.lookedUp(Self.request(fragment: "#entry"), stored: [kept], after: 299)
        let answer = try #require(Self.answered(action))
        #expect(answer.entry == kept)
        #expect(answer.source == .cache)
    }

    @Test func aCopyPastItsLifetimeIsAskedForAgain() throws {
        let (_, action) = Self.lookedUp(stored: [Self.copy(headers: [("Cache-Control", "max-age=300")])], after: 300)
        let sent = try #require(Self.sent(action))
        #expect(!sent.conditional, "no validator to send")
    }

    @Test func noCacheIsAlwaysAskedForAgain() throws {
        let (_, action) = Self.lookedUp(stored: [Self.copy(headers: [("Cache-Control", "no-cache, max-age=300"), ("ETag", "\"v1\"")])],
                                        after: 1)
        #expect(try #require(Self.sent(action)).conditional)
    }

    @Test func anotherVariantDoesNotAnswerButIsTheFallback() throws {
        let persian = Self.copy(headers: [("Cache-Control", "max-age=300"), ("Vary", "Accept-Language"), ("ETag", "\"fa\"")],
                                body: "persian", variant: "accept-language: fa")
        var (state, action) = Self.lookedUp(Self.request(headers: [("Accept-Language", "de")]), stored: [persian], after: 1)
        let sent = try #require(Self.sent(action))
        #expect(!sent.conditional, "another variant's validators would validate the wrong page")
        #expect(!sent.request.headers.contains(.ifNoneMatch))
        let away = state.failed(FetchError(.couldNotResolve, url: Self.page, message: "could not resolve the host"))
        let fallback = try #require(Self.answered(away))
        #expect(fallback.entry.body == Array("persian".utf8), "any copy beats no page for a reader offline")
        #expect(fallback.source == .staleFallback(reason: "could not resolve the host"))
    }

    @Test func varyStarIsNeverAnAnswer() throws {
        let (_, action) = Self.lookedUp(stored: [Self.copy(headers: [("Cache-Control", "max-age=300"), ("Vary", "*")])], after: 1)
        #expect(Self.sent(action) != nil)
    }

    @Test func aDamagedRowIsIgnored() throws {
        let (_, action) = Self.lookedUp(stored: [Self.copy(headers: [("Cache-Control", "max-age=300")], finalURL: "not a URL")],
                                        after: 1)
        #expect(Self.sent(action) != nil)
    }

    @Test func aRedirectedCopyAnswersWithItsFinalAddressAndTheHop() throws {
        let moved = "https://www.loghatnameh.de/word/Haus"
        let (_, action) = Self.lookedUp(stored: [Self.copy(headers: [("Cache-Control", "max-age=300")], finalURL: moved)], after: 1)
        guard case .answer(let copy, let source) = action else {
            Issue.record("expected an answer, got \(action)")
            return
        }
        let fetch = copy.cachedFetch(source: source)
        #expect(fetch.response.url.serialization == moved)
        #expect(fetch.response.redirects.map(\.serialization) == [Self.page])
        #expect(fetch.fetchedAt == Self.received)
    }

    // MARK: revalidation

    @Test func aStaleCopyIsValidatedWithItsOwnValidators() throws {
        let kept = Self.copy(headers: [("ETag", "\"v1\""), ("Last-Modified", "Sun, 06 Nov 1994 08:49:37 GMT")])
        let browser = Self.request(headers: [("If-None-Match", "\"browser\""), ("Accept", "text/html")])
        // Past the heuristic lifetime a Last-Modified gives (a tenth of its age, a day at most).
        let (_, action) = Self.lookedUp(browser, stored: [kept], after: CachePolicy.maxHeuristicLifetime)
        let sent = try #require(Self.sent(action))
        #expect(sent.conditional)
        #expect(sent.request.headers.map(\.description) == ["Accept: text/html", "If-None-Match: \"v1\"",
                                                          "If-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT"])
    }

    @Test func mustRevalidateIsValidatedAndStillTheFallbackWhenTheSiteIsAway() throws {
        let kept = Self.copy(headers: [("Cache-Control", "max-age=60, must-revalidate"), ("ETag", "\"v1\"")])
        var (state, action) = Self.lookedUp(stored: [kept], after: 61)
        #expect(try #require(Self.sent(action)).conditional)
        let away = state.failed(FetchError(.connectTimedOut, url: Self.page, message: "connect timed out"))
        // Deliberate: limot is an offline dictionary; the banner says the copy is old.
        #expect(Self.answered(away)?.source == .staleFallback(reason: "connect timed out"))
    }

    @Test func notModifiedRefreshesTheCopyAndAnswersWithIt() throws {
        let kept = Self.copy(headers: [("ETag", "\"v1\""), ("Content-Type", "text/html"), ("X-Old", "1")], derived: [7])
        var (state, action) = Self.lookedUp(stored: [kept], after: 10)
        #expect(try #require(Self.sent(action)).conditional)
        let now = Self.received.addingTimeInterval(12)
        let outcome = state.received(Self.response(304, headers: [("ETag", "\"v1\""), ("Cache-Control", "max-age=60"),
                                                                  ("Content-Type", "text/plain"), ("Set-Cookie", "s=1")], body: ""),
                                     now: now)
        let answer = try #require(Self.answered(outcome))
        #expect(answer.source == .revalidated)
        #expect(answer.entry.body == kept.body && answer.entry.derived == [7], "the body and its derived form stay")
        #expect(answer.entry.headers.map(\.description) == ["Content-Type: text/html", "X-Old: 1",
                                                          "ETag: \"v1\"", "Cache-Control: max-age=60"])
        #expect(answer.entry.requestTime == Self.received.addingTimeInterval(10))
        #expect(answer.entry.responseTime == now)
        #expect(answer.writes == [.refresh(answer.entry)])
    }

    @Test func notModifiedWithoutKeepingWritesNothing() throws {
        var (state, _) = Self.lookedUp(stored: [Self.copy(headers: [("ETag", "\"v1\"")])], after: 10, keepsCopies: false)
        let outcome = state.received(Self.response(304, body: ""), now: Self.received.addingTimeInterval(11))
        #expect(Self.answered(outcome)?.writes == [])
    }

    @Test func theBrowsersOwnNotModifiedPassesAndKeepsTheOtherVariants() throws {
        let persian = Self.copy(headers: [("Vary", "Accept-Language"), ("ETag", "\"fa\"")], variant: "accept-language: fa")
        let browser = Self.request(headers: [("Accept-Language", "de"), ("If-None-Match", "\"de\"")])
        var (state, action) = Self.lookedUp(browser, stored: [persian], after: 1)
        #expect(Self.sent(action)?.request.headers == browser.headers)
        #expect(Self.delivered(state.received(Self.response(304, body: ""), now: Self.received))?.writes == [])
    }

    // MARK: storing

    @Test func aStorableAnswerIsKeptWithoutItsCookies() throws {
        var (state, _) = Self.lookedUp(Self.request(headers: [("Accept-Language", "fa")]), stored: [], after: 0)
        let now = Self.received.addingTimeInterval(1)
        let outcome = state.received(Self.response(200, headers: [("Cache-Control", "max-age=60"), ("Vary", "Accept-Language"),
                                                                  ("Set-Cookie", "session=secret")]), now: now)
        let delivered = try #require(Self.delivered(outcome))
        #expect(delivered.writes == [.store(StoredResponse(
            url: Self.page, variant: "accept-language: fa", finalURL: Self.page, status: 200,
            headers: [.cacheControl: "max-age=60", .vary: "Accept-Language"],
            body: Array("new".utf8), requestTime: Self.received, responseTime: now))])
    }

    @Test func theSameBytesAgainRefreshTheCopyAndKeepItsDerivedForm() throws {
        let kept = Self.copy(headers: [("Content-Type", "text/html")], body: "same", derived: [1, 2, 3])
        var (state, _) = Self.lookedUp(stored: [kept], after: 5)
        let now = Self.received.addingTimeInterval(6)
        let outcome = state.received(Self.response(200, headers: [("Content-Type", "text/html"), ("X-New", "1")], body: "same"),
                                     now: now)
        guard case .refresh(let refreshed)? = Self.delivered(outcome)?.writes.first else {
            Issue.record("expected a refresh, got \(outcome)")
            return
        }
        #expect(refreshed.derived == [1, 2, 3])
        #expect(refreshed.headers.map(\.description) == ["Content-Type: text/html", "X-New: 1"])
        #expect(refreshed.responseTime == now)
    }

    @Test func noStoreIsNotKeptAndForgetsTheOldCopies() throws {
        var (state, _) = Self.lookedUp(stored: [Self.copy(headers: [])], after: 1)
        let outcome = state.received(Self.response(200, headers: [("Cache-Control", "no-store")]), now: Self.received)
        #expect(Self.delivered(outcome)?.writes == [.invalidate(url: Self.page)])
    }

    @Test func aRequestSayingNoStoreIsNotKept() throws {
        var (state, _) = Self.lookedUp(Self.request(headers: [("Cache-Control", "no-store")]), stored: [], after: 0)
        let outcome = state.received(Self.response(200, headers: [("Cache-Control", "max-age=60")]), now: Self.received)
        #expect(Self.delivered(outcome)?.writes == [])
    }

    @Test func withoutKeepingNothingIsWritten() throws {
        var (state, _) = Self.lookedUp(stored: [Self.copy(headers: [])], after: 1, keepsCopies: false)
        let outcome = state.received(Self.response(200, headers: [("Cache-Control", "max-age=60")]), now: Self.received)
        #expect(Self.delivered(outcome)?.writes == [])
    }

    // MARK: when the site fails

    @Test(arguments: [500, 503])
    func aServerErrorServesTheKeptCopy(status: Int) throws {
        let kept = Self.copy(headers: [("ETag", "\"v1\"")])
        var (state, _) = Self.lookedUp(stored: [kept], after: 3600)
        let outcome = state.received(Self.response(status), now: Self.received.addingTimeInterval(3601))
        let answer = try #require(Self.answered(outcome))
        #expect(answer.entry == kept, "the copy as kept: the failure confirms nothing")
        #expect(answer.source == .staleFallback(reason: "the site answered HTTP \(status)"))
        #expect(answer.writes == [])
    }

    @Test func aServerErrorWithNothingKeptIsTheAnswer() throws {
        var (state, _) = Self.lookedUp(stored: [], after: 0)
        #expect(Self.delivered(state.received(Self.response(502), now: Self.received))?.status == 502)
    }

    @Test(arguments: [FetchError.Kind.couldNotConnect, .timedOut, .protocolError])
    func anUnreachableSiteServesTheKeptCopy(kind: FetchError.Kind) throws {
        var (state, _) = Self.lookedUp(stored: [Self.copy(headers: [])], after: 1)
        let outcome = state.failed(FetchError(kind, url: Self.page, message: "away"))
        #expect(Self.answered(outcome)?.source == .staleFallback(reason: "away"))
    }

    @Test(arguments: [FetchError.Kind.tls, .redirectCycle, .bodyTooLarge])
    func aWrongAnswerIsAnErrorEvenWithACopy(kind: FetchError.Kind) throws {
        var (state, _) = Self.lookedUp(stored: [Self.copy(headers: [])], after: 1)
        guard case .fail(let error) = state.failed(FetchError(kind, url: Self.page, message: "wrong")) else {
            Issue.record("a site that answers wrongly is not away")
            return
        }
        #expect(error.kind == kind)
    }

    // MARK: offline

    @Test func offlineAnswersWithAnyKeptVariantEvenStale() throws {
        let persian = Self.copy(headers: [("Vary", "Accept-Language")], variant: "accept-language: fa")
        let (_, action) = Self.lookedUp(Self.request(headers: [("Accept-Language", "de")]), stored: [persian], after: 86400,
                                        offline: true)
        let answer = try #require(Self.answered(action))
        #expect(answer.entry == persian)
        #expect(answer.source == .offline)
    }

    @Test func offlineWithNothingKeptFails() throws {
        let (_, action) = Self.lookedUp(stored: [], after: 0, offline: true)
        let error = try #require(Self.failure(action))
        #expect(error.kind == .notCached)
        #expect(error.message == "offline, and no copy of it was kept")
    }

    @Test(arguments: [("POST", [(String, String)]()), ("GET", [("Range", "bytes=0-99")])])
    func offlineSendsNothingPastTheCache(method: String, headers: [(String, String)]) throws {
        var state = CacheLookupState(request: Self.request(method: method, headers: headers), offline: true, keepsCopies: true)
        guard case .fail(let error) = state.start() else {
            Issue.record("offline, yet something to send")
            return
        }
        #expect(error.kind == .notCached)
    }

    // MARK: past the cache

    @Test func aRangeRequestBypassesTheCache() throws {
        let ranged = Self.request(headers: [("Range", "bytes=0-99")])
        var state = CacheLookupState(request: ranged, offline: false, keepsCopies: true)
        guard case .send(let sent) = state.start() else {
            Issue.record("a range request is not looked up")
            return
        }
        #expect(sent.headers == ranged.headers)
        let outcome = state.received(Self.response(206, headers: [("Cache-Control", "max-age=60")]), now: Self.received)
        #expect(Self.delivered(outcome)?.writes == [], "a part is never kept")
    }

    @Test func aSuccessfulPostForgetsTheCopiesOfItsAddressAndWhereItLed() throws {
        var state = CacheLookupState(request: Self.request(method: "POST", fragment: "#form"), offline: false, keepsCopies: true)
        guard case .send = state.start() else {
            Issue.record("a POST is sent past the cache")
            return
        }
        let landed = "https://www.loghatnameh.de/thanks"
        let outcome = state.received(Self.response(200, url: landed), now: Self.received)
        #expect(Self.delivered(outcome)?.writes == [.invalidate(url: Self.page), .invalidate(url: landed)])
    }

    @Test func aFailedPostForgetsNothing() throws {
        var state = CacheLookupState(request: Self.request(method: "POST"), offline: false, keepsCopies: true)
        _ = state.start()
        #expect(Self.delivered(state.received(Self.response(403), now: Self.received))?.writes == [])
        var unreachable = CacheLookupState(request: Self.request(method: "POST"), offline: false, keepsCopies: true)
        _ = unreachable.start()
        guard case .fail = unreachable.failed(FetchError(.couldNotConnect, url: Self.page, message: "refused")) else {
            Issue.record("a POST has no stored answer to fall back on")
            return
        }
    }
}
