/// Finds the url-filters that neither the host index nor the word index
/// takes (`\.gif`, `ad2\.`, `/hkz.*`), through two characters of a literal
/// they require.
///
/// Every match of such a filter contains its literal runs, so a URL can only
/// match where one of its character pairs is the chosen pair of a filter's
/// run. One pass over the URL tests each pair against an 8 KiB bitmap (one bit
/// per pair of bytes, every case set); a hit looks up the filters of
/// that pair, compares their whole run, checks flags and conditions, and only
/// then matches the filter. RE2 sets, which run a DFA over every URL, are left
/// with the filters that have no literal two characters long.
struct LiteralIndex: Sendable {
    /// A plain value (no references), so that probing costs no reference counting.
    struct Entry: Sendable, BitwiseCopyable {
        var rule: Int32
        var gate: RuleGate
        /// The literal run (lower-cased unless case-sensitive), in `runs`.
        var runStart: Int32
        var runLength: Int32
        /// Where the indexed pair starts within the run.
        var pairOffset: Int32
        var caseSensitive: Bool
        /// The filter's matcher, or -1 when the filter is exactly the run (found anywhere).
        var matcher: PatternMatchers.ID
        /// Whether the filter begins with the run (and has no `^`), so the matcher runs anchored there.
        var anchoredAtRun: Bool
    }

    private var runs: [UInt8] = []
    private(set) var matchers = PatternMatchers()
    private var entries = HashIndex<Entry>()
    /// One bit per pair of bytes (first | second << 8), set for every case of each indexed pair.
    private var pairs = [UInt64](repeating: 0, count: 65_536 / 64)
    private(set) var count = 0

    init() {}

    /// Why a decoded index cannot be followed, or nil (`HashIndex.runEntriesProblem`).
    func problem(ruleCount: Int, conditionCount: Int) -> String? {
        entries.runEntriesProblem(ruleCount: ruleCount, conditionCount: conditionCount, runBytes: runs.count, matcherCount: matchers.count)
    }

    /// Reads what `encode(into:)` wrote (the compiled rule cache).
    init(decoding reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        runs = try reader.readRaw()
        matchers = try PatternMatchers(decoding: &reader)
        entries = try HashIndex(decoding: &reader)
        let start = reader.offset
        pairs = try reader.readRaw()
        guard pairs.count == 65_536 / 64 else { throw BinaryReader.Damaged(offset: start, reason: "a pair bitmap of \(pairs.count) words") }
        count = try reader.readVarint()
    }

    func encode(into writer: inout BinaryWriter) {
        writer.writeRaw(runs)
        matchers.encode(into: &writer)
        entries.encode(into: &writer)
        writer.writeRaw(pairs)
        writer.writeVarint(count)
    }

    /// Character pairs nearly every URL has, used only when a filter has no other pair.
    private static let commonPairs: Set<Int> = {
        var result = Set<Int>()
        for text in ["https://www.", ".com/", ".net/", ".org/", ".de/", "index.html", ".php?", ".js?", "/static/", "/images/", "/assets/", "/wp-content/", "&id=", "?v="] {
            let bytes = Array(text.utf8)
            for index in 0..<bytes.count - 1 { result.insert(pair(bytes[index], bytes[index + 1])) }
        }
        return result
    }()

    /// How often a character appears in URLs, roughly: separators most,
    /// then letters in English frequency order, then digits and the rest.
    private static func commonness(of byte: UInt8) -> Int {
        let folded = UInt8(fold(byte))
        if let rank = Array("./-_=&?:".utf8).firstIndex(of: folded) { return 100 - rank }
        if let rank = Array("etaoinsrhldcumfpgwybvkxjqz".utf8).firstIndex(of: folded) { return 60 - rank }
        return 10
    }

    /// A byte and, for a letter, its other case.
    private static func cases(of byte: UInt8) -> [UInt8] {
        byte.isASCIILetter ? [byte | 0x20, byte & ~0x20] : [byte]
    }

