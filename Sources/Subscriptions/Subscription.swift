import Foundation

/// A rule list limot keeps current from a URL (`limot rules subscribe`), as
/// `subscriptions.json` records it: where it comes from, what the server
/// said about the version kept (for conditional requests), and how the last
/// update went.
public struct Subscription: Codable, Equatable, Sendable {
    /// The name readers know the list by (`easylist`); unique.
    public var name: String
    public var url: String
    /// `txt` (an AdBlock list) or `json` (WKContentRuleList): the stored
    /// file's extension, which tells the rule loader how to read it.
    public var format: String
    /// The server's validators of the version kept, sent back as
    /// `If-None-Match` and `If-Modified-Since`.
    public var etag: String?
    public var lastModified: String?
    /// When the version kept was fetched, or last confirmed unchanged (304).
    public var fetchedAt: Date?
    /// How long the list says it stays current (`! Expires: 4 days`), in seconds.
    public var expiresSeconds: Double?
    /// When the list is due again.
    public var nextUpdate: Date?
    /// Why the last update failed (the last good version stays in use); nil after a success.
    public var lastError: String?
    /// Rules of the version kept.
    public var rules: Int
    /// Filters of the version kept that have no WebKit equivalent, by reason.
    public var skipped: [String: Int]

    public init(name: String, url: String, format: String, etag: String? = nil, lastModified: String? = nil, fetchedAt: Date? = nil,
                expiresSeconds: Double? = nil, nextUpdate: Date? = nil, lastError: String? = nil, rules: Int, skipped: [String: Int]) {
        self.name = name
        self.url = url
        self.format = format
        self.etag = etag
        self.lastModified = lastModified
        self.fetchedAt = fetchedAt
        self.expiresSeconds = expiresSeconds
        self.nextUpdate = nextUpdate
        self.lastError = lastError
        self.rules = rules
        self.skipped = skipped
    }

    /// The name a list is given when `--name` is not: its file name without
    /// the extension (`easylist` for …/easylist.txt), else its host.
    public static func name(derivedFrom url: URL) -> String {
        let file = url.deletingPathExtension().lastPathComponent
        let candidate = file.isEmpty || file == "/" ? (url.host ?? "list") : file
        let cleaned = String(candidate.lowercased().map { isAllowed($0) ? $0 : "-" })
        return cleaned.trimmingCharacters(in: CharacterSet(charactersIn: "-."))
    }

    /// Whether `name` can name a list (and its file in the data directory).
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name.first != "." && name.allSatisfy(isAllowed)
    }

    private static func isAllowed(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character))
    }

    /// How long a list stays current when it does not say.
    public static let defaultLifetime: TimeInterval = 4 * 86400
    /// The range a list's own `! Expires:` is held to: no server is asked
    /// more than once an hour, no list is left for more than two weeks.
    public static let lifetimeRange: ClosedRange<TimeInterval> = 3600...(14 * 86400)
    /// After a failed update, the next attempt.
    public static let retryAfterFailure: TimeInterval = 3600

    /// When a list fetched (or confirmed) at `date` is due again.
    public func nextUpdate(after date: Date) -> Date {
        let lifetime = min(max(expiresSeconds ?? Self.defaultLifetime, Self.lifetimeRange.lowerBound), Self.lifetimeRange.upperBound)
        return date.addingTimeInterval(lifetime)
    }

    /// Whether the list is due at `date`.
    public func isDue(at date: Date) -> Bool {
        guard let nextUpdate else { return true }
        return nextUpdate <= date
    }
}
