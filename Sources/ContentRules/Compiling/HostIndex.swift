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
        bytes.withUnsafeBufferPointer { bytes in
            Self.forEachProbe(in: url, schemes: collector.load.schemes) { key, start, prefixes in
                collect(key, start: start, prefixes: prefixes, bytes, in: url, into: &collector)
            }
        }
    }

    /// `collectMatches(in:into:)` with the probes of the URL's host already
    /// known: `probes` is `probesFound(in:schemes:)` of a URL with the same
    /// bytes up to the host's end (the probes read nothing after it), so the
    /// same entries are asked with the same starts, and the same rules added.
    func collectMatches(in url: UnsafeBufferPointer<UInt8>, probes: HostProbes, into collector: inout MatchCollector) {
        if probes.count == 0 { return }
        bytes.withUnsafeBufferPointer { bytes in
            for probe in 0..<probes.count {
                collect(probes.keys[probe], start: Int(probes.starts[probe]), prefixes: probes.prefixes[probe], bytes, in: url, into: &collector)
            }
        }
    }

    /// The probes of `forEachProbe` that find a key in the index, in order;
    /// nil when there are more than `HostProbes` holds. The others find
    /// nothing, whatever follows the host.
    func probesFound(in url: UnsafeBufferPointer<UInt8>, schemes: SchemeTest) -> HostProbes? {
        var found = HostProbes()
        if index.isEmpty { return found }
        var fits = true
        Self.forEachProbe(in: url, schemes: schemes) { key, start, prefixes in
            guard index.holds(key) else { return }
            guard found.count < HostProbes.capacity, start <= Int(Int32.max) else {
                fits = false
                return
            }
            (found.keys[found.count], found.starts[found.count], found.prefixes[found.count]) = (key, Int32(start), prefixes)
            found.count += 1
        }
        return fits ? found : nil
    }

    /// Adds to the collector the rules stored under a probe's `key` whose
    /// filter matches with its host at `start` (one of `prefixes` before it).
    @inline(__always)
    private func collect(_ key: UInt64, start: Int, prefixes: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, in url: UnsafeBufferPointer<UInt8>,
                         into collector: inout MatchCollector) {
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

    /// Calls `body` with each key the index is probed with for `url`, the
    /// host start it is probed at and the prefixes that may start a host
    /// there: at each start of `HostAnchoredFilter.Prefix.forEachHostStart`
    /// whose first label is not empty and ends at a dot, that label's key
    /// (see `key(of:)`), then the key of it and the next label when that
    /// one ends at a dot too; in the order of the starts.
    ///
    /// One pass over the host: each label's key and the key of it after the
    /// label before are made byte by byte together, and a label's probes are
    /// made at the dot that ends it. The starts were walked apart before, in
    /// a scan of the host for its dots and another of its first label, the
    /// keys then made in a third (about 150 instructions a URL more on the
    /// fixture pages, callgrind). Inlined into `collectMatches`, whose body
    /// the closure is (a call would copy the index for it).
    @inline(__always)
    static func forEachProbe(in url: UnsafeBufferPointer<UInt8>, schemes: SchemeTest, _ body: (_ key: UInt64, _ start: Int, _ prefixes: UInt8) -> Void) {
        typealias Prefix = HostAnchoredFilter.Prefix
        guard let first = Prefix.firstHostStart(in: url, schemes: schemes) else { return }
        let (hostStart, allowed) = first
        let count = url.count
        // `([^/]+\.)?` lets a host start after every dot before the path but one at the host's start.
        let subdomains = allowed & ~Prefix.schemeLettersOneLabel.bit
        lowercase.withUnsafeBufferPointer { lowercase in
            var labelStart = hostStart
            var key = hostKeyBasis
            // The key of the label before, its dot and this label so far.
            var pairKey = hostKeyBasis
            // The prefixes of the label before when it was probed (a start
            // whose label ended at a dot), else 0: its pair is probed once
            // this label ends at a dot too.
            var previousPrefixes: UInt8 = 0
            var previousStart = 0
            var position = hostStart
            while true {
                // The label: up to a dot, a slash or the end.
                while position < count {
                    let byte = url[position]
                    if byte == 0x2E || byte == 0x2F { break }
                    let lowered = lowercase[Int(byte)]
                    key = hostKeyStep(key, lowercased: lowered)
                    pairKey = hostKeyStep(pairKey, lowercased: lowered)
                    position += 1
                }
                let endsWithDot = position < count && url[position] == 0x2E
                let endsAtDot = endsWithDot && position > labelStart
                if endsAtDot, previousPrefixes != 0 { body(pairKey, previousStart, previousPrefixes) }
                // A start: the host's, or after a dot that is not the host's first byte.
                let isStart = labelStart == hostStart || labelStart > hostStart + 1
                var prefixes: UInt8 = 0
                if endsAtDot && isStart {
                    if labelStart == hostStart {
                        prefixes = allowed
                    } else {
                        prefixes = subdomains
                        // `([a-z0-9-]+\.)?`: one more start, after a first label of those characters.
                        if previousStart == hostStart, previousPrefixes != 0, Self.isLabelOfLetters(url, from: hostStart, to: labelStart - 1) {
                            prefixes |= allowed & Prefix.schemeLettersOneLabel.bit
                        }
                    }
                    body(key, labelStart, prefixes)
                }
                guard endsWithDot else { return }
                previousPrefixes = prefixes
                previousStart = labelStart
                pairKey = hostKeyStep(key, lowercased: 0x2E)
                key = hostKeyBasis
                position += 1
                labelStart = position
            }
        }
    }

    /// Whether `url[start..<end]` is of `[A-Za-z0-9-]` only.
    @inline(__always)
    private static func isLabelOfLetters(_ url: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        for index in start..<end where !HostAnchoredFilter.Prefix.isLabelByte(url[index]) { return false }
        return true
    }

    /// Each byte with ASCII letters lower-cased: one load per byte of a label's key.
    private static let lowercase: [UInt8] = (0...255).map { UInt8($0) >= 0x41 && UInt8($0) <= 0x5A ? UInt8($0) | 0x20 : UInt8($0) }

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

/// The probes of one host that find keys in a `HostIndex` (see
/// `HostIndex.probesFound`), kept inline: a host has a few labels, and the
/// shipped rules' index knows none of most hosts' keys.
struct HostProbes: Sendable, BitwiseCopyable {
    static var capacity: Int { 4 }
    var keys = InlineArray<4, UInt64>(repeating: 0)
    var starts = InlineArray<4, Int32>(repeating: 0)
    var prefixes = InlineArray<4, UInt8>(repeating: 0)
    var count = 0
}
