import FixtureSupport
import Foundation
import Testing

/// `/_limot/leave?to=URL`, where the guard script sends a tab's navigations
/// to other sites: the rules decide; only a tab's own navigation is answered.
@Suite struct LeaveTests {
    static func leave(_ url: String, headers: [(String, String)] = [("Sec-Fetch-Mode", "navigate"), ("Sec-Fetch-Dest", "document")], method: String = "GET") throws -> RawHTTPResponse {
        let testbed = try ProxyTestbed.get()
        var encoded = ""
        for byte in url.utf8 {
            let unreserved = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            encoded += unreserved ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }
        return try testbed.browser().request("/_limot/leave?to=" + encoded, method: method, headers: headers)
    }

    @Test func anAllowedSiteIsReachedWithoutAReferrer() throws {
        let response = try Self.leave("https://dictionary.example/wb/Haus#x")
        #expect(response.status == 303)
        #expect(response.header("Location") == "https://dictionary.example/wb/Haus#x")
        #expect(response.header("Referrer-Policy") == "no-referrer")
    }

    @Test func aPageTheRulesBlockGetsTheBlockedPage() throws {
        let response = try Self.leave("https://adservice.google.com/ddm/clk?x=1")
        #expect(response.status == 403)
        #expect(response.text.contains("Blocked by your rules") && response.text.contains("limot-ads:"), "\(response.text.prefix(300))")
        #expect(response.header("Location") == nil)
    }

    @Test func theDictionaryStaysOnTheProxy() throws {
        let response = try Self.leave("https://www.loghatnameh.de/search?q=Haus")
        #expect(response.status == 303)
        #expect(response.header("Location") == "/search?q=Haus")
    }

    @Test func onlyATabsOwnNavigationOfAWebAddressIsAnswered() throws {
        // A load (fetch, image, script) or a frame cannot use it.
        #expect(try Self.leave("https://dictionary.example/", headers: [("Sec-Fetch-Mode", "no-cors"), ("Sec-Fetch-Dest", "image")]).status == 403)
        #expect(try Self.leave("https://dictionary.example/", headers: [("Sec-Fetch-Mode", "navigate"), ("Sec-Fetch-Dest", "iframe")]).status == 403)
        #expect(try Self.leave("https://dictionary.example/", method: "POST").status == 405)
        // Only http(s), no credentials, no private or loopback address.
        for bad in ["javascript:alert(1)", "data:text/html,x", "https://user:pw@dictionary.example/", "not a url"] {
            let response = try Self.leave(bad)
            #expect(response.status == 400 && response.header("Location") == nil, "\(bad): \(response.status)")
        }
        for inside in ["http://127.0.0.1:8080/", "http://192.168.1.1/admin", "http://[::1]/"] {
            #expect(try Self.leave(inside).status == 403, "\(inside)")
        }
    }
}
