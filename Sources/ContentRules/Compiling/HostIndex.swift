/// Finds the host-anchored url-filters (see `HostAnchoredFilter`) that match
/// a URL, by the first label of the host at each place a host can start.
///
/// Everything a probe reads is plain memory: the entries are bit-copyable and
/// the hosts and literals sit back to back in one buffer, so looking through
/// the candidates costs no reference counting.
struct HostIndex: Sendable {
    /// One indexed filter.
    struct Entry: Sendable, BitwiseCopyable {
        var rule: Int32
        var gate: RuleGate
        /// The host (lower-case) and then the literal that must follow it, in `bytes`.
        var bytesStart: Int32
        var hostLength: Int32
        var literalLength: Int32
        /// The matcher that confirms the filter, or -1 when the host check decides alone.
        var confirmation: PatternMatchers.ID
        /// Whether the confirmation is the filter's tail, anchored right after the host.
        var confirmsTail: Bool
        /// The bit of the filter's prefix (`HostAnchoredFilter.Prefix.bit`).
        var prefix: UInt8
        /// What must follow the host; only for filters without a confirmation.
        var hostEnd: HostAnchoredFilter.HostEnd
        /// Eight bytes of the host and literal, checked before they are read.
        var check: LiteralCheck
    }

    private var table: [UInt64: [Entry]] = [:]
    private(set) var index = HashIndex<Entry>()
    private var bytes: [UInt8] = []
    /// What confirms impure filters.
    private(set) var confirmations = PatternMatchers()
    private(set) var count = 0
    private(set) var pureCount = 0

    init() {}

    /// Why a decoded index cannot be followed (a rule, condition, host or
    /// literal, or confirmation it names does not exist, a flag is neither 0
    /// nor 1), or nil: the cache decoder's check once the counts are known.
    func problem(ruleCount: Int, conditionCount: Int) -> String? {
        guard index.valueBytes(at: MemoryLayout<Entry>.offset(of: \.confirmsTail)!, allAtMost: 1),
              index.valueBytes(at: MemoryLayout<Entry>.offset(of: \.hostEnd)!, allAtMost: HostAnchoredFilter.HostEnd.portOrPath.rawValue)
        else { return "a host entry's flag" }
        let byteCount = bytes.count, confirmationCount = confirmations.count
        let valid = index.allValuesSatisfy { entry in
            entry.rule >= 0 && Int(entry.rule) < ruleCount && entry.gate.refers(toConditionsBelow: conditionCount)
                && entry.bytesStart >= 0 && entry.hostLength >= 0 && entry.literalLength >= 0
                && Int(entry.bytesStart) + Int(entry.hostLength) + Int(entry.literalLength) <= byteCount
                && entry.confirmation >= -1 && Int(entry.confirmation) < confirmationCount
        }
        return valid ? nil : "a host entry's rule, condition, bytes or confirmation"
    }

    /// Reads what `encode(into:)` wrote (the compiled rule cache), finished.
    init(decoding reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        index = try HashIndex(decoding: &reader)
        bytes = try reader.readRaw()
        confirmations = try PatternMatchers(decoding: &reader)
        count = try reader.readVarint()
        pureCount = try reader.readVarint()
    }

    /// Writes the finished index.
    func encode(into writer: inout BinaryWriter) {
        precondition(table.isEmpty, "a host index is written once finished")
        index.encode(into: &writer)
        writer.writeRaw(bytes)
        confirmations.encode(into: &writer)
        writer.writeVarint(count)
        writer.writeVarint(pureCount)
    }

    /// Adds a recognised filter for `rule`; `pattern` is its whole url-filter.
    mutating func add(_ filter: HostAnchoredFilter, pattern: URLFilterPattern, caseSensitive: Bool, rule: Int32, gate: RuleGate, native: Bool) {
        var entry = Entry(rule: rule, gate: gate, bytesStart: Int32(bytes.count), hostLength: Int32(filter.host.count), literalLength: 0,
                          confirmation: -1, confirmsTail: false, prefix: filter.prefix.bit, hostEnd: .anything,
                          check: LiteralCheck([], keyStart: 0, keyEnd: 0))
        bytes += filter.host
        if filter.isPure {
            entry.hostEnd = filter.hostEnd
            pureCount += 1
        } else {
            // An impure filter is confirmed by its tail alone, anchored right after the host:
            // the index visits exactly the places where the prefix can end, and the literal
            // check compares the host ASCII case-insensitively, which is exact unless the
            // filter is case-sensitive (hosts of non-special URLs keep their case).
            let tail = caseSensitive ? nil : try? URLFilterParser.parse(filter.tail)
            entry.confirmation = confirmations.add(tail ?? pattern, caseSensitive: caseSensitive, anchored: tail != nil, native: native)
            entry.confirmsTail = tail != nil
            entry.literalLength = Int32(filter.tailLiteral.count)
            bytes += filter.tailLiteral
        }
        entry.check = LiteralCheck(filter.host + filter.tailLiteral, keyStart: 0, keyEnd: Self.keyLength(of: filter.host))
        table[Self.key(of: filter.host), default: []].append(entry)
        count += 1
    }

    /// The index key of a filter's host: its first two labels when both are
    /// whole (followed by a dot), else its first label. Lists name many hosts
    /// under `www.` or `ads.`, so one label alone makes long candidate lists.
    static func key(of host: [UInt8]) -> UInt64 {
        hostKey(Array(host[..<keyLength(of: host)]))
    }

    /// How many bytes of the host `key(of:)` covers.
    static func keyLength(of host: [UInt8]) -> Int {
        let first = host.firstIndex(of: 0x2E)!
        if let second = host[(first + 1)...].firstIndex(of: 0x2E), second > first + 1 { return second }
        return first
    }

