import Foundation
import ContentRules

/// One rule of the reader's own list (`user-rules.json`), as WKContentRuleList
/// JSON, with what limot remembers of how it was made.
public struct UserRule: Sendable, Equatable {
    /// The rule: one JSON object, written compactly (the form it has in the file).
    public var json: String
    /// When and where it was made; nil for a rule written into the file by hand.
    public var note: UserRuleNote?

    public init(json: String, note: UserRuleNote? = nil) {
        self.json = json
        self.note = note
    }
}

/// How a rule of the reader's list came to be: kept beside the list (in
/// `user-rules-notes.json`), because WKContentRuleList JSON has no place for
/// it and the list must stay a file Safari accepts as it is.
public struct UserRuleNote: Codable, Sendable, Equatable {
    /// What the reader asked for.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Hide elements (a `css-display-none` rule).
        case hide
        /// Block a resource or a host.
        case block
        /// Let a resource load although a list blocks it (`ignore-previous-rules`).
        case allow
        /// Filtering paused for a site or a page (`ignore-previous-rules` on its pages).
        case pause
        /// A filter or JSON rule given to `limot rules add`.
        case added
    }

    public var kind: Kind
    public var made: Date
    /// The page it was made on, if it was made from one.
    public var page: String?
    /// The AdBlock filter it was converted from, if any.
    public var filter: String?

    public init(kind: Kind, made: Date = Date(), page: String? = nil, filter: String? = nil) {
        self.kind = kind
        self.made = made
        self.page = page
        self.filter = filter
    }
}

/// The reader's list as it stands: the rules in force, in order, the rules
/// switched off (kept so they can be switched on again), and what is wrong
/// with the file if it was edited by hand.
public struct UserRules: Sendable {
    /// The rules of `user-rules.json`, in order: index N is the file's rule N.
    public var active: [UserRule]
    /// Rules switched off: not in the file, kept in the notes.
    public var disabled: [UserRule]
    /// Errors and warnings `limot rules check` would report for the file,
    /// each naming its rule's index and field.
    public var problems: [Diagnostic]

    public init(active: [UserRule] = [], disabled: [UserRule] = [], problems: [Diagnostic] = []) {
        self.active = active
        self.disabled = disabled
        self.problems = problems
    }

    /// Whether the file can be used: no errors (warnings are fine).
    public var isUsable: Bool { !problems.contains { $0.severity == .error } }

    /// The rules as the file holds them: a JSON array, one rule a line.
    public var fileText: String {
        "[\n" + active.map(\.json).joined(separator: ",\n") + "\n]\n"
    }
}
