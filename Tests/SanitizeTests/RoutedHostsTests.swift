import Testing
@testable import Sanitize

/// The policy's list of routed hosts keeps each host once by its bytes, in
/// the order first routed, and its set is the set of every host routed, as
/// a `Set<String>` filled with each of them would be (canonically equivalent
/// spellings included, which a set of Strings holds once).
@Suite("Routed hosts")
struct RoutedHostsTests {
    /// Pieces of hosts: a host routed again and again, others once, an
    /// empty host, and `é` precomposed and decomposed.
    static let pieces = ["a", "b", ".", "cdn", "example.com", "\u{E9}", "e\u{301}", ""]

    @Test("hosts kept once by their bytes, first routed first; the set a plain set of them")
    func equalsPlainSet() {
        var random = SplitMix64(seed: 26)
        for _ in 0..<300 {
            var hosts = RoutedHosts()
            var plain = Set<String>()
            var distinct: [[UInt8]] = []
            for _ in 0..<random.next(below: 40) {
                let host = random.text(from: Self.pieces, fewerThan: 4)
                if random.next(below: 4) == 0 {
                    hosts.insert(host)
                } else {
                    Array(host.utf8).withUnsafeBufferPointer { hosts.insert($0) }
                }
                plain.insert(host)
                if !distinct.contains(Array(host.utf8)) { distinct.append(Array(host.utf8)) }
            }
            #expect(hosts.names.map { Array($0.utf8) } == distinct)
            #expect(hosts.set == plain)
        }
    }

    @Test("past the hosts it scans, a table finds them: still each once, first routed first")
    func manyHosts() {
        var random = SplitMix64(seed: 2026)
        for count in [RoutedHosts.scannedHosts, RoutedHosts.scannedHosts + 1, 600] {
            var hosts = RoutedHosts()
            var distinct: [String] = []
            for _ in 0..<(4 * count) {
                let host = "h\(random.next(below: count)).example.org"
                if random.next(below: 2) == 0 {
                    hosts.insert(host)
                } else {
                    Array(host.utf8).withUnsafeBufferPointer { hosts.insert($0) }
                }
                if !distinct.contains(host) { distinct.append(host) }
            }
            #expect(hosts.names == distinct, "\(count) hosts")
            #expect(hosts.set == Set(distinct))
        }
    }
}
