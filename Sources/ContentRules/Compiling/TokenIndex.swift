/// Finds the url-filters that can match a URL through the words of the URL.
///
/// A url-filter such as `/ads/banner\.` can only match a URL that contains
/// `ads` as a whole word (a maximal run of letters and digits), because the
/// pattern itself puts non-alphanumeric characters on both sides of it. Each
/// such filter is indexed by its rarest delimited word. A URL looks up each
/// of its words; a candidate must then have its whole literal run (`/ads/`)
/// around that occurrence, and only then runs its regex (or none, when the
/// filter is nothing but that literal). This is the idea behind
/// adblock-rust's token index, made exact by confirming every candidate.
struct TokenIndex: Sendable {
    /// A plain value (no references), so that probing costs no reference counting.
    struct Entry: Sendable, BitwiseCopyable {
        var rule: Int32
        var gate: RuleGate
        /// The literal run around the word (lower-cased unless case-sensitive), in `runs`.
        var runStart: Int32
        var runLength: Int32
        /// Where the word starts within the run.
        var wordOffset: Int32
        var caseSensitive: Bool
        /// The filter's matcher, or -1 when the filter is exactly the run (found anywhere), so the run decides.
        var matcher: PatternMatchers.ID
        /// Whether the filter begins with the run, so that every match starts
        /// at an occurrence of it and the matcher runs anchored there.
        var anchoredAtRun: Bool
        /// Eight bytes of the run, checked before the run is read.
        var check: LiteralCheck
    }

    /// All literal runs, back to back.
    private(set) var runs: [UInt8] = []
    /// What confirms candidates.
    private(set) var matchers = PatternMatchers()

    /// A delimited word of a pattern and the literal run it sits in.
    struct Word {
        var word: [UInt8]
        var run: [UInt8]
        var wordOffset: Int
        /// Whether the run is the pattern's first term (and the pattern has no `^`).
        var runStartsPattern: Bool
    }

