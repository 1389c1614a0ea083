/// Every natively checked domain condition (`if-domain`, `unless-domain`),
/// indexed by domain: a decision looks up the few domain keys of its page
/// once and learns every domain condition the page meets, instead of
/// searching each condition's list as rules ask for it.
///
/// That also keeps a decision off the conditions' own memory: a page's keys
/// mostly miss the index's `KeyFilter`, and the rest lead to one short run
/// of hits, where searching lists touched several scattered allocations per
/// condition, each a cache miss on a first visit.
final class DomainConditionIndex: Sendable {
    /// One domain of one condition.
    struct Hit: Sendable, BitwiseCopyable {
        var condition: Int32
        var nameStart: Int32
        var nameLength: Int32
        var includesSubdomains: Bool
    }

    /// What a condition is to this index.
    enum Kind: UInt8 {
        /// Not a native domain list: evaluated on its own.
        case other
        /// `if-domain`: applies when the page meets it.
        case ifDomain
        /// `unless-domain`: applies when the page does not.
        case unlessDomain
    }

    private let hits: HashIndex<Hit>
    // Written only in `init`, read-only afterwards: safe to share.
    nonisolated(unsafe) private let names: UnsafeMutableBufferPointer<UInt8>
    nonisolated(unsafe) private let kinds: UnsafeMutableBufferPointer<Kind>

    init(_ conditions: [CompiledCondition]) {
        var table: [UInt64: [Hit]] = [:]
        var names: [UInt8] = []
        kinds = .allocate(capacity: conditions.count)
        kinds.initialize(repeating: .other)
        for (number, condition) in conditions.enumerated() {
            guard case .domains(let list) = condition.test else { continue }
            kinds[number] = condition.kind.isNegated ? .unlessDomain : .ifDomain
            for entry in list.entries {
                let hit = Hit(condition: Int32(number), nameStart: Int32(names.count), nameLength: entry.nameLength,
                              includesSubdomains: entry.includesSubdomains)
                table[entry.hash, default: []].append(hit)
                names += list.name(of: entry)
            }
        }
        hits = HashIndex(table)
        self.names = .allocate(capacity: max(names.count, 1))
        _ = self.names.initialize(from: names)
    }

    /// Why the decoded index cannot be followed (a hit's condition or name
    /// does not exist, a flag is neither 0 nor 1), or nil: the cache
    /// decoder's check once the conditions are read.
    func problem(conditionCount: Int) -> String? {
        guard hits.valueBytes(at: MemoryLayout<Hit>.offset(of: \.includesSubdomains)!, allAtMost: 1) else { return "a domain hit's flag" }
        let nameBytes = names.count, kindCount = kinds.count
        let valid = hits.allValuesSatisfy { hit in
            hit.condition >= 0 && Int(hit.condition) < min(conditionCount, kindCount)
                && hit.nameStart >= 0 && hit.nameLength >= 0 && Int(hit.nameStart) + Int(hit.nameLength) <= nameBytes
        }
        return valid && kindCount == conditionCount ? nil : "a domain hit's condition or name"
    }

    /// Reads what `encode(into:)` wrote (the compiled rule cache).
    init(decoding reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        let decodedHits = try HashIndex<Hit>(decoding: &reader)
        let nameBytes = try reader.takeRaw(UInt8.self)
        let start = reader.offset
        let kindBytes = try reader.takeRaw(UInt8.self)
        guard kindBytes.allSatisfy({ Kind(rawValue: $0) != nil }) else { throw BinaryReader.Damaged(offset: start, reason: "a domain condition's kind") }
        hits = decodedHits
        names = .copying(nameBytes)
        kinds = .allocate(capacity: kindBytes.count)
        for (index, byte) in kindBytes.enumerated() { kinds[index] = Kind(rawValue: byte)! }
    }

    func encode(into writer: inout BinaryWriter) {
        hits.encode(into: &writer)
        writer.writeRaw(UnsafeBufferPointer(names))
        writer.writeRaw(UnsafeBufferPointer(kinds).map(\.rawValue))
    }

    deinit {
        names.deallocate()
        kinds.deallocate()
    }

    @inline(__always)
    func kind(of condition: Int32) -> Kind {
        kinds[Int(condition)]
    }

    /// The domain conditions whose list names the page (by its domain keys),
    /// sorted, possibly repeated; exactly those whose `NativeDomainList.matches`.
    func conditionsMet(by keys: UnsafeBufferPointer<DomainKey>, in topURL: UnsafeBufferPointer<UInt8>) -> [Int32] {
        var met: [Int32] = []
        let names = UnsafeBufferPointer(self.names)
        for key in keys {
            hits.forEach(key.hash) { hit in
                if (key.atStart || hit.includesSubdomains) && key.end - key.start == Int(hit.nameLength)
                    && literalStands(names, from: Int(hit.nameStart), length: Int(hit.nameLength), in: topURL, at: key.start)
                {
                    met.append(hit.condition)
                }
            }
        }
        if met.count > 1 { met.sort() }
        return met
    }
}
