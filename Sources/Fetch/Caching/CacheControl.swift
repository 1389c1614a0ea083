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
    /// Read byte by byte: every response's header goes through here, and
    /// Foundation's `trimmingCharacters` cost more than the rest of the
    /// cache's decision for a page.
    static func directives(_ text: String) -> [(name: String, value: String?)] {
        var text = text
        return text.withUTF8 { bytes in
            var result: [(name: String, value: String?)] = []
            var start = 0
            var quoted = false
            for index in 0...bytes.count {
                if index < bytes.count {
                    if bytes[index] == UInt8(ascii: "\"") { quoted.toggle() }
                    if bytes[index] != UInt8(ascii: ",") || quoted { continue }
                }
                if let directive = directive(bytes[start..<index]) { result.append(directive) }
                start = index + 1
            }
            return result
        }
    }

    /// One `name[=value]` of the list, or nil when it is only spaces.
    private static func directive(_ part: Slice<UnsafeBufferPointer<UInt8>>) -> (name: String, value: String?)? {
        let trimmed = withoutSpaces(part)
        guard !trimmed.isEmpty else { return nil }
        guard let equals = trimmed.firstIndex(of: UInt8(ascii: "=")) else {
            return (String(decoding: trimmed, as: UTF8.self).lowercased(), nil)
        }
        let name = String(decoding: withoutSpaces(trimmed[..<equals]), as: UTF8.self).lowercased()
        var value = withoutSpaces(trimmed[(equals + 1)...])
        if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
            value = value.dropFirst().dropLast()
        }
        return (name, String(decoding: value, as: UTF8.self))
    }

    /// `part` without the spaces and tabs around it (HTTP's optional whitespace).
    private static func withoutSpaces(_ part: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = part.firstIndex(where: { !isSpace($0) }), let last = part.lastIndex(where: { !isSpace($0) }) else {
            return part[part.endIndex...]
        }
        return part[first...last]
    }

    /// A delta-seconds value (§1.2.2): digits only; too large saturates.
    static func seconds(_ value: String?) -> Int? {
        guard let value, !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(value) ?? Int(Int32.max)
    }
}
