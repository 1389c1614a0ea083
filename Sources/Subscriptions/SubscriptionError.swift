/// Why a subscription could not be read, written, fetched or used; each
/// says what and where.
public enum SubscriptionError: Error, CustomStringConvertible, Sendable {
    /// `subscriptions.json` is not what limot wrote (hand-edited, damaged).
    case damagedMetadata(file: String, detail: String)
    case cannotWrite(file: String, detail: String)
    case unknownList(String)
    case nameTaken(String)
    case urlTaken(url: String, name: String)
    case badName(String)
    case badURL(String)
    /// The download failed or the server did not answer with the list.
    case download(String)
    /// The list was downloaded but cannot be used: its errors.
    case unusable(name: String, errors: [String])

    public var description: String {
        switch self {
        case .damagedMetadata(let file, let detail):
            return "\(file): \(detail); the file was left as it is (fix or remove it; the lists it names are in the subscriptions folder beside it)"
        case .cannotWrite(let file, let detail): return "cannot write \(file): \(detail)"
        case .unknownList(let name): return "no subscribed list named \(name) (`limot rules list` shows them)"
        case .nameTaken(let name): return "a list named \(name) is already subscribed; choose another with --name"
        case .urlTaken(let url, let name): return "\(url) is already subscribed as \(name)"
        case .badName(let name): return "'\(name)' cannot name a list: use letters, digits, '-', '_' and '.' (at most 64, not starting with '.')"
        case .badURL(let url): return "'\(url)' is not an http or https URL"
        case .download(let message): return message
        case .unusable(let name, let errors): return "\(name): the list cannot be used:\n" + errors.joined(separator: "\n")
        }
    }
}
