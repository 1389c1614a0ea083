/// A url-filter that is fixed-length segments separated by `.*` gaps,
/// matched natively instead of by RE2.
///
/// Almost every filter the indexes confirm has this shape
/// (`/ads/.*banner\.`, `\.com/track\?id=`, a host's tail `[/:&?]?.*/preroll`):
/// single characters, `.` and classes, with gaps between them and an
/// optional `$` or AdGuard's `([/:&\?].*)?$` at the end. Such a pattern
/// matches where each segment occurs after the previous one, and taking
/// every segment's earliest occurrence decides it, so one pass over the URL
/// suffices. RE2 would compile each of these regexes (tens of microseconds
/// the first time a request needs one) and then run a DFA over the URL.
struct SegmentPattern: Sendable, Equatable {
    /// The characters one position accepts, after case folding.
    struct ByteSet: Sendable, Hashable, BitwiseCopyable {
        var ascii: ASCIISet
        /// Whether bytes of 128 and above match (`.` and inverted classes do).
        var nonASCII: Bool

        @inline(__always)
        func contains(_ byte: UInt8) -> Bool {
            byte < 128 ? ascii.contains(byte) : nonASCII
        }
    }

    /// How the last segment must end.
    enum Ending: Sendable, Equatable {
        /// Anywhere: the pattern ends with a gap.
        case anywhere
        /// At the end of the URL (`$`).
        case endOfURL
        /// At the end of the URL or before one of `/:&?` (AdGuard's `([/:&\?].*)?$`).
        case separatorOrEnd
        /// At the end of the URL or before an AdBlock separator (limot's
        /// converter's `([^a-zA-Z0-9_.%-].*)?$`).
        case adblockSeparatorOrEnd
    }

    /// The positions of each segment.
    var segments: [[ByteSet]]
    /// Whether the first segment must start where matching starts (no gap before it).
    var anchored: Bool
    var ending: Ending

    /// The native form of `pattern`, or nil when it has anything but
    /// single positions and gaps (groups, repetitions that a gap does not
    /// absorb). With `anchored`, the pattern must match starting exactly
    /// at the place matching starts, as if it began with `^` there.
    init?(_ pattern: URLFilterPattern, caseSensitive: Bool, anchored: Bool) {
        enum Piece { case position(ByteSet), gap, optional }
        var pieces: [Piece] = []
        var ending = Ending.anywhere
        var terms = pattern.terms[...]
        if terms.last?.isEndOfLine == true, terms.last?.quantifier == .one {
            terms.removeLast()
            ending = .endOfURL
            if let last = terms.last, let tail = last.separatorTail {
                terms.removeLast()
                ending = tail == .adGuard ? .separatorOrEnd : .adblockSeparatorOrEnd
            }
        }
        for term in terms {
            if term.isKnownToMatchAnyString {
                pieces.append(.gap)
                continue
            }
            guard let set = Self.byteSet(of: term.atom, caseSensitive: caseSensitive) else { return nil }
            switch term.quantifier {
            case .one: pieces.append(.position(set))
            case .oneOrMore: pieces += [.position(set), .optional]
            case .zeroOrOne, .zeroOrMore: pieces.append(.optional)
            }
        }
        let startsAnchored = anchored || pattern.anchoredAtStart
        if !startsAnchored { pieces.insert(.gap, at: 0) }
        if ending == .anywhere { pieces.append(.gap) }
        // A gap absorbs optional pieces beside it: `.*x?` matches what `.*` matches.
        var kept: [Piece] = []
        for (index, piece) in pieces.enumerated() {
            guard case .optional = piece else {
                kept.append(piece)
                continue
            }
            var before = index - 1
            while before >= 0, case .optional = pieces[before] { before -= 1 }
            var after = index + 1
            while after < pieces.count, case .optional = pieces[after] { after += 1 }
            let besideGap = { (i: Int) -> Bool in
                guard i >= 0 && i < pieces.count, case .gap = pieces[i] else { return false }
                return true
            }
            guard besideGap(before) || besideGap(after) else { return nil }
        }
        // A gap before the end of the URL or before a separator tail: `.*$` and
        // `.*([/:&\?].*)?$` match what a trailing `.*` matches.
        if ending != .anywhere, case .gap = kept.last { ending = .anywhere }
        var segments: [[ByteSet]] = [[]]
        for piece in kept {
            switch piece {
            case .position(let set): segments[segments.count - 1].append(set)
            case .gap: if !segments[segments.count - 1].isEmpty { segments.append([]) }
            case .optional: break
            }
        }
        if segments.last?.isEmpty == true { segments.removeLast() }
        guard !segments.isEmpty else { return nil }
        self.segments = segments
        if case .gap = kept.first { self.anchored = false } else { self.anchored = true }
        self.ending = ending
    }

    private static func byteSet(of atom: URLFilterPattern.Atom, caseSensitive: Bool) -> ByteSet? {
        var members = ASCIISet()
        switch atom {
        case .character(let byte):
            guard byte < 128 else { return nil }
            members.insert(byte)
            return ByteSet(ascii: caseSensitive ? members : folded(members), nonASCII: false)
        case .anyCharacter:
            // RE2's `.` matches everything but a newline, which a URL never has.
            for byte in UInt8(0)..<128 where byte != 0x0A { members.insert(byte) }
            return ByteSet(ascii: members, nonASCII: true)
        case .characterSet(let set, let inverted):
            let cased = caseSensitive ? set : folded(set)
            guard inverted else { return ByteSet(ascii: cased, nonASCII: false) }
            return ByteSet(ascii: ASCIISet(low: ~cased.low, high: ~cased.high), nonASCII: true)
        case .group, .endOfLine:
            return nil
        }
    }

    /// The set with each letter's other case added, as RE2's case-insensitive mode reads classes.
    private static func folded(_ set: ASCIISet) -> ASCIISet {
        var result = set
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") where set.contains(byte) || set.contains(byte | 0x20) {
            result.insert(byte)
            result.insert(byte | 0x20)
        }
        return result
    }
}

extension ASCIISet {
    init(low: UInt64, high: UInt64) {
        self.init()
        self.low = low
        self.high = high
    }
}
