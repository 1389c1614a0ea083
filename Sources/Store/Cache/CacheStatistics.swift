import Foundation

/// What the HTTP cache holds, for `limot cache stats`: how much against its
/// limit, how old, for which sites, and what the database file weighs
/// (which can be more than the cache: freed pages stay until a vacuum).
public struct CacheStatistics: Sendable, Equatable {
    public var entries: Int
    /// What counts toward ``limit``: bodies, derived forms, headers and URLs.
    public var bytes: Int64
    public var limit: Int64
    /// When the oldest and newest kept responses arrived; nil when empty.
    public var oldestFetch: Date?
    public var newestFetch: Date?
    /// The hosts with the most bytes kept, most first (at most ten).
    public var hosts: [CacheHostUsage]
    /// The database file and its write-ahead log, in bytes.
    public var databaseFileBytes: Int64

    public init(entries: Int, bytes: Int64, limit: Int64, oldestFetch: Date?, newestFetch: Date?,
                hosts: [CacheHostUsage], databaseFileBytes: Int64) {
        self.entries = entries
        self.bytes = bytes
        self.limit = limit
        self.oldestFetch = oldestFetch
        self.newestFetch = newestFetch
        self.hosts = hosts
        self.databaseFileBytes = databaseFileBytes
    }
}

/// One host's share of the HTTP cache (by request URL).
public struct CacheHostUsage: Sendable, Equatable {
    /// The host, lower-cased, without user info or port.
    public var host: String
    public var entries: Int
    public var bytes: Int64

    public init(host: String, entries: Int, bytes: Int64) {
        self.host = host
        self.entries = entries
        self.bytes = bytes
    }

    /// The host in a URL's authority (what follows `scheme://` up to the
    /// first `/`): without `user@`, without `:port`, brackets of an IPv6
    /// address kept.
    static func host(ofAuthority authority: Substring) -> String {
        var authority = authority.prefix { $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("[") {
            if let close = authority.firstIndex(of: "]") { authority = authority[...close] }
        } else if let colon = authority.firstIndex(of: ":") {
            authority = authority[..<colon]
        }
        return authority.lowercased()
    }
}
