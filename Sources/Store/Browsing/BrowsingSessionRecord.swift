import Foundation

/// A proxy session's back/forward list as kept, so that a restarted proxy
/// (or another one on the same data directory) resumes where the reader was.
public struct BrowsingSessionRecord: Sendable, Equatable {
    /// The session's id (the proxy's session cookie value).
    public var id: String
    /// The URLs of the list, oldest first.
    public var entries: [String]
    /// Where in ``entries`` the reader is.
    public var index: Int
    /// Grows with every change of the list: a save with a revision no
    /// greater than the kept one is out of date and ignored.
    public var revision: Int64
    public var updatedAt: Date

    public init(id: String, entries: [String], index: Int, revision: Int64, updatedAt: Date) {
        self.id = id
        self.entries = entries
        self.index = index
        self.revision = revision
        self.updatedAt = updatedAt
    }
}
