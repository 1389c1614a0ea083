import CCurl
import Foundation
import HTTPTypes
@testable import Fetch
import Testing
import WebURL

/// The pure parts, without a network: error wording, redirect state,
/// address classification, header handling.
@Suite struct CurlFailureTests {
    private func failure(_ code: CURLcode, text: String = "", errno: Int32 = 0, connected: Bool = false, mappedTo: String? = nil) -> CurlFailure {
        CurlFailure(
            code: code, errorText: text, abort: nil, refusedAddress: nil, osErrno: errno, lastAddress: "127.0.0.1:9",
            host: "www.loghatnameh.de", port: 80, mappedTo: mappedTo, connected: connected, contentEncoding: "gzip",
            caCertificateFile: nil, limits: FetchLimits())
    }

    @Test func messagesSayWhatHappened() {
        let url = "http://www.loghatnameh.de/"
        #expect(failure(CURLE_COULDNT_RESOLVE_HOST).error(url: url).message == "could not resolve host www.loghatnameh.de")
        #expect(failure(CURLE_COULDNT_CONNECT, errno: ECONNREFUSED).error(url: url).message == "connection refused by 127.0.0.1:9")
        #expect(failure(CURLE_OPERATION_TIMEDOUT, connected: true).error(url: url).message == "timed out after 30 s waiting for 127.0.0.1:9")
        #expect(failure(CURLE_OPERATION_TIMEDOUT).error(url: url).kind == .connectTimedOut)
        #expect(failure(CURLE_OPERATION_TIMEDOUT, text: "Resolving timed out after 10000 milliseconds").error(url: url).kind == .couldNotResolve)
        #expect(failure(CURLE_PEER_FAILED_VERIFICATION, text: "SSL certificate problem: self-signed certificate").error(url: url).message
            == "certificate not trusted: self-signed certificate (for www.loghatnameh.de)")
        #expect(failure(CURLE_BAD_CONTENT_ENCODING, text: "Error while processing content unencoding: invalid block type").error(url: url).message
            == "broken gzip data: invalid block type")
        #expect(failure(CURLE_FILESIZE_EXCEEDED).error(url: url).message == "response body larger than 16 MiB")
        #expect(failure(CURLE_GOT_NOTHING, mappedTo: "127.0.0.1:8080").error(url: url).message
            == "www.loghatnameh.de:80 (mapped to 127.0.0.1:8080) closed the connection without answering")
    }

    @Test func clientAbortsAndRefusalsComeFirst() {
        var bodyFailure = failure(CURLE_WRITE_ERROR)
        bodyFailure.abort = .bodyTooLarge
        #expect(bodyFailure.error(url: "u").kind == .bodyTooLarge)
        var refused = failure(CURLE_COULDNT_CONNECT)
        refused.refusedAddress = ("127.0.0.1", "a loopback address")
        #expect(refused.error(url: "u").message == "refused to connect to www.loghatnameh.de (127.0.0.1): a loopback address; pages may only reach public addresses")
    }

    @Test func sizesAndDurationsReadLikeLimits() {
        #expect(ByteCount.text(16 << 20) == "16 MiB")
        #expect(ByteCount.text(64 << 10) == "64 KiB")
        #expect(ByteCount.text(1000) == "1000 bytes")
        #expect(DurationText.text(.seconds(30)) == "30 s")
        #expect(DurationText.text(.milliseconds(1500)) == "1.5 s")
        #expect(DurationText.text(.milliseconds(250)) == "250 ms")
    }
}

@Suite struct RedirectStateTests {
    private let start = FetchRequest(
        url: try! WebURL("http://www.loghatnameh.de/form"), method: "POST",
        headers: [.contentType: "text/plain", .cookie: "s=1", .accept: "*/*"],
        body: [1, 2, 3])

    @Test func finalAnswersEndTheChain() throws {
        var state = RedirectState(request: start, maxRedirects: 5)
        #expect(try state.next(status: 200, location: "/x", policy: nil) == nil)
        #expect(try state.next(status: 304, location: "/x", policy: nil) == nil)
        #expect(try state.next(status: 302, location: nil, policy: nil) == nil)
        #expect(state.visited.isEmpty)
    }

    @Test func seeOtherTurnsPostIntoGet() throws {
        var state = RedirectState(request: start, maxRedirects: 5)
        let next = try #require(try state.next(status: 303, location: "done?x=1", policy: nil))
        #expect(next.url == (try WebURL("http://www.loghatnameh.de/done?x=1")))
        #expect(next.method == "GET")
        #expect(next.body == nil)
        #expect(next.headers.map(\.description) == ["Cookie: s=1", "Accept: */*"])
        #expect(state.visited == [start.url])
    }

    @Test func temporaryRedirectKeepsEverythingButCrossOriginCredentials() throws {
        var state = RedirectState(request: start, maxRedirects: 5)
        let next = try #require(try state.next(status: 307, location: "https://other.example/form", policy: nil))
        #expect(next.method == "POST")
        #expect(next.body == [1, 2, 3])
        #expect(next.headers.map(\.description) == ["Content-Type: text/plain", "Accept: */*"])
    }

