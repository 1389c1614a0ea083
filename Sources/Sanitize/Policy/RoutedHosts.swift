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
///
/// Past ``scannedHosts`` hosts a byte-hash table takes over from the scan:
/// a page naming tens of thousands of hosts made the scan quadratic (a
/// 2.2 MB page of 60,000 image hosts took 4.5 s to sanitize, 0.2 s with
/// the table).
struct RoutedHosts {
    /// How many hosts are found by comparing with each; a result page
    /// routes a handful.
    static var scannedHosts: Int { 16 }

    /// Every host's bytes, one after another.
    private var bytes: [UInt8] = []
    /// Where each host's bytes end in `bytes`.
    private var ends: [Int] = []
    /// The hosts, in the order first routed.
    private(set) var names: [String] = []
    /// Where the host routed last lies in `bytes`.
    private var last = 0..<0
    /// Every host by its bytes, once there are more than ``scannedHosts``.
    private var index: ByteCache<Void>?

    /// The hosts as a set.
    var set: Set<String> { Set(names) }

    /// Adds `host` unless it is there already.
    mutating func insert(_ host: UnsafeBufferPointer<UInt8>) {
        if holds(host, at: last) { return }
        if index != nil {
            let hash = ByteKey.hash(of: host, tag: 0)
            if index?.value(for: host, tag: 0, hash: hash) != nil { return }
            index?.insert((), for: host, tag: 0, hash: hash)
        } else {
            var start = 0
            for end in ends {
                if holds(host, at: start..<end) {
                    last = start..<end
                    return
                }
                start = end
            }
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
        if index == nil, names.count > Self.scannedHosts { makeIndex() }
    }

    /// The table of every host so far, for the look-ups from now on.
    private mutating func makeIndex() {
        var table = ByteCache<Void>()
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            for end in ends {
                table.insert((), for: UnsafeBufferPointer(rebasing: all[start..<end]), tag: 0)
                start = end
            }
        }
        index = table
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
