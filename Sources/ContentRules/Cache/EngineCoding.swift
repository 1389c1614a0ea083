import Foundation

/// A compiled engine in the compiled rule cache's form: every table the
/// engine decides with, as it lies in memory, so that a start from the cache
/// reads them back instead of parsing, converting and indexing the lists.
///
/// Tables of plain values (per-rule metadata, index entries, hash slots,
/// matcher segments, literal bytes) are written whole, each at a multiple
/// of 8 bytes (`BinaryWriter.writeRaw`). The largest (every hash index's
/// slots and values, the key filters, `RuleMeta`) are read in place from the
/// mapped file (`BinaryReader.table`), the rest with one copy each; strings
/// (actions, selectors, the few patterns RE2 matches) are length-prefixed.
/// RE2 sets cannot be stored: their patterns are, and `RegexShard` compiles
/// them again on first use or on a background thread.
///
/// The raw tables are only as portable as their memory layout, so the
/// file's header carries `layout` and another layout is a stale file. A
/// payload whose checksum matches was written by a limot, but counts, tags,
/// every table's bounds that a probe relies on without checking (hash
/// slots, matcher segments, domain names) and everything the tables refer
/// to (rules, conditions, offsets, matchers: `check(_:)`) are still checked
/// while reading, so a file that passes the checksum by accident fails here
/// rather than reading out of bounds.
enum EngineCoding {
    /// A hash of the memory layout (size, stride, alignment) of every value
    /// written raw: another compiler or a changed struct makes another one.
    static let layout: UInt64 = {
        var sizes = PatternMatchers.memoryLayout + HashIndex<Int32>.slotLayout
        func add<Value>(_: Value.Type) {
            sizes += [MemoryLayout<Value>.size, MemoryLayout<Value>.stride, MemoryLayout<Value>.alignment]
        }
        add(HostIndex.Entry.self)
        add(TokenIndex.Entry.self)
        add(LiteralIndex.Entry.self)
        add(RuleGate.self)
        add(ContentRuleEngine.RuleMeta.self)
        let metaFields: [PartialKeyPath<ContentRuleEngine.RuleMeta>] = [\.gate, \.kind, \.order]
        sizes += metaFields.map { MemoryLayout<ContentRuleEngine.RuleMeta>.offset(of: $0)! }
        sizes.append(BinaryWriter.tableAlignment)
        add(NativeDomainList.Entry.self)
        add(DomainConditionIndex.Hit.self)
        add(Int.self)
        return sizes.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }  // FNV-1a
    }()

    static func encode(_ engine: ContentRuleEngine, into writer: inout BinaryWriter) {
        writer.writeVarint(engine.lists.count)
        for list in engine.lists { encode(list, into: &writer) }
        encode(engine.statistics, into: &writer)
        writer.writeRaw(engine.ruleIndexInList)
        writer.writeRaw(UnsafeBufferPointer(engine.ruleMeta))
        engine.hostIndex.encode(into: &writer)
        engine.tokenIndex.encode(into: &writer)
        engine.literalIndex.encode(into: &writer)
        writer.writeVarint(engine.regexSets.count)
        for shard in engine.regexSets {
            writer.write(shard.caseSensitive)
            writer.writeRaw(shard.rules)
            writer.write(shard.fallback.map(\.pattern))
        }
        writer.writeRaw(engine.universalAlways)
        engine.universalIfDomain.encode(into: &writer)
        writer.writeRaw(engine.universalUnless)
        writer.write(engine.universalUnlessIsPlain)
        engine.universalUnlessIndex.encode(into: &writer)
        writer.writeVarint(engine.conditions.count)
        for condition in engine.conditions { condition.takeUnretainedValue().encode(into: &writer) }
        engine.domainConditions.encode(into: &writer)
    }

    /// The engine's tables, with `sources` as the lists' sources (the paths
    /// they have now), from a reader that holds nothing after them.
    static func decode(from reader: inout BinaryReader, sources: [String]) throws(BinaryReader.Damaged) -> ContentRuleEngine.Tables {
        let listCount = try reader.readCount()
        guard listCount == sources.count else {
            throw BinaryReader.Damaged(offset: reader.offset, reason: "\(listCount) lists for \(sources.count) files")
        }
        var lists: [ContentRuleEngine.List] = []
        for source in sources { lists.append(try decodeList(from: &reader, source: source)) }
        let statistics = try decodeStatistics(from: &reader)
        let ruleIndexInList: [Int32] = try reader.readRaw()
        let metaStart = reader.offset
        let metaBytes = try reader.takeRaw(ContentRuleEngine.RuleMeta.self)
        let highestCondition = try checkRuleMeta(metaBytes, ruleIndexInList: ruleIndexInList, lists: lists, at: metaStart)
        let hostStart = reader.offset
        let hostIndex = try HostIndex(decoding: &reader)
        let tokenStart = reader.offset
        let tokenIndex = try TokenIndex(decoding: &reader)
        let literalStart = reader.offset
        let literalIndex = try LiteralIndex(decoding: &reader)
        let regexStart = reader.offset
        var regexSets: [RegexShard] = []
        for _ in 0..<(try reader.readCount()) {
            let caseSensitive = try reader.readBool()
            let start = reader.offset
            let rules: [Int32] = try reader.readRaw()
            let patterns = try reader.readStrings()
            guard rules.count == patterns.count else { throw BinaryReader.Damaged(offset: start, reason: "an RE2 set's rules and patterns differ in number") }
            regexSets.append(RegexShard(deferring: patterns, caseSensitive: caseSensitive, rules: rules))
        }
        let universalStart = reader.offset
        let universalAlways: [Int32] = try reader.readRaw()
        let universalIfDomain = try HashIndex<Int32>(decoding: &reader)
        let universalUnless: [Int32] = try reader.readRaw()
        let universalUnlessIsPlain = try reader.readBool()
        let universalUnlessIndex = try HashIndex<Int32>(decoding: &reader)
        var conditions: [CompiledCondition] = []
        for _ in 0..<(try reader.readCount()) { conditions.append(try CompiledCondition(decoding: &reader)) }
        let domainStart = reader.offset
        let domainConditions = try DomainConditionIndex(decoding: &reader)
        guard highestCondition < conditions.count else {
            throw BinaryReader.Damaged(offset: metaStart, reason: "a rule's condition \(highestCondition) of \(conditions.count)")
        }
        try check(References(
            ruleCount: ruleIndexInList.count, conditionCount: conditions.count, hostIndex: (hostIndex, hostStart), tokenIndex: (tokenIndex, tokenStart),
            literalIndex: (literalIndex, literalStart), regexSets: (regexSets, regexStart),
            universal: (universalAlways, universalIfDomain, universalUnless, universalUnlessIndex, universalStart), domainConditions: (domainConditions, domainStart)))
        guard reader.isAtEnd else { throw BinaryReader.Damaged(offset: reader.offset, reason: "bytes after the last table") }
        // Last, once nothing can throw: a copy is freed only by the engine.
        let ruleMeta: UnsafeMutableBufferPointer<ContentRuleEngine.RuleMeta> = try reader.table(of: metaBytes)
        return ContentRuleEngine.Tables(
            lists: lists, statistics: statistics, ruleIndexInList: ruleIndexInList, ruleMeta: ruleMeta, hostIndex: hostIndex, tokenIndex: tokenIndex, literalIndex: literalIndex,
            regexSets: regexSets, universalAlways: universalAlways, universalIfDomain: universalIfDomain, universalUnless: universalUnless,
            universalUnlessIsPlain: universalUnlessIsPlain, universalUnlessIndex: universalUnlessIndex, conditions: conditions,
            domainConditions: domainConditions, mapping: reader.mapping)
    }

    /// Checks every rule's `RuleMeta` as written (before any is read as one,
    /// since an action kind out of range is no `ActionKind`): a known action
    /// kind, a list and location that exist, an index in its list. Returns
    /// the highest condition number, for the caller to check once the
    /// conditions are read.
    private static func checkRuleMeta(_ bytes: UnsafeRawBufferPointer, ruleIndexInList: [Int32], lists: [ContentRuleEngine.List],
                                      at start: Int) throws(BinaryReader.Damaged) -> Int {
        typealias Meta = ContentRuleEngine.RuleMeta
        let stride = MemoryLayout<Meta>.stride
        guard bytes.count / stride == ruleIndexInList.count else {
            throw BinaryReader.Damaged(offset: start, reason: "\(bytes.count / stride) rules' metadata for \(ruleIndexInList.count) rules")
        }
        let gateOffset = MemoryLayout<Meta>.offset(of: \.gate)!, kindOffset = MemoryLayout<Meta>.offset(of: \.kind)!
        let orderOffset = MemoryLayout<Meta>.offset(of: \.order)!
        var highestCondition = -1
        for rule in ruleIndexInList.indices {
            let base = rule * stride
            let order = bytes.loadUnaligned(fromByteOffset: base + orderOffset, as: Int64.self)
            let list = Int(order >> 32), location = Int(Int32(truncatingIfNeeded: order))
            let gate = bytes.loadUnaligned(fromByteOffset: base + gateOffset, as: RuleGate.self)
            // An enum without payloads is stored as its case's index, which is `ActionKind`'s raw value.
            guard ContentRuleEngine.ActionKind(rawValue: bytes[base + kindOffset]) != nil, lists.indices.contains(list),
                location >= 0, location < lists[list].locations.actionAtLocation.count,
                ruleIndexInList[rule] >= 0, Int(ruleIndexInList[rule]) < lists[list].ruleIndexes.count, gate.condition >= -1
            else { throw BinaryReader.Damaged(offset: start + base, reason: "rule \(rule)'s action, list or location does not exist") }
            highestCondition = max(highestCondition, Int(gate.condition))
        }
        return highestCondition
    }

    // MARK: Lists

    private static func encode(_ list: ContentRuleEngine.List, into writer: inout BinaryWriter) {
        writer.writeRaw(list.ruleIndexes)
        writer.writeRaw(list.ruleLines)
        writer.writeRaw(list.locations.locationOfRule)
        writer.writeVarint(list.locations.actionAtLocation.count)
        for action in list.locations.actionAtLocation { ActionCoding.encode(action, into: &writer) }
        writer.write(list.globalSelectors)
        writer.writeRaw(list.globalRules)
    }

    private static func decodeList(from reader: inout BinaryReader, source: String) throws(BinaryReader.Damaged) -> ContentRuleEngine.List {
        let start = reader.offset
        let ruleIndexes: [Int32] = try reader.readRaw(), ruleLines: [Int32] = try reader.readRaw()
        let locationOfRule: [Int32] = try reader.readRaw()
        let actionCount = try reader.readCount()
        var actions: [Action] = []
        actions.reserveCapacity(actionCount)
        for _ in 0..<actionCount { actions.append(try ActionCoding.decode(from: &reader)) }
        let globalSelectors = try reader.readStrings()
        let globalRules: [Int] = try reader.readRaw()
        guard ruleLines.count == ruleIndexes.count, locationOfRule.count == ruleIndexes.count,
            locationOfRule.allSatisfy({ $0 >= 0 && Int($0) < actionCount }), globalRules.count == globalSelectors.count,
            globalRules.allSatisfy({ ruleIndexes.indices.contains($0) })
        else { throw BinaryReader.Damaged(offset: start, reason: "a list's tables do not fit together") }
        return ContentRuleEngine.List(source: source, ruleIndexes: ruleIndexes, ruleLines: ruleLines,
                                      locations: ActionLocations(locationOfRule: locationOfRule, actionAtLocation: actions),
                                      globalSelectors: globalSelectors, globalRules: globalRules)
    }

    // MARK: Statistics

    private static func counts(of statistics: CompileStatistics) -> [Int] {
        [statistics.lists, statistics.rules, statistics.hostIndexedRules, statistics.nativeHostRules, statistics.wordIndexedRules,
         statistics.literalIndexedRules, statistics.universalRules, statistics.schemeOnlyRules, statistics.regexSetPatterns,
         statistics.regexSets, statistics.nativePatterns, statistics.singleRegexes, statistics.conditions, statistics.selectors,
         statistics.globalSelectors]
    }

    private static func encode(_ statistics: CompileStatistics, into writer: inout BinaryWriter) {
        writer.writeRaw(counts(of: statistics))
        writer.write(statistics.compileSeconds.bitPattern)
        writer.writeVarint(statistics.rulesByAction.count)
        for (action, count) in statistics.rulesByAction.sorted(by: { $0.key < $1.key }) {
            writer.write(action)
            writer.writeVarint(count)
        }
    }

    private static func decodeStatistics(from reader: inout BinaryReader) throws(BinaryReader.Damaged) -> CompileStatistics {
        let start = reader.offset
        let values: [Int] = try reader.readRaw()
        guard values.count == counts(of: CompileStatistics()).count else { throw BinaryReader.Damaged(offset: start, reason: "\(values.count) statistics") }
        var statistics = CompileStatistics()
        (statistics.lists, statistics.rules, statistics.hostIndexedRules, statistics.nativeHostRules) = (values[0], values[1], values[2], values[3])
        (statistics.wordIndexedRules, statistics.literalIndexedRules, statistics.universalRules) = (values[4], values[5], values[6])
        (statistics.schemeOnlyRules, statistics.regexSetPatterns, statistics.regexSets) = (values[7], values[8], values[9])
        (statistics.nativePatterns, statistics.singleRegexes, statistics.conditions) = (values[10], values[11], values[12])
        (statistics.selectors, statistics.globalSelectors) = (values[13], values[14])
        statistics.compileSeconds = Double(bitPattern: try reader.read())
        for _ in 0..<(try reader.readCount()) {
            let action = try reader.readString()
            statistics.rulesByAction[action] = try reader.readVarint()
        }
        return statistics
    }
}
