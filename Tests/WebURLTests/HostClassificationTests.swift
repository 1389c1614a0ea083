import Testing
import WebURL

@Suite("Host classification (SSRF guard)")
struct HostClassificationTests {
    struct Row: Sendable, CustomStringConvertible {
        var url: String
        var loopback: Bool
        var privateOrLocal: Bool
        var description: String { url }
    }

    static let rows: [Row] = [
        Row(url: "http://127.0.0.1/", loopback: true, privateOrLocal: true),
        Row(url: "http://127.255.255.254/", loopback: true, privateOrLocal: true),
        Row(url: "http://0177.0.0.1/", loopback: true, privateOrLocal: true),
        Row(url: "http://0x7f.1/", loopback: true, privateOrLocal: true),
        Row(url: "http://2130706433/", loopback: true, privateOrLocal: true),
        Row(url: "http://127.1/", loopback: true, privateOrLocal: true),
        Row(url: "http://[::1]/", loopback: true, privateOrLocal: true),
        Row(url: "http://[0:0:0:0:0:0:0:1]/", loopback: true, privateOrLocal: true),
        Row(url: "http://[::ffff:127.0.0.1]/", loopback: true, privateOrLocal: true),
        Row(url: "http://[::ffff:7f00:1]/", loopback: true, privateOrLocal: true),
        Row(url: "http://localhost/", loopback: true, privateOrLocal: true),
        Row(url: "http://LOCALHOST./", loopback: true, privateOrLocal: true),
        Row(url: "http://api.localhost/", loopback: true, privateOrLocal: true),
        Row(url: "http://0.0.0.0/", loopback: false, privateOrLocal: true),
        Row(url: "http://0/", loopback: false, privateOrLocal: true),
        Row(url: "http://0.1.2.3/", loopback: false, privateOrLocal: true),
        Row(url: "http://10.1.2.3/", loopback: false, privateOrLocal: true),
        Row(url: "http://012.1.2.3/", loopback: false, privateOrLocal: true),
        Row(url: "http://167772161/", loopback: false, privateOrLocal: true),
        Row(url: "http://172.16.0.1/", loopback: false, privateOrLocal: true),
        Row(url: "http://172.31.255.255/", loopback: false, privateOrLocal: true),
        Row(url: "http://172.15.255.255/", loopback: false, privateOrLocal: false),
        Row(url: "http://172.32.0.1/", loopback: false, privateOrLocal: false),
        Row(url: "http://192.168.1.1/", loopback: false, privateOrLocal: true),
        Row(url: "http://0xc0a80101/", loopback: false, privateOrLocal: true),
        Row(url: "http://3232235777/", loopback: false, privateOrLocal: true),
        Row(url: "http://0300.0250.1.1/", loopback: false, privateOrLocal: true),
        Row(url: "http://192.169.0.1/", loopback: false, privateOrLocal: false),
        Row(url: "http://169.254.169.254/", loopback: false, privateOrLocal: true),
        Row(url: "http://169.255.0.1/", loopback: false, privateOrLocal: false),
        Row(url: "http://100.64.0.1/", loopback: false, privateOrLocal: true),
        Row(url: "http://100.127.255.255/", loopback: false, privateOrLocal: true),
        Row(url: "http://100.128.0.1/", loopback: false, privateOrLocal: false),
        Row(url: "http://100.63.255.255/", loopback: false, privateOrLocal: false),
        Row(url: "http://8.8.8.8/", loopback: false, privateOrLocal: false),
        Row(url: "http://[::]/", loopback: false, privateOrLocal: true),
        Row(url: "http://[fc00::1]/", loopback: false, privateOrLocal: true),
        Row(url: "http://[fd12:3456::1]/", loopback: false, privateOrLocal: true),
        Row(url: "http://[fe80::1]/", loopback: false, privateOrLocal: true),
        Row(url: "http://[febf::1]/", loopback: false, privateOrLocal: true),
        Row(url: "http://[fec0::1]/", loopback: false, privateOrLocal: false),
        Row(url: "http://[fbff::1]/", loopback: false, privateOrLocal: false),
        Row(url: "http://[::ffff:10.0.0.1]/", loopback: false, privateOrLocal: true),
        Row(url: "http://[::ffff:172.16.5.4]/", loopback: false, privateOrLocal: true),
        Row(url: "http://[::ffff:192.168.0.1]/", loopback: false, privateOrLocal: true),
        Row(url: "http://[::ffff:169.254.1.1]/", loopback: false, privateOrLocal: true),
        Row(url: "http://[::ffff:100.64.0.1]/", loopback: false, privateOrLocal: true),
        Row(url: "http://[::ffff:0.0.0.0]/", loopback: false, privateOrLocal: true),
        Row(url: "http://[::ffff:8.8.8.8]/", loopback: false, privateOrLocal: false),
        Row(url: "http://[::127.0.0.1]/", loopback: false, privateOrLocal: true),
        Row(url: "http://[64:ff9b::10.0.0.1]/", loopback: false, privateOrLocal: true),
        Row(url: "http://[64:ff9b::8.8.8.8]/", loopback: false, privateOrLocal: false),
        Row(url: "http://[2001:4860:4860::8888]/", loopback: false, privateOrLocal: false),
        Row(url: "http://example.com/", loopback: false, privateOrLocal: false),
        Row(url: "http://localhost.example.com/", loopback: false, privateOrLocal: false),
        Row(url: "sc://localhost/", loopback: false, privateOrLocal: false),
        Row(url: "file:///etc/passwd", loopback: false, privateOrLocal: false),
    ]

