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

    /// The refusal for a request `RequestTargetMarker` marked (the part of
    /// its path after `/_limot/refused/`); `limits` are the request head's
    /// limits, named in the answer to an oversized one.
    public static func refusal(marker reason: Substring, limits: RequestHeadLimits) -> Refusal {
        if reason == "duplicate-host" {
            return Refusal(status: 400, title: "Bad Host header",
                           detail: "The request names its host more than once (several Host headers), so it is not clear whom it is for.")
        }
        if reason == "too-large" {
            return Refusal(status: 431, title: "Request too large",
                           detail: "The request line or its headers are larger than limot accepts: at most \(limits.maxLineBytes / 1024) KiB for the address or one header, \(limits.maxHeadBytes / 1024) KiB and \(limits.maxHeaderCount) headers in all.")
        }
        if reason.hasPrefix("malformed") {
            let why: String
            switch reason.dropFirst("malformed-".count) {
            case "unexpectedContentLength":
                why = "it has Content-Length together with Transfer-Encoding, or two lengths"
            case "invalidContentLength": why = "its Content-Length is not a number"
            case "invalidChunkSize": why = "a chunk of its body has a bad size"
            case "transferEncoding": why = "its Transfer-Encoding is not chunked alone (another coding, or chunked twice)"
            case "invalidHeaderToken": why = "a header line is malformed (a space before the colon, a control character, a folded line)"
            case "invalidMethod": why = "its method is not an HTTP method"
            case "invalidURL": why = "its address has characters that are not allowed"
            case "invalidVersion": why = "its HTTP version is not one limot speaks"
            case "lfExpected", "invalidConstant", "strictModeAssertion": why = "its lines are not terminated as HTTP requires"
            default: why = "it is not valid HTTP/1.1 (for example an unknown Transfer-Encoding)"
            }
            return Refusal(status: 400, title: "Malformed request",
                           detail: "limot cannot read this request: \(why). Nothing more is read on this connection.")
        }
        return Refusal(status: 400, title: "Not an open proxy",
                       detail: "limot answers requests for its own pages only (a path such as /search?q=Haus), not absolute URLs.")
    }

    /// Splits "name[:port]" / "[v6][:port]" into a lower-case name and port.
    static func split(host: String) -> (String, Int?)? {
        splitPlainName(host) ?? splitAnyHost(host)
    }

    /// `splitAnyHost` for the Host header every request carries, an ASCII
    /// name of letters, digits, '-', '.' and '_' with an optional port of
    /// one to five digits, read as bytes; nil for anything else (brackets,
    /// non-ASCII, a sign or a zero port, a second colon), which
    /// `splitAnyHost` decides. It answers as `splitAnyHost` does where it
    /// answers: Character-wise, the Host check of every request took 17,200
    /// instructions, with this 1,600 (callgrind, 100 requests).
    static func splitPlainName(_ host: String) -> (String, Int?)? {
        host.utf8.withContiguousStorageIfAvailable { bytes -> (String, Int?)? in
            var nameEnd = bytes.count
            var port: Int?
            if let colon = bytes.lastIndex(of: UInt8(ascii: ":")) {
                let digits = bytes[(colon + 1)...]
                guard (1...5).contains(digits.count) else { return nil }
                var value = 0
                for byte in digits {
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                }
                guard (1...65535).contains(value) else { return nil }
                port = value
                nameEnd = colon
            }
            guard nameEnd > 0, bytes[..<nameEnd].allSatisfy(isPlainNameByte) else { return nil }
            let name = String(unsafeUninitializedCapacity: nameEnd) { lowered in
                for index in 0..<nameEnd {
                    let byte = bytes[index]
                    lowered[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                }
                return nameEnd
            }
            return (name, port)
        } ?? nil
    }

    /// An ASCII letter (either case), digit, '-', '.' or '_'.
    private static func isPlainNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    /// `split(host:)` for any Host header, Character by Character.
    static func splitAnyHost(_ host: String) -> (String, Int?)? {
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
        // A name is letters, digits, '-', '.' and '_'; only a bracketed IPv6
        // literal has colons (so "127.0.0.1:80:80" is malformed, not a name).
        let bracketed = name.hasPrefix("[")
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) || (bracketed && "[]:".contains($0)) })
        else { return nil }
        guard let portText else { return (name, nil) }
        guard let port = Int(portText), (1...65535).contains(port) else { return nil }
        return (name, port)
    }
}

/// How large a request's head may be: NIO's parser stops at these and
/// limot answers 431. The request line counts as one line.
public struct RequestHeadLimits: Sendable, Equatable {
    /// The request line, or one header line.
    public var maxLineBytes = 16 << 10
    /// All of the head together.
    public var maxHeadBytes = 64 << 10
    /// Header lines.
    public var maxHeaderCount = 200

    public init() {}
}
