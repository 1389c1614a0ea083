/// What one page's decisions work out from a load's host alone, kept for the
/// page's next loads from that host: whether the host is third party to the
/// page, and which of the host index's probes of it find a key
/// (`HostIndex.probesFound`).
///
/// A page names most of its subresources at one or two hosts, and each
/// first-seen URL was decided from scratch: on the proxy benchmark's page
/// with an image at an address of its own per entry, every image asked the
/// Public Suffix shortcuts and hashed `www.loghatnameh.de` label by label
/// again, about 700 of the decision's 1,750 instructions (callgrind).
///
/// Kept by the caller for one page and handed to
/// `ContentRuleEngine.decide(_:page:hosts:)`, which gives the decision the
/// other entries give. A host is known by the URL's bytes up to and with the
/// `/` after its host (scheme, credentials and host: everything the probes
/// and the first-party test read), for http(s) URLs without a port. Past
/// `capacity` hosts it starts over, so that a page naming thousands of
/// hosts costs a bounded scan a load and bounded memory. (Entries holding
/// their bytes inline, in one array, cost more than the two arrays here:
/// fixtures 1,657,106 -> 1,665,416 instructions, callgrind.)
public struct PageHostMemo: Sendable {
    /// How many hosts are kept before the memo starts over.
    static var capacity: Int { 16 }

    /// What is kept for one host.
    struct Facts: Sendable, BitwiseCopyable {
        var isThirdParty: Bool
        /// nil: more probes found keys than `HostProbes` holds, and the
        /// decision probes the host itself.
        var probes: HostProbes?
    }

    /// The engine and page the kept facts are of; another one empties the memo.
    private var engine: ContentRuleEngine?
    private var page: PreparedPage?
    /// The hosts' URL prefixes, one after the other.
    private var texts: [UInt8] = []
    /// Where each host's prefix ends in `texts`, its length, and its facts.
    private var entries: [(end: Int, count: Int, facts: Facts)] = []
    /// The entry found or added last, tried first.
    private var previous = -1

    public init() {}

    /// The bytes of `url` that name its host for the memo: up to and with
    /// the `/` right after the host (`hostRange`, its hostname range), for
    /// an http(s) URL with a host; nil for any other URL, which is decided
    /// without the memo.
    static func key(of url: UnsafeBufferPointer<UInt8>, hostRange: Range<Int>, schemes: SchemeTest) -> UnsafeBufferPointer<UInt8>? {
        guard schemes.contains(.http), !hostRange.isEmpty, hostRange.upperBound < url.count,
              url[hostRange.upperBound] == UInt8(ascii: "/") else { return nil }
        return UnsafeBufferPointer(rebasing: url[..<(hostRange.upperBound + 1)])
    }

    /// The facts of the host named by `key` (of `key(of:hostRange:schemes:)`)
    /// on `page`, worked out by `make` the first time.
    @inline(__always)
    mutating func facts(for key: UnsafeBufferPointer<UInt8>, engine: ContentRuleEngine, page: PreparedPage, make: () -> Facts) -> Facts {
        if previous >= 0, self.engine === engine, self.page === page, holds(key, at: previous) { return entries[previous].facts }
        return lookUp(key, engine: engine, page: page, make: make)
    }

    /// `facts(for:engine:page:make:)` past the entry found last.
    private mutating func lookUp(_ key: UnsafeBufferPointer<UInt8>, engine: ContentRuleEngine, page: PreparedPage, make: () -> Facts) -> Facts {
        if self.engine !== engine || self.page !== page {
            self = PageHostMemo()
            (self.engine, self.page) = (engine, page)
        }
        for entry in entries.indices where holds(key, at: entry) {
            previous = entry
            return entries[entry].facts
        }
        let facts = make()
        if entries.count >= Self.capacity {
            texts.removeAll(keepingCapacity: true)
            entries.removeAll(keepingCapacity: true)
        }
        if entries.isEmpty {
            texts.reserveCapacity(Self.capacity * 32)
            entries.reserveCapacity(Self.capacity)
        }
        texts.append(contentsOf: key)
        entries.append((texts.count, key.count, facts))
        previous = entries.count - 1
        return facts
    }

    /// Whether entry `entry` is of the host named by `key`.
    @inline(__always)
    private func holds(_ key: UnsafeBufferPointer<UInt8>, at entry: Int) -> Bool {
        let (end, count, _) = entries[entry]
        guard count == key.count else { return false }
        return texts.withUnsafeBufferPointer { ByteScan.same(UnsafeBufferPointer(rebasing: $0[(end - count)..<end]), key) }
    }
}