    @Test(arguments: rows)
    func classify(_ row: Row) throws {
        let host = try #require(try WebURL(row.url).host)
        #expect(host.isLoopback == row.loopback)
        #expect(host.isPrivateOrLocal == row.privateOrLocal)
    }
}

@Suite("IPAddress literals")
struct IPAddressTests {
    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1", true, true),
        ("10.0.0.1", "10.0.0.1", false, true),
        ("8.8.8.8", "8.8.8.8", false, false),
        ("255.255.255.255", "255.255.255.255", false, false),
        ("0.0.0.0", "0.0.0.0", false, true),
        ("::1", "::1", true, true),
        ("[::1]", "::1", true, true),
        ("::", "::", false, true),
        ("::ffff:192.168.1.1", "::ffff:c0a8:101", false, true),
        ("::FFFF:7F00:0001", "::ffff:7f00:1", true, true),
        ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1", false, false),
        ("fe80::1", "fe80::1", false, true),
        ("fd00::", "fd00::", false, true),
    ])
    func parse(_ literal: String, _ canonical: String, _ loopback: Bool, _ privateOrLocal: Bool) throws {
        let address = try #require(IPAddress(literal))
        #expect(address.description == canonical)
        #expect(address.isLoopback == loopback)
        #expect(address.isPrivateOrLocal == privateOrLocal)
    }

    @Test(arguments: [
        "", "0177.0.0.1", "127.1", "2130706433", "0x7f.0.0.1", "256.0.0.1", "1.2.3.4.5", "1.2.3",
        "01.2.3.4", "1.2.3.4 ", " 1.2.3.4", "1..2.3", "fe80::1%eth0", "1::2::3", "example.com", "[::1",
        "::ffff:1.2.3", "12345::",
    ])
    func rejects(_ literal: String) {
        #expect(IPAddress(literal) == nil)
    }

    @Test func valuesAndMapping() throws {
        #expect(IPAddress("192.0.2.1") == .v4(0xC000_0201))
        #expect(IPAddress("::ffff:192.0.2.1")?.ipv4Mapped == 0xC000_0201)
        #expect(IPAddress("192.0.2.1")?.ipv4Mapped == nil)
        #expect(try WebURL("http://[::ffff:192.0.2.1]/").host?.ipAddress == IPAddress("::ffff:c000:201"))
        #expect(try WebURL("http://example.com/").host?.ipAddress == nil)
    }
}
