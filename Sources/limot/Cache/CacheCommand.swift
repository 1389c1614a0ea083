import ArgumentParser
import Foundation
import Store

/// `limot cache …`: the HTTP cache that keeps the pages limot fetched.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show, clear or shrink the cache of fetched pages.",
        discussion: """
            limot keeps the pages it fetches (limot lookup, limot serve, limot prefetch) in an \
            HTTP cache in limot.sqlite3 in the data directory: --data-dir, else $LIMOT_DATA_DIR, \
            else $XDG_DATA_HOME/limot, else ~/.local/share/limot. That is what --offline reads. \
            Beyond --cache-size (default \(StoreLimits.defaultCacheSize >> 20) MB) the least \
            recently used pages are evicted.

            Large rule lists (--rules easylist.txt …) are kept compiled in rules-cache/ in the \
            same directory, one file per selection of lists; these commands leave it alone, and \
            removing the folder is always safe (the next start compiles the lists again).

            Examples:
              limot cache                  entries, size, oldest and newest, top hosts
              limot cache stats --json
              limot cache clear --yes
              limot cache vacuum           give cleared space back to the disk

            Exit status: 0 success, 1 nothing to clear, the question was not answered yes, or \
            the store failed, 2 usage error.
            """,
        subcommands: [CacheStats.self, CacheClear.self, CacheVacuum.self],
        defaultSubcommand: CacheStats.self
    )
}

/// `limot cache stats [--json]`.
struct CacheStats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show how many pages the cache holds, its size and its top hosts.",
        discussion: """
            Entries and the size of their bodies and headers against the --cache-size limit, \
            the database file's size on disk, when the oldest and the newest page were fetched, \
            and the hosts that take the most room. --json prints {entries, bytes, limit, \
            oldest_fetch, newest_fetch, hosts: [{host, entries, bytes}], database_file_bytes}, \
            sizes in bytes and times in ISO 8601 (null for an empty cache).
            """
    )

    /// Hosts listed in the table; --json lists all.
    static let listedHosts = 5

    @OptionGroup var store: StoreOptions
    @OptionGroup var cache: CacheOptions

    @Flag(help: "Print the statistics as JSON.")
    var json = false

    func run() throws {
        let opened = try store.open(cache: cache)
        let statistics = try attempt { () throws(StoreError) in try opened.cacheStatistics() }
        if json {
            // Foundation's JSONEncoder, not LimotJSON's writer: `CacheStatisticsJSON` is Codable, printed whole.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            print(String(decoding: try encoder.encode(CacheStatisticsJSON(statistics)), as: UTF8.self))
            return
        }
        print(Self.render(statistics, path: opened.databasePath))
    }

    static func render(_ statistics: CacheStatistics, path: String, timeZone: TimeZone = .current) -> String {
        let percent = statistics.limit > 0 ? Int((Double(statistics.bytes) / Double(statistics.limit) * 100).rounded()) : 0
        var lines = [
            "Cache in \(path)",
            "  entries         \(statistics.entries) page\(statistics.entries == 1 ? "" : "s")",
            "  size            \(HumanUnits.bytes(statistics.bytes)) of \(HumanUnits.bytes(statistics.limit)) (\(percent)%)",
            "  database file   \(HumanUnits.bytes(statistics.databaseFileBytes))",
            "  oldest fetch    \(statistics.oldestFetch.map { StoredTime.minute($0, timeZone: timeZone) } ?? "-")",
            "  newest fetch    \(statistics.newestFetch.map { StoredTime.minute($0, timeZone: timeZone) } ?? "-")",
        ]
        let hosts = statistics.hosts.sorted { ($0.bytes, $1.host) > ($1.bytes, $0.host) }.prefix(listedHosts)
        if hosts.isEmpty {
            lines.append("The cache is empty: pages you read (limot lookup, limot serve) or prefetch (limot prefetch WORDLIST) are kept here.")
        } else {
            lines.append(statistics.hosts.count > listedHosts ? "Top hosts (\(listedHosts) of \(statistics.hosts.count)):" : "Hosts:")
            let hostWidth = hosts.map(\.host.count).max() ?? 0
            let countWidth = hosts.map { String($0.entries).count }.max() ?? 0
            for host in hosts {
                let count = String(host.entries)
                lines.append("  " + host.host.padding(toLength: hostWidth, withPad: " ", startingAt: 0) + "  "
                             + String(repeating: " ", count: countWidth - count.count) + count
                             + (host.entries == 1 ? " page   " : " pages  ") + HumanUnits.bytes(host.bytes))
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// The statistics as `limot cache stats --json` prints them: snake_case
/// keys, every key present (null for an empty cache's dates).
struct CacheStatisticsJSON: Encodable {
    var statistics: CacheStatistics

    init(_ statistics: CacheStatistics) {
        self.statistics = statistics
    }

    private enum Keys: String, CodingKey {
        case entries, bytes, limit, hosts, host
        case oldestFetch = "oldest_fetch", newestFetch = "newest_fetch", databaseFileBytes = "database_file_bytes"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(statistics.entries, forKey: .entries)
        try container.encode(statistics.bytes, forKey: .bytes)
        try container.encode(statistics.limit, forKey: .limit)
        try container.encode(statistics.oldestFetch, forKey: .oldestFetch)
        try container.encode(statistics.newestFetch, forKey: .newestFetch)
        try container.encode(statistics.databaseFileBytes, forKey: .databaseFileBytes)
        var hosts = container.nestedUnkeyedContainer(forKey: .hosts)
        for usage in statistics.hosts {
            var host = hosts.nestedContainer(keyedBy: Keys.self)
            try host.encode(usage.host, forKey: .host)
            try host.encode(usage.entries, forKey: .entries)
            try host.encode(usage.bytes, forKey: .bytes)
        }
    }
}
