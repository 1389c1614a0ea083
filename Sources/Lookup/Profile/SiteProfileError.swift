/// Why a site profile was refused: the file, the field (`"selectors.entry"`,
/// `"rules[1]"`) and what is wrong with it, in one line, as a compiler
/// reports an error, so that a profile can be fixed without reading limot.
public struct SiteProfileError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case unreadable(String)
        case invalidJSON(String)
        case notAnObject(found: String)
        case missing
        case wrongType(expected: String, found: String)
        case unsupportedManifestVersion(found: String)
        case unknownKey(suggestion: String?)
        case invalidHost(String)
        case invalidURL(String)
        case templateWithoutQuery(String)
        case badSelector(SelectorError)
        case missingFile(String)
    }

    /// The profile file as it was named.
    public let file: String
    /// The field, as a path in the JSON (nil for the file as a whole).
    public let field: String?
    public let reason: Reason

    public var description: String {
        let subject = field.map { "\"\($0)\"" } ?? ""
        let text: String
        switch reason {
        case .unreadable(let why): text = "cannot be read: \(why)"
        case .invalidJSON(let why): text = "not valid JSON: \(why)"
        case .notAnObject(let found): text = "a site profile is a JSON object, not \(found)"
        case .missing where field == "manifest_version": text = "\(subject) is missing; this limot reads version 1"
        case .missing: text = "\(subject) is missing"
        case .wrongType(let expected, let found): text = "\(subject) must be \(expected), not \(found)"
        case .unsupportedManifestVersion(let found): text = "\(subject) is \(found), but this limot reads version 1"
        case .unknownKey(let suggestion):
            text = "unknown key \(subject)" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
        case .invalidHost(let host): text = "\(subject) must be a lower-case host name such as \"www.loghatnameh.de\", not \"\(host)\""
        case .invalidURL(let url): text = "\(subject) is not an http or https URL: \"\(url)\""
        case .templateWithoutQuery(let template): text = "\(subject) has no \"{query}\" where the word goes: \"\(template)\""
        case .badSelector(let error): text = "\(subject): \(error)"
        case .missingFile(let path): text = "\(subject): no such file \(path)"
        }
        return "\(file): \(text)"
    }
}
