import Foundation
import LimotJSON
import WebURL

/// Reads and checks the fields of a profile's JSON, turning each problem
/// into a `SiteProfileError` that names the field.
struct ProfileReader {
    private let object: JSONObject
    private let file: String
    private let baseDirectory: String

    init(json: [UInt8], file: String, baseDirectory: String) throws(SiteProfileError) {
        self.file = file
        self.baseDirectory = baseDirectory
        let value: JSONValue
        do {
            value = try JSONParser.parse(json)
        } catch {
            throw SiteProfileError(file: file, field: nil, reason: .invalidJSON(error.description))
        }
        guard let object = value.objectValue else {
            throw SiteProfileError(file: file, field: nil, reason: .notAnObject(found: value.kindDescription))
        }
        self.object = object
    }

    private func fail(_ field: String?, _ reason: SiteProfileError.Reason) -> SiteProfileError {
        SiteProfileError(file: file, field: field, reason: reason)
    }

    /// Unknown keys are errors, each with the known key it is closest to.
    func checkKeys(_ known: [String], in parent: String?) throws(SiteProfileError) {
        let members = parent.flatMap { object[$0]?.objectValue?.members } ?? (parent == nil ? object.members : [])
        for member in members where !known.contains(member.key) {
            let suggestion = known.min { Self.distance($0, member.key) < Self.distance($1, member.key) }
                .flatMap { Self.distance($0, member.key) <= 2 ? $0 : nil }
            throw fail(parent.map { "\($0).\(member.key)" } ?? member.key, .unknownKey(suggestion: suggestion))
        }
    }

    func checkManifestVersion() throws(SiteProfileError) {
        guard let value = object["manifest_version"] else { throw fail("manifest_version", .missing) }
        guard case .number(1) = value else { throw fail("manifest_version", .unsupportedManifestVersion(found: Self.render(value))) }
    }

    func string(_ key: String) throws(SiteProfileError) -> String {
        guard let value = object[key] else { throw fail(key, .missing) }
        guard let string = value.stringValue else { throw fail(key, .wrongType(expected: "a string", found: value.kindDescription)) }
        return string
    }

    func host(_ key: String) throws(SiteProfileError) -> String {
        let host = try string(key)
        let allowed = host.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2E }
        guard allowed, !host.isEmpty, !host.hasPrefix("."), !host.hasSuffix("."), !host.contains("..") else {
            throw fail(key, .invalidHost(host))
        }
        return host
    }

    func url(_ key: String) throws(SiteProfileError) -> String {
        let text = try string(key)
        guard let url = try? WebURL(text), url.scheme == "http" || url.scheme == "https" else { throw fail(key, .invalidURL(text)) }
        return url.serialization
    }

    func searchTemplate(_ key: String) throws(SiteProfileError) -> String {
        let template = try string(key)
        guard template.contains("{query}") else { throw fail(key, .templateWithoutQuery(template)) }
        let example = template.replacingOccurrences(of: "{query}", with: "x").replacingOccurrences(of: "{dir}", with: "de-fa")
        guard let url = try? WebURL(example), url.scheme == "http" || url.scheme == "https" else { throw fail(key, .invalidURL(template)) }
        return template
    }

    func selectors(_ key: String) throws(SiteProfileError) -> ProfileSelectors {
        guard let value = object[key] else { return ProfileSelectors() }
        guard let selectors = value.objectValue else { throw fail(key, .wrongType(expected: "an object", found: value.kindDescription)) }
        let names = ["entry", "headword", "grammar", "translation", "example", "suggestion"]
        try checkKeys(names, in: key)
        var parsed: [String: CSSSelector] = [:]
        for name in names {
            guard let member = selectors[name] else { continue }
            let field = "\(key).\(name)"
            guard let text = member.stringValue else { throw fail(field, .wrongType(expected: "a string", found: member.kindDescription)) }
            do {
                parsed[name] = try CSSSelector(text)
            } catch {
                throw fail(field, .badSelector(error))
            }
        }
        return ProfileSelectors(entry: parsed["entry"], headword: parsed["headword"], grammar: parsed["grammar"],
                                translation: parsed["translation"], example: parsed["example"], suggestion: parsed["suggestion"])
    }

    /// A list of paths relative to the profile's folder, made absolute; each
    /// must exist, as a manifest's files must.
    func files(_ key: String) throws(SiteProfileError) -> [String] {
        guard let value = object[key] else { return [] }
        guard let elements = value.arrayValue else { throw fail(key, .wrongType(expected: "an array of paths", found: value.kindDescription)) }
        var paths: [String] = []
        for (index, element) in elements.enumerated() {
            let field = "\(key)[\(index)]"
            guard let relative = element.stringValue else { throw fail(field, .wrongType(expected: "a string", found: element.kindDescription)) }
            let base = URL(fileURLWithPath: baseDirectory, isDirectory: true)
            let path = URL(fileURLWithPath: relative, relativeTo: base).standardizedFileURL.path
            guard FileManager.default.fileExists(atPath: path) else { throw fail(field, .missingFile(path)) }
            paths.append(path)
        }
        return paths
    }

    // MARK: Helpers

    /// A JSON value as written, for messages: `2`, `"1"`, `null`.
    private static func render(_ value: JSONValue) -> String {
        switch value {
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .string(let string): return "\"\(string)\""
        case .bool(let bool): return String(bool)
        case .null: return "null"
        default: return value.kindDescription
        }
    }

    /// Levenshtein distance, for "did you mean".
    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
