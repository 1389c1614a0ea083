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
        /// The literal run around the word (lower-cased unless case-sensitive), in `runs`.
        var runStart: Int32
        var runLength: Int32
        /// Where the word starts within the run.
        var wordOffset: Int32
        var caseSensitive: Bool
        /// Index in `regexes`, or -1 when the filter is exactly the run (found anywhere), so the run decides.
        var regex: Int32
        /// Whether the filter begins with the run, so that every match starts
        /// at an occurrence of it and the regex can run anchored there.
        var anchoredAtRun: Bool
    }

    /// All literal runs, back to back.
    private(set) var runs: [UInt8] = []
    /// The regexes that confirm candidates (kept alive here).
    private(set) var regexes: [LazyRegex] = []

    /// A delimited word of a pattern and the literal run it sits in.
    struct Word {
        var word: [UInt8]
        var run: [UInt8]
        var wordOffset: Int
        /// Whether the run is the pattern's first term (and the pattern has no `^`).
        var runStartsPattern: Bool
    }

    private(set) var entries = HashIndex<Entry>()
    private(set) var count = 0

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
    }

    /// The delimited words of a pattern: alphanumeric runs of its top-level
    /// literal characters with a non-alphanumeric literal (or the start or
    /// end of the URL) right before and after.
    static func delimitedWords(of pattern: URLFilterPattern) -> [Word] {
        // Split the top level into maximal runs of single literal characters.
        var runs: [(bytes: [UInt8], atStart: Bool, atEnd: Bool, first: Bool)] = []
        var current: [UInt8] = []
        var currentAtStart = pattern.anchoredAtStart
        var currentFirst = !pattern.anchoredAtStart
        for (index, term) in pattern.terms.enumerated() {
            if term.quantifier == .one, case .character(let byte) = term.atom {
                current.append(byte)
                continue
            }
            let endsURL = term.isEndOfLine && index == pattern.terms.count - 1
            if !current.isEmpty { runs.append((current, currentAtStart, endsURL, currentFirst)) }
            current = []
            currentAtStart = false
            currentFirst = false
        }
        if !current.isEmpty { runs.append((current, currentAtStart, false, currentFirst)) }

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
                let delimitedBefore = start > 0 || run.atStart
                let delimitedAfter = end < run.bytes.count || run.atEnd
                if delimitedBefore && delimitedAfter {
                    let word = run.bytes[start..<end].map { $0.isASCIILetter ? $0 | 0x20 : $0 }
                    words.append(Word(word: word, run: run.bytes, wordOffset: start, runStartsPattern: run.first))
                }
                start = end
            }
        }
        return words
    }

    /// Builds the index for `candidates`; returns the ones it could not take.
    static func build(_ candidates: [(pattern: URLFilterPattern, caseSensitive: Bool, rule: Int32)])
        -> (index: TokenIndex, rest: [(pattern: URLFilterPattern, caseSensitive: Bool, rule: Int32)])
    {
        let words = candidates.map { delimitedWords(of: $0.pattern) }
        var frequency: [UInt64: Int] = [:]
        for list in words {
            for key in Set(list.map { hostKey($0.word) }) { frequency[key, default: 0] += 1 }
        }
        var index = TokenIndex()
        var table: [UInt64: [Entry]] = [:]
        var rest: [(pattern: URLFilterPattern, caseSensitive: Bool, rule: Int32)] = []
        for (candidate, list) in zip(candidates, words) {
            // The rarest word, and among equals the longest run (the strongest prefilter).
            let best = list.min { a, b in
                let (fa, fb) = (frequency[hostKey(a.word)] ?? 0, frequency[hostKey(b.word)] ?? 0)
                return fa != fb ? fa < fb : a.run.count > b.run.count
            }
            guard let best else {
                rest.append(candidate)
                continue
            }
            let pattern = candidate.pattern
            let isOnlyTheRun = !pattern.anchoredAtStart && pattern.terms.count == best.run.count
            let run = candidate.caseSensitive ? best.run : best.run.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            var regex: Int32 = -1
            if !isOnlyTheRun {
                regex = Int32(index.regexes.count)
                index.regexes.append(LazyRegex(pattern: pattern.re2Pattern, caseSensitive: candidate.caseSensitive))
            }
            let entry = Entry(rule: candidate.rule, runStart: Int32(index.runs.count), runLength: Int32(run.count),
                              wordOffset: Int32(best.wordOffset), caseSensitive: candidate.caseSensitive, regex: regex,
                              anchoredAtRun: best.runStartsPattern)
            index.runs += run
            table[hostKey(best.word), default: []].append(entry)
            index.count += 1
        }
        index.entries = HashIndex(table)
        return (index, rest)
    }

    /// Calls `body` with each rule whose filter matches `url`.
    func forEachMatch(in url: UnsafeBufferPointer<UInt8>, _ body: (Int32) -> Void) {
        if entries.isEmpty { return }
        var start = 0
        var reported: [Int32] = []
        let count = url.count
        runs.withUnsafeBufferPointer { runs in
            while start < count {
                while start < count, !Self.isAlphanumeric(url[start]) { start += 1 }
                var end = start
                while end < count, Self.isAlphanumeric(url[end]) { end += 1 }
                if end > start {
                    entries.forEach(hostKey(url, from: start, to: end)) { entry in
                        guard Self.runMatches(entry, runs, in: url, wordAt: start), !reported.contains(entry.rule) else { return }
                        let runStart = start - Int(entry.wordOffset)
                        if entry.regex < 0 || regexes[Int(entry.regex)].matches(url, from: entry.anchoredAtRun ? runStart : 0, anchored: entry.anchoredAtRun) {
                            reported.append(entry.rule)
                            body(entry.rule)
                        }
                    }
                }
                start = end
            }
        }
    }

    /// Whether the entry's literal run surrounds the word found at `wordStart`.
    @inline(__always)
    private static func runMatches(_ entry: Entry, _ runs: UnsafeBufferPointer<UInt8>, in url: UnsafeBufferPointer<UInt8>, wordAt wordStart: Int) -> Bool {
        let runStart = wordStart - Int(entry.wordOffset)
        let length = Int(entry.runLength)
        guard runStart >= 0, runStart + length <= url.count else { return false }
        let expected = Int(entry.runStart)
        for offset in 0..<length {
            var byte = url[runStart + offset]
            if !entry.caseSensitive, byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
            if byte != runs[expected + offset] { return false }
        }
        return true
    }
}
