import FixtureSupport
import Foundation
import Testing

/// The hostile-input suite: one table per family of attack (SSRF, request
/// smuggling, oversized heads, slowloris, absolute-form and CONNECT, bad Host
/// headers, path traversal, HTML/JS injection). Each row is a request and
/// the answer it must get: a clear refusal (status and words), and after
/// every table the proxy still serves.
@Suite(.serialized) struct HostileInputTests {
    /// The proxy still serves the home page.
    func stillServing(_ testbed: ProxyTestbed, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let page = try testbed.browser().open("/")
        #expect(page.status == 200, sourceLocation: sourceLocation)
        #expect(page.text.contains("limot-bar"), sourceLocation: sourceLocation)
    }

    /// Every request the fixture sites received was for one of them: none
    /// for a loopback address or a name limot was not told to trust, and
    /// none whose path carries `marker` (the requests that must not arrive).
    func fixturesSawNothing(_ testbed: ProxyTestbed, marker: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for request in try testbed.fixtures.requests() {
            #expect(ProxyTestbed.siteHosts.contains(request.host), "the fixture got \(request.method) \(request.path) for \(request.host)", sourceLocation: sourceLocation)
            let path = request.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? request.path
            #expect(!path.contains(marker), "the fixture got \(request.method) \(request.path) for \(request.host)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - SSRF

    /// Hosts that name this machine or a private network, in every spelling
    /// a URL parser or a resolver accepts. `{fixture}` is the fixture's
    /// plain port: if the proxy were fooled, the request would arrive there.
    static let forbiddenHosts = [
        "127.0.0.1:{fixture}", "127.1:{fixture}", "127.0.1:{fixture}", "127.0.0.1.:{fixture}", "127.255.255.254:{fixture}",
        "0.0.0.0:{fixture}", "0:{fixture}", "[::1]:{fixture}", "[::]:{fixture}", "[0:0:0:0:0:0:0:1]:{fixture}",
        "[::ffff:127.0.0.1]:{fixture}", "[::ffff:7f00:1]:{fixture}", "[::127.0.0.1]:{fixture}", "[64:ff9b::7f00:1]:{fixture}",
        "2130706433:{fixture}", "0x7f000001:{fixture}", "0177.0.0.1:{fixture}", "0x7f.1:{fixture}", "017700000001:{fixture}", "0x7F.0.0.1:{fixture}",
        "10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.254", "192.168.0.1", "192.168.255.255",
        "169.254.169.254", "100.64.0.1", "100.127.255.254", "[fc00::1]", "[fd00:ec2::254]", "[fe80::1]", "[::ffff:10.0.0.1]",
        "224.0.0.1", "255.255.255.255", "[ff02::1]",
        "localhost:{fixture}", "LOCALHOST:{fixture}", "localhost.:{fixture}", "sub.localhost:{fixture}",
    ]

    /// Subresource paths naming those hosts, as any type: refused before
    /// any connection (4xx, never fetched).
    @Test func subresourcePathsCannotReachPrivateAddresses() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        _ = try browser.open("/")
        let marker = "hostile-ssrf-sub"
        let port = String(testbed.fixtures.plainPort)
        var rows: [(name: String, path: String)] = []
        for host in Self.forbiddenHosts.map({ $0.replacingOccurrences(of: "{fixture}", with: port) }) {
            for (type, scheme) in [("image", "http"), ("script", "https"), ("child-document", "http"), ("top-document", "http"), ("document", "https")] {
                rows.append(("\(type) \(scheme) \(host)", "/_limot/sub/\(type)/\(scheme)/\(host)/\(marker)"))
            }
        }
        // Tricks in the host segment: credentials, encoded slashes, zone ids,
        // other schemes.
        rows += [
            ("userinfo", "/_limot/sub/image/http/www.loghatnameh.de@127.0.0.1:\(port)/\(marker)"),
            ("userinfo only", "/_limot/sub/image/http/user:pw@www.loghatnameh.de/\(marker)"),
            ("encoded slash in host", "/_limot/sub/image/http/127.0.0.1%2f:\(port)/\(marker)"),
            ("encoded at in host", "/_limot/sub/image/http/www.loghatnameh.de%40127.0.0.1:\(port)/\(marker)"),
            ("backslash in host", "/_limot/sub/image/http/127.0.0.1:\(port)\\@www.loghatnameh.de/\(marker)"),
            ("zone id", "/_limot/sub/image/http/[fe80::1%25lo]:\(port)/\(marker)"),
            ("file scheme", "/_limot/sub/image/file/etc/passwd"),
            ("gopher scheme", "/_limot/sub/image/gopher/127.0.0.1:\(port)/\(marker)"),
            ("ftp scheme", "/_limot/sub/image/ftp/127.0.0.1/\(marker)"),
            ("unknown type", "/_limot/sub/nonsense/http/127.0.0.1:\(port)/\(marker)"),
            ("empty host", "/_limot/sub/image/http//\(marker)"),
            // A host the fixture serves (through --connect-to) that the
            // site's pages never use: not an open proxy, not even as a page.
            ("unused host as page", "/_limot/sub/top-document/https/fetch.test/\(marker)"),
            ("unused host as document", "/_limot/sub/document/https/fetch.test/\(marker)"),
            ("unused host as frame", "/_limot/sub/child-document/https/fetch.test/\(marker)"),
            ("unused host as image", "/_limot/sub/image/https/fetch.test/\(marker)"),
        ]
        for row in rows {
            let response = try browser.request(row.path)
            #expect((400..<500).contains(response.status), "\(row.name): \(row.path) answered \(response.status)")
        }
        try fixturesSawNothing(testbed, marker: marker)
        try stillServing(testbed)
    }

    /// The site's pages and subresources redirecting to those hosts (and to
    /// other schemes), directly or after another hop: refused with a page
    /// (403), never followed.
    @Test func redirectsCannotReachPrivateAddresses() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        _ = try browser.open("/")
        let marker = "hostile-ssrf-redirect"
        let port = String(testbed.fixtures.plainPort)
        func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }
        var targets = Self.forbiddenHosts.map { "http://\($0.replacingOccurrences(of: "{fixture}", with: port))/\(marker)" }
        targets += [
            "https://127.0.0.1:\(testbed.fixtures.port)/\(marker)",
            "http://www.loghatnameh.de@127.0.0.1:\(port)/\(marker)",
            "http://127.0.0.1:\(port)#@www.loghatnameh.de/\(marker)",
            "http://127.0.0.1:\(port)\\@www.loghatnameh.de/\(marker)",
            "file:///etc/passwd", "gopher://127.0.0.1:\(port)/_\(marker)", "dict://127.0.0.1:\(port)/\(marker)",
            "ftp://127.0.0.1/\(marker)", "data:text/html,\(marker)", "javascript:alert(1)//\(marker)",
        ]
        var rows: [(name: String, path: String, status: Int, words: String)] = []
        for target in targets {
            rows.append(("page → \(target)", "/_fixture/redirect?to=\(encoded(target))", 403, "Refused"))
        }
        for status in [301, 303, 307, 308] {
            rows.append(("page \(status) → loopback", "/_fixture/redirect?status=\(status)&to=\(encoded("http://127.0.0.1:\(port)/\(marker)"))", 403, "Refused"))
        }
        // Two hops: the site to itself, then to loopback or localhost.
        for target in ["http://127.0.0.1:\(port)/\(marker)", "http://localhost:\(port)/\(marker)"] {
            let inner = "/_fixture/redirect?to=\(encoded(target))"
            rows.append(("two hops → \(target)", "/_fixture/redirect?to=\(encoded(inner))", 403, "Refused"))
        }
        // Subresources of the site redirecting.
        for target in ["http://127.0.0.1:\(port)/\(marker)", "http://localhost:\(port)/\(marker)", "http://[::1]:\(port)/\(marker)", "http://169.254.169.254/\(marker)"] {
            rows.append(("image → \(target)", "/_limot/sub/image/https/www.loghatnameh.de/_fixture/redirect?to=\(encoded(target))", 403, "Refused"))
            rows.append(("frame → \(target)", "/_limot/sub/child-document/https/www.loghatnameh.de/_fixture/redirect?to=\(encoded(target))", 403, "Refused"))
        }
        for row in rows {
            let response = try browser.request(row.path)
            // "localhost." (an absolute name) is not in the hosts file of
            // every machine, and there is no DNS here: then it cannot even be
            // resolved (502); where it resolves, the address check refuses it.
            if row.name.contains("//localhost.:"), response.status == 502 {
                #expect(response.text.contains("could not resolve host localhost."))
                continue
            }
            #expect(response.status == row.status, "\(row.name) answered \(response.status): \(response.text.prefix(300))")
            #expect(response.text.contains(row.words), "\(row.name): \(response.text.prefix(300))")
        }
        try fixturesSawNothing(testbed, marker: marker)
        try stillServing(testbed)
    }

    // MARK: - Raw requests

    /// One request sent as raw bytes, and the answer it must get.
    struct RawRow {
        var name: String
        /// `{host}` becomes the proxy's own `127.0.0.1:PORT`, `{port}` its port.
        var raw: String
        var status: ClosedRange<Int>
        var words: [String] = []
        /// Words in the status line's reason phrase.
        var reason: String?
        /// Whether the proxy must close the connection after the answer,
        /// with nothing more (a smuggled request is never answered).
        var closes = false
    }

    func run(_ rows: [RawRow], on testbed: ProxyTestbed, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let port = testbed.proxy.port
        for row in rows {
            let raw = row.raw.replacingOccurrences(of: "{host}", with: "127.0.0.1:\(port)").replacingOccurrences(of: "{port}", with: "\(port)")
            let connection = try RawHTTPConnection(port: port, timeout: .seconds(15))
            defer { connection.close() }
            try connection.write(Array(raw.utf8))
            let response: RawHTTPResponse
            do {
                response = try connection.readResponse(isHEAD: raw.hasPrefix("HEAD "))
            } catch {
                Issue.record("\(row.name): no answer: \(error)", sourceLocation: sourceLocation)
                continue
            }
            #expect(row.status.contains(response.status), "\(row.name) answered \(response.status): \(response.text.prefix(300))", sourceLocation: sourceLocation)
            for word in row.words {
                #expect(response.text.contains(word), "\(row.name): no \"\(word)\" in \(response.text.prefix(400))", sourceLocation: sourceLocation)
            }
            if let reason = row.reason {
                #expect(response.reason.contains(reason), "\(row.name): the reason phrase is \(response.reason)", sourceLocation: sourceLocation)
            }
            #expect(!response.text.contains("<script>alert"), "\(row.name) reflected the payload", sourceLocation: sourceLocation)
            if row.closes {
                #expect(connection.isClosedByPeer(), "\(row.name): the connection was not closed, or answered again", sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: - Request smuggling

    /// Framing that two HTTP parsers could read differently. NIO's parser
    /// (llhttp, strict) refuses every ambiguous shape; limot answers 400
    /// naming why and closes, so the request hidden behind never runs.
    @Test func smugglingShapesAreRefusedAndTheConnectionClosed() throws {
        let testbed = try ProxyTestbed.get()
        let smuggled = "GET /hostile-smuggled HTTP/1.1\r\nHost: {host}\r\n\r\n"
        func post(_ headers: String, _ body: String) -> String {
            "POST /search HTTP/1.1\r\nHost: {host}\r\n\(headers)\r\n\(body)\(smuggled)"
        }
        let malformed = ["Malformed request"]
        let rows: [RawRow] = [
            RawRow(name: "CL then TE", raw: post("Content-Length: 6\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n"), status: 400...400, words: malformed + ["Transfer-Encoding"], closes: true),
            RawRow(name: "TE then CL", raw: post("Transfer-Encoding: chunked\r\nContent-Length: 6\r\n", "0\r\n\r\n"), status: 400...400, words: malformed, closes: true),
            RawRow(name: "two different lengths", raw: post("Content-Length: 5\r\nContent-Length: 48\r\n", "hello"), status: 400...400, words: malformed, closes: true),
            RawRow(name: "two equal lengths", raw: post("Content-Length: 5\r\nContent-Length: 5\r\n", "hello"), status: 400...400, words: malformed, closes: true),
            RawRow(name: "length list", raw: post("Content-Length: 5, 5\r\n", "hello"), status: 400...400, words: malformed, closes: true),
            RawRow(name: "negative length", raw: post("Content-Length: -1\r\n", ""), status: 400...400, words: malformed, closes: true),
            RawRow(name: "signed length", raw: post("Content-Length: +5\r\n", "hello"), status: 400...400, words: malformed, closes: true),
            RawRow(name: "hex length", raw: post("Content-Length: 0x5\r\n", "hello"), status: 400...400, words: malformed, closes: true),
            RawRow(name: "huge length", raw: post("Content-Length: 99999999999999999999999\r\n", ""), status: 400...400, words: malformed, closes: true),
            RawRow(name: "chunked, identity", raw: post("Transfer-Encoding: chunked, identity\r\n", "0\r\n\r\n"), status: 400...400, words: malformed, closes: true),
            RawRow(name: "identity only", raw: post("Transfer-Encoding: identity\r\n", "0\r\n\r\n"), status: 400...400, words: malformed, closes: true),
            RawRow(name: "GET with identity", raw: "GET /_limot/stats HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: identity\r\n\r\n" + smuggled, status: 400...400, words: malformed, closes: true),
            RawRow(name: "gzip, chunked", raw: post("Transfer-Encoding: gzip, chunked\r\n", "0\r\n\r\n"), status: 400...400, words: malformed, closes: true),
            RawRow(name: "unknown coding", raw: post("Transfer-Encoding: xchunked\r\n", "0\r\n\r\n"), status: 400...400, words: malformed, closes: true),
            RawRow(name: "chunked twice", raw: post("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n"), status: 400...400, words: malformed, closes: true),
            RawRow(name: "space before colon", raw: post("Transfer-Encoding : chunked\r\n", "0\r\n\r\n"), status: 400...400, words: malformed, closes: true),
            RawRow(name: "vertical tab", raw: post("Transfer-Encoding:\u{0B}chunked\r\n", "0\r\n\r\n"), status: 400...400, words: malformed, closes: true),
            RawRow(name: "obs-fold of TE", raw: post("Transfer-Encoding: identity\r\n chunked\r\n", "0\r\n\r\n"), status: 400...400, words: malformed, closes: true),
            RawRow(name: "obs-fold", raw: "GET /_limot/stats HTTP/1.1\r\nHost: {host}\r\nX-Folded: a\r\n b\r\n\r\n" + smuggled, status: 400...400, words: malformed, closes: true),
            RawRow(name: "bare LF", raw: "GET /_limot/stats HTTP/1.1\nHost: {host}\n\n" + smuggled, status: 400...400, words: malformed, closes: true),
            RawRow(name: "bare CR", raw: "GET /_limot/stats HTTP/1.1\rHost: {host}\r\r" + smuggled, status: 400...400, words: malformed, closes: true),
            RawRow(name: "NUL in a header", raw: "GET /_limot/stats HTTP/1.1\r\nHost: {host}\r\nX-A: a\u{0}b\r\n\r\n" + smuggled, status: 400...400, words: malformed, closes: true),
            RawRow(name: "lower-case method", raw: "get /_limot/stats HTTP/1.1\r\nHost: {host}\r\n\r\n" + smuggled, status: 400...400, words: malformed, closes: true),
            RawRow(name: "HTTP/0.9", raw: "GET /\r\n\r\n" + smuggled, status: 400...400, words: malformed, closes: true),
            RawRow(name: "HTTP/2 preface", raw: "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + smuggled, status: 400...400, closes: true),
            RawRow(name: "HTTP/3.0", raw: "GET / HTTP/3.0\r\nHost: {host}\r\n\r\n" + smuggled, status: 400...400, words: malformed, closes: true),
            RawRow(name: "trailing words", raw: "GET / HTTP/1.1 x\r\nHost: {host}\r\n\r\n" + smuggled, status: 400...400, words: malformed, closes: true),
            // Bad chunks: the body breaks off, so the form is not sent at all.
            RawRow(name: "chunk size not hex", raw: post("Transfer-Encoding: chunked\r\n", "zz\r\nhello\r\n0\r\n\r\n"), status: 400...400, closes: true),
            RawRow(name: "chunk size overflow", raw: post("Transfer-Encoding: chunked\r\n", "fffffffffffffffffff\r\nhello\r\n0\r\n\r\n"), status: 400...400, closes: true),
            RawRow(name: "negative chunk", raw: post("Transfer-Encoding: chunked\r\n", "-5\r\nhello\r\n0\r\n\r\n"), status: 400...400, closes: true),
            RawRow(name: "chunk longer than said", raw: post("Transfer-Encoding: chunked\r\n", "3\r\nhello\r\n0\r\n\r\n"), status: 400...400, closes: true),
        ]
        try run(rows, on: testbed)
        try fixturesSawNothing(testbed, marker: "hostile-smuggled")
        try stillServing(testbed)
    }

    /// A body followed by more bytes than Content-Length says: they are the
    /// next request on the connection (pipelining, framed by the length
    /// alone), never part of the form sent upstream; garbage there is a
    /// malformed request of its own.
    @Test func contentLengthAloneFramesTheBody() throws {
        let testbed = try ProxyTestbed.get()
        let port = testbed.proxy.port
        let marker = "hostile-framing-\(UUID().uuidString.prefix(8))"
        let connection = try RawHTTPConnection(port: port, timeout: .seconds(15))
        defer { connection.close() }
        try connection.write(
            "POST /_fixture/echo?\(marker) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\n\r\n"
                + "q=abcGET /_fixture/echo?\(marker)-second HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
                + "XYZ garbage\r\n\r\n")
        let first = try connection.readResponse()
        #expect(first.status == 200)
        let second = try connection.readResponse()
        #expect(second.status == 200, "the pipelined request is a request of its own")
        let third = try connection.readResponse()
        #expect(third.status == 400)
        #expect(third.text.contains("Malformed request"))
        #expect(connection.isClosedByPeer())
        let seen = try testbed.fixtures.requests().filter { $0.path.contains(marker) }
        #expect(seen.map(\.method) == ["POST", "GET"])
        #expect(seen.first?.body == "q=abc", "the form sent upstream is exactly the stated length")
        try stillServing(testbed)
    }

    // MARK: - Oversized requests

    @Test func oversizedHeadsAreRefusedWith431() throws {
        let testbed = try ProxyTestbed.get()
        let big = String(repeating: "a", count: 17 << 10)
        let tooLarge = ["Request too large", "16 KiB"]
        var manyHeaders = ""
        for index in 0..<201 { manyHeaders += "X-Many-\(index): \(index)\r\n" }
        var heavyHeaders = ""
        for index in 0..<5 { heavyHeaders += "X-Heavy-\(index): \(String(repeating: "h", count: 15 << 10))\r\n" }
        var fineHeaders = ""
        for index in 0..<150 { fineHeaders += "X-Fine-\(index): \(index)\r\n" }
        let rows: [RawRow] = [
            RawRow(name: "one huge header", raw: "GET / HTTP/1.1\r\nHost: {host}\r\nX-Big: \(big)\r\n\r\n", status: 431...431, words: tooLarge, closes: true),
            RawRow(name: "huge header name", raw: "GET / HTTP/1.1\r\nHost: {host}\r\nX-\(big): 1\r\n\r\n", status: 431...431, words: tooLarge, closes: true),
            RawRow(name: "huge cookie", raw: "GET / HTTP/1.1\r\nHost: {host}\r\nCookie: a=\(big)\r\n\r\n", status: 431...431, words: tooLarge, closes: true),
            RawRow(name: "201 headers", raw: "GET / HTTP/1.1\r\nHost: {host}\r\n\(manyHeaders)\r\n", status: 431...431, words: tooLarge, closes: true),
            RawRow(name: "75 KiB of headers", raw: "GET / HTTP/1.1\r\nHost: {host}\r\n\(heavyHeaders)\r\n", status: 431...431, words: tooLarge, closes: true),
            RawRow(name: "huge path", raw: "GET /\(big) HTTP/1.1\r\nHost: {host}\r\n\r\n", status: 431...431, words: tooLarge, closes: true),
            RawRow(name: "huge query", raw: "GET /search?q=\(big) HTTP/1.1\r\nHost: {host}\r\n\r\n", status: 431...431, words: tooLarge, closes: true),
            RawRow(name: "huge subresource path", raw: "GET /_limot/sub/image/https/www.loghatnameh.de/\(big) HTTP/1.1\r\nHost: {host}\r\n\r\n", status: 431...431, words: tooLarge, closes: true),
            RawRow(name: "after a good request", raw: "GET /_limot/stats HTTP/1.1\r\nHost: {host}\r\n\r\nGET / HTTP/1.1\r\nHost: {host}\r\nX-Big: \(big)\r\n\r\n", status: 200...200),
            RawRow(name: "200 KiB header", raw: "GET / HTTP/1.1\r\nHost: {host}\r\nX-Big: \(String(repeating: "b", count: 200 << 10))\r\n\r\n", status: 431...431, words: tooLarge, closes: true),
            // Within the limits: served.
            RawRow(name: "15 KiB header", raw: "GET /_limot/stats HTTP/1.1\r\nHost: {host}\r\nX-Big: \(String(repeating: "a", count: 15 << 10))\r\nConnection: close\r\n\r\n", status: 200...200),
            RawRow(name: "150 headers", raw: "GET /_limot/stats HTTP/1.1\r\nHost: {host}\r\n\(fineHeaders)Connection: close\r\n\r\n", status: 200...200),
        ]
        try run(rows, on: testbed)
        // The form limit (1 MiB): refused whether the length is announced or not.
        let body = String(repeating: "q", count: (1 << 20) + 10)
        let chunked = String(format: "%x", body.utf8.count) + "\r\n" + body + "\r\n0\r\n\r\n"
        try run([
            RawRow(name: "form over 1 MiB", raw: "POST /search HTTP/1.1\r\nHost: {host}\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)", status: 413...413, words: ["Form too large"]),
            RawRow(name: "chunked form over 1 MiB", raw: "POST /search HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n\(chunked)", status: 413...413, words: ["Form too large"]),
        ], on: testbed)
        try stillServing(testbed)
    }
}
