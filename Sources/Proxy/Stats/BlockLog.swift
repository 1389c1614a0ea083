import Synchronization

/// What the proxy blocked since it started, per host and rule: the privacy
/// report on `/_limot/stats`.
public final class BlockLog: Sendable {
    public struct HostEntry: Sendable, Equatable {
        public var host: String
        public var count: Int
        /// Rule ("file#index") → times it decided a block on this host.
        public var rules: [String: Int]

        /// One more block on this host, decided by `rules`.
        fileprivate mutating func count(_ rules: [String]) {
            count += 1
            if rules.isEmpty {
                self.rules["(unnamed rule)", default: 0] += 1
            } else {
                for rule in rules { self.rules[rule, default: 0] += 1 }
            }
        }
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
            // Counted in place: an entry taken out and put back shared its
            // rule counts with the one still stored, so the first count
            // copied the whole dictionary.
            state.hosts[host, default: HostEntry(host: host, count: 0, rules: [:])].count(rules)
        }
    }

    /// The host of an absolute URL the sanitizer reported (already parsed
    /// and serialised once, so slicing the text is enough): after the
    /// first `:` when `//` follows it, up to the first `/`, `?` or `#`,
    /// without user information (up to the last `@`) and port (from the
    /// first `:`, or after the `]` of an IPv6 literal); the URL itself when
    /// it has no `://` after its first `:`.
    public static func host(ofURL url: String) -> String {
        // Bytes in one buffer, scanned by index: this runs for every
        // blocked load of every page (4,683 instructions a load through the
        // string's view; 1,094 through the buffer's generic slices,
        // `firstIndex(where:)` and `starts(with:)`; callgrind).
        var text = url
        return text.withUTF8 { bytes -> String? in
            let count = bytes.count
            var colon = 0
            while colon < count, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
            guard colon + 2 < count, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") else { return nil }
            let start = colon + 3
            var end = start
            while end < count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                end += 1
            }
            var hostStart = start
            var at = end
            while at > start {
                at -= 1
                if bytes[at] == UInt8(ascii: "@") {
                    hostStart = at + 1
                    break
                }
            }
            var hostEnd = hostStart
            if hostStart < end, bytes[hostStart] == UInt8(ascii: "[") {
                while hostEnd < end, bytes[hostEnd] != UInt8(ascii: "]") { hostEnd += 1 }
                if hostEnd < end { hostEnd += 1 }
            } else {
                while hostEnd < end, bytes[hostEnd] != UInt8(ascii: ":") { hostEnd += 1 }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[hostStart..<hostEnd]), as: UTF8.self)
        } ?? url
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
