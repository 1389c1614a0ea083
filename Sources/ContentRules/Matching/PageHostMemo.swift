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
/// hosts costs a bounded scan a load and bounded memory.
///
/// The hosts are kept in one array of records, each its facts and key
/// length followed by the key's bytes: one allocation a page. (Two arrays,
/// the keys' bytes and the entries, were two; entries holding their bytes
/// inline, in fixed-size slots, cost more instructions: fixtures 1,657,106
/// -> 1,665,416, callgrind.)
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

    /// The start of each record in `records`: the key's length, then its facts.
    private struct Header: BitwiseCopyable {
        var keyCount: Int
        var facts: Facts
    }

    /// The engine and page the kept facts are of; another one empties the memo.
    private var engine: ContentRuleEngine?
    private var page: PreparedPage?
    /// The kept hosts, one record after another: a `Header`, then the key's bytes.
    private var records: [UInt8] = []
    /// How many records `records` holds.
    private var recordCount = 0
    /// Where the record found or added last starts in `records`, tried first; -1 for none.
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
        if previous >= 0, self.engine === engine, self.page === page, let facts = facts(of: key, at: previous) { return facts }
        return lookUp(key, engine: engine, page: page, make: make)
    }

    /// `facts(for:engine:page:make:)` past the record found last.
    private mutating func lookUp(_ key: UnsafeBufferPointer<UInt8>, engine: ContentRuleEngine, page: PreparedPage, make: () -> Facts) -> Facts {
        if self.engine !== engine || self.page !== page {
            self = PageHostMemo()
            (self.engine, self.page) = (engine, page)
        }
        var start = 0
        while start < records.count {
            if let facts = facts(of: key, at: start) {
                previous = start
                return facts
            }
            start = end(ofRecordAt: start)
        }
        let facts = make()
        if recordCount >= Self.capacity {
            records.removeAll(keepingCapacity: true)
            recordCount = 0
        }
        if records.isEmpty { records.reserveCapacity(Self.capacity * (MemoryLayout<Header>.size + 32)) }
        previous = records.count
        withUnsafeBytes(of: Header(keyCount: key.count, facts: facts)) { records.append(contentsOf: $0) }
        records.append(contentsOf: key)
        recordCount += 1
        return facts
    }

    /// The facts of the record at `start` if it is of the host named by `key`.
    @inline(__always)
    private func facts(of key: UnsafeBufferPointer<UInt8>, at start: Int) -> Facts? {
        records.withUnsafeBytes { bytes in
            let header = bytes.loadUnaligned(fromByteOffset: start, as: Header.self)
            guard header.keyCount == key.count else { return nil }
            let kept = start + MemoryLayout<Header>.size
            let keptKey = UnsafeBufferPointer(start: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + kept, count: key.count)
            return ByteScan.same(keptKey, key) ? header.facts : nil
        }
    }

    /// Where the record that starts at `start` ends.
    private func end(ofRecordAt start: Int) -> Int {
        records.withUnsafeBytes { start + MemoryLayout<Header>.size + $0.loadUnaligned(fromByteOffset: start, as: Header.self).keyCount }
    }
}
