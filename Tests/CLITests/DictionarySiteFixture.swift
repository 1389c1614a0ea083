import FixtureSupport
import Foundation

/// The fixture dictionary site over TLS under its real host name, with a
/// test certificate authority and a data directory of its own: what the
/// CLI tests of `lookup` and `prefetch` run against.
final class DictionarySiteFixture {
    let authority: TestCertificateAuthority
    let fixtures: FixtureServer
    let dataDir: URL

    init(name: String) throws {
        authority = try TestCertificateAuthority(hosts: ["www.loghatnameh.de"])
        fixtures = try FixtureServer.start(tls: (authority.certificateFile, authority.keyFile))
        dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("limot-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dataDir, withIntermediateDirectories: true)
    }

    deinit {
        fixtures.stop()
        authority.remove()
        try? FileManager.default.removeItem(at: dataDir)
    }

    /// The site at `port` (the fixture server unless said) under its real
    /// name, trusted through the test authority, and the data directory.
    func upstream(port: Int? = nil) -> [String] {
        ["--connect-to", "www.loghatnameh.de:443:127.0.0.1:\(port ?? fixtures.port)", "--cacert", authority.caFile, "--data-dir", dataDir.path]
    }
}
