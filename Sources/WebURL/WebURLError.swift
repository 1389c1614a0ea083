/// Why a string could not be parsed as a URL.
///
/// A proxy has to report rejected request targets and broken links in a way a
/// person can act on, so the error carries both the offending input and the
/// reason, and its `description` reads like
/// "invalid IPv6 address in 'http://[1::2::3]/'".
public struct WebURLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The string that was being parsed (as given, before any trimming).
    public var input: String
    /// What was wrong with it.
    public var reason: Reason

    /// The failure conditions of the WHATWG basic URL parser (validation
    /// errors that are not failures are tolerated, as browsers do).
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// No scheme, and no base URL that a relative reference could be resolved against
        /// (or the base has an opaque path, like "about:blank", and the input is not "#…").
        case missingScheme
        /// A special URL ("http:", …) with an empty host, or credentials followed by nothing.
        case hostMissing
        /// The port contains something other than ASCII digits.
        case invalidPort
        /// The port is larger than 65535.
        case portOutOfRange
        /// The host ends in a number, so it must be an IPv4 address, but it is not a valid one.
        case invalidIPv4Address
        /// The host is bracketed but not a valid IPv6 address.
        case invalidIPv6Address
        /// The host starts with "[" but does not end with "]".
        case unclosedIPv6Address
        /// The host contains a code point that is never allowed in a host (space, "<", "^", …).
        case forbiddenHostCodePoint
        /// The (percent-decoded) domain contains a code point not allowed in a domain ("%", controls, …).
        case forbiddenDomainCodePoint
        /// The domain could not be converted to ASCII (invalid UTF-8 after percent-decoding,
        /// invalid Punycode in an "xn--" label, disallowed code points, or an empty result).
        case invalidDomain

        public var description: String {
            switch self {
            case .missingScheme: return "missing scheme (not an absolute URL and no usable base URL)"
            case .hostMissing: return "missing host"
            case .invalidPort: return "invalid port"
            case .portOutOfRange: return "port out of range"
            case .invalidIPv4Address: return "invalid IPv4 address"
            case .invalidIPv6Address: return "invalid IPv6 address"
            case .unclosedIPv6Address: return "unclosed IPv6 address"
            case .forbiddenHostCodePoint: return "forbidden code point in host"
            case .forbiddenDomainCodePoint: return "forbidden code point in domain"
            case .invalidDomain: return "invalid domain name"
            }
        }
    }

    public init(input: String, reason: Reason) {
        self.input = input
        self.reason = reason
    }

    public var description: String { "\(reason) in '\(input)'" }
}

/// Internal failure used while parsing; the public initialiser adds the input.
struct ParseFailure: Error {
    var reason: WebURLError.Reason
    init(_ reason: WebURLError.Reason) { self.reason = reason }
}
