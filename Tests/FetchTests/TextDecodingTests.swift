@testable import Fetch
import FixtureSupport
import HTTPTypes
import Testing

/// Charset detection in the browsers' order and conversion to UTF-8, with
/// errors that name the charset and the byte.
@Suite struct TextDecodingTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func byteOrderMarkWinsOverEverything() {
        #expect(TextDecoding.charset(contentType: "text/html; charset=windows-1256", body: [0xEF, 0xBB, 0xBF] + bytes("<p>")) == "utf-8")
        #expect(TextDecoding.charset(contentType: nil, body: [0xFF, 0xFE, 0x3C, 0x00]) == "utf-16le")
        #expect(TextDecoding.charset(contentType: nil, body: [0xFE, 0xFF, 0x00, 0x3C]) == "utf-16be")
    }

    @Test func contentTypeCharsetComesNext() {
        #expect(TextDecoding.charset(contentType: "text/html; charset=Windows-1256", body: bytes("<meta charset=utf-8>")) == "windows-1256")
        #expect(TextDecoding.charset(contentType: "text/html;charset=\"UTF-8\"", body: []) == "utf-8")
        #expect(TextDecoding.charset(contentType: "text/html; foo=bar; charset=cp1256", body: []) == "windows-1256")
    }

    @Test func metaDeclarationsInTheFirstKilobyte() {
        #expect(TextDecoding.charset(contentType: "text/html", body: bytes("<html><head><meta charset=\"windows-1256\">")) == "windows-1256")
        #expect(TextDecoding.charset(contentType: nil, body: bytes("<META HTTP-EQUIV='Content-Type' CONTENT='text/html; charset=ISO-8859-6'>")) == "iso-8859-6")
        #expect(TextDecoding.charset(contentType: nil, body: bytes("<meta content=\"text/html; charset=cp1256\" http-equiv=\"content-type\">")) == "windows-1256")
        // Inside a comment or another tag's attribute it does not count.
        #expect(TextDecoding.charset(contentType: nil, body: bytes("<!-- <meta charset=koi8-r> --><div title='<meta charset=koi8-r>'><meta charset=windows-1256>")) == "windows-1256")
        // Only the first 1024 bytes are searched.
        #expect(TextDecoding.charset(contentType: nil, body: bytes(String(repeating: " ", count: 1024) + "<meta charset=windows-1256>")) == "utf-8")
        // Not for other types.
        #expect(TextDecoding.charset(contentType: "text/plain", body: bytes("<meta charset=windows-1256>")) == "utf-8")
        // A meta tag claiming UTF-16 was itself read as ASCII.
        #expect(TextDecoding.charset(contentType: nil, body: bytes("<meta charset=utf-16>")) == "utf-8")
    }

    @Test func labelsMapAsInBrowsers() {
        #expect(TextDecoding.charset(contentType: "text/html; charset=latin1", body: []) == "windows-1252")
        #expect(TextDecoding.charset(contentType: "text/html; charset=ISO-8859-1", body: []) == "windows-1252")
        #expect(TextDecoding.charset(contentType: "text/html; charset=us-ascii", body: []) == "windows-1252")
        #expect(TextDecoding.charset(contentType: "text/html; charset=x-klingon", body: []) == "x-klingon")
    }

    /// Each label's canonical name, written out by hand: the one taken
    /// as it is ("utf-8") among its spellings and its neighbours.
    @Test func labelsHaveOneCanonicalName() {
        let expected: [(String, String)] = [
            ("utf-8", "utf-8"), ("UTF-8", "utf-8"), ("Utf-8", "utf-8"), (" utf-8 ", "utf-8"), ("utf8", "utf-8"),
            ("unicode-1-1-utf-8", "utf-8"), ("utf-8 ", "utf-8"), ("utf-16le", "utf-16le"), ("utf-16", "utf-16le"),
            ("utf-", "utf-"), ("utf-88", "utf-88"), ("latin1", "windows-1252"), ("windows-1256", "windows-1256"),
        ]
        for (label, canonical) in expected {
            #expect(CharsetLabels.canonical(label) == canonical, "\(label)")
        }
    }

    @Test func convertsWindows1256() throws {
        // "خانه" and "ü" in windows-1256.
        let converted = try TextDecoding.utf8([0xCE, 0xC7, 0xE4, 0xE5, 0x20, 0xFC], charset: "windows-1256")
        #expect(String(decoding: converted, as: UTF8.self) == "خانه ü")
    }

    @Test func windows1252AsBrowsersDecodeIt() throws {
        let converted = try TextDecoding.utf8([0x80, 0x20, 0xDF, 0x20, 0x81], charset: "iso-8859-1")
        #expect(String(decoding: converted, as: UTF8.self) == "€ ß \u{81}")
    }

    @Test func utf16WithByteOrderMark() throws {
        let body: [UInt8] = [0xFF, 0xFE] + Array("خانه".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let charset = TextDecoding.charset(contentType: "text/html", body: body)
        #expect(String(decoding: try TextDecoding.utf8(body, charset: charset), as: UTF8.self) == "خانه")
    }

    @Test func utf8LosesItsByteOrderMark() throws {
        #expect(try TextDecoding.utf8([0xEF, 0xBB, 0xBF, 0x61], charset: "utf-8") == [0x61])
    }

    /// What the proxy hands the sanitizer: the same bytes as `utf8`, checked
    /// once, and the same error, offset counted in the body as sent.
    @Test func validUTF8IsUTF8WithItsCheck() throws {
        let body: [UInt8] = [0xEF, 0xBB, 0xBF] + bytes("<p>خانه")
        #expect(try TextDecoding.validUTF8(body, charset: "utf-8").bytes == TextDecoding.utf8(body, charset: "utf-8"))
        #expect(try TextDecoding.validUTF8([0xCE, 0xC7, 0xE4, 0xE5], charset: "windows-1256").bytes == bytes("خانه"))
        do {
            _ = try TextDecoding.validUTF8([0xEF, 0xBB, 0xBF, 0x61, 0xFF], charset: "utf-8")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "invalid byte 0xFF at offset 4")
        }
    }

    @Test func invalidBytesNameTheCharsetAndOffset() {
        #expect(throws: TextDecodingError.self) { try TextDecoding.utf8([0x61, 0x62, 0xFF, 0x63], charset: "utf-8") }
        do {
            _ = try TextDecoding.utf8([0x61, 0x62, 0xFF, 0x63], charset: "utf-8")
        } catch {
            #expect(error.charset == "utf-8")
            #expect(error.message == "invalid byte 0xFF at offset 2")
        }
        do {
            // 0xA1 is not assigned in ISO-8859-6.
            _ = try TextDecoding.utf8([0x41, 0xC7, 0xA1], charset: "arabic")
            Issue.record("expected an error")
        } catch {
            #expect(error.charset == "iso-8859-6")
            #expect(error.message == "invalid byte 0xA1 at offset 2")
        }
        do {
            _ = try TextDecoding.utf8([0x41, 0x00, 0x42], charset: "utf-16le")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasPrefix("incomplete character at the end"))
        }
    }

    @Test func unknownCharsetIsNamed() {
        do {
            _ = try TextDecoding.utf8(Array("abc".utf8), charset: "x-Klingon")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "x-klingon: unknown charset 'x-Klingon'")
        }
    }

    // MARK: against the fixture server

    @Test(arguments: [
        ("windows-1256", "header"), ("windows-1256", "meta"), ("windows-1256", "http-equiv"),
        ("utf-8", "bom"), ("utf-16le", "bom"), ("utf-16be", "bom"), ("utf-8", "none"), ("utf-8", "header"),
    ])
    func detectsAndConvertsServedPages(charset: String, where place: String) async throws {
        let client = mappedClient(try SharedFixture.get())
        let response = try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/charset?cs=\(charset)&where=\(place)")))
        let detected = TextDecoding.charset(contentType: response.headers[values: .contentType].first, body: response.body)
        #expect(detected == charset)
        let text = String(decoding: try TextDecoding.utf8(response.body, charset: detected), as: UTF8.self)
        #expect(text.hasPrefix("<!DOCTYPE html>"))
        #expect(text.contains("<p lang=\"fa\">خانه</p>"))
        #expect(text.contains("<p lang=\"de\">Brücke</p>"))
        #expect(text.contains(charset == "windows-1256" ? "Stra&#223;e" : "Straße"))
    }

    @Test func sidecarCharsetOfAStaticPage() async throws {
        let client = mappedClient(try SharedFixture.get())
        let response = try await client.fetch(FetchRequest(url: url("http://fetch.test/latin1.html")))
        let charset = TextDecoding.charset(contentType: response.headers[values: .contentType].first, body: response.body)
        #expect(charset == "windows-1252")
        #expect(String(decoding: try TextDecoding.utf8(response.body, charset: charset), as: UTF8.self).contains("<p>Straße</p>"))
    }

    @Test func badBytesInAServedPage() async throws {
        let client = mappedClient(try SharedFixture.get())
        // "<p>" then a lone continuation byte.
        let response = try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/bytes?hex=3c703e80&type=text/html%3B%20charset%3Dutf-8")))
        let charset = TextDecoding.charset(contentType: response.headers[values: .contentType].first, body: response.body)
        #expect(throws: TextDecodingError.self) { try TextDecoding.utf8(response.body, charset: charset) }
    }
}