    private(set) var entries = HashIndex<Entry>()
    /// The indexed words themselves (without their delimiters), so that a
    /// URL's word that no filter has costs one hash and one bit test.
    private(set) var words = KeyFilter([], count: 0)
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
        words = try KeyFilter(decoding: &reader)
        count = try reader.readVarint()
    }

    func encode(into writer: inout BinaryWriter) {
        writer.writeRaw(runs)
        matchers.encode(into: &writer)
        entries.encode(into: &writer)
        words.encode(into: &writer)
        writer.writeVarint(count)
    }

    /// Each byte lower-cased when it is a letter or digit (a word's
    /// characters), else 0: the word scan's one lookup per byte.
    private static let wordBytes: [UInt8] = (0...255).map { byte in
        let byte = UInt8(byte)
        return isAlphanumeric(byte) ? (byte.isASCIILetter ? byte | 0x20 : byte) : 0
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
    }

    /// The delimited words of a pattern: alphanumeric runs of its top-level
    /// literal characters with a non-alphanumeric literal (or the start or
    /// end of the URL) right before and after.
    static func delimitedWords(of pattern: URLFilterPattern) -> [Word] {
        let runs = pattern.literalRuns
        var words: [Word] = []
        for run in runs {
            var start = 0
            while start < run.bytes.count {
                guard isAlphanumeric(run.bytes[start]) else {
                    start += 1
                    continue
                }
                var end = start
                while end < run.bytes.count, isAlphanumeric(run.bytes[end]) { end += 1 }
                let delimitedBefore = start > 0 || run.followsStart
                let delimitedAfter = end < run.bytes.count || run.precedesEnd
                if delimitedBefore && delimitedAfter {
                    let word = run.bytes[start..<end].map { $0.isASCIILetter ? $0 | 0x20 : $0 }
                    words.append(Word(word: word, run: run.bytes, wordOffset: start, runStartsPattern: run.isFirstTerm && !pattern.anchoredAtStart))
                }
                start = end
            }
        }
        return words
    }

    /// Words found in most URLs (schemes, the commonest host labels and
    /// file kinds), as uBlock Origin's and adblock-rust's token indexes also
    /// avoid them: a filter whose only words are these is left to the
    /// literal index, whose rarest pair (`mk` of `mkto-*.com`) most URLs
    /// lack, where `.com` would make most URLs run its matcher.
    static let commonURLWords = [
        "http", "https", "www", "com", "net", "org", "de", "co", "uk", "js", "css", "html", "php", "png", "jpg", "gif",
        "cdn", "static", "img", "images", "api", "min", "wp", "content",
    ]

    /// Builds the index for `candidates`; returns the ones it could not take.
    static func build(_ candidates: [(pattern: URLFilterPattern, caseSensitive: Bool, rule: Int32)], gates: [RuleGate], native: Bool)
        -> (index: TokenIndex, rest: [(pattern: URLFilterPattern, caseSensitive: Bool, rule: Int32)])
    {
        let words = candidates.map { delimitedWords(of: $0.pattern) }
        var frequency: [UInt64: Int] = [:]
        for list in words {
            for key in Set(list.map { hostKey($0.word) }) { frequency[key, default: 0] += 1 }
        }
        // Words nearly every URL has are a poor key however rare they are among rules.
        let commonKeys = Set(commonURLWords.map { hostKey(Array($0.utf8)) })
        for key in commonKeys { frequency[key, default: 0] += candidates.count }
        var index = TokenIndex()
        var table: [UInt64: [Entry]] = [:]
        var indexedWords: [UInt64] = []
        var rest: [(pattern: URLFilterPattern, caseSensitive: Bool, rule: Int32)] = []
        for (candidate, list) in zip(candidates, words) {
            // The rarest word, and among equals the longest run (the strongest prefilter).
            let best = list.min { a, b in
                let (fa, fb) = (frequency[hostKey(a.word)] ?? 0, frequency[hostKey(b.word)] ?? 0)
                return fa != fb ? fa < fb : a.run.count > b.run.count
            }
            guard let best, !commonKeys.contains(hostKey(best.word)) else {
                rest.append(candidate)
                continue
            }
            let pattern = candidate.pattern
            let isOnlyTheRun = !pattern.anchoredAtStart && pattern.terms.count == best.run.count
            let run = candidate.caseSensitive ? best.run : best.run.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            let matcher = isOnlyTheRun ? -1
                : index.matchers.add(pattern, caseSensitive: candidate.caseSensitive, anchored: best.runStartsPattern, native: native)
            let entry = Entry(rule: candidate.rule, gate: gates[Int(candidate.rule)], runStart: Int32(index.runs.count), runLength: Int32(run.count),
                              wordOffset: Int32(best.wordOffset), caseSensitive: candidate.caseSensitive, matcher: matcher,
                              anchoredAtRun: best.runStartsPattern,
                              check: LiteralCheck(run, keyStart: max(best.wordOffset - 1, 0), keyEnd: min(best.wordOffset + best.word.count + 1, run.count)))
            index.runs += run
            table[key(run: run, wordOffset: best.wordOffset, wordLength: best.word.count), default: []].append(entry)
            indexedWords.append(hostKey(best.word))
            index.count += 1
        }
        index.entries = HashIndex(table)
        index.words = KeyFilter(indexedWords, count: indexedWords.count)
        return (index, rest)
    }

    /// The index key of a word in its run: the word with the run's
    /// characters right before and after it, where the run has them. A URL
    /// probes the four combinations for each of its words, so candidates
    /// share the word's delimiters too: `/ads/` is not looked at for `/ads.js`.
    static func key(run: [UInt8], wordOffset: Int, wordLength: Int) -> UInt64 {
        let start = wordOffset > 0 ? wordOffset - 1 : wordOffset
        let end = wordOffset + wordLength < run.count ? wordOffset + wordLength + 1 : wordOffset + wordLength
        return hostKey(Array(run[start..<end]))
    }

    /// Adds to the collector each rule whose filter matches `url` and whose
    /// gate admits the load, checking the gate before any pattern is matched. A rule
    /// can be added more than once (once per occurrence of its word).
    func collectMatches(in url: UnsafeBufferPointer<UInt8>, into collector: inout MatchCollector) {
        if entries.isEmpty { return }
        let count = url.count
        runs.withUnsafeBufferPointer { runs in
            Self.wordBytes.withUnsafeBufferPointer { wordBytes in
                var start = 0
                while start < count {
                    while start < count, wordBytes[Int(url[start])] == 0 { start += 1 }
                    // The word's key and that of the word with the character
                    // before it (the scan stopped there, or it is the URL's
                    // start) in one pass. That character and the one after the
                    // word are no letters, so they are hashed without the test
                    // for a capital (some 70 instructions a request less, by
                    // callgrind's count of the instructions it saves).
                    var end = start
                    var word: UInt64 = hostKeyBasis
                    var before = start > 0 ? hostKeyStep(hostKeyBasis, lowercased: url[start - 1]) : hostKeyBasis
                    while end < count {
                        let byte = wordBytes[Int(url[end])]
                        if byte == 0 { break }
                        word = hostKeyStep(word, lowercased: byte)
                        before = hostKeyStep(before, lowercased: byte)
                        end += 1
                    }
                    if end > start && words.mayContain(word) {
                        // The word alone, then with the character after it, before it, and both (see `key`).
                        probe(word, wordAt: start, runs, in: url, into: &collector)
                        if end < count { probe(hostKeyStep(word, lowercased: url[end]), wordAt: start, runs, in: url, into: &collector) }
                        if start > 0 {
                            probe(before, wordAt: start, runs, in: url, into: &collector)
                            if end < count { probe(hostKeyStep(before, lowercased: url[end]), wordAt: start, runs, in: url, into: &collector) }
                        }
                    }
                    start = end
                }
            }
        }
    }

    /// The candidates under one key, for the word at `wordStart`. A method
    /// rather than a closure over the loop's variables, which Swift would
    /// check for exclusive access at run time on every call.
    @inline(__always)
    private func probe(_ key: UInt64, wordAt wordStart: Int, _ runs: UnsafeBufferPointer<UInt8>, in url: UnsafeBufferPointer<UInt8>,
                       into collector: inout MatchCollector)
    {
        entries.forEachStored(key) { stored in
            // The run's place and eight of its bytes checked first, reading
            // only what that needs: they turn away most candidates (on the
            // benchmark corpus, some 31,600 of the 35,900 under keys its URLs
            // have), where the gate, asked first, turned away some 2,500; 32
            // instructions a request less (callgrind, `rules match`). The
            // offsets are small (Int32), so their sums are not checked for overflow.
            let runStart = wordStart &- Int(stored.pointee.wordOffset)
            let length = Int(stored.pointee.runLength)
            guard runStart >= 0, runStart &+ length <= url.count else { return }
            let caseSensitive = stored.pointee.caseSensitive
            let verdict = stored.pointee.check.verdict(in: url, at: runStart, length: length, caseSensitive: caseSensitive)
            if verdict == .fails { return }
            // Most candidates' gates carry no flags: that asked first, from the
            // entry, before the load's flags are read through `collector`.
            let gate = stored.pointee.gate
            let noFlags = gate.types | UInt32(gate.loadTypes) | UInt32(gate.loadContexts) | UInt32(gate.method) | UInt32(gate.schemes.rawValue) == 0
            guard noFlags || gate.admits(collector.load) else { return }
            if verdict == .unsure {
                guard literalStands(runs, from: Int(stored.pointee.runStart), length: length, caseSensitive: caseSensitive, in: url, at: runStart)
                else { return }
            }
            let entry = stored.pointee
            guard entry.gate.condition < 0 || collector.conditionAllows(entry.gate.condition) else { return }
            if entry.matcher < 0 || matchers.matches(entry.matcher, in: url, from: entry.anchoredAtRun ? runStart : 0) {
                collector.add(entry.rule)
            }
        }
    }
}

extension TokenIndex.Entry: RunIndexEntry {
    var keyOffset: Int32 { wordOffset }
    static let keyLength = 1
    static let flagOffsets = [MemoryLayout<Self>.offset(of: \.caseSensitive)!, MemoryLayout<Self>.offset(of: \.anchoredAtRun)!]
}
