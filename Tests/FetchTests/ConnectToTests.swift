@testable import Fetch
import Testing
import WebURL

/// `--connect-to` arguments parse as curl reads them, and errors name the
/// part to fix.
@Suite struct ConnectToTests {
    @Test func parsesTheFourParts() throws {
        let mapping = try ConnectTo(parsing: "www.loghatnameh.de:443:127.0.0.1:8443")
        #expect(mapping == ConnectTo(host: "www.loghatnameh.de", port: 443, targetHost: "127.0.0.1", targetPort: 8443))
        #expect(mapping.description == "www.loghatnameh.de:443:127.0.0.1:8443")
    }

    @Test func emptyPartsMeanAnyOrUnchanged() throws {
        #expect(try ConnectTo(parsing: ":::") == ConnectTo(host: "", port: nil, targetHost: "", targetPort: nil))
        #expect(try ConnectTo(parsing: "ads.example::127.0.0.1:") == ConnectTo(host: "ads.example", port: nil, targetHost: "127.0.0.1", targetPort: nil))
    }

    @Test func ipv6InBrackets() throws {
        let mapping = try ConnectTo(parsing: "[2001:DB8::1]:80:[::1]:8080")
        #expect(mapping == ConnectTo(host: "[2001:db8::1]", port: 80, targetHost: "[::1]", targetPort: 8080))
        #expect(mapping.description == "[2001:db8::1]:80:[::1]:8080")
    }

    @Test func hostsAreCanonicalLikeURLHosts() throws {
        #expect(try ConnectTo(parsing: "WWW.LoghatNameh.DE:80:LOCALHOST:1").host == "www.loghatnameh.de")
        #expect(try ConnectTo(parsing: "bücher.de:80::").host == "xn--bcher-kva.de")
        #expect(try ConnectTo(parsing: "0x7f.1:80::").host == "127.0.0.1")
    }

    @Test(arguments: [
        ("www.loghatnameh.de:443", ConnectToError.Part.format, "expected HOST:PORT:HOST2:PORT2 (four parts separated by ':'), found 2"),
        ("a:1:b:2:c", .format, "expected HOST:PORT:HOST2:PORT2 (four parts separated by ':'), found 5"),
        ("www.loghatnameh.de:https:127.0.0.1:8443", .port, "PORT 'https' is not a port number from 1 to 65535"),
        ("www.loghatnameh.de:443:127.0.0.1:70000", .targetPort, "PORT2 '70000' is not a port number from 1 to 65535"),
        ("www.loghatnameh.de:0:127.0.0.1:1", .port, "PORT '0' is not a port number from 1 to 65535"),
        ("bad host:80:127.0.0.1:1", .host, "HOST 'bad host' is not a host name or IP address (write IPv6 in brackets)"),
        ("a/b:80:127.0.0.1:1", .host, "HOST 'a/b' is not a host name or IP address (write IPv6 in brackets)"),
        ("[1::2::3]:80:127.0.0.1:1", .host, "HOST '[1::2::3]' is not an IPv6 address in brackets"),
        ("www.loghatnameh.de:80:[::1:8080", .targetHost, "unclosed '[' in an IPv6 address"),
        ("www.loghatnameh.de:80:[127.0.0.1]:8080", .targetHost, "HOST2 '[127.0.0.1]' is not an IPv6 address in brackets"),
    ])
    func errorsNameThePart(input: String, part: ConnectToError.Part, message: String) {
        do {
            let mapping = try ConnectTo(parsing: input)
            Issue.record("parsed as \(mapping)")
        } catch {
            #expect(error.part == part)
            #expect(error.message == message)
            #expect(error.description == "invalid connect-to mapping '\(input)': \(message)")
        }
    }

    @Test func matchingFollowsCurl() throws {
        let mappings = [
            try ConnectTo(parsing: "www.loghatnameh.de:443:127.0.0.1:8443"),
            try ConnectTo(parsing: "[::1]:80::9000"),
            try ConnectTo(parsing: ":8080:127.0.0.2:"),
        ]
        #expect(mappings.mapping(for: try WebURL("https://www.loghatnameh.de/x"))
            == AppliedMapping(curlLine: "www.loghatnameh.de:443:127.0.0.1:8443", target: "127.0.0.1:8443", targetHost: "127.0.0.1"))
        #expect(mappings.mapping(for: try WebURL("http://www.loghatnameh.de/x")) == nil, "port 80 is not mapped")
        #expect(mappings.mapping(for: try WebURL("http://[::1]/"))
            == AppliedMapping(curlLine: "[::1]:80:[::1]:9000", target: "[::1]:9000", targetHost: "[::1]"))
        #expect(mappings.mapping(for: try WebURL("http://ads.example:8080/"))
            == AppliedMapping(curlLine: "ads.example:8080:127.0.0.2:8080", target: "127.0.0.2:8080", targetHost: "127.0.0.2"))
        // Entries built in code without brackets still match IPv6 hosts.
        #expect([ConnectTo(host: "::1", port: nil, targetHost: "::2", targetPort: nil)].mapping(for: try WebURL("http://[::1]:81/"))
            == AppliedMapping(curlLine: "[::1]:81:[::2]:81", target: "[::2]:81", targetHost: "[::2]"))
    }
}
