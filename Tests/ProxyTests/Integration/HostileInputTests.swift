import FixtureSupport
import Foundation
import Testing

/// Refusals and upstream failures: each gets a clear answer, and the proxy
/// keeps serving afterwards.
@Suite(.serialized) struct HostileInputTests {
    /// The proxy still serves the home page.
    func stillServing(_ testbed: ProxyTestbed) throws {
        let page = try testbed.browser().open("/")
        #expect(page.status == 200)
        #expect(page.text.contains("limot-bar"))
    }

    @Test func requestsNotForTheProxyAreRefused() throws {
        let testbed = try ProxyTestbed.get()
        let port = testbed.proxy.port
        let rebinding = try RawHTTP.exchange(port: port, raw: RawHTTP.request(path: "/", host: "evil.example:\(port)"))
        #expect(rebinding.status == 421)
        let absolute = try RawHTTP.exchange(port: port, raw: Array("GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8))
        #expect(absolute.status == 400)
        #expect(absolute.text.contains("Not an open proxy"))
        let connect = try RawHTTP.exchange(port: port, raw: Array("CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n".utf8))
        #expect(connect.status == 405)
        try stillServing(testbed)
    }

    @Test func pagesCannotSendTheProxyToPrivateAddresses() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        _ = try browser.open("/")
        let fixturePort = testbed.fixtures.plainPort
        // Subresource paths naming loopback, private and unknown hosts.
        for path in ["/_limot/sub/image/http/127.0.0.1:\(fixturePort)/_fixture/echo",
                     "/_limot/sub/image/http/[::1]:\(fixturePort)/x",
                     "/_limot/sub/image/http/10.0.0.1/x",
                     "/_limot/sub/script/http/2130706433/x",
                     "/_limot/sub/image/http/localhost:\(fixturePort)/_fixture/echo",
                     "/_limot/sub/image/https/unknown.example/x.png"] {
            let response = try browser.request(path)
            #expect([400, 403, 404].contains(response.status), "\(path) answered \(response.status)")
        }
        // Redirects of the site's own pages to loopback, by address and by name.
        for target in ["http://127.0.0.1:\(fixturePort)/_fixture/echo", "http://localhost:\(fixturePort)/_fixture/echo", "file:///etc/passwd"] {
            let encoded = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let response = try browser.request("/_fixture/redirect?to=\(encoded)")
            #expect(response.status == 403, "a redirect to \(target) answered \(response.status)")
            #expect(response.text.contains("limot-bar"))
        }
        #expect(try testbed.fixtures.requests().allSatisfy { $0.host != "localhost" && !$0.host.hasPrefix("127.") })
        try stillServing(testbed)
    }

    @Test func upstreamFailuresGetPagesNamingWhatHappened() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        let cases: [(path: String, status: Int, words: String)] = [
            ("/_fixture/slow?seconds=10", 504, "too slow"),
            ("/_fixture/big?mb=8", 502, "too large"),
            ("/_fixture/gzip-bomb?mb=64", 502, "too large"),
            ("/_fixture/gzip-broken", 502, "Broken answer"),
            ("/_fixture/status?code=503", 502, "answered 503"),
            ("/_fixture/reset-connection", 502, "broke"),
        ]
        for test in cases {
            let response = try browser.request(test.path)
            #expect(response.status == test.status, "\(test.path) answered \(response.status)")
            #expect(response.text.contains(test.words), "\(test.path): \(response.text.prefix(300))")
            #expect(response.text.contains("limot-bar"))
        }
        try stillServing(testbed)
    }

    @Test func aPageInAnUnknownCharsetIsAClearError() throws {
        let testbed = try ProxyTestbed.get()
        let response = try testbed.browser().request("/_fixture/bytes?hex=3c703ec3&type=text%2Fhtml%3B%20charset%3Dx-no-such-charset")
        #expect(response.status == 502)
        #expect(response.text.contains("x-no-such-charset"))
        let persian = try testbed.browser().request("/_fixture/charset?cs=windows-1256&where=header")
        #expect(persian.status == 200)
        #expect(persian.text.contains("خانه"))
        try stillServing(testbed)
    }

    @Test func gracefulShutdownOnSIGTERM() throws {
        let testbed = try ProxyTestbed.get()
        let server = try LimotServe.start(["--connect-to", "www.loghatnameh.de:443:127.0.0.1:\(testbed.fixtures.port)", "--cacert", testbed.authority.caFile])
        let browser = TestBrowser(port: server.port)
        #expect(try browser.open("/").status == 200)
        #expect(server.stop() == 0)
    }

    @Test func aNonLoopbackBindNeedsAllowRemote() throws {
        let process = Process()
        process.executableURL = LimotServe.executable
        process.arguments = ["serve", "--bind", "0.0.0.0", "--port", "0"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.contains("--allow-remote"))
    }
}
