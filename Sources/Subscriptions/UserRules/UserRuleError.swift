import ContentRules

/// Why the reader's own rules could not be read, changed or added; each
/// says what and where (the file and line, the rule's index and field).
public enum UserRuleError: Error, CustomStringConvertible, Sendable {
    /// `user-rules.json` or its notes are not JSON limot can read: left as they are.
    case damaged(file: String, detail: String)
    case cannotWrite(file: String, detail: String)
    /// A rule (given, or made from a filter) that WebKit would refuse.
    case invalidRule(input: String, problems: [Diagnostic])
    /// An AdBlock filter that has no WKContentRuleList form.
    case unconvertible(filter: String, reason: String)
    case emptyInput
    case noSuchRule(index: Int, count: Int)
    case alreadyPresent(String)
    case badSite(String)
    case notPaused(String)
    /// More rules than WebKit accepts in one list: its error.
    case tooManyRules(Diagnostic)
    case nothingToUndo

    public var description: String {
        switch self {
        case .damaged(let file, let detail):
            return "\(file): \(detail); the file was left as it is (fix it by hand, or move it away to start a new list)"
        case .cannotWrite(let file, let detail): return "cannot write \(file): \(detail)"
        case .invalidRule(let input, let problems):
            return "'\(input)' is not a rule WebKit accepts:\n" + problems.map { "  \($0.description)" }.joined(separator: "\n")
        case .unconvertible(let filter, let reason): return "'\(filter)' cannot be made into a WKContentRuleList rule: \(reason)"
        case .emptyInput: return "no filter given: pass one AdBlock filter (such as ||ads.example^ or example.org##.ad-slot) or one JSON rule"
        case .noSuchRule(let index, let count):
            return count == 0 ? "there is no rule \(index): your list is empty"
                : "there is no rule \(index): your rules are numbered 0 to \(count - 1) (`limot rules list --user` shows them)"
        case .alreadyPresent(let rule): return "this rule is already in your list: \(rule)"
        case .badSite(let site): return "'\(site)' is not a site: give a host name (example.org) or a page's address (https://example.org/page)"
        case .notPaused(let site): return "filtering is not paused for \(site) (`limot rules list --user` shows the pauses)"
        case .tooManyRules(let diagnostic): return diagnostic.description
        case .nothingToUndo: return "there is no change to undo"
        }
    }
}
