import WebURL

/// Why a `HOST:PORT:HOST2:PORT2` mapping could not be parsed, naming the part
/// that is wrong so that a user can fix a `--connect-to` argument.
public struct ConnectToError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The part of the mapping that is wrong, named as in curl's manual.
    public enum Part: String, Sendable, Equatable {
        case format = "mapping"
        case host = "HOST"
        case port = "PORT"
        case targetHost = "HOST2"
        case targetPort = "PORT2"
    }
    /// The whole mapping as given.
    public var input: String
    public var part: Part
    /// What is wrong with `part`, e.g. "PORT 'http' is not a number from 1 to 65535".
    public var message: String

    public init(input: String, part: Part, message: String) {
        self.input = input
        self.part = part
        self.message = message
    }

    public var description: String { "invalid connect-to mapping '\(input)': \(message)" }
}

extension ConnectTo {
    /// Parses curl's `HOST:PORT:HOST2:PORT2`, e.g.
    /// `www.loghatnameh.de:443:127.0.0.1:8443` or `:80:[::1]:8080`.
    ///
    /// Any part may be empty (HOST or PORT: match any; HOST2 or PORT2: keep the
    /// original). IPv6 addresses are written in brackets, as in URLs. Hosts are
    /// canonicalised as in URLs (lower-case, IDNA, IPv4 shorthand), so that
    /// they compare equal to `WebURL.hostname`.
    ///
    /// - Throws: `ConnectToError` naming the part that is wrong.
    public init(parsing text: String) throws(ConnectToError) {
        func fail(_ part: ConnectToError.Part, _ message: String) -> ConnectToError {
            ConnectToError(input: text, part: part, message: message)
        }
        let fields = try Self.splitFields(text, fail: fail)
        guard fields.count == 4 else {
            throw fail(.format, "expected HOST:PORT:HOST2:PORT2 (four parts separated by ':'), found \(fields.count)")
        }
        self.init(
            host: try Self.parseHost(fields[0], part: .host, fail: fail),
            port: try Self.parsePort(fields[1], part: .port, fail: fail),
            targetHost: try Self.parseHost(fields[2], part: .targetHost, fail: fail),
            targetPort: try Self.parsePort(fields[3], part: .targetPort, fail: fail)
        )
    }

    /// Splits at ':' outside brackets.
    private static func splitFields(
        _ text: String, fail: (ConnectToError.Part, String) -> ConnectToError
    ) throws(ConnectToError) -> [Substring] {
        var fields: [Substring] = []
        var start = text.startIndex
        var index = start
        var inBrackets = false
        while index < text.endIndex {
            switch text[index] {
            case "[": inBrackets = true
            case "]": inBrackets = false
            case ":" where !inBrackets:
                fields.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
            index = text.index(after: index)
        }
        if inBrackets {
            throw fail(fields.count % 2 == 0 ? (fields.count == 0 ? .host : .targetHost) : .format, "unclosed '[' in an IPv6 address")
        }
        fields.append(text[start...])
        return fields
    }

    private static func parseHost(
        _ field: Substring, part: ConnectToError.Part, fail: (ConnectToError.Part, String) -> ConnectToError
    ) throws(ConnectToError) -> String {
        if field.isEmpty { return "" }
        if field.first == "[" {
            guard field.last == "]", let address = IPAddress(String(field)), case .v6 = address else {
                throw fail(part, "\(part.rawValue) '\(field)' is not an IPv6 address in brackets")
            }
            return "[\(address)]"
        }
        let forbidden: Set<Character> = ["/", "?", "#", "@", "\\", "[", "]", " ", "%"]
        guard !field.contains(where: { forbidden.contains($0) || $0.isNewline }),
            let url = try? WebURL("http://\(field)/"), case .some(let host) = url.host
        else {
            throw fail(part, "\(part.rawValue) '\(field)' is not a host name or IP address (write IPv6 in brackets)")
        }
        return host.description
    }

    private static func parsePort(
        _ field: Substring, part: ConnectToError.Part, fail: (ConnectToError.Part, String) -> ConnectToError
    ) throws(ConnectToError) -> Int? {
        if field.isEmpty { return nil }
        guard field.count <= 5, field.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(field), (1...65535).contains(port) else {
            throw fail(part, "\(part.rawValue) '\(field)' is not a port number from 1 to 65535")
        }
        return port
    }
}
