import Fetch
import FixtureSupport
import HTTPTypes
import Synchronization
import Testing
import WebURL

/// The client follows redirects itself: every hop resolved like a browser,
/// approved by the policy and the address guard, and listed.
@Suite struct RedirectTests {
    private let base = "http://www.loghatnameh.de"

    @Test func followsAChainAndListsTheHops() async throws {
        let client = mappedClient(try SharedFixture.get())
        let last = "/_fixture/echo?step=3"
        let second = redirectPath(to: last, status: 301)
        let first = redirectPath(to: "http://fetch.test" + second)
        let response = try await client.fetch(FetchRequest(url: url(base + first)))
        #expect(response.status == 200)
        #expect(response.url == url("http://fetch.test/_fixture/echo?step=3"))
        #expect(response.redirects == [url(base + first), url("http://fetch.test" + second)])
        #expect(try Echo(response).host == "fetch.test")
        #expect(!response.headers.contains(.location))
    }

    @Test func relativeLocationsResolveAgainstTheHop() async throws {
        let client = mappedClient(try SharedFixture.get())
        // "echo?…" relative to /_fixture/redirect?… is /_fixture/echo?….
        let response = try await client.fetch(FetchRequest(url: url(base + redirectPath(to: "echo?relative=1"))))
        #expect(response.url == url(base + "/_fixture/echo?relative=1"))
    }

    @Test(arguments: [301, 302, 303])
    func postBecomesGetWithoutBody(status: Int) async throws {
        let client = mappedClient(try SharedFixture.get())
        let request = FetchRequest(
            url: url(base + redirectPath(to: "/_fixture/echo", status: status)), method: "POST",
            headers: [.contentType: "text/plain", .cookie: "a=1"], body: Array("form".utf8))
        let echo = try Echo(try await client.fetch(request))
        #expect(echo.method == "GET")
        #expect(echo.body_length == 0)
        #expect(echo.headers["content-type"] == nil)
        #expect(echo.headers["cookie"] == "a=1", "same origin keeps its cookies")
    }

    @Test(arguments: [307, 308])
    func postKeepsMethodAndBody(status: Int) async throws {
        let client = mappedClient(try SharedFixture.get())
        let request = FetchRequest(
            url: url(base + redirectPath(to: "/_fixture/echo", status: status)), method: "POST",
            headers: [.contentType: "text/plain"], body: Array("form".utf8))
        let echo = try Echo(try await client.fetch(request))
        #expect(echo.method == "POST")
        #expect(echo.body == "form")
        #expect(echo.headers["content-type"] == "text/plain")
    }

    @Test func cookiesDoNotFollowToAnotherHost() async throws {
        let client = mappedClient(try SharedFixture.get())
        let request = FetchRequest(
            url: url(base + redirectPath(to: "http://fetch.test/_fixture/echo")),
            headers: [.cookie: "PHPSESSID=secret", .acceptLanguage: "fa"])
        let echo = try Echo(try await client.fetch(request))
        #expect(echo.host == "fetch.test")
        #expect(echo.headers["cookie"] == nil)
        #expect(echo.headers["accept-language"] == "fa")
    }

    @Test func stopsAfterTheRedirectLimit() async throws {
        let client = mappedClient(try SharedFixture.get()) { $0.limits.maxRedirects = 2 }
        let withinLimit = base + redirectPath(to: redirectPath(to: "/_fixture/echo"))
        #expect(try await client.fetch(FetchRequest(url: url(withinLimit))).redirects.count == 2)
        let tooMany = base + redirectPath(to: redirectPath(to: redirectPath(to: "/_fixture/echo")))
        let error = await fetchError(client, tooMany)
        #expect(error?.kind == .tooManyRedirects)
        #expect(error?.message.hasPrefix("more than 2 redirects") == true)
    }

