import Testing
import WebURL
@testable import Sanitize

/// The sanitizer's byte-level shortcuts each give what their plain version
/// gives: the leave path written into one buffer.
@Suite("Byte shortcuts")
struct ByteShortcutTests {
    // MARK: Leave path

    @Test("the leave path percent-encodes all but the unreserved bytes, upper-case", arguments: [
        "https://adservice.google.com/ddm/clk?x=1", "http://a.example:8080/%7Efoo/b%20c?q=\u{5D3}&r=<>#frag", "https://xn--mnchen-3ya.de/~a-b_c.d",
    ])
    func leavePath(_ string: String) throws {
        let url = try #require(WebURL(string))
        var expected = ProxyURLMap.leavePath + "?to="
        for byte in url.serialization.utf8 {
            let unreserved = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || "-._~".utf8.contains(byte)
            expected += unreserved ? String(Unicode.Scalar(byte)) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        #expect(ProxyURLMap.leavePath(for: url) == expected)
    }
}
