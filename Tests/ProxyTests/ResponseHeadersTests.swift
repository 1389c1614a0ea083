import HTTPTypes
import Hummingbird
import NIOCore
import Testing
@testable import Proxy

/// limot's own fields, made once, are put on an answer as setting them by
/// name puts them: after the extra fields, or in place of extra fields of
/// the same name (the first kept in its place, the others gone).
struct ResponseHeadersTests {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!

    /// The extra fields an answer may be given, some with the names limot sets.
    static let extras: [HTTPFields] = [
        HTTPFields(),
        HTTPFields([HTTPField(name: .location, value: "/x")]),
        HTTPFields([HTTPField(name: .contentType, value: "text/plain"), HTTPField(name: .location, value: "/y"),
                    HTTPField(name: .cacheControl, value: "max-age=5")]),
        HTTPFields([HTTPField(name: .xContentTypeOptions, value: "a"), HTTPField(name: .setCookie, value: "a=1"),
                    HTTPField(name: .xContentTypeOptions, value: "b"), HTTPField(name: .contentSecurityPolicy, value: "x")]),
        HTTPFields([HTTPField(name: HTTPField.Name("referrer-policy")!, value: "no-referrer"), HTTPField(name: .setCookie, value: "b=2")]),
    ]

    /// Each field set by name, as `ResponseHeaders` did before its fixed fields were made once.
    static func setByName(_ extra: HTTPFields, _ fields: [(HTTPField.Name, String)]) -> [HTTPField] {
        var headers = extra
        for (name, value) in fields { headers[name] = value }
        return Array(headers)
    }

    @Test func aPageCarriesItsFieldsAsIfSetByName() {
        for extra in Self.extras {
            let response = ResponseHeaders.html(status: 200, body: ByteBuffer(), nonce: "0123abcd", extra: extra)
            let expected = Self.setByName(extra, [
                (.contentType, "text/html; charset=utf-8"), (.cacheControl, "no-store"),
                (.contentSecurityPolicy, ResponseHeaders.pagePolicy(nonce: "0123abcd")),
                (.xContentTypeOptions, "nosniff"), (Self.referrerPolicy, "same-origin"),
            ])
            let own = Array(response.headers).filter { $0.name != .contentLength }  // the server's, from the body
            #expect(own == expected, "\(extra)")
            #expect(own.map(\.name.rawName) == expected.map(\.name.rawName), "\(extra)")
        }
    }

    @Test func aResourceCarriesItsFieldsAsIfSetByName() {
        for extra in Self.extras {
            let response = ResponseHeaders.resource(status: 200, contentType: "image/png", body: [], extra: extra)
            let expected = Self.setByName(extra, [
                (.contentType, "image/png"), (.contentSecurityPolicy, ResponseHeaders.resourcePolicy),
                (.xContentTypeOptions, "nosniff"), (Self.referrerPolicy, "same-origin"),
            ])
            let own = Array(response.headers).filter { $0.name != .contentLength }  // the server's, from the body
            #expect(own == expected, "\(extra)")
            #expect(own.map(\.name.rawName) == expected.map(\.name.rawName), "\(extra)")
        }
    }
}
