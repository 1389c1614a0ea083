// Hosts: the parsed forms, the standard's host parser (§3.5), serialisation,
// and the address classification the SSRF guard needs.

extension WebURL {
    /// A parsed host.
    ///
    /// Kept as a structured value (not just a string) because policy depends on
    /// the kind: registrable domains exist only for `.domain`, and loopback or
    /// private targets can only be recognised reliably from the numeric forms.
    public enum Host: Sendable, Hashable, CustomStringConvertible {
        /// An ASCII, lowercase domain (non-ASCII labels already Punycode-encoded), e.g. "xn--bcher-kva.de".
        case domain(String)
        /// An IPv4 address in host byte order (127.0.0.1 is 0x7F00_0001).
        case ipv4(UInt32)
        /// An IPv6 address as its eight 16-bit pieces.
        case ipv6([UInt16])
        /// The percent-encoded host of a non-special URL ("sc://Ex%41mple/" keeps its case and escapes).
        case opaque(String)
        /// The empty host ("file:///etc/hosts", "sc:///x").
        case empty

        /// The host as it appears in the URL string ("[::1]" with brackets).
        public var description: String {
            var bytes: [UInt8] = []
            serialize(into: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }

        func serialize(into output: inout [UInt8]) {
            switch self {
            case .domain(let name), .opaque(let name): output.append(contentsOf: name.utf8)
            case .ipv4(let address): IPv4.serialize(address, into: &output)
            case .ipv6(let pieces):
                output.append(UInt8(ascii: "["))
                IPv6.serialize(pieces, into: &output)
                output.append(UInt8(ascii: "]"))
            case .empty: break
            }
        }

        /// The IP address, for `.ipv4` and `.ipv6` hosts.
        public var ipAddress: IPAddress? {
            switch self {
            case .ipv4(let address): return .v4(address)
            case .ipv6(let pieces): return .v6(pieces)
            default: return nil
            }
        }

        /// Whether the host certainly means this machine: 127.0.0.0/8, ::1,
        /// ::ffff:127.0.0.0/104, and the names "localhost" and "*.localhost"
        /// (which browsers and RFC 6761 resolve to loopback without asking DNS).
        /// Other domain names return false: they must be checked after resolution.
        public var isLoopback: Bool {
            switch self {
            case .ipv4, .ipv6: return ipAddress!.isLoopback
            case .domain(let name): return Self.isLocalhostName(name)
            case .opaque, .empty: return false
            }
        }

        /// Whether the host is an address a proxy must not be tricked into
        /// fetching (SSRF): everything in `isLoopback`, plus the ranges listed on
        /// `IPAddress.isPrivateOrLocal`. Domain names other than localhost return
        /// false here; resolve them and check each `IPAddress` answer instead.
        public var isPrivateOrLocal: Bool {
            switch self {
            case .ipv4, .ipv6: return ipAddress!.isPrivateOrLocal
            case .domain(let name): return Self.isLocalhostName(name)
            case .opaque, .empty: return false
            }
        }

        private static func isLocalhostName(_ name: String) -> Bool {
            var name = Substring(name)
            if name.hasSuffix(".") { name = name.dropLast() }
            return name == "localhost" || name.hasSuffix(".localhost")
        }
    }
}

enum HostParser {
    /// The standard's host parser. `isOpaque` is true for non-special URLs.
    static func parse(_ input: [UInt8], isOpaque: Bool) throws(ParseFailure) -> WebURL.Host {
        if input.first == UInt8(ascii: "[") {
            guard input.count >= 2, input.last == UInt8(ascii: "]") else { throw ParseFailure(.unclosedIPv6Address) }
            guard let pieces = IPv6.parse(input[1..<(input.count - 1)]) else { throw ParseFailure(.invalidIPv6Address) }
            return .ipv6(pieces)
        }
        if isOpaque { return try parseOpaque(input) }
        let decoded = input.contains(UInt8(ascii: "%")) ? PercentEncoding.decode(input) : input
        let ascii = try IDNA.domainToASCII(decoded)
        if IPv4.endsInANumber(ascii) {
            guard let address = IPv4.parse(ascii) else { throw ParseFailure(.invalidIPv4Address) }
            return .ipv4(address)
        }
        return .domain(String(decoding: ascii, as: UTF8.self))
    }

    /// The standard's opaque-host parser: reject forbidden host code points,
    /// percent-encode the rest with the C0 control set.
    static func parseOpaque(_ input: [UInt8]) throws(ParseFailure) -> WebURL.Host {
        if input.isEmpty { return .empty }
        for byte in input where isForbiddenHostCodePoint(byte) { throw ParseFailure(.forbiddenHostCodePoint) }
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        PercentEncoding.append(contentsOf: input, encodedWith: .c0Control, to: &output)
        return .opaque(String(decoding: output, as: UTF8.self))
    }

    /// NUL, tab, LF, CR, space, # / : < > ? @ [ \ ] ^ |
    static func isForbiddenHostCodePoint(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00, 0x09, 0x0A, 0x0D, 0x20, 0x23, 0x2F, 0x3A, 0x3C, 0x3E, 0x3F, 0x40, 0x5B, 0x5C, 0x5D, 0x5E, 0x7C:
            return true
        default:
            return false
        }
    }

    /// Forbidden host code points plus C0 controls, "%" and DEL.
    static func isForbiddenDomainCodePoint(_ byte: UInt8) -> Bool {
        byte <= 0x1F || byte == 0x25 || byte == 0x7F || isForbiddenHostCodePoint(byte)
    }
}