    @Test func invalidLocationIsReported() {
        var state = RedirectState(request: start, maxRedirects: 5)
        #expect(throws: FetchError.self) { try state.next(status: 302, location: "http://[1::2::3]/", policy: nil) }
    }

    /// The kind and message of the error `next` throws, nil when it throws none.
    private func failure(_ state: inout RedirectState, _ status: Int, _ location: String) -> FetchError? {
        do throws(FetchError) {
            _ = try state.next(status: status, location: location, policy: nil)
            return nil
        } catch {
            return error
        }
    }

    @Test func aRedirectBackToAnEarlierHopIsACycleNamedByItsURL() throws {
        var state = RedirectState(request: FetchRequest(url: try WebURL("http://www.loghatnameh.de/a")), maxRedirects: 50)
        #expect(failure(&state, 302, "/b") == nil)
        #expect(failure(&state, 302, "/c#top") == nil)
        let error = try #require(failure(&state, 301, "/b#again"))
        #expect(error.kind == .redirectCycle)
        #expect(error.url == "http://www.loghatnameh.de/b#again")
        #expect(error.message == "the site redirects in a circle: http://www.loghatnameh.de/a → http://www.loghatnameh.de/b"
                + " → http://www.loghatnameh.de/c#top → http://www.loghatnameh.de/b#again")
    }

    @Test func aRedirectToItselfIsACycleBeforeTheLimit() throws {
        var state = RedirectState(request: FetchRequest(url: try WebURL("http://www.loghatnameh.de/a#x")), maxRedirects: 1)
        #expect(failure(&state, 307, "/a")?.kind == .redirectCycle, "the fragment is never sent: the same request")
    }

    @Test func postRedirectGetToTheSameAddressIsNoCycleButItsRepeatIs() throws {
        var state = RedirectState(request: start, maxRedirects: 5)
        let get = try #require(try state.next(status: 303, location: start.url.serialization, policy: nil))
        #expect(get.method == "GET" && get.url == start.url, "the GET differs from the POST")
        #expect(failure(&state, 302, start.url.serialization)?.kind == .redirectCycle)
    }

    @Test func aTemporaryRedirectKeepingThePostIsTheSameRequestAgain() {
        var state = RedirectState(request: start, maxRedirects: 5)
        #expect(failure(&state, 307, "form")?.kind == .redirectCycle)
        var other = RedirectState(request: start, maxRedirects: 5)
        #expect(failure(&other, 307, "form?step=2") == nil)
        #expect(failure(&other, 308, "form")?.kind == .redirectCycle, "the same method and body as the first")
    }
}

@Suite struct AddressClassificationTests {
    @Test(arguments: [
        ("127.0.0.1", "a loopback address"), ("::1", "a loopback address"), ("::ffff:127.0.0.1", "a loopback address"),
        ("0.0.0.0", "an unspecified address"), ("::", "an unspecified address"),
        ("10.1.2.3", "a private or link-local address"), ("172.16.0.1", "a private or link-local address"),
        ("169.254.169.254", "a private or link-local address"), ("fe80::1", "a private or link-local address"),
        ("100.64.0.1", "a private or link-local address"), ("fc00::1", "a private or link-local address"),
        ("224.0.0.251", "a multicast address"), ("ff02::1", "a multicast address"),
        ("255.255.255.255", "a reserved or broadcast address"), ("240.0.0.1", "a reserved or broadcast address"),
    ])
    func nonPublic(address: String, kind: String) throws {
        #expect(AddressPolicy.nonPublicKind(of: try #require(IPAddress(address))) == kind)
    }

    @Test(arguments: ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "172.32.0.1", "8.8.8.8"])
    func publicAddresses(address: String) throws {
        #expect(AddressPolicy.nonPublicKind(of: try #require(IPAddress(address))) == nil)
        #expect(AddressPolicy(refusesPrivateAddresses: true).refusal(of: try #require(IPAddress(address))) == nil)
    }

    @Test func mappingTrustsOnlyItsTarget() throws {
        let mapped = AddressPolicy(refusesPrivateAddresses: true, trustedTarget: AddressPolicy.trust(forTarget: "127.0.0.1"))
        #expect(mapped.refusal(of: try #require(IPAddress("127.0.0.1"))) == nil)
        #expect(mapped.refusal(of: try #require(IPAddress("127.0.0.2"))) == "a loopback address")
        #expect(mapped.refusal(of: try #require(IPAddress("10.0.0.1"))) != nil)
        #expect(AddressPolicy.trust(forTarget: "[::1]") == .address(try #require(IPAddress("::1"))))
        #expect(AddressPolicy.trust(forTarget: "localhost") == .anyAddress)
    }

    @Test func policyOffRefusesNothing() throws {
        #expect(AddressPolicy(refusesPrivateAddresses: false).refusal(of: try #require(IPAddress("127.0.0.1"))) == nil)
    }
}

@Suite struct HeaderTests {
    @Test func managedHeadersAreNotForwarded() {
        let lines = RequestHeaders.curlLines(
            for: fields([("Host", "x"), ("keep-alive", "1"), ("Accept-Encoding", "identity"), ("X-Empty", ""), ("Cookie", "a=1")]),
            userAgent: "UA/1")
        #expect(lines == ["X-Empty;", "Cookie: a=1", "User-Agent: UA/1", "Expect:"])
    }

