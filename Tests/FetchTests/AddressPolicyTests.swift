import Fetch
import FixtureSupport
import Testing

/// The SSRF guard: a page must not make limot reach loopback or private
/// addresses, whether written literally, behind a name, or behind a redirect;
/// the user's own connect-to mappings are trusted.
@Suite struct AddressPolicyTests {
    @Test(arguments: [
        ("http://127.0.0.1:PORT/_fixture/echo", "127.0.0.1", "a loopback address"),
        ("http://[::1]:PORT/_fixture/echo", "::1", "a loopback address"),
        ("http://localhost:PORT/_fixture/echo", "localhost", "a loopback address"),
        ("http://0.0.0.0:PORT/_fixture/echo", "0.0.0.0", "an unspecified address"),
        ("http://10.0.0.1/", "10.0.0.1", "a private or link-local address"),
        ("http://192.168.1.1/", "192.168.1.1", "a private or link-local address"),
        ("http://169.254.169.254/latest/meta-data/", "169.254.169.254", "a private or link-local address"),
        ("http://[fd00::1]/", "fd00::1", "a private or link-local address"),
        ("http://224.0.0.1/", "224.0.0.1", "a multicast address"),
        ("http://0x7f.1:PORT/", "127.0.0.1", "a loopback address"),
    ])
    func nonPublicAddressesAreRefusedAtOnce(target: String, shown: String, kind: String) async throws {
        let server = try FixtureServer.start()
        let client = mappedClient(server) { $0.limits.connectTimeout = .seconds(30) }
        let text = target.replacingOccurrences(of: "PORT", with: "\(server.port)")
        let (error, elapsed) = try await onOwnThread { _ in
            let start = ContinuousClock.now
            let error = await fetchError(client, text)
            return (error, ContinuousClock.now - start)
        }
        #expect(error?.kind == .refusedAddress)
        #expect(error?.message.contains(shown) == true, "\(String(describing: error))")
        #expect(error?.message.contains(kind) == true, "\(String(describing: error))")
        // Refused before connecting, not after a connect timeout.
        #expect(elapsed < .seconds(10))
        #expect(try server.requests().isEmpty, "nothing reached the server")
    }

    @Test func mappedLoopbackTargetsAreTrusted() async throws {
        let server = try SharedFixture.get()
        let response = try await mappedClient(server).fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/echo")))
        #expect(response.status == 200)
    }

    @Test func mappingsAreTrustedOnlyForTheirOwnHostAndPort() async throws {
        let server = try SharedFixture.get()
        let client = mappedClient(server)
        // The same name on another port is not the user's mapping.
        let error = await fetchError(client, "http://localhost:\(server.port)/_fixture/echo")
        #expect(error?.kind == .refusedAddress)
    }

    @Test func mappingWithoutHostTrustsEverything() async throws {
        let server = try SharedFixture.get()
        var configuration = FetchConfiguration()
        configuration.connectTo = [try ConnectTo(parsing: "::127.0.0.1:\(server.port)")]
        let response = try await HTTPClient(configuration: configuration).fetch(FetchRequest(url: url("http://anything.example/_fixture/echo")))
        #expect(try Echo(response).host == "anything.example")
    }

    @Test func privateAddressesAreAllowedWhenThePolicyIsOff() async throws {
        let server = try SharedFixture.get()
        var configuration = FetchConfiguration()
        configuration.refusesPrivateAddresses = false
        let client = HTTPClient(configuration: configuration)
        let response = try await client.fetch(FetchRequest(url: url("http://127.0.0.1:\(server.port)/_fixture/echo")))
        #expect(response.status == 200)
        #expect(try Echo(response).host == "127.0.0.1")
    }
}
