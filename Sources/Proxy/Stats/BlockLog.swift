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
        // Bytes, not characters: this runs for every blocked load of every page.
        let bytes = url.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
              bytes[colon...].starts(with: "://".utf8) else { return url }
        let start = bytes.index(colon, offsetBy: 3)
        let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.endIndex
        var authority = bytes[start..<end]
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[authority.index(after: at)...] }
        if authority.first == UInt8(ascii: "[") {
            let close = authority.firstIndex(of: UInt8(ascii: "]")).map { authority.index(after: $0) } ?? authority.endIndex
            return String(Substring(authority[..<close]))
        }
        let hostEnd = authority.firstIndex(of: UInt8(ascii: ":")) ?? authority.endIndex
        return String(Substring(authority[..<hostEnd]))
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
