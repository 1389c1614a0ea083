/// The url-filters that indexes and conditions confirm one at a time, each
/// matched natively when it is a `SegmentPattern` and by RE2 otherwise.
///
/// The native patterns are stored flat (all positions back to back), so a
/// confirmation reads plain memory and costs no reference counting; only
/// the few filters with groups or repetitions keep an RE2 regex, compiled
/// the first time a request needs it.
struct PatternMatchers: Sendable {
    /// A matcher's number, returned by `add`.
    typealias ID = Int32

    private struct Descriptor: BitwiseCopyable {
        /// Into `segments` for a native pattern, into `variants` for one with
        /// variants, into `regexes` otherwise.
        var start: Int32
        /// The number of segments; 0 for variants or a regex.
        var segmentCount: Int32
        /// The number of variants (native descriptors in `variants`); 0 for a regex.
        var variantCount: UInt8
        var anchored: Bool
        var ending: UInt8
    }

    private struct Segment: BitwiseCopyable {
        var start: Int32
        var length: Int32
    }

    private static let endsAnywhere: UInt8 = 0, endsAtEndOfURL: UInt8 = 1, endsAtSeparatorOrEnd: UInt8 = 2, endsAtAdblockSeparatorOrEnd: UInt8 = 3

    private var descriptors: [Descriptor] = []
    private var variants: [Descriptor] = []
    private var segments: [Segment] = []
    /// Each position's characters, as a number in `byteSets`: filters use
    /// few distinct sets (mostly single characters), so a position takes two
    /// bytes rather than a 24-byte set, in memory and in the rule cache.
    private var positions: [UInt16] = []
    private var byteSets: [SegmentPattern.ByteSet] = []
    /// The number of each set in `byteSets`, while matchers are added.
    private var byteSetNumbers: [SegmentPattern.ByteSet: UInt16] = [:]
    private var regexes: [LazyRegex] = []

    init() {}

    /// The size, stride and alignment of the tables' values, which the
    /// compiled rule cache copies as they lie in memory.
    static var memoryLayout: [Int] {
        [MemoryLayout<Descriptor>.size, MemoryLayout<Descriptor>.stride, MemoryLayout<Descriptor>.alignment,
         MemoryLayout<Segment>.size, MemoryLayout<Segment>.stride, MemoryLayout<SegmentPattern.ByteSet>.stride]
    }

    /// Reads what `encode(into:)` wrote (the compiled rule cache).
    init(decoding reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        descriptors = try reader.readRaw()
        variants = try reader.readRaw()
        segments = try reader.readRaw()
        positions = try reader.readRaw()
        byteSets = try reader.readRaw()
        let regexCount = try reader.readCount()
        regexes.reserveCapacity(regexCount)
        for _ in 0..<regexCount {
            let caseSensitive = try reader.readBool()
            regexes.append(LazyRegex(pattern: try reader.readString(), caseSensitive: caseSensitive))
        }
        let start = reader.offset
        // Every descriptor of one kind (segments, variants or a regex; a
        // variant is a segment pattern) with a true Bool, so that matching
        // takes the path its checks below were made for (a variant has at
        // least one segment).
        let anchoredAt = MemoryLayout<Descriptor>.offset(of: \Descriptor.anchored) ?? 0
        for (table, isVariant) in [(descriptors, false), (variants, true)] {
            let badBool = table.withUnsafeBytes { raw in
                (0..<table.count).contains { raw[$0 * MemoryLayout<Descriptor>.stride + anchoredAt] > 1 }
            }
            if badBool { throw BinaryReader.Damaged(offset: start, reason: "a matcher's anchoring") }
            for descriptor in table where descriptor.segmentCount < 0 || (descriptor.segmentCount > 0 && descriptor.variantCount > 0)
                || (isVariant && (descriptor.variantCount > 0 || descriptor.segmentCount == 0)) {
                throw BinaryReader.Damaged(offset: start, reason: "a matcher's kind")
            }
        }
        // Every descriptor within the tables it points into, so that matching never reads beyond them.
        for descriptor in descriptors where descriptor.segmentCount == 0 && descriptor.variantCount == 0 {
            guard descriptor.start >= 0, Int(descriptor.start) < regexes.count else { throw BinaryReader.Damaged(offset: start, reason: "a matcher's regex") }
        }
        for descriptor in descriptors + variants where descriptor.segmentCount > 0 || descriptor.variantCount > 0 {
            let end = Int(descriptor.start) + Int(descriptor.segmentCount > 0 ? descriptor.segmentCount : Int32(descriptor.variantCount))
            guard descriptor.start >= 0, end <= (descriptor.segmentCount > 0 ? segments.count : variants.count) else {
                throw BinaryReader.Damaged(offset: start, reason: "a matcher's segments")
            }
        }
        for segment in segments where segment.start < 0 || segment.length < 0 || Int(segment.start) + Int(segment.length) > positions.count {
            throw BinaryReader.Damaged(offset: start, reason: "a segment's positions")
        }
        if let largest = positions.max(), Int(largest) >= byteSets.count { throw BinaryReader.Damaged(offset: start, reason: "a position's character set") }
    }