    @Test func aPageThatRedirectsToItselfIsACycle() async throws {
        let client = mappedClient(try SharedFixture.get())
        let page = base + "/_fixture/redirect-cycle/1/0"
        let error = await fetchError(client, page)
        #expect(error?.kind == .redirectCycle)
        #expect(error?.url == page)
        #expect(error?.message == "the site redirects in a circle: \(page) → \(page)")
        // "#" resolves to the same URL without its fragment: the same request.
        #expect(await fetchError(client, base + redirectPath(to: "#"))?.kind == .redirectCycle)
    }

    @Test func twoPagesThatRedirectToEachOtherAreACycle() async throws {
        // The limit is far away: the cycle is seen, not counted out.
        let client = mappedClient(try SharedFixture.get()) { $0.limits.maxRedirects = 50 }
        let first = base + "/_fixture/redirect-cycle/2/0", second = base + "/_fixture/redirect-cycle/2/1"
        let error = await fetchError(client, first)
        #expect(error?.kind == .redirectCycle)
        #expect(error?.url == first)
        #expect(error?.message == "the site redirects in a circle: \(first) → \(second) → \(first)")
    }

    @Test func policyIsAskedPerHopAndCanRefuse() async throws {
        let client = mappedClient(try SharedFixture.get())
        let asked = Mutex<[String]>([])
        let policy: RedirectPolicy = { from, to in
            asked.withLock { $0.append("\(from.hostname) -> \(to.hostname)") }
            return to.hostname == from.hostname ? .follow : .refuse(reason: "it leaves the dictionary site")
        }
        let sameSite = base + redirectPath(to: "/_fixture/echo")
        #expect(try await client.fetch(FetchRequest(url: url(sameSite)), redirectPolicy: policy).status == 200)
        let offSite = base + redirectPath(to: "http://fetch.test/_fixture/echo")
        let error = await fetchError(client, FetchRequest(url: url(offSite)), redirectPolicy: policy)
        #expect(error?.kind == .redirectRefused)
        #expect(error?.url == "http://fetch.test/_fixture/echo")
        #expect(error?.message == "redirect from \(offSite) refused: it leaves the dictionary site")
        #expect(asked.withLock { $0 } == ["www.loghatnameh.de -> www.loghatnameh.de", "www.loghatnameh.de -> fetch.test"])
    }

    @Test(arguments: ["ftp://www.loghatnameh.de/file.txt", "file:///etc/passwd", "javascript:alert(1)"])
    func redirectsToOtherSchemesAreRefused(target: String) async throws {
        let client = mappedClient(try SharedFixture.get())
        let error = await fetchError(client, base + redirectPath(to: target))
        #expect(error?.kind == .unsupportedScheme)
        #expect(error?.message.contains("only http and https") == true)
    }

    @Test func redirectToLoopbackWithoutMappingIsRefused() async throws {
        let server = try FixtureServer.start()
        let client = mappedClient(server)
        for target in ["http://127.0.0.1:\(server.port)/_fixture/echo", "http://localhost:\(server.port)/_fixture/echo"] {
            let error = await fetchError(client, base + redirectPath(to: target))
            #expect(error?.kind == .refusedAddress, "\(target)")
            #expect(error?.url == target)
            #expect(error?.message.contains("a loopback address") == true, "\(String(describing: error))")
        }
        // The redirect hops reached the server, the loopback targets did not.
        #expect(try server.requests().map(\.path).allSatisfy { $0.hasPrefix("/_fixture/redirect") })
    }

    @Test func redirectToAnotherMappedHostIsAllowed() async throws {
        let client = mappedClient(try SharedFixture.get())
        let response = try await client.fetch(FetchRequest(url: url(base + redirectPath(to: "http://fetch.test/"))))
        #expect(response.status == 200)
        #expect(response.url == url("http://fetch.test/"))
    }

    @Test func redirectWithoutLocationIsTheAnswer() async throws {
        let client = mappedClient(try SharedFixture.get())
        let response = try await client.fetch(FetchRequest(url: url(base + "/_fixture/status?code=302")))
        #expect(response.status == 302)
        #expect(response.redirects.isEmpty)
    }
}
