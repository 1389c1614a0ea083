import Synchronization

/// What the proxy blocked since it started, per host and rule: the privacy
/// report on `/_limot/stats`.
public final class BlockLog: Sendable {
    public struct HostEntry: Sendable, Equatable {
        public var host: String
        public var count: Int
        /// Rule ("file#index") → times it decided a block on this host.
        public var rules: [String: Int]
    }
    private struct State {
        var hosts: [String: HostEntry] = [:]
        var total = 0
        var pages = 0
    }
    private let state = Mutex(State())

    public init() {}

    /// Records one blocked request.
    public func record(host: String, rules: [String]) {
        state.withLock { state in
            state.total += 1
            var entry = state.hosts[host] ?? HostEntry(host: host, count: 0, rules: [:])
            entry.count += 1
            for rule in rules.isEmpty ? ["(unnamed rule)"] : rules { entry.rules[rule, default: 0] += 1 }
            state.hosts[host] = entry
        }
    }

    /// The host of an absolute URL the sanitizer reported (already parsed
    /// and serialised once, so slicing the text is enough).
    public static func host(ofURL url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<end]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("[") {
            return String(authority[...(authority.firstIndex(of: "]") ?? authority.index(before: authority.endIndex))])
        }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? authority)
    }

    /// Records a page served (for the report's "across N pages").
    public func recordPage() {
        state.withLock { $0.pages += 1 }
    }

    /// Hosts by blocked count, most first.
    public func snapshot() -> (total: Int, pages: Int, hosts: [HostEntry]) {
        state.withLock { state in
            (state.total, state.pages, state.hosts.values.sorted { $0.count != $1.count ? $0.count > $1.count : $0.host < $1.host })
        }
    }
}