    func encode(into writer: inout BinaryWriter) {
        writer.writeRaw(descriptors)
        writer.writeRaw(variants)
        writer.writeRaw(segments)
        writer.writeRaw(positions)
        writer.writeRaw(byteSets)
        writer.writeVarint(regexes.count)
        for regex in regexes {
            writer.write(regex.caseSensitive)
            writer.write(regex.pattern)
        }
    }

    var count: Int { descriptors.count }
    /// How many of the matchers run RE2.
    var regexCount: Int { regexes.count }

    /// Adds a matcher for `pattern`. With `anchored`, it matches only
    /// starting exactly where matching starts (see `matches(_:in:from:)`).
    /// Whether native or RE2, the answer is the same.
    mutating func add(_ pattern: URLFilterPattern, caseSensitive: Bool, anchored: Bool = false, native: Bool = true) -> ID {
        let id = ID(descriptors.count)
        if native, let segmentPattern = SegmentPattern(pattern, caseSensitive: caseSensitive, anchored: anchored), hasRoom(for: [segmentPattern]) {
            descriptors.append(store(segmentPattern))
        } else if native, let expanded = Self.expandingOptionals(of: pattern),
            case let natives = expanded.compactMap({ SegmentPattern($0, caseSensitive: caseSensitive, anchored: anchored) }),
            natives.count == expanded.count, hasRoom(for: natives)
        {
            // `^https?://…`: each variant is native, and the pattern matches where one of them does.
            descriptors.append(Descriptor(start: Int32(variants.count), segmentCount: 0, variantCount: UInt8(natives.count), anchored: anchored, ending: 0))
            for variant in natives { variants.append(store(variant)) }
        } else {
            descriptors.append(Descriptor(start: Int32(regexes.count), segmentCount: 0, variantCount: 0, anchored: anchored, ending: 0))
            regexes.append(LazyRegex(pattern: pattern.re2Pattern, caseSensitive: caseSensitive))
        }
        return id
    }

    private mutating func store(_ segmentPattern: SegmentPattern) -> Descriptor {
        let descriptor = Descriptor(start: Int32(segments.count), segmentCount: Int32(segmentPattern.segments.count), variantCount: 0,
                                    anchored: segmentPattern.anchored, ending: Self.code(of: segmentPattern.ending))
        for segment in segmentPattern.segments {
            segments.append(Segment(start: Int32(positions.count), length: Int32(segment.count)))
            for set in segment {
                if let number = byteSetNumbers[set] {
                    positions.append(number)
                } else {
                    let number = UInt16(byteSets.count)
                    byteSets.append(set)
                    byteSetNumbers[set] = number
                    positions.append(number)
                }
            }
        }
        return descriptor
    }

    /// Whether `byteSets` can number every set of `patterns` (counting each
    /// position as new); a pattern beyond that is matched by RE2.
    private func hasRoom(for patterns: [SegmentPattern]) -> Bool {
        byteSets.count + patterns.reduce(0) { $0 + $1.segments.reduce(0) { $0 + $1.count } } <= Int(UInt16.max) + 1
    }

