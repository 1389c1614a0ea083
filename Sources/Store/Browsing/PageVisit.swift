import Foundation

/// One page read through the proxy, for the browsing history.
public struct PageVisit: Sendable, Equatable, Codable {
    /// The row's id: increasing, never reused (also not after a clear).
    public var id: Int64
    /// The proxy session it was read in.
    public var sessionID: String
    public var url: String
    /// The page's title, when it had one.
    public var title: String?
    public var visitedAt: Date

    public init(id: Int64, sessionID: String, url: String, title: String?, visitedAt: Date) {
        self.id = id
        self.sessionID = sessionID
        self.url = url
        self.title = title
        self.visitedAt = visitedAt
    }
}
