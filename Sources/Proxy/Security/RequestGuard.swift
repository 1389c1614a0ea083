import WebURL

/// Refuses requests that must never reach the proxy's routes: CONNECT,
/// absolute-form targets (limot is not an open proxy) and Host headers that
/// do not name the proxy itself (DNS rebinding: a web page on evil.example
/// whose name resolves to 127.0.0.1 must not be able to read the proxy).
public struct RequestGuard: Sendable {
    /// Host names (lower-case, without port) the proxy answers to.
    public let allowedHosts: Set<String>
    /// The port the proxy listens on; a Host header's port must match it.
    public let port: Int
    /// With `--allow-remote`, any IP-literal host is accepted too (the
    /// machine's LAN addresses), but still no DNS name but localhost.
    public let acceptsAnyIPLiteral: Bool

    public init(bindHost: String, port: Int, allowRemote: Bool) {
        var hosts: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
        let bind = bindHost.lowercased()
        if !bind.isEmpty, bind != "0.0.0.0", bind != "::" {
            hosts.insert(bind.contains(":") && !bind.hasPrefix("[") ? "[\(bind)]" : bind)
        }
        self.allowedHosts = hosts
        self.port = port
        self.acceptsAnyIPLiteral = allowRemote
    }

    /// Why a request is refused, with the status to answer.
    public struct Refusal: Error, Sendable, Equatable {
        public var status: Int
        public var title: String
        public var detail: String
    }

    /// Checks method, request target and Host header; nil when acceptable.
    public func check(method: String, target: String, host: String?) -> Refusal? {
        if method == "CONNECT" {
            return Refusal(status: 405, title: "CONNECT is not supported",
                           detail: "limot is not an open proxy: it serves the dictionary site at its own address only.")
        }
        if !target.hasPrefix("/") {
            return Refusal(status: 400, title: "Not an open proxy",
                           detail: "limot answers requests for its own pages only (a path such as /search?q=Haus), not absolute URLs.")
        }
        guard let host, !host.isEmpty else {
            return Refusal(status: 400, title: "Missing Host header", detail: "Every HTTP/1.1 request names the host it is for.")
        }
        guard let (name, hostPort) = Self.split(host: host) else {
            return Refusal(status: 400, title: "Bad Host header", detail: "The Host header is not a host name with an optional port.")
        }
        if let hostPort, hostPort != port {
            return Refusal(status: 421, title: "Wrong port in Host header",
                           detail: "This limot listens on port \(port).")
        }
        if allowedHosts.contains(name) { return nil }
        if acceptsAnyIPLiteral, IPAddress(String(name.filter { $0 != "[" && $0 != "]" })) != nil { return nil }
        return Refusal(status: 421, title: "Unknown host name",
                       detail: "limot answers only to its own address (such as 127.0.0.1:\(port) or localhost:\(port)), so that a web page cannot reach it under another name (DNS rebinding).")
    }

    /// Splits "name[:port]" / "[v6][:port]" into a lower-case name and port.
    static func split(host: String) -> (String, Int?)? {
        let lowered = host.lowercased()
        var name = lowered
        var portText: Substring?
        if lowered.hasPrefix("[") {
            guard let close = lowered.firstIndex(of: "]") else { return nil }
            name = String(lowered[...close])
            let rest = lowered[lowered.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portText = rest.dropFirst()
            }
        } else if let colon = lowered.lastIndex(of: ":") {
            name = String(lowered[..<colon])
            portText = lowered[lowered.index(after: colon)...]
        }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-.[]:_".contains($0) }) else { return nil }
        guard let portText else { return (name, nil) }
        guard let port = Int(portText), (1...65535).contains(port) else { return nil }
        return (name, port)
    }
}
