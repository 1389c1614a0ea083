@testable import Proxy
import Testing

/// limot's own cookies are read from the browser's headers as the
/// Character-wise definition reads them (split at `;`, spaces and tabs
/// trimmed, the first part that starts `name=`), whether the header is
/// ASCII (read as bytes) or not; and a session id is what
/// `Character.isHexDigit` accepts, 32 of them.
@Suite struct CookieReadingTests {
    /// The definition `ownCookie` had before it read ASCII as bytes.
    static func definition(_ name: String, in headers: [String]) -> String? {
        for header in headers {
            for part in header.split(separator: ";") {
                let pair = part.trimmingSpaces()
                if pair.hasPrefix(name + "=") { return String(pair.dropFirst(name.count + 1)) }
            }
        }
        return nil
    }

    @Test func ownCookiesAreReadAsTheCharacterwiseDefinitionReadsThem() {
        let pieces = ["limot_session=", "limot_theme=", "limot_session", "limot_sessionx=1", "=", ";", " ", "\t", "dark", "a=b",
                      "0123456789abcdef0123456789abcdef", "é", ";\u{301}", "\u{301}", "ß", "x"]
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<20_000 {
            let headers = (0..<Int.random(in: 1...2, using: &generator)).map { _ in
                (0..<Int.random(in: 0...7, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            }
            for name in ["limot_session", "limot_theme"] {
                let read = CookieForwarding.ownCookie(name, in: headers)
                #expect(read == Self.definition(name, in: headers), "\(headers)")
                if read != nil { checked += 1 }
            }
        }
        #expect(checked > 1_000, "enough headers carried the cookie")
        #expect(CookieForwarding.ownCookie("limot_session", in: [" limot_session=abc ;x=1"]) == "abc")
        #expect(CookieForwarding.ownCookie("limot_session", in: ["x=1", "limot_session="]) == "")
        #expect(CookieForwarding.ownCookie("limot_session", in: ["limot_session=a;\u{301}b"]) == "a;\u{301}b", "no separator before a combining mark")
    }

    @Test func aSessionIDIs32HexDigitsAsCharactersHaveThem() {
        #expect(Exchange.isSessionID("0123456789abcdef0123456789ABCDEF"))
        #expect(!Exchange.isSessionID("0123456789abcdef0123456789abcdeg"))
        #expect(!Exchange.isSessionID("0123456789abcdef0123456789abcde"))
        #expect(!Exchange.isSessionID(""))
        let fullwidth = String(repeating: "\u{FF11}", count: 32)
        #expect(Exchange.isSessionID(fullwidth) == fullwidth.allSatisfy(\.isHexDigit))
        for _ in 0..<2_000 {
            let id = String((0..<Int.random(in: 30...33)).map { _ in "09afAFgz-\u{FF10}".randomElement()! })
            #expect(Exchange.isSessionID(id) == (id.count == 32 && id.allSatisfy(\.isHexDigit)), "\(id)")
        }
    }
}