    /// The pattern with each optional single character (`s?` in
    /// `^https?://`) present or absent: up to four patterns that together
    /// match what it matches; nil when it has none or more than two.
    static func expandingOptionals(of pattern: URLFilterPattern) -> [URLFilterPattern]? {
        let optional = pattern.terms.indices.filter { index in
            let term = pattern.terms[index]
            guard term.quantifier == .zeroOrOne else { return false }
            switch term.atom {
            case .character, .anyCharacter, .characterSet: return true
            case .group, .endOfLine: return false
            }
        }
        guard !optional.isEmpty, optional.count <= 2 else { return nil }
        var results = [pattern]
        // From the last, so that removing a term leaves the earlier indexes in place.
        for index in optional.reversed() {
            results = results.flatMap { variant -> [URLFilterPattern] in
                var present = variant, absent = variant
                present.terms[index].quantifier = .one
                absent.terms.remove(at: index)
                return [present, absent]
            }
        }
        return results
    }

    private static func code(of ending: SegmentPattern.Ending) -> UInt8 {
        switch ending {
        case .anywhere: return endsAnywhere
        case .endOfURL: return endsAtEndOfURL
        case .separatorOrEnd: return endsAtSeparatorOrEnd
        case .adblockSeparatorOrEnd: return endsAtAdblockSeparatorOrEnd
        }
    }

    /// Whether matcher `id` matches `url` starting at `start` or later (exactly
    /// at `start` when it was added anchored). A filter beginning with `^`
    /// must be matched from 0.
    func matches(_ id: ID, in url: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Bool {
        let descriptor = descriptors[Int(id)]
        if descriptor.segmentCount == 0 && descriptor.variantCount == 0 {
            return regexes[Int(descriptor.start)].matches(url, from: start, anchored: descriptor.anchored)
        }
        return segments.withUnsafeBufferPointer { segments in
            positions.withUnsafeBufferPointer { positions in
                byteSets.withUnsafeBufferPointer { byteSets in
                    guard descriptor.variantCount > 0 else { return Self.matches(descriptor, segments, positions, byteSets, in: url, from: start) }
                    let first = Int(descriptor.start)
                    return variants[first..<first + Int(descriptor.variantCount)].contains {
                        Self.matches($0, segments, positions, byteSets, in: url, from: start)
                    }
                }
            }
        }
    }

    /// Each segment at its earliest place after the previous one: if any
    /// arrangement matches, this one does, because a segment that ends
    /// earlier leaves more room for the rest.
    private static func matches(_ descriptor: Descriptor, _ segments: UnsafeBufferPointer<Segment>, _ positions: UnsafeBufferPointer<UInt16>,
                                _ byteSets: UnsafeBufferPointer<SegmentPattern.ByteSet>,
                                in url: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool
    {
        @inline(__always) func segment(_ segment: Segment, standsAt place: Int) -> Bool {
            let first = Int(segment.start)
            for offset in 0..<Int(segment.length) where !byteSets[Int(positions[first + offset])].contains(url[place + offset]) { return false }
            return true
        }
        @inline(__always) func endAllowed(at end: Int) -> Bool {
            switch descriptor.ending {
            case endsAtEndOfURL: return end == url.count
            case endsAtSeparatorOrEnd:
                guard end < url.count else { return true }
                let byte = url[end]
                return byte == 0x2F || byte == 0x3A || byte == 0x26 || byte == 0x3F
            case endsAtAdblockSeparatorOrEnd:
                return end >= url.count || ASCIISet.isAdblockSeparator(url[end])
            default: return true
            }
        }
        var place = start
        let last = Int(descriptor.segmentCount) - 1
        for number in 0...last {
            let current = segments[Int(descriptor.start) + number]
            let length = Int(current.length)
            let isLast = number == last
            if number == 0 && descriptor.anchored {
                guard place + length <= url.count, segment(current, standsAt: place), !isLast || endAllowed(at: place + length) else { return false }
            } else if isLast && descriptor.ending == endsAtEndOfURL {
                let end = url.count - length
                return end >= place && segment(current, standsAt: end)
            } else {
                var found = false
                while place + length <= url.count {
                    if segment(current, standsAt: place) && (!isLast || endAllowed(at: place + length)) {
                        found = true
                        break
                    }
                    place += 1
                }
                guard found else { return false }
            }
            place += length
        }
        return true
    }
}
