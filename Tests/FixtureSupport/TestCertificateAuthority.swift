import Foundation

/// A throw-away certificate authority and one server certificate naming the
/// given hosts, made with the `openssl` command in a temporary folder, so
/// tests can run the fixture server over real, verified TLS.
public struct TestCertificateAuthority: Sendable {
    public let directory: URL
    /// The CA certificate to trust (`--cacert`).
    public var caFile: String { directory.appendingPathComponent("ca.pem").path }
    /// The server's certificate and key (the fixture server's `--tls-cert/--tls-key`).
    public var certificateFile: String { directory.appendingPathComponent("server.pem").path }
    public var keyFile: String { directory.appendingPathComponent("server.key").path }

    /// Makes the CA and a server certificate whose subjectAltName lists `hosts`.
    public init(hosts: [String]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("limot-ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try run(["req", "-x509"] + key + ["-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=limot test CA",
                 "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"])
        try issue("server", for: hosts)
    }

    /// Issues another certificate signed by this CA, as `NAME.pem` and
    /// `NAME.key` in `directory`, naming `hosts`; returns their paths.
    @discardableResult
    public func issue(_ name: String, for hosts: [String]) throws -> (certificate: String, key: String) {
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        let names = hosts.map { "DNS:\($0)" }.joined(separator: ",")
        try "subjectAltName=\(names)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            .write(to: directory.appendingPathComponent("\(name).ext"), atomically: true, encoding: .utf8)
        try run(["req"] + key + ["-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=\(hosts.first ?? "localhost")"])
        try run(["x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                 "-out", "\(name).pem", "-days", "2", "-extfile", "\(name).ext"])
        return (directory.appendingPathComponent("\(name).pem").path, directory.appendingPathComponent("\(name).key").path)
    }

    /// Deletes the folder.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func run(_ arguments: [String]) throws {
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
