import FixtureSupport
import Foundation
import Testing

/// The hostile-input suite, second half: slow clients, absolute-form and
/// CONNECT, Host headers, path traversal, injection, upstream failures and
/// the process's lifecycle.
extension HostileInputTests {
    // MARK: - Slowloris

    /// Sixty connections that send nothing, half a head, or a head byte by
    /// byte: other browsers are served at once all the same.
    @Test func slowClientsDoNotStopOthers() throws {
        let testbed = try ProxyTestbed.get()
        let port = testbed.proxy.port
        var slow: [RawHTTPConnection] = []
        defer { slow.forEach { $0.close() } }
        for index in 0..<60 {
            let connection = try RawHTTPConnection(port: port, timeout: .seconds(30))
            switch index % 3 {
            case 0: break
            case 1: try connection.write("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
            default: try connection.write("GET / HTTP/1.1\r\nHo")
            }
            slow.append(connection)
        }
        let started = ContinuousClock.now
        for round in 0..<5 {
            // Dribble one more byte on every third connection between requests.
            for connection in slow.enumerated().filter({ $0.offset % 3 == 2 }).map(\.element) {
                try connection.write(round % 2 == 0 ? "s" : "t")
            }
            try stillServing(testbed)
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < .seconds(10), "five pages took \(elapsed) beside 60 slow clients")
    }

    /// With `--idle-timeout 1`, connections that send nothing, stop halfway
    /// through a head, dribble a head or a body a byte at a time, or stay
    /// idle after an answer are closed after about a second; the server goes
    /// on serving.
    @Test func idleAndIncompleteConnectionsAreClosed() throws {
        let testbed = try ProxyTestbed.get()
        let server = try LimotServe.start([
            "--idle-timeout", "1",
            "--connect-to", "www.loghatnameh.de:443:127.0.0.1:\(testbed.fixtures.port)", "--cacert", testbed.authority.caFile,
        ])
        let port = server.port
        let started = ContinuousClock.now
        let silent = try RawHTTPConnection(port: port, timeout: .seconds(10))
        let halfHead = try RawHTTPConnection(port: port, timeout: .seconds(10))
        try halfHead.write("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
        let keptAlive = try RawHTTPConnection(port: port, timeout: .seconds(10))
        try keptAlive.write("GET /_limot/stats HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        #expect(try keptAlive.readResponse().status == 200)
        defer { [silent, halfHead, keptAlive].forEach { $0.close() } }

        /// Sends `bytes` one every 200 ms (always some traffic, never a whole
        /// request) until the server closes; how long that took.
        func dribble(_ prefix: String, _ bytes: String) throws -> Duration? {
            let connection = try RawHTTPConnection(port: port, timeout: .seconds(10))
            defer { connection.close() }
            let start = ContinuousClock.now
            try connection.write(prefix)
            for byte in Array(bytes.utf8) {
                do { try connection.write([byte]) } catch { return ContinuousClock.now - start }
                Thread.sleep(forTimeInterval: 0.2)
                if ContinuousClock.now - start > .seconds(5) { break }
            }
            return nil
        }
        let slowHead = try dribble("", "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Slow: \(String(repeating: "z", count: 100))")
        #expect(slowHead != nil && slowHead! < .seconds(4), "a dribbled head kept its connection for \(String(describing: slowHead))")
        let slowBody = try dribble("POST /search HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 200\r\n\r\n", "q=" + String(repeating: "z", count: 198))
        #expect(slowBody != nil && slowBody! < .seconds(4), "a dribbled body kept its connection for \(String(describing: slowBody))")
        for (name, connection) in [("silent", silent), ("half a head", halfHead), ("kept alive", keptAlive)] {
            #expect(connection.isClosedByPeer(), "the \(name) connection was not closed")
        }
        #expect(ContinuousClock.now - started < .seconds(9))
        #expect(try TestBrowser(port: port).open("/").status == 200)
        #expect(server.stop() == 0)
    }

    // MARK: - Absolute-form, CONNECT, Host

    @Test func absoluteFormAndConnectAreRefused() throws {
        let testbed = try ProxyTestbed.get()
        let openProxy = ["Not an open proxy"]
        let rows: [RawRow] = [
            RawRow(name: "absolute-form", raw: "GET http://evil.example/ HTTP/1.1\r\nHost: {host}\r\n\r\n", status: 400...400, words: openProxy, closes: true),
            RawRow(name: "absolute-form, own address", raw: "GET http://{host}/ HTTP/1.1\r\nHost: {host}\r\n\r\n", status: 400...400, words: openProxy, closes: true),
            RawRow(name: "absolute-form, the site", raw: "GET https://www.loghatnameh.de/ HTTP/1.1\r\nHost: {host}\r\n\r\n", status: 400...400, words: openProxy, closes: true),
            RawRow(name: "absolute-form, loopback", raw: "GET http://127.0.0.1:22/ HTTP/1.1\r\nHost: {host}\r\n\r\n", status: 400...400, words: openProxy, closes: true),
            RawRow(name: "absolute-form without path", raw: "GET http://evil.example HTTP/1.1\r\nHost: {host}\r\n\r\n", status: 400...400, words: openProxy, closes: true),
            RawRow(name: "absolute-form POST", raw: "POST http://evil.example/x HTTP/1.1\r\nHost: {host}\r\nContent-Length: 3\r\n\r\nq=1", status: 400...400, words: openProxy, closes: true),
            RawRow(name: "absolute-form then a request", raw: "GET http://evil.example/ HTTP/1.1\r\nHost: {host}\r\n\r\nGET /hostile-after-absolute HTTP/1.1\r\nHost: {host}\r\n\r\n", status: 400...400, words: openProxy, closes: true),
            RawRow(name: "asterisk-form", raw: "OPTIONS * HTTP/1.1\r\nHost: {host}\r\n\r\n", status: 400...400, words: openProxy, closes: true),
            RawRow(name: "GET asterisk", raw: "GET * HTTP/1.1\r\nHost: {host}\r\n\r\n", status: 400...400, closes: true),
            RawRow(name: "authority-form GET", raw: "GET evil.example:443 HTTP/1.1\r\nHost: {host}\r\n\r\n", status: 400...400, closes: true),
            RawRow(name: "the marker path itself", raw: "GET /_limot/refused/too-large HTTP/1.1\r\nHost: {host}\r\n\r\n", status: 400...400, words: openProxy, closes: true),
            RawRow(name: "CONNECT", raw: "CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n", status: 405...405, reason: "not an open proxy", closes: true),
            RawRow(name: "CONNECT loopback", raw: "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\nSSH-2.0-x\r\n", status: 405...405, closes: true),
            RawRow(name: "CONNECT then TLS", raw: "CONNECT www.loghatnameh.de:443 HTTP/1.1\r\nHost: {host}\r\n\r\n\u{16}\u{03}\u{01}\u{00}\u{05}hello", status: 405...405, closes: true),
            RawRow(name: "CONNECT then a request", raw: "CONNECT evil.example:443 HTTP/1.1\r\nHost: {host}\r\n\r\nGET /hostile-after-connect HTTP/1.1\r\nHost: {host}\r\n\r\n", status: 405...405, closes: true),
        ]
        try run(rows, on: testbed)
        try fixturesSawNothing(testbed, marker: "hostile-after-")
        try stillServing(testbed)
    }

    /// The Host header must name the proxy itself: its loopback addresses
    /// with its own port (or none, as an HTTP/1.0 client may send), so that
    /// a web page under another name (DNS rebinding) cannot read it.
    @Test func hostHeadersMustNameTheProxy() throws {
        let testbed = try ProxyTestbed.get()
        let port = testbed.proxy.port
        func get(_ hostLines: String, version: String = "HTTP/1.1") -> String {
            "GET /_limot/stats \(version)\r\n\(hostLines)Connection: close\r\n\r\n"
        }
        let stats = ["Blocked by limot"]
        let rebinding = ["Unknown host name"]
        var rows: [RawRow] = []
        // Accepted: the proxy's own names.
        for host in ["127.0.0.1:{port}", "localhost:{port}", "LOCALHOST:{port}", "LocalHost:{port}", "[::1]:{port}", "127.0.0.1", "localhost"] {
            rows.append(RawRow(name: "own name \(host)", raw: get("Host: \(host)\r\n"), status: 200...200, words: stats))
        }
        // Another name, or another port: 421.
        for host in ["evil.example:{port}", "evil.example", "127.0.0.1.nip.io:{port}", "localhost.:{port}", "127.0.0.1.:{port}", "127.1:{port}",
                     "2130706433:{port}", "0x7f000001:{port}", "[::ffff:127.0.0.1]:{port}", "10.0.0.1:{port}", "www.loghatnameh.de", "localhost.evil.example:{port}"] {
            rows.append(RawRow(name: "other name \(host)", raw: get("Host: \(host)\r\n"), status: 421...421, words: rebinding))
        }
        for host in ["127.0.0.1:\(port + 1)", "localhost:80", "[::1]:443"] {
            rows.append(RawRow(name: "other port \(host)", raw: get("Host: \(host)\r\n"), status: 421...421, words: ["Wrong port"]))
        }
        // Malformed: 400.
        for host in ["user@127.0.0.1:{port}", "127.0.0.1:{port}/x", "127.0.0.1:{port}?x", "127.0.0.1:{port}#x", "127.0.0.1:abc", "127.0.0.1:0",
                     "127.0.0.1:99999", "127.0.0.1:{port}:{port}", "[::1", "[::1]x", "127.0.0.1 :{port}", "\"><script>alert(1)</script>", "exa mple"] {
            rows.append(RawRow(name: "malformed \(host)", raw: get("Host: \(host)\r\n"), status: 400...400, words: ["Host"]))
        }
        rows += [
            RawRow(name: "empty Host", raw: get("Host: \r\n"), status: 400...400, words: ["Missing Host"]),
            RawRow(name: "no Host", raw: get(""), status: 400...400, words: ["Missing Host"]),
            RawRow(name: "no Host, HTTP/1.0", raw: get("", version: "HTTP/1.0"), status: 400...400, words: ["Missing Host"]),
            RawRow(name: "two Hosts, evil second", raw: get("Host: {host}\r\nHost: evil.example:{port}\r\n"), status: 400...400, words: ["Bad Host header"], closes: true),
            RawRow(name: "two Hosts, evil first", raw: get("Host: evil.example:{port}\r\nHost: {host}\r\n"), status: 400...400, words: ["Bad Host header"], closes: true),
            RawRow(name: "two equal Hosts", raw: get("Host: {host}\r\nHost: {host}\r\n"), status: 400...400, words: ["Bad Host header"], closes: true),
            RawRow(name: "two Hosts, other case", raw: get("Host: {host}\r\nhOST: evil.example\r\n"), status: 400...400, words: ["Bad Host header"], closes: true),
        ]
        try run(rows, on: testbed)
        try stillServing(testbed)
    }

    // MARK: - Path traversal

    /// Dot segments, encoded and doubly encoded, backslashes and NUL bytes in
    /// the proxy's own paths and in proxied ones: no local file is ever read
    /// (limot serves none but its two style sheets, by exact name), and a
    /// proxied path stays on the host it names.
    @Test func pathTraversalReadsNoFileAndReachesNoOtherHost() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        _ = try browser.open("/")
        let fixture = testbed.fixtures.plainPort
        let marker = "hostile-traversal"
        let paths = [
            "/_limot/static/../../etc/passwd", "/_limot/static/..%2f..%2fetc%2fpasswd", "/_limot/static/%2e%2e/%2e%2e/etc/passwd",
            "/_limot/static/%252e%252e/%252e%252e/etc/passwd", "/_limot/static/..\\..\\etc\\passwd", "/_limot/static/%c0%ae%c0%ae/etc/passwd",
            "/_limot/static/bar.css%00.txt", "/_limot/static/", "/_limot/static/../../../../../../proc/self/environ",
            "/_limot/../etc/passwd", "/_limot/%2e%2e/etc/passwd", "/_limot/./static/../../etc/passwd", "/_limot/doc/../../etc/passwd",
            "/../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2f..%2fetc%2fpasswd", "/..\\..\\etc\\passwd", "/%2e%2e%5c%2e%2e%5cetc%5cpasswd",
            "/index.html%00.jpg", "/%00", "/%252e%252e/%252e%252e/etc/passwd",
            "/_limot/sub/image/https/www.loghatnameh.de/../../x",
            "/_limot/sub/image/https/www.loghatnameh.de/img/../../../../etc/passwd",
            "/_limot/sub/image/https/www.loghatnameh.de/..%2f..%2f127.0.0.1:\(fixture)/x",
            "/_limot/sub/image/https/www.loghatnameh.de%2f..%2f127.0.0.1:\(fixture)/\(marker)-3",
            "/_limot/sub/image/https/www.loghatnameh.de\\..\\127.0.0.1:\(fixture)/\(marker)-4",
            "/_limot/sub/image/http/127.0.0.1:\(fixture)/../www.loghatnameh.de/\(marker)-5",
            "/_limot/sub/../sub/image/http/127.0.0.1:\(fixture)/\(marker)-6",
            "/_limot/sub/image/https/www.loghatnameh.de/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
            "/_limot/sub/image/https/www.loghatnameh.de/%00/x",
            "/_limot/sub/style-sheet/https/www.loghatnameh.de/..;/..;/etc/passwd",
            "/_limot/doc/_limot/../../etc/passwd",
        ]
        for path in paths {
            let response = try browser.request(path)
            #expect((400..<500).contains(response.status), "\(path) answered \(response.status)")
            #expect(!response.text.contains("root:x:0:0") && !response.text.contains("PATH="), "\(path) read a local file")
        }
        try fixturesSawNothing(testbed, marker: marker)
        try stillServing(testbed)
    }

    // MARK: - HTML and JavaScript injection

    static let payloads = [#""><script>alert(1)</script>"#, #"'><img src=x onerror=alert(2)>"#, "javascript:alert(3)//<svg/onload=alert(4)>"]

    /// Whether `text` has one of the payloads as markup anywhere.
    static func reflects(_ text: String) -> Bool {
        ["<script>alert", "<img src=x", "<svg/onload"].contains { text.contains($0) }
    }

    /// Addresses and values shown in the bar (the search field) and on
    /// limot's own pages (refusals, upstream failures, the site's 404 under
    /// the bar) come out escaped; never as markup.
    @Test func injectedMarkupIsEscapedEverywhere() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        _ = try browser.open("/")
        let fixture = testbed.fixtures.plainPort
        func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }
        for payload in Self.payloads {
            let rows: [(name: String, path: String, status: ClosedRange<Int>)] = [
                ("search field", "/search?q=\(encoded(payload))", 200...200),
                ("bar's search", "/_limot/search?q=\(encoded(payload))", 200...200),
                ("site's 404, path", "/no-such-page/\(encoded(payload))", 404...404),
                ("site's 404, query", "/no-such-page?x=\(encoded(payload))&q=\(encoded(payload))", 404...404),
                ("unknown theme", "/_limot/theme?set=\(encoded(payload))", 400...400),
                ("refused redirect", "/_fixture/redirect?to=\(encoded("http://127.0.0.1:\(fixture)/\(payload)"))", 403...403),
                ("refused scheme", "/_fixture/redirect?to=\(encoded("javascript:\(payload)"))", 403...403),
                ("refused page host", "/_limot/sub/top-document/https/fetch.test/\(encoded(payload))", 403...403),
                ("upstream failure", "/_fixture/status?code=503&x=\(encoded(payload))", 502...502),
                ("charset named by the payload", "/_fixture/bytes?hex=3c703e&type=\(encoded("text/html; charset=\(payload)"))", 200...502),
                ("frame refused", "/_limot/sub/child-document/https/www.loghatnameh.de/_fixture/redirect?to=\(encoded("http://[::1]/\(payload)"))", 403...403),
                ("no such route", "/_limot/\(encoded(payload))", 404...404),
            ]
            for row in rows {
                let response = try browser.open(row.path)
                #expect(row.status.contains(response.status), "\(row.name) answered \(response.status)")
                #expect(!Self.reflects(response.text), "\(row.name): \(payload) came out as markup")
                if response.header("Content-Type")?.hasPrefix("text/html") == true {
                    #expect(response.header("Content-Security-Policy")?.contains("script-src 'self' 'nonce-") == true, "\(row.name) has no CSP")
                }
            }
            // The search field shows the word, escaped.
            let search = try browser.open("/search?q=\(encoded(payload))")
            #expect(search.text.contains(#"value="\#(escape(payload))""#), "the bar's field: \(search.text.suffix(1200))")
        }
        // Raw bytes in the request target and headers, not percent-encoded.
        try run([
            RawRow(name: "raw quote and angle brackets", raw: "GET /x\"><script>alert(1)</script> HTTP/1.1\r\nHost: {host}\r\n\r\n", status: 400...404),
            RawRow(name: "raw quote in query", raw: "GET /search?q=\"><script>alert(1)</script> HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n", status: 200...400),
            RawRow(name: "theme cookie", raw: "GET /_limot/stats HTTP/1.1\r\nHost: {host}\r\nCookie: limot_theme=\"><script>alert(1)</script>\r\nConnection: close\r\n\r\n", status: 200...200),
            RawRow(name: "session cookie", raw: "GET /_limot/stats HTTP/1.1\r\nHost: {host}\r\nCookie: limot_session=\"><script>alert(1)</script>\r\nConnection: close\r\n\r\n", status: 200...200),
        ], on: testbed)
        try stillServing(testbed)
    }

    func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }

    /// The theme toggle's `return=` goes back to a path on the proxy, never
    /// to another origin, however it is spelled.
    @Test func themeReturnCannotLeaveTheProxy() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        let returns = [
            "//evil.example/", "/\\evil.example/", "\\\\evil.example/", "/\t/evil.example/", "/\n/evil.example/", "/\r/evil.example/",
            "\t//evil.example/", " //evil.example/", "/\u{0B}/evil.example/", "/\u{0C}/evil.example/", "/\u{0}/evil.example/", "/\u{85}/evil.example/",
            "/\u{3000}/evil.example/", "https://evil.example/", "http:evil.example", "http:/\\evil.example", "javascript:alert(1)",
            "data:text/html,<script>alert(1)</script>", "/%2F/evil.example/", "/%5Cevil.example/", "/\r\nSet-Cookie: hostile=1", "evil.example",
        ]
        for value in returns {
            let response = try browser.request("/_limot/theme?set=dark&return=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
            #expect(response.status == 303)
            let location = response.header("Location") ?? ""
            // What a browser makes of it: tabs and newlines removed, leading
            // C0 controls and spaces trimmed, backslash read as slash.
            let read = String(location.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
                .drop { $0.unicodeScalars.first!.value <= 0x20 }.replacingOccurrences(of: "\\", with: "/")
            #expect(read.hasPrefix("/") && !read.hasPrefix("//"), "return=\(value.debugDescription) sent the browser to \(location.debugDescription)")
            #expect(response.header("Set-Cookie")?.contains("hostile") != true)
        }
        #expect(try browser.request("/_limot/theme?set=dark&return=%2Fsearch%3Fq%3DHaus").header("Location") == "/search?q=Haus")
        try stillServing(testbed)
    }

    // MARK: - Upstream failures

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

    // MARK: - Lifecycle

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
