import Foundation
import Vocabulary

/// One kept lookup, as a listing shows it: what was asked, which way, what
/// was found, where and when. The full result stays in the store (see
/// ``LimotStore/storedResult(normalizedQuery:direction:)``).
public struct NotebookEntry: Sendable, Equatable, Codable {
    /// The row's id: increasing, never reused (also not after a clear).
    public var id: Int64
    public var lookedUpAt: Date
    public var origin: LookupOrigin
    /// The query as the user typed it.
    public var query: String
    /// The query as it was searched.
    public var normalizedQuery: String
    public var direction: LookupDirection
    /// The entries' headwords, in page order (empty when nothing was found).
    public var headwords: [String]
    /// The translations of all entries, first seen first, each once.
    public var translations: [String]
    /// The result page's URL.
    public var sourceURL: String

    public init(id: Int64, lookedUpAt: Date, origin: LookupOrigin, query: String, normalizedQuery: String,
                direction: LookupDirection, headwords: [String], translations: [String], sourceURL: String) {
        self.id = id
        self.lookedUpAt = lookedUpAt
        self.origin = origin
        self.query = query
        self.normalizedQuery = normalizedQuery
        self.direction = direction
        self.headwords = headwords
        self.translations = translations
        self.sourceURL = sourceURL
    }
}