    @Test func responseHeadersParseLikeHTTP() {
        var parser = ResponseHeaderParser(limit: 1000)
        for line in ["HTTP/1.1 100 Continue\r\n", "\r\n", "HTTP/1.1 200 OK\r\n", "Set-Cookie: a=1\r\n", "Set-Cookie: b=2\r\n",
                     "X-Folded: one\r\n", "  two\r\n", "Content-Length: 5\r\n", "\r\n"] {
            let accepted = Array(line.utf8).withUnsafeBytes { parser.consume($0) }
            #expect(accepted)
        }
        #expect(parser.headers.map(\.description) == ["Set-Cookie: a=1", "Set-Cookie: b=2", "X-Folded: one two", "Content-Length: 5"])
        #expect(!ResponseHeaderParser.decodedBodyHeaders(parser.headers).contains(.contentLength))
    }

    /// The headers handed on are the answer's without Content-Encoding,
    /// Content-Length and Transfer-Encoding (any case, any number, anywhere),
    /// the others in their order: as a plain filter by lower-cased name has them.
    @Test func decodedBodyHeadersLeaveOutTheWiresFieldsOnly() {
        let names = ["Content-Length", "content-encoding", "TRANSFER-ENCODING", "Content-Type", "Set-Cookie", "X-Length",
                     "Content-Language", "ETag", "transfer-encoding"]
        let wire: Set<String> = ["content-length", "content-encoding", "transfer-encoding"]
        var state: UInt64 = 20
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for round in 0..<500 {
            var headers = HTTPFields()
            for index in 0..<random(12) {
                headers.append(HTTPField(name: HTTPField.Name(names[random(names.count)])!, value: "v\(round)-\(index)"))
            }
            let expected = headers.filter { !wire.contains($0.name.rawName.lowercased()) }.map(\.description)
            #expect(ResponseHeaderParser.decodedBodyHeaders(headers).map(\.description) == expected, "\(headers)")
        }
    }

    @Test func headerNamesThatAreNotTokensAreSkipped() {
        var parser = ResponseHeaderParser(limit: 1000)
        for line in ["HTTP/1.1 200 OK\r\n", "Location: /a\r\n", "Bad Name: x\r\n", "  /b\r\n", "(x): y\r\n", ": empty\r\n",
                     "ETag: \"1\"\r\n", "\r\n"] {
            let accepted = Array(line.utf8).withUnsafeBytes { parser.consume($0) }
            #expect(accepted)
        }
        #expect(parser.headers.map(\.description) == ["Location: /a", "ETag: \"1\""], "the skipped line's continuation goes with it")
    }

    @Test func headerLimitCountsEveryLine() {
        var parser = ResponseHeaderParser(limit: 20)
        #expect(Array("HTTP/1.1 200 OK\r\n".utf8).withUnsafeBytes { parser.consume($0) })
        #expect(!Array("X-Long: 12345\r\n".utf8).withUnsafeBytes { parser.consume($0) })
    }

    /// `ResponseHeaderParser.text` against the plain way it replaced: the
    /// standard library's validation, else ISO-8859-1. Seeded inputs of
    /// valid UTF-8 (every sequence length), Latin-1 bytes and cut or changed
    /// sequences.
    @Test func headerTextIsUTF8ElseLatin1() {
        var state: UInt64 = 20
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let scalars: [Unicode.Scalar] = ["a", " ", "\t", ":", "é", "ß", "ی", "\u{200C}", "€", "\u{FFFD}", "😀", "\u{10FFFF}"]
        var latin1 = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(next() % 12) {
                let scalar = scalars[Int(next() % UInt64(scalars.count))]
                bytes += Array(String(scalar).utf8)
            }
            for _ in 0..<Int(next() % 3) where !bytes.isEmpty {
                let place = Int(next() % UInt64(bytes.count))
                switch next() % 3 {
                case 0: bytes[place] = UInt8(truncatingIfNeeded: next())
                case 1: bytes.removeSubrange(place...)
                default: bytes.insert(0x80 | UInt8(truncatingIfNeeded: next() % 0x80), at: place)
                }
            }
            let expected = String(validating: bytes, as: UTF8.self)
                ?? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
            if String(validating: bytes, as: UTF8.self) == nil { latin1 += 1 }
            let text = bytes.withUnsafeBytes { ResponseHeaderParser.text($0) }
            #expect(text == expected && Array(text.utf8) == Array(expected.utf8), "\(bytes)")
        }
        #expect(latin1 > 2_000, "enough inputs are not UTF-8")
    }

    @Test func latin1HeaderBytesSurvive() {
        var parser = ResponseHeaderParser(limit: 1000)
        _ = ([0x58, 0x3A, 0x20, 0x53, 0x74, 0x72, 0x61, 0xDF, 0x65] as [UInt8]).withUnsafeBytes { parser.consume($0) }
        #expect(parser.headers[values: HTTPField.Name("x")!] == ["Straße"])
    }
}
