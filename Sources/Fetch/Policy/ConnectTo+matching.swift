import WebURL

/// A `ConnectTo` entry applied to one URL: where the connection really goes.
struct AppliedMapping: Sendable, Equatable {
    /// The line for CURLOPT_CONNECT_TO, spelled with the URL's exact host and
    /// port so that curl applies exactly the mapping that was matched here.
    var curlLine: String
    /// "127.0.0.1:8080", for messages.
    var target: String
    /// The target host as in the mapping ("127.0.0.1", "[::1]", "localhost").
    var targetHost: String
}

extension ConnectTo {
    /// Whether requests for `host` (as in `WebURL.hostname`, IPv6 in brackets)
    /// and `port` (the effective port) go through this mapping.
    func matches(host: String, port: Int) -> Bool {
        (self.host.isEmpty || Self.bracketed(self.host).lowercased() == host.lowercased())
            && (self.port == nil || self.port == port)
    }

    /// IPv6 literals in curl's connect-to syntax need brackets; accept entries
    /// built in code without them.
    static func bracketed(_ host: String) -> String {
        host.utf8.contains(UInt8(ascii: ":")) && !host.hasPrefix("[") ? "[\(host)]" : host
    }
}

extension Array where Element == ConnectTo {
    /// The first entry matching `url`'s host and port, as curl would pick it.
    ///
    /// A matched URL is the user's own mapping, so its target is trusted even
    /// when it is loopback; everything else passes the address policy.
    func mapping(for url: WebURL) -> AppliedMapping? {
        guard let port = url.effectivePort else { return nil }
        let host = url.hostname
        guard let entry = first(where: { $0.matches(host: host, port: port) }) else { return nil }
        let targetHost = entry.targetHost.isEmpty ? host : ConnectTo.bracketed(entry.targetHost)
        let targetPort = entry.targetPort ?? port
        return AppliedMapping(
            curlLine: "\(host):\(port):\(targetHost):\(targetPort)",
            target: "\(targetHost):\(targetPort)",
            targetHost: targetHost
        )
    }
}