    @inline(__always)
    private static func fold(_ byte: UInt8) -> Int {
        Int(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
    }

    @inline(__always)
    private static func pair(_ first: UInt8, _ second: UInt8) -> Int {
        fold(first) << 7 | fold(second)
    }

    /// Builds the index for `candidates`; returns the ones it could not take.
    static func build(_ candidates: [(pattern: URLFilterPattern, caseSensitive: Bool, rule: Int32)], gates: [RuleGate], native: Bool)
        -> (index: LiteralIndex, rest: [(pattern: URLFilterPattern, caseSensitive: Bool, rule: Int32)])
    {
        // The runs of each filter that can carry a pair (ASCII, at least two characters).
        let runsOfCandidates = candidates.map { candidate in
            candidate.pattern.literalRuns.filter { $0.bytes.count >= 2 && $0.bytes.allSatisfy { $0 < 128 } }
        }
        var frequency: [Int: Int] = [:]
        for runs in runsOfCandidates {
            var seen = Set<Int>()
            for run in runs {
                for offset in 0..<run.bytes.count - 1 { seen.insert(pair(run.bytes[offset], run.bytes[offset + 1])) }
            }
            for key in seen { frequency[key, default: 0] += 1 }
        }
        for key in commonPairs { frequency[key, default: 0] += candidates.count }

        var index = LiteralIndex()
        var table: [UInt64: [Entry]] = [:]
        var rest: [(pattern: URLFilterPattern, caseSensitive: Bool, rule: Int32)] = []
        for (candidate, runs) in zip(candidates, runsOfCandidates) {
            // The pair rarest among filters, and among equals the one likely rarest in URLs.
            var best: (run: URLFilterPattern.LiteralRun, offset: Int, frequency: Int, commonness: Int)?
            for run in runs {
                for offset in 0..<run.bytes.count - 1 {
                    let (first, second) = (run.bytes[offset], run.bytes[offset + 1])
                    let seen = frequency[pair(first, second)] ?? 0
                    let commonness = commonness(of: first) + commonness(of: second)
                    if best == nil || seen < best!.frequency || (seen == best!.frequency && commonness < best!.commonness) {
                        best = (run, offset, seen, commonness)
                    }
                }
            }
            guard let best else {
                rest.append(candidate)
                continue
            }
            let pattern = candidate.pattern
            let isOnlyTheRun = !pattern.anchoredAtStart && pattern.terms.count == best.run.bytes.count
            let anchoredAtRun = best.run.isFirstTerm && !pattern.anchoredAtStart
            let matcher = isOnlyTheRun ? -1
                : index.matchers.add(pattern, caseSensitive: candidate.caseSensitive, anchored: anchoredAtRun, native: native)
            let run = candidate.caseSensitive ? best.run.bytes : best.run.bytes.map { UInt8(fold($0)) }
            let key = pair(run[best.offset], run[best.offset + 1])
            table[UInt64(key), default: []].append(Entry(
                rule: candidate.rule, gate: gates[Int(candidate.rule)], runStart: Int32(index.runs.count), runLength: Int32(run.count),
                pairOffset: Int32(best.offset), caseSensitive: candidate.caseSensitive, matcher: matcher, anchoredAtRun: anchoredAtRun))
            for first in cases(of: run[best.offset]) {
                for second in cases(of: run[best.offset + 1]) {
                    let raw = Int(first) | Int(second) << 8
                    index.pairs[raw >> 6] |= 1 << UInt64(raw & 63)
                }
            }
            index.runs += run
            index.count += 1
        }
        index.entries = HashIndex(table)
        return (index, rest)
    }

    /// Adds to the collector each rule whose filter matches `url` and whose
    /// gate admits the load, checking the gate before any pattern is matched.
    /// A rule can be added more than once (once per occurrence of its run).
    func collectMatches(in url: UnsafeBufferPointer<UInt8>, into collector: inout MatchCollector) {
        if count == 0 || url.count < 2 { return }
        runs.withUnsafeBufferPointer { runs in
            pairs.withUnsafeBufferPointer { pairs in
                var position = Self.nextPair(from: 0, in: url, pairs)
                while position < url.count - 1 {
                    probe(UInt64(Self.pair(url[position], url[position + 1])), at: position, runs, in: url, into: &collector)
                    position = Self.nextPair(from: position + 1, in: url, pairs)
                }
            }
        }
    }

    /// The first position from `start` whose pair is in the bitmap, else
    /// the URL's last position. Apart from the probes, so that its few
    /// values stay in registers: most positions have no such pair.
    @inline(never)
    private static func nextPair(from start: Int, in url: UnsafeBufferPointer<UInt8>, _ pairs: UnsafeBufferPointer<UInt64>) -> Int {
        // Each pair read as one little-endian 16-bit number indexes the
        // bitmap directly; the bitmap holds every case of each pair.
        let bytes = UnsafeRawPointer(url.baseAddress!)
        let last = url.count - 1
        @inline(__always) func isIndexed(_ position: Int) -> Bool {
            let raw = Int(bytes.loadUnaligned(fromByteOffset: position, as: UInt16.self).littleEndian)
            return pairs[raw >> 6] & (1 << UInt64(raw & 63)) != 0
        }
        var position = start
        // Four positions a step: the loop's own count and compare came to a
        // third of a position's instructions (353 → 319 a request).
        while position + 4 <= last {
            if isIndexed(position) { return position }
            if isIndexed(position + 1) { return position + 1 }
            if isIndexed(position + 2) { return position + 2 }
            if isIndexed(position + 3) { return position + 3 }
            position += 4
        }
        while position < last {
            if isIndexed(position) { return position }
            position += 1
        }
        return last
    }

    private func probe(_ key: UInt64, at pairStart: Int, _ runs: UnsafeBufferPointer<UInt8>, in url: UnsafeBufferPointer<UInt8>,
                       into collector: inout MatchCollector)
    {
        // The bitmap holds every case of exactly the indexed pairs, so each
        // key probed is in the table: its KeyFilter would never say no.
        // Skipping it saves about 57 instructions a request (callgrind,
        // benchmark corpus: 12,240 → 12,183).
        entries.forEachStoredUnfiltered(key) { stored in
            guard stored.pointee.gate.admits(collector.load) else { return }
            // A domain condition before the literal: most candidates whose
            // literal stands are `if-domain` rules on loads without a page,
            // which meet none; asking first saves comparing their literals
            // (this function 615 → 445 instructions a request, callgrind,
            // `rules match` on the benchmark corpus). The rest of the entry is
            // read only after it: 29 instructions a request less.
            let condition = stored.pointee.gate.condition
            let domainAnswer = condition < 0 ? true : collector.domainConditionAllows(condition)
            guard domainAnswer != false else { return }
            let entry = stored.pointee
            let runStart = pairStart - Int(entry.pairOffset)
            guard literalStands(runs, from: Int(entry.runStart), length: Int(entry.runLength), caseSensitive: entry.caseSensitive, in: url, at: runStart),
                domainAnswer != nil || collector.otherConditionAllows(condition)
            else { return }
            if entry.matcher < 0 || matchers.matches(entry.matcher, in: url, from: entry.anchoredAtRun ? runStart : 0) {
                collector.add(entry.rule)
            }
        }
    }
}

extension LiteralIndex.Entry: RunIndexEntry {
    var keyOffset: Int32 { pairOffset }
    static let keyLength = 2
    static let flagOffsets = [MemoryLayout<Self>.offset(of: \.caseSensitive)!, MemoryLayout<Self>.offset(of: \.anchoredAtRun)!]
}
