/// A literal IPv4 or IPv6 address, with the classification an SSRF guard needs.
///
/// The proxy must refuse to fetch loopback and private targets. Literal hosts
/// in URLs are checked via `WebURL.Host`; names are resolved first and every
/// answer is checked with `IPAddress(_:)` + `isPrivateOrLocal`, so a public
/// name that resolves to 127.0.0.1 is caught too.
public enum IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// IPv4 in host byte order (192.0.2.1 is 0xC000_0201).
    case v4(UInt32)
    /// IPv6 as eight 16-bit pieces.
    case v6([UInt16])

    /// Parses a literal as printed by resolvers (`inet_ntop`): a strict dotted
    /// quad ("192.0.2.1", no shorthand, no leading zeros) or IPv6 text
    /// ("2001:db8::1", "::ffff:192.0.2.1", optionally in brackets). Zone
    /// identifiers ("fe80::1%eth0") are refused. Returns nil for anything else,
    /// so callers can fail closed.
    public init?(_ literal: String) {
        var bytes = Array(literal.utf8)
        if bytes.first == UInt8(ascii: "[") {
            guard bytes.count >= 2, bytes.last == UInt8(ascii: "]") else { return nil }
            bytes = Array(bytes[1..<(bytes.count - 1)])
            guard let pieces = IPv6.parse(bytes) else { return nil }
            self = .v6(pieces)
        } else if bytes.contains(UInt8(ascii: ":")) {
            guard let pieces = IPv6.parse(bytes) else { return nil }
            self = .v6(pieces)
        } else {
            guard let address = IPv4.parseDottedQuad(bytes) else { return nil }
            self = .v4(address)
        }
    }

    /// Canonical text: dotted quad, or compressed IPv6 without brackets.
    public var description: String {
        var bytes: [UInt8] = []
        switch self {
        case .v4(let address): IPv4.serialize(address, into: &bytes)
        case .v6(let pieces): IPv6.serialize(pieces, into: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d), which
    /// dual-stack sockets deliver to the IPv4 destination.
    public var ipv4Mapped: UInt32? {
        guard case .v6(let p) = self, p.count == 8,
            p[0] == 0, p[1] == 0, p[2] == 0, p[3] == 0, p[4] == 0, p[5] == 0xFFFF
        else { return nil }
        return UInt32(p[6]) << 16 | UInt32(p[7])
    }

    /// 127.0.0.0/8, ::1, and their IPv4-mapped forms.
    public var isLoopback: Bool {
        switch self {
        case .v4(let address): return address >> 24 == 127
        case .v6(let p):
            if let mapped = ipv4Mapped { return IPAddress.v4(mapped).isLoopback }
            return p == [0, 0, 0, 0, 0, 0, 0, 1]
        }
    }

    /// Loopback (127/8, ::1), "this network" 0.0.0.0/8 (connecting to 0.0.0.0
    /// reaches the local host on Linux), 10/8, 172.16/12, 192.168/16, link-local
    /// 169.254/16, carrier-grade NAT 100.64/10, unique-local fc00::/7, link-local
    /// fe80::/10, the unspecified address ::, and the IPv4-mapped (::ffff:0:0/96)
    /// forms of all IPv4 ranges.
    ///
    /// To fail closed, it also treats the deprecated IPv4-compatible block
    /// ::/96 as local, and classifies NAT64 addresses (64:ff9b::/96) by the
    /// IPv4 address they embed, since a NAT64 gateway would forward to it.
    public var isPrivateOrLocal: Bool {
        switch self {
        case .v4(let a):
            return a >> 24 == 127  // loopback
                || a >> 24 == 0  // 0.0.0.0/8
                || a >> 24 == 10  // 10/8
                || a & 0xFFF0_0000 == 0xAC10_0000  // 172.16/12
                || a & 0xFFFF_0000 == 0xC0A8_0000  // 192.168/16
                || a & 0xFFFF_0000 == 0xA9FE_0000  // 169.254/16
                || a & 0xFFC0_0000 == 0x6440_0000  // 100.64/10
        case .v6(let p):
            if let mapped = ipv4Mapped { return IPAddress.v4(mapped).isPrivateOrLocal }
            if p.count != 8 { return true }  // not a real address: refuse
            if p[0..<6].allSatisfy({ $0 == 0 }) { return true }  // ::, ::1, IPv4-compatible ::a.b.c.d
            if p[0] == 0x64, p[1] == 0xFF9B, p[2..<6].allSatisfy({ $0 == 0 }) {  // NAT64 64:ff9b::/96
                return IPAddress.v4(UInt32(p[6]) << 16 | UInt32(p[7])).isPrivateOrLocal
            }
            return p[0] & 0xFE00 == 0xFC00  // fc00::/7
                || p[0] & 0xFFC0 == 0xFE80  // fe80::/10
        }
    }
}
