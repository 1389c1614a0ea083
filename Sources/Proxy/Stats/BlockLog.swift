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
    /// and serialised once, so slicing the text is enough).
    public static func host(ofURL url: String) -> String {
        // Bytes in one buffer, not the string's UTF-8 view index by index:
        // this runs for every blocked load of every page (4,683 instructions
        // a load through the view, 1,094 in the buffer: callgrind).
        var text = url
        return text.withUTF8 { bytes -> String? in
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
                  bytes[colon...].starts(with: "://".utf8) else { return nil }
            let start = colon + 3
            let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.endIndex
            var authority = bytes[start..<end]
            if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
            let host: Slice<UnsafeBufferPointer<UInt8>>
            if authority.first == UInt8(ascii: "[") {
                host = authority[..<(authority.firstIndex(of: UInt8(ascii: "]")).map { $0 + 1 } ?? authority.endIndex)]
            } else {
                host = authority[..<(authority.firstIndex(of: UInt8(ascii: ":")) ?? authority.endIndex)]
            }
            return String(decoding: UnsafeBufferPointer(rebasing: host), as: UTF8.self)
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
