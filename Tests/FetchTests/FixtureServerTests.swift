import FixtureSupport
import Foundation
import Testing

/// The fixture server and the raw client that other test suites build on.
@Suite struct FixtureServerTests {
    @Test func servesSitesByHostName() throws {
        let server = try SharedFixture.get()
        let index = try #require(RawHTTP.get(port: server.port, path: "/", host: "fetch.test"))
        #expect(index.status == 200)
        #expect(index.header("Content-Type") == "text/html; charset=utf-8")
        #expect(index.text.contains("Willkommen"))
        let docs = try #require(RawHTTP.get(port: server.port, path: "/docs/", host: "fetch.test:80"))
        #expect(docs.text.contains("docs index"))
        let unknownHost = try #require(RawHTTP.get(port: server.port, path: "/", host: "unknown.example"))
        #expect(unknownHost.status == 404)
        let traversal = try #require(RawHTTP.get(port: server.port, path: "/../fetch.test/index.html", host: "fetch.test"))
        #expect(traversal.status == 404)
        let sidecar = try #require(RawHTTP.get(port: server.port, path: "/latin1.html", host: "fetch.test"))
        #expect(sidecar.header("Content-Type") == "text/html; charset=iso-8859-1")
        #expect(sidecar.header("X-Fixture-Sidecar") == "yes")
        #expect(try #require(RawHTTP.get(port: server.port, path: "/latin1.html.headers", host: "fetch.test")).status == 404)
    }

    @Test func extensionlessFilesTakeTheirTypeFromTheList() throws {
        let server = try SharedFixture.get()
        let gtag = try #require(RawHTTP.get(port: server.port, path: "/gtag/js?id=G-LGH4T7N2M8", host: "www.googletagmanager.com"))
        #expect(gtag.status == 200)
        #expect(gtag.header("Content-Type") == "application/javascript; charset=utf-8")
        #expect(gtag.header("Access-Control-Allow-Origin") == "*")
        let pixel = try #require(RawHTTP.get(port: server.port, path: "/collect?v=1&t=pageview", host: "www.google-analytics.com"))
        #expect(pixel.header("Content-Type") == "image/gif")
    }

    @Test func searchServesTheWordsPageOrTheNoneFallback() throws {
        let server = try SharedFixture.get()
        let found = try #require(RawHTTP.get(port: server.port, path: "/search?q=%D8%AE%D8%A7%D9%86%D9%87", host: "fetch.test"))
        #expect(found.text.contains("خانه: Haus"))
        let missing = try #require(RawHTTP.get(port: server.port, path: "/search?q=Tisch", host: "fetch.test"))
        #expect(missing.status == 200)
        #expect(missing.text.contains("Kein Eintrag"))
        let hostile = try #require(RawHTTP.get(port: server.port, path: "/search?q=..%2Findex", host: "fetch.test"))
        #expect(hostile.text.contains("Kein Eintrag"))
    }

    @Test func countsHitsAndRecordsRequests() throws {
        let server = try FixtureServer.start()
        _ = RawHTTP.get(port: server.port, path: "/", host: "fetch.test", headers: [("Cookie", "a=1")])
        _ = RawHTTP.get(port: server.port, path: "/docs/", host: "fetch.test")
        _ = RawHTTP.get(port: server.port, path: "/ad.js", host: "ads.example")
        _ = RawHTTP.get(port: server.port, path: "/_fixture/echo", host: "fetch.test")
        #expect(try server.hits() == ["fetch.test": 2, "ads.example": 1])
        let requests = try server.requests()
        #expect(requests.map(\.path) == ["/", "/docs/", "/ad.js", "/_fixture/echo"])
        #expect(requests.first?.header("cookie") == "a=1")
        #expect(requests.first?.method == "GET")
        try server.reset()
        #expect(try server.hits().isEmpty)
        #expect(try server.requests().isEmpty)
    }

    @Test func keepsConnectionsAliveAndDecodesChunks() throws {
        let server = try SharedFixture.get()
        let connection = try RawHTTPConnection(port: server.port)
        defer { connection.close() }
        try connection.write(RawHTTP.request(path: "/_fixture/big?mb=1&chunked=1", host: "fetch.test", headers: [("Connection", "keep-alive")]))
        let big = try connection.readResponse()
        #expect(big.header("Transfer-Encoding") == "chunked")
        #expect(big.body.count == 1 << 20)
        try connection.write(RawHTTP.request(method: "HEAD", path: "/", host: "fetch.test", headers: [("Connection", "keep-alive")]))
        let head = try connection.readResponse(isHEAD: true)
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        try connection.write(RawHTTP.request(path: "/_fixture/status?code=204", host: "fetch.test"))
        #expect(try connection.readResponse().status == 204)
        #expect(connection.isClosedByPeer())
    }

    @Test func survivesMisbehavingClients() throws {
        let server = try SharedFixture.get()
        #expect(RawHTTP.send(port: server.port, raw: Array("GARBAGE\r\n\r\n".utf8))?.status == 400)
        #expect(RawHTTP.send(port: server.port, raw: Array("GET / HTTP/1.1\r\nHost: fetch.test\r\nContent-Length: -5\r\n\r\n".utf8))?.status == 400)
        let half = try RawHTTPConnection(port: server.port)
        try half.write("GET / HTTP/1.1\r\nHost: fetch")
        half.close()
        // A 70 kB request line: whatever the answer, the server lives on.
        _ = RawHTTP.send(port: server.port, raw: Array(repeating: 0xFF, count: 70_000))
        #expect(RawHTTP.get(port: server.port, path: "/", host: "fetch.test")?.status == 200)
    }

    @Test func stallHoldsTheConnectionAndResetBreaksIt() throws {
        let server = try SharedFixture.get()
        do {
            _ = try RawHTTP.exchange(port: server.port, raw: RawHTTP.request(path: "/_fixture/stall", host: "fetch.test"), timeout: .milliseconds(300))
            Issue.record("stall answered")
        } catch {
            #expect(error.message == "timed out")
        }
        do {
            _ = try RawHTTP.exchange(port: server.port, raw: RawHTTP.request(path: "/_fixture/reset-connection", host: "fetch.test"))
            Issue.record("reset-connection answered")
        } catch {
            #expect(error.message == "the connection closed without a response")
        }
    }

    @Test func reportsAServerThatCannotStart() {
        let missing = URL(fileURLWithPath: "/nonexistent/limot-sites")
        // A missing sites folder is fine (everything 404s); a bad TLS key is not.
        #expect(throws: FixtureServerError.self) { try FixtureServer.start(sites: missing, tls: (cert: "/nonexistent.pem", key: "/nonexistent.key")) }
    }
}
