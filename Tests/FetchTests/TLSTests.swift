import Fetch
import FixtureSupport
import Foundation
import Testing

/// Certificates are always verified; a private CA is trusted only when the
/// user names its file.
@Suite struct TLSTests {
    @Test func verifiesCertificatesAgainstTheConfiguredCA() async throws {
        let pki = try TestCertificateAuthority(hosts: ["www.loghatnameh.de"])
        defer { pki.remove() }
        let otherName = try pki.issue("other", for: ["other.example"])
        let server = try FixtureServer.start(tls: (cert: pki.certificateFile, key: pki.keyFile))
        let page = "https://www.loghatnameh.de/_fixture/echo"

        // The system's CAs do not know the test CA.
        let untrusted = await fetchError(mappedClient(server), page)
        #expect(untrusted?.kind == .tls)
        #expect(untrusted?.message.hasPrefix("certificate not trusted: ") == true, "\(String(describing: untrusted))")
        #expect(untrusted?.url == page)

        let trusting = mappedClient(server) { $0.caCertificateFile = pki.caFile }
        let response = try await trusting.fetch(FetchRequest(url: url(page)))
        #expect(response.status == 200)
        #expect(try Echo(response).host == "www.loghatnameh.de")

        // A trusted certificate for another name is still refused.
        let other = try FixtureServer.start(tls: (cert: otherName.certificate, key: otherName.key))
        let wrongName = await fetchError(mappedClient(other) { $0.caCertificateFile = pki.caFile }, page)
        #expect(wrongName?.kind == .tls)
        #expect(wrongName?.message.contains("is for another name") == true, "\(String(describing: wrongName))")

        let missingFile = await fetchError(mappedClient(server) { $0.caCertificateFile = pki.directory.appendingPathComponent("absent.pem").path }, page)
        #expect(missingFile?.kind == .tls)
        #expect(missingFile?.message.contains("absent.pem") == true, "\(String(describing: missingFile))")
    }
}