    /// Freezes the table into a flat index; call once after the last `add`.
    mutating func finish() {
        index = HashIndex(table)
        table = [:]
    }

    /// Adds to the collector each rule whose filter matches `url` and whose
    /// gate admits the load, checking the gate before any regex runs. A rule
    /// can be added more than once.
    func collectMatches(in url: UnsafeBufferPointer<UInt8>, into collector: inout MatchCollector) {
        if index.isEmpty { return }
        // The label at the next start, found with the two-label key of the
        // previous start: starts come in order, each after a dot, so a
        // start's first label is often the previous start's second label.
        // Its end is -1 when no dot ends it.
        var nextLabel = (start: -1, end: -1, key: hostKeyBasis)
        bytes.withUnsafeBufferPointer { bytes in
            Self.lowercase.withUnsafeBufferPointer { lowercase in
                HostAnchoredFilter.Prefix.forEachHostStart(in: url, schemes: collector.load.schemes) { start, prefixes in
                    func probe(_ key: UInt64) {
                        index.forEachStored(key) { stored in
                            // The host and literal's length and eight of their
                            // bytes asked before the gate: they turn away most
                            // candidates (the length alone over half of them)
                            // where the gate turned away a fifth, and the entry
                            // is read whole only after them (some 46
                            // instructions a request less, callgrind, `rules
                            // match` on the benchmark corpus).
                            guard stored.pointee.prefix & prefixes != 0 else { return }
                            let length = Int(stored.pointee.hostLength) &+ Int(stored.pointee.literalLength)
                            guard start &+ length <= url.count else { return }
                            let verdict = stored.pointee.check.verdict(in: url, at: start, length: length, caseSensitive: false)
                            guard verdict != .fails, stored.pointee.gate.admits(collector.load) else { return }
                            let entry = stored.pointee
                            if matches(entry, verdict, bytes, in: url, at: start, collector: &collector) { collector.add(entry.rule) }
                        }
                    }
                    // Probe with the first label, then with the first two labels (see `key(of:)`).
                    let first: Int, oneLabel: UInt64
                    if start == nextLabel.start {
                        guard nextLabel.end >= 0 else { return }
                        (first, oneLabel) = (nextLabel.end, nextLabel.key)
                    } else {
                        let label = Self.label(in: url, from: start, lowercase)
                        guard label.endsAtDot else { return }
                        (first, oneLabel) = (label.end, label.key)
                    }
                    probe(oneLabel)
                    // The second label's key after the first's, and alone for the next start, in one pass.
                    var twoLabels = hostKeyStep(oneLabel, lowercased: 0x2E)
                    let second = Self.label(in: url, from: first + 1, lowercase, also: &twoLabels)
                    if second.endsAtDot { probe(twoLabels) }
                    nextLabel = (first + 1, second.endsAtDot ? second.end : -1, second.key)
                }
            }
        }
    }

    /// Each byte with ASCII letters lower-cased: one load per byte of a label's key.
    private static let lowercase: [UInt8] = (0...255).map { UInt8($0) >= 0x41 && UInt8($0) <= 0x5A ? UInt8($0) | 0x20 : UInt8($0) }

    /// The label starting at `start`: where it ends (at a dot, a slash or the
    /// URL's end), its key, and whether a dot ends it and it is not empty.
    /// Its bytes continue `also` as well.
    @inline(__always)
    private static func label(in url: UnsafeBufferPointer<UInt8>, from start: Int, _ lowercase: UnsafeBufferPointer<UInt8>,
                              also: inout UInt64) -> (end: Int, key: UInt64, endsAtDot: Bool)
    {
        var end = start
        var key = hostKeyBasis
        while end < url.count, url[end] != 0x2E, url[end] != 0x2F {
            let byte = lowercase[Int(url[end])]
            key = hostKeyStep(key, lowercased: byte)
            also = hostKeyStep(also, lowercased: byte)
            end += 1
        }
        return (end, key, end > start && end < url.count && url[end] == 0x2E)
    }

    @inline(__always)
    private static func label(in url: UnsafeBufferPointer<UInt8>, from start: Int, _ lowercase: UnsafeBufferPointer<UInt8>)
        -> (end: Int, key: UInt64, endsAtDot: Bool)
    {
        var unused = hostKeyBasis
        return label(in: url, from: start, lowercase, also: &unused)
    }

    /// Whether the entry's filter matches with its host at `start`, which
    /// leaves room for its host and literal, where its check gave `verdict`
    /// (not `.fails`).
    @inline(__always)
    private func matches(_ entry: Entry, _ verdict: LiteralCheck.Verdict, _ bytes: UnsafeBufferPointer<UInt8>, in url: UnsafeBufferPointer<UInt8>,
                         at start: Int, collector: inout MatchCollector) -> Bool {
        if verdict == .unsure {
            let length = Int(entry.hostLength) + Int(entry.literalLength)
            guard literalStands(bytes, from: Int(entry.bytesStart), length: length, in: url, at: start) else { return false }
        }
        guard entry.gate.condition < 0 || collector.conditionAllows(entry.gate.condition) else { return false }
        let after = start + Int(entry.hostLength)
        guard entry.confirmation >= 0 else {
            switch entry.hostEnd {
            case .anything:
                return true
            case .separatorOrEnd:
                guard after < url.count else { return true }
                switch url[after] {
                case 0x2F, 0x3A, 0x26, 0x3F: return true
                default: return false
                }
            case .portOrPath:
                return after < url.count && (url[after] == 0x2F || url[after] == 0x3A)
            }
        }
        return confirmations.matches(entry.confirmation, in: url, from: entry.confirmsTail ? after : 0)
    }
}
