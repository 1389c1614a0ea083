import Fetch
import FixtureSupport
import Foundation
import Testing

/// Certificates are always verified; a private CA is trusted only when the
/// user names its file.
@Suite struct TLSTests {
    @Test func verifiesCertificatesAgainstTheConfiguredCA() async throws {
        let pki = try TestPKI()
        defer { pki.remove() }
        let server = try FixtureServer.start(tls: (cert: pki.path("dictionary.pem"), key: pki.path("dictionary.key")))
        let page = "https://www.loghatnameh.de/_fixture/echo"

        // The system's CAs do not know the test CA.
        let untrusted = await fetchError(mappedClient(server), page)
        #expect(untrusted?.kind == .tls)
        #expect(untrusted?.message.hasPrefix("certificate not trusted: ") == true, "\(String(describing: untrusted))")
        #expect(untrusted?.url == page)

        let trusting = mappedClient(server) { $0.caCertificateFile = pki.path("ca.pem") }
        let response = try await trusting.fetch(FetchRequest(url: url(page)))
        #expect(response.status == 200)
        #expect(try Echo(response).host == "www.loghatnameh.de")

        // A trusted certificate for another name is still refused.
        let other = try FixtureServer.start(tls: (cert: pki.path("other.pem"), key: pki.path("other.key")))
        let wrongName = await fetchError(mappedClient(other) { $0.caCertificateFile = pki.path("ca.pem") }, page)
        #expect(wrongName?.kind == .tls)
        #expect(wrongName?.message.contains("is for another name") == true, "\(String(describing: wrongName))")

        let missingFile = await fetchError(mappedClient(server) { $0.caCertificateFile = pki.path("absent.pem") }, page)
        #expect(missingFile?.kind == .tls)
        #expect(missingFile?.message.contains("absent.pem") == true, "\(String(describing: missingFile))")
    }
}

/// A throw-away CA with server certificates for www.loghatnameh.de and
/// other.example, made with the openssl command in a temporary folder.
struct TestPKI {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("limot-pki-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try openssl(["req", "-x509"] + curve + ["-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=limot test CA",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"])
        for (name, host) in [("dictionary", "www.loghatnameh.de"), ("other", "other.example")] {
            try "subjectAltName=DNS:\(host)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
                .write(to: directory.appendingPathComponent("\(name).ext"), atomically: true, encoding: .utf8)
            try openssl(["req"] + curve + ["-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=\(host)"])
            try openssl(["x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", "\(name).pem", "-days", "2", "-extfile", "\(name).ext"])
        }
    }

    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FixtureServerError("openssl \(arguments.joined(separator: " ")) failed: \(String(decoding: output, as: UTF8.self))")
        }
    }
}
