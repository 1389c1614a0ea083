import WebURL

/// Every limit on what is read from the network, named and documented in one
/// place (and shown by `limot serve --help`).
public struct FetchLimits: Sendable, Equatable {
    /// Time to establish the TCP (and TLS) connection.
    public var connectTimeout: Duration = .seconds(10)
    /// Time for the whole transfer of one hop, headers and body.
    public var totalTimeout: Duration = .seconds(30)
    /// Largest body accepted after decompression: stops decompression bombs.
    public var maxBodyBytes: Int = 16 << 20
    /// Redirect hops followed before giving up.
    public var maxRedirects: Int = 5
    /// Largest size of all response headers of one hop together.
    public var maxHeaderBytes: Int = 64 << 10
    public init() {}
}

/// curl's `--connect-to HOST:PORT:HOST2:PORT2`: requests for HOST:PORT are sent
/// to HOST2:PORT2 while the URL, the Host header and the TLS name stay HOST.
/// An empty HOST or PORT matches any; an empty HOST2 or PORT2 keeps the original.
public struct ConnectTo: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int?
    public var targetHost: String
    public var targetPort: Int?
    public init(host: String, port: Int?, targetHost: String, targetPort: Int?) {
        self.host = host
        self.port = port
        self.targetHost = targetHost
        self.targetPort = targetPort
    }
    public var description: String {
        "\(host):\(port.map(String.init) ?? ""):\(targetHost):\(targetPort.map(String.init) ?? "")"
    }
}

/// How the client is set up; one per process.
public struct FetchConfiguration: Sendable {
    public var limits = FetchLimits()
    /// The user's own mappings; their targets are trusted even when they are
    /// loopback or private addresses.
    public var connectTo: [ConnectTo] = []
    /// A PEM file of CA certificates to trust instead of the system's.
    public var caCertificateFile: String?
    /// Refuse to connect to loopback, private, link-local and other
    /// non-public addresses (after DNS resolution), except `connectTo` targets.
    public var refusesPrivateAddresses = true
    /// Transfers running at once; further requests wait their turn.
    public var maxConcurrentTransfers = 16
    public var userAgent = "Mozilla/5.0 (X11; Linux x86_64) limot/0.1"
    public init() {}
}
