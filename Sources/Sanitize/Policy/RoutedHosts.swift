#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The distinct hosts a document routes subresources of through the proxy,
/// as the sanitized document records them (`subresourceHosts`).
///
/// A page routes a few hosts many times: each routed URL's host is compared
/// by its bytes with the host routed last, then with the others (a handful
/// on a result page), and only a new host is made a String. The Strings are
/// made a set once, when the document is done. A byte-hash table and a set
/// kept up to date as hosts came cost about 4,800 instructions a fixture
/// page: the table's slots, entries and bytes made at the first host, each
/// new host hashed for the set as it grew from one through two, four and
/// eight (callgrind).
struct RoutedHosts {
    /// Every host's bytes, one after another.
    private var bytes: [UInt8] = []
    /// Where each host's bytes end in `bytes`.
    private var ends: [Int] = []
    /// The hosts, in the order first routed.
    private(set) var names: [String] = []
    /// Where the host routed last lies in `bytes`.
    private var last = 0..<0

    /// The hosts as a set.
    var set: Set<String> { Set(names) }

    /// Adds `host` unless it is there already.
    mutating func insert(_ host: UnsafeBufferPointer<UInt8>) {
        if holds(host, at: last) { return }
        var start = 0
        for end in ends {
            if holds(host, at: start..<end) {
                last = start..<end
                return
            }
            start = end
        }
        if names.isEmpty {
            // Room for a result page's hosts at once.
            bytes.reserveCapacity(256)
            ends.reserveCapacity(8)
            names.reserveCapacity(8)
        }
        bytes.append(contentsOf: host)
        ends.append(bytes.count)
        names.append(String(decoding: host, as: UTF8.self))
        last = (bytes.count - host.count)..<bytes.count
    }

    /// `insert(_:)` of a String's UTF-8 bytes.
    mutating func insert(_ host: String) {
        var host = host
        host.withUTF8 { insert($0) }
    }

    /// Whether `bytes[range]` are `host`'s bytes.
    private func holds(_ host: UnsafeBufferPointer<UInt8>, at range: Range<Int>) -> Bool {
        guard range.count == host.count else { return false }
        if host.isEmpty { return !names.isEmpty }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + range.lowerBound, host.baseAddress!, host.count) == 0 }
    }
}
