import Fetch
import FixtureSupport
import Foundation
import HTTPTypes
import Testing

/// What the proxy relies on for an ordinary page: body, status, headers in,
/// headers out, methods and bodies, decoding.
@Suite struct BasicFetchTests {
    @Test func getsAStaticPageThroughTheMapping() async throws {
        let client = mappedClient(try SharedFixture.get())
        let response = try await client.fetch(FetchRequest(url: url("http://fetch.test/")))
        #expect(response.status == 200)
        #expect(response.url == url("http://fetch.test/"))
        #expect(response.redirects.isEmpty)
        #expect(response.httpVersion == "1.1")
        #expect(response.headers[values: .contentType] == ["text/html; charset=utf-8"])
        #expect(String(decoding: response.body, as: UTF8.self).contains("Willkommen – خوش آمدید"))
    }

    @Test func errorStatusesAreAnswersNotErrors() async throws {
        let client = mappedClient(try SharedFixture.get())
        let missing = try await client.fetch(FetchRequest(url: url("http://fetch.test/no/such/page")))
        #expect(missing.status == 404)
        #expect(String(decoding: missing.body, as: UTF8.self).contains("Not Found"))
        let failing = try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/status?code=503")))
        #expect(failing.status == 503)
    }

    @Test func postSendsMethodBodyAndContentType() async throws {
        let client = mappedClient(try SharedFixture.get())
        let request = FetchRequest(
            url: url("http://www.loghatnameh.de/_fixture/echo"), method: "POST",
            headers: [.contentType: "application/x-www-form-urlencoded"],
            body: Array("word=%D8%AE%D8%A7%D9%86%D9%87&dir=fa-de".utf8))
        let echo = try Echo(try await client.fetch(request))
        #expect(echo.method == "POST")
        #expect(echo.body == "word=%D8%AE%D8%A7%D9%86%D9%87&dir=fa-de")
        #expect(echo.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(echo.headers["content-length"] == "39")
        #expect(echo.headers["expect"] == nil)
    }

    @Test(arguments: ["PUT", "DELETE", "PATCH", "OPTIONS"])
    func otherMethodsAreSentByName(method: String) async throws {
        let client = mappedClient(try SharedFixture.get())
        let body: [UInt8]? = method == "PUT" ? Array("payload".utf8) : nil
        let echo = try Echo(try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/echo"), method: method, body: body)))
        #expect(echo.method == method)
        #expect(echo.body == (body == nil ? "" : "payload"))
    }

    @Test func headHasNoBody() async throws {
        let client = mappedClient(try SharedFixture.get())
        let response = try await client.fetch(FetchRequest(url: url("http://fetch.test/"), method: "HEAD"))
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
    }

    @Test func requestHeadersAndCookiesPassThrough() async throws {
        let client = mappedClient(try SharedFixture.get())
        let request = FetchRequest(
            url: url("http://www.loghatnameh.de/_fixture/echo"),
            headers: [
                .cookie: "PHPSESSID=abc123; lang=fa",
                .acceptLanguage: "de-DE,fa;q=0.8",
                .referer: "http://www.loghatnameh.de/",
                // Connection-level headers are the client's business.
                HTTPField.Name("Host")!: "evil.example",
                .connection: "Upgrade",
                .transferEncoding: "chunked",
            ])
        let echo = try Echo(try await client.fetch(request))
        #expect(echo.headers["cookie"] == "PHPSESSID=abc123; lang=fa")
        #expect(echo.headers["accept-language"] == "de-DE,fa;q=0.8")
        #expect(echo.headers["referer"] == "http://www.loghatnameh.de/")
        #expect(echo.headers["host"] == "www.loghatnameh.de")
        #expect(echo.headers["connection"] == nil)
        #expect(echo.headers["transfer-encoding"] == nil)
        #expect(echo.headers["user-agent"] == FetchConfiguration().userAgent)
        #expect(echo.headers["accept-encoding"]?.contains("gzip") == true)
    }

    @Test func requestUserAgentWinsOverTheConfiguredOne() async throws {
        let client = mappedClient(try SharedFixture.get()) { $0.userAgent = "limot-test/1" }
        let plain = try Echo(try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/echo"))))
        #expect(plain.headers["user-agent"] == "limot-test/1")
        let own = try Echo(try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/echo"), headers: [.userAgent: "Browser/9"])))
        #expect(own.headers["user-agent"] == "Browser/9")
        #expect(own.header_list.filter { $0.first?.lowercased() == "user-agent" }.count == 1)
    }

    @Test func headerWithALineBreakCannotAddAHeader() async throws {
        let client = mappedClient(try SharedFixture.get())
        // HTTPField turns the line break into spaces: one Cookie line goes out.
        let request = FetchRequest(url: url("http://www.loghatnameh.de/_fixture/echo"), headers: [.cookie: "a=1\r\nX-Injected: yes"])
        let echo = try Echo(try await client.fetch(request))
        #expect(echo.headers["x-injected"] == nil)
        #expect(echo.headers["cookie"] == "a=1  X-Injected: yes")
    }

    @Test func repeatedSetCookieHeadersStaySeparate() async throws {
        let client = mappedClient(try SharedFixture.get())
        let response = try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/set-cookie?session=s1&theme=dark")))
        #expect(response.headers[values: .setCookie] == [
            "session=s1; Domain=www.loghatnameh.de; Path=/; Secure; HttpOnly",
            "theme=dark; Domain=www.loghatnameh.de; Path=/; Secure; HttpOnly",
        ])
    }

    @Test func gzipBodiesArriveDecodedWithoutWireHeaders() async throws {
        let client = mappedClient(try SharedFixture.get())
        let response = try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/gzip")))
        #expect(String(decoding: response.body, as: UTF8.self) == String(repeating: "gzip fixture: Straße خانه\n", count: 100))
        #expect(!response.headers.contains(.contentEncoding))
        #expect(!response.headers.contains(.contentLength))
        #expect(response.headers[values: .contentType] == ["text/plain; charset=utf-8"])
    }

    @Test func brokenGzipIsABadContentEncoding() async throws {
        let client = mappedClient(try SharedFixture.get())
        let error = await fetchError(client, "http://www.loghatnameh.de/_fixture/gzip-broken")
        #expect(error?.kind == .badContentEncoding)
        #expect(error?.message.hasPrefix("broken gzip data") == true, "\(String(describing: error))")
        #expect(error?.url == "http://www.loghatnameh.de/_fixture/gzip-broken")
    }

    @Test func connectionsAreKeptAlive() async throws {
        let client = mappedClient(try SharedFixture.get())
        // Three fetches in a row share one connection. On a machine so
        // loaded that a pause between them outlasts an idle limit, a new
        // connection is right, so up to three tries; without keep-alive
        // every try sees three.
        var seen: [Int] = []
        for _ in 0..<3 {
            var ports: Set<Int> = []
            for _ in 0..<3 {
                ports.insert(try Echo(try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/echo")))).client_port)
            }
            seen.append(ports.count)
            if ports.count == 1 { break }
        }
        #expect(seen.last == 1, "connections per three fetches: \(seen)")
    }

    @Test func onlyHTTPAndHTTPSAreFetched() async throws {
        let client = HTTPClient(configuration: FetchConfiguration())
        for text in ["ftp://www.loghatnameh.de/file", "file:///etc/passwd", "data:text/plain,hi"] {
            let error = await fetchError(client, text)
            #expect(error?.kind == .unsupportedScheme, "\(text)")
        }
    }
}
