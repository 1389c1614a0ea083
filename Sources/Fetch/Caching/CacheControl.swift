import Foundation
import HTTPTypes

/// The `Cache-Control` directives of a response (or request), RFC 9111 §5.2.
/// Unknown directives are ignored; a repeated directive keeps its first value.
public struct CacheControl: Sendable, Equatable {
    public var noStore = false
    /// `no-cache`, also with a field list (treated as plain `no-cache`), and
    /// `Pragma: no-cache` when there is no `Cache-Control`.
    public var noCache = false
    public var isPrivate = false
    public var isPublic = false
    public var mustRevalidate = false
    public var immutable = false
    public var maxAge: Int?
    public var staleIfError: Int?

    /// The directives of every `Cache-Control` field in `headers`.
    public init(headers: HTTPFields) {
        let fields = headers[values: .cacheControl]
        if fields.isEmpty {
            noCache = headers[values: .pragma].contains { $0.lowercased().contains("no-cache") }
            return
        }
        for directive in Self.directives(fields.joined(separator: ",")) {
            switch directive.name {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "private": isPrivate = true
            case "public": isPublic = true
            case "must-revalidate", "proxy-revalidate": mustRevalidate = true
            case "immutable": immutable = true
            case "max-age": if maxAge == nil { maxAge = Self.seconds(directive.value) }
            case "stale-if-error": if staleIfError == nil { staleIfError = Self.seconds(directive.value) }
            default: break
            }
        }
    }

    /// `name[=value]` pairs of a comma-separated list; names lower-cased,
    /// quoted values unquoted (a comma inside quotes does not split).
    static func directives(_ text: String) -> [(name: String, value: String?)] {
        var result: [(name: String, value: String?)] = []
        var part = ""
        var quoted = false
        func finish() {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            part = ""
            guard !trimmed.isEmpty else { return }
            if let equals = trimmed.firstIndex(of: "=") {
                let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                result.append((name, value))
            } else {
                result.append((trimmed.lowercased(), nil))
            }
        }
        for character in text {
            if character == "\"" { quoted.toggle() }
            if character == ",", !quoted { finish() } else { part.append(character) }
        }
        finish()
        return result
    }

    /// A delta-seconds value (§1.2.2): digits only; too large saturates.
    static func seconds(_ value: String?) -> Int? {
        guard let value, !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(value) ?? Int(Int32.max)
    }
}
