import Foundation
import WebURL

/// Rule lists compiled for fast decisions: the immutable value the proxy and
/// the CLI ask "what happens to this load?".
///
/// Built once and swapped whole on reload; it holds no locks on the request
/// path. Matching costs about one pass over the URL: host-anchored filters
/// are found through a hash of the host's labels, the rest through a few
/// RE2 sets, and rules that match every URL through domain indexes.
public final class ContentRuleEngine: Sendable {
    /// One compiled list: its rules and WebKit's action locations.
    public struct List: Sendable {
        public let source: String
        public let rules: [Rule]
        let locations: ActionLocations
        /// Selectors of the list's global stylesheet (css-display-none rules
        /// that apply everywhere), applied to documents unless an
        /// `ignore-previous-rules` applied to the load.
        public let globalSelectors: [String]
        let firstGlobalRule: Int32
    }

    public let lists: [List]
    /// The lists that have a global stylesheet, by number: what a document
    /// gets when no ignore rule applies.
    let listsWithGlobalSelectors: [Int32]
    public let statistics: CompileStatistics
    let publicSuffixList: PublicSuffixList

    // Per rule, indexed by global rule number (lists concatenated).
    let ruleList: [Int32]
    let ruleIndexInList: [Int32]
    let ruleLocation: [Int32]
    /// List and location in one sortable number: the order of decisions.
    let ruleOrder: [Int64]

    /// What the request path reads about a rule, packed in one plain value so
    /// that a decision reads it with one load and no reference counting.
    struct RuleMeta {
        var gate: RuleGate
        var kind: ActionKind
        var order: Int64
    }
    /// `RuleMeta` for every rule, allocated once and freed with the engine.
    /// Written only during `init`, read-only afterwards: safe to share.
    nonisolated(unsafe) let ruleMeta: UnsafeMutableBufferPointer<RuleMeta>
    /// What kind of action sits at the rule's location (for ignore handling).
    let ruleActionKind: [ActionKind]

    // Matching structures.
    let hostIndex: HostIndex
    let tokenIndex: TokenIndex
    let literalIndex: LiteralIndex
    /// RE2 sets, the rule of each pattern, and each pattern on its own
    /// (compiled only if the set's DFA ever runs out of memory).
    let regexSets: [(set: RegexSet, rules: [Int32], fallback: [LazyRegex])]
    let universalAlways: [Int32]
    let universalIfDomain: HashIndex<Int32>
    let universalUnless: [Int32]
    /// Whether the `universalUnless` rules have no flags and no ignore
    /// actions, so that a decision can refer to them as a block instead of
    /// copying them (they apply to nearly every load).
    let universalUnlessIsPlain: Bool
    let universalUnlessIndex: HashIndex<Int32>
    /// The distinct conditions, by number (`RuleGate.condition`), allocated
    /// once and freed with the engine, so that a decision reads them without
    /// retaining an array or a condition: the engine holds each one, and a
    /// decision never outlives its use of the engine. Written only during
    /// `init`: safe to share.
    nonisolated(unsafe) let conditions: UnsafeMutableBufferPointer<Unmanaged<CompiledCondition>>
    /// The natively checked domain conditions, by domain.
    let domainConditions: DomainConditionIndex

    enum ActionKind: UInt8, Sendable {
        case block, blockCookies, cssDisplayNone, ignorePrevious, ignoreFollowing, makeHTTPS, notify, redirect, modifyHeaders
    }

    /// Most patterns in one RE2 set; more compile into further sets.
    public static let patternsPerRegexSet = 8_000

    /// Why rules could not be compiled.
    public struct CompileError: Error, Sendable, CustomStringConvertible {
        public var source: String
        public var ruleIndex: Int?
        public var message: String
        public var description: String {
            "\(source)\(ruleIndex.map { ": rule \($0)" } ?? ""): \(message)"
        }
    }

    /// How the engine finds candidate rules. Both indexes decide exactly as
    /// the plain regexes would; they exist for speed, and switching them off
    /// lets tests prove that equivalence.
    public struct Options: Sendable {
        /// Index host-anchored url-filters by host instead of putting them in RE2 sets.
        public var indexesHosts = true
        /// Index url-filters by a delimited word they require (see
        /// `TokenIndex`), or failing that by two characters of a literal they
        /// require (see `LiteralIndex`).
        public var indexesWords = true
        /// Check `if-domain`/`unless-domain` natively rather than through
        /// WebKit's generated regexes, and index rules that match every URL
        /// (or every URL of a scheme, see `SchemeTest`) by those domains.
        public var indexesDomains = true
        /// Match filters made of literal segments and `.*` gaps natively
        /// (see `SegmentPattern`) rather than through RE2, when confirming
        /// index candidates and evaluating URL conditions.
        public var matchesSegmentsNatively = true

        public init(indexesHosts: Bool = true, indexesWords: Bool = true, indexesDomains: Bool = true, matchesSegmentsNatively: Bool = true) {
            self.indexesHosts = indexesHosts
            self.indexesWords = indexesWords
            self.indexesDomains = indexesDomains
            self.matchesSegmentsNatively = matchesSegmentsNatively
        }
    }

    /// Compiles validated lists. Each list stays independent, as separate
    /// WKContentRuleLists are in Safari.
    public init(lists inputLists: [RuleList], options: Options = Options(), publicSuffixList: PublicSuffixList = .shared) throws(CompileError) {
        let clock = ContinuousClock.now
        self.publicSuffixList = publicSuffixList
        var statistics = CompileStatistics()
        var lists: [List] = []
        var ruleList: [Int32] = [], ruleIndexInList: [Int32] = [], ruleGates: [RuleGate] = []
        var ruleLocation: [Int32] = [], ruleActionKind: [ActionKind] = []
        var hostIndex = HostIndex()
        var setPatterns: [(pattern: URLFilterPattern, caseSensitive: Bool, rule: Int32)] = []
        var universalAlways: [Int32] = [], universalUnless: [Int32] = []
        var universalIfDomain: [UInt64: [Int32]] = [:], universalUnlessIndex: [UInt64: [Int32]] = [:]
        var conditions: [CompiledCondition] = []
        var conditionIDs: [Condition: [(Trigger, Int32)]] = [:]

        for (listNumber, input) in inputLists.enumerated() {
            let locations = ActionLocations(rules: input.rules)
            // Each url-filter is parsed once here; the list was validated, so errors are a bug in the caller.
            var patterns: [URLFilterPattern] = []
            patterns.reserveCapacity(input.rules.count)
            for rule in input.rules {
                do {
                    patterns.append(try URLFilterParser.parse(rule.trigger.urlFilter))
                } catch {
                    throw CompileError(source: input.source, ruleIndex: rule.index, message: "url-filter \"\(rule.trigger.urlFilter)\": \(error)")
                }
            }
            // The list's global stylesheet: universal, flag-free css rules before any ignore rule.
            let firstIgnore = input.rules.indices.first {
                input.rules[$0].action == .ignorePreviousRules || input.rules[$0].action == .ignoreFollowingRules
            }.map { locations.locationOfRule[$0] } ?? Int32.max
            var globalSelectors: [String] = []
            var globalRules = Set<Int>()
            for (position, rule) in input.rules.enumerated() {
                guard case .cssDisplayNone(let selector) = rule.action, !rule.trigger.hasFlags,
                    locations.locationOfRule[position] < firstIgnore,
                    patterns[position].matchesEverything
                else { continue }
                globalSelectors.append(selector)
                globalRules.insert(position)
            }
            statistics.globalSelectors += globalSelectors.count
            let base = Int32(ruleList.count)
            lists.append(List(source: input.source, rules: input.rules, locations: locations, globalSelectors: globalSelectors, firstGlobalRule: base))

            for (position, rule) in input.rules.enumerated() {
                let id = Int32(ruleList.count)
                let trigger = rule.trigger
                statistics.rules += 1
                statistics.rulesByAction[rule.action.typeName, default: 0] += 1
                if case .cssDisplayNone = rule.action { statistics.selectors += 1 }
                ruleList.append(Int32(listNumber))
                ruleIndexInList.append(Int32(position))
                ruleLocation.append(locations.locationOfRule[position])
                ruleActionKind.append(Self.kind(of: rule.action))

                var conditionID: Int32 = -1
                if let condition = trigger.condition {
                    if let existing = conditionIDs[condition]?.first(where: { Self.sameConditionFlags($0.0, trigger) }) {
                        conditionID = existing.1
                    } else {
                        conditionID = Int32(conditions.count)
                        conditions.append(CompiledCondition(condition, trigger: trigger, nativeDomains: options.indexesDomains,
                                                            nativePatterns: options.matchesSegmentsNatively))
                        conditionIDs[condition, default: []].append((trigger, conditionID))
                    }
                }
                ruleGates.append(RuleGate(
                    types: trigger.resourceTypes.rawValue, loadTypes: trigger.loadTypes.rawValue, loadContexts: trigger.loadContexts.rawValue,
                    method: trigger.requestMethod.map { UInt8(RequestMethod.allCases.firstIndex(of: $0)! + 1) } ?? 0,
                    schemes: [], condition: conditionID))

                if globalRules.contains(position) { continue }  // applied through the stylesheet
                let pattern = patterns[position]
                let nativeDomains: NativeDomainList?
                if options.indexesDomains, conditionID >= 0, case .domains(let domains) = conditions[Int(conditionID)].test {
                    nativeDomains = domains
                } else {
                    nativeDomains = nil
                }
                if pattern.matchesEverything {
                    statistics.universalRules += 1
                    if let domains = nativeDomains, let condition = trigger.condition {
                        let index = condition.kind == .ifDomain
                        for entry in domains.entries {
                            if index { universalIfDomain[entry.hash, default: []].append(id) } else { universalUnlessIndex[entry.hash, default: []].append(id) }
                        }
                        if !index { universalUnless.append(id) }
                    } else {
                        universalAlways.append(id)
                    }
                    continue
                }
                // A filter that tests only the scheme is universal but for that test (kept out of
                // the plain unless-domain block, which must stay free of flags).
                if options.indexesDomains, trigger.condition?.kind != .unlessDomain,
                    let schemes = SchemeTest.recognize(trigger.urlFilter, caseSensitive: trigger.urlFilterIsCaseSensitive)
                {
                    if trigger.condition == nil {
                        ruleGates[Int(id)].schemes = schemes
                        universalAlways.append(id)
                        statistics.schemeOnlyRules += 1
                        continue
                    }
                    if let domains = nativeDomains, trigger.condition?.kind == .ifDomain {
                        ruleGates[Int(id)].schemes = schemes
                        for entry in domains.entries { universalIfDomain[entry.hash, default: []].append(id) }
                        statistics.schemeOnlyRules += 1
                        continue
                    }
                }
                if options.indexesHosts, let host = HostAnchoredFilter.recognize(trigger.urlFilter, caseSensitive: trigger.urlFilterIsCaseSensitive) {
                    hostIndex.add(host, pattern: pattern, caseSensitive: trigger.urlFilterIsCaseSensitive, rule: id, gate: ruleGates[Int(id)],
                                  native: options.matchesSegmentsNatively)
                    continue
                }
                setPatterns.append((pattern, trigger.urlFilterIsCaseSensitive, id))
            }
        }

        // Word-indexed filters, then RE2 sets for the rest, split by case sensitivity and size.
        var tokenIndex = TokenIndex()
        var literalIndex = LiteralIndex()
        if options.indexesWords {
            (tokenIndex, setPatterns) = TokenIndex.build(setPatterns, gates: ruleGates, native: options.matchesSegmentsNatively)
            (literalIndex, setPatterns) = LiteralIndex.build(setPatterns, gates: ruleGates, native: options.matchesSegmentsNatively)
        }
        statistics.wordIndexedRules = tokenIndex.count
        statistics.literalIndexedRules = literalIndex.count
        var regexSets: [(set: RegexSet, rules: [Int32], fallback: [LazyRegex])] = []
        for caseSensitive in [false, true] {
            let group = setPatterns.filter { $0.caseSensitive == caseSensitive }
            var start = 0
            while start < group.count {
                let slice = group[start..<min(start + Self.patternsPerRegexSet, group.count)]
                do {
                    let patterns = slice.map(\.pattern.re2Pattern)
                    let set = try RegexSet(patterns: patterns, caseSensitive: caseSensitive)
                    let fallback = patterns.map { LazyRegex(pattern: $0, caseSensitive: caseSensitive) }
                    regexSets.append((set, slice.map(\.rule), fallback))
                } catch {
                    let rule = error.patternIndex.map { slice[slice.startIndex + $0].rule }
                    let list = rule.map { Int(ruleList[Int($0)]) } ?? 0
                    throw CompileError(source: inputLists[list].source, ruleIndex: rule.map { Int(ruleIndexInList[Int($0)]) }, message: error.message)
                }
                start += Self.patternsPerRegexSet
            }
        }
        statistics.hostIndexedRules = hostIndex.count
        statistics.nativeHostRules = hostIndex.pureCount
        statistics.lists = lists.count
        statistics.regexSetPatterns = setPatterns.count
        statistics.regexSets = regexSets.count
        statistics.conditions = conditions.count
        var matcherSets = [hostIndex.confirmations, tokenIndex.matchers, literalIndex.matchers]
        for condition in conditions { if case .patterns(let matchers, _) = condition.test { matcherSets.append(matchers) } }
        statistics.singleRegexes = matcherSets.reduce(0) { $0 + $1.regexCount }
        statistics.nativePatterns = matcherSets.reduce(0) { $0 + $1.count } - statistics.singleRegexes

        self.lists = lists
        self.listsWithGlobalSelectors = lists.indices.filter { !lists[$0].globalSelectors.isEmpty }.map { Int32($0) }
        self.ruleList = ruleList
        self.ruleIndexInList = ruleIndexInList
        self.ruleLocation = ruleLocation
        self.ruleActionKind = ruleActionKind
        self.ruleOrder = zip(ruleList, ruleLocation).map { Int64($0) << 32 | Int64($1) }
        self.ruleMeta = .allocate(capacity: ruleList.count)
        for index in ruleList.indices {
            ruleMeta[index] = RuleMeta(gate: ruleGates[index], kind: ruleActionKind[index], order: ruleOrder[index])
        }
        hostIndex.finish()
        self.hostIndex = hostIndex
        self.tokenIndex = tokenIndex
        self.literalIndex = literalIndex
        self.regexSets = regexSets
        self.universalAlways = universalAlways
        self.universalIfDomain = HashIndex(universalIfDomain)
        // Kept in decision order, so that decisions merge instead of sorting them.
        self.universalUnless = universalUnless.sorted {
            (ruleList[Int($0)], ruleLocation[Int($0)], $0) < (ruleList[Int($1)], ruleLocation[Int($1)], $1)
        }
        self.universalUnlessIsPlain = universalUnless.allSatisfy { rule in
            let index = Int(rule)
            let gate = ruleGates[index]
            return gate.types == 0 && gate.loadTypes == 0 && gate.loadContexts == 0 && gate.method == 0 && gate.schemes.isEmpty
                && ruleActionKind[index] != .ignorePrevious && ruleActionKind[index] != .ignoreFollowing
        }
        self.universalUnlessIndex = HashIndex(universalUnlessIndex)
        self.conditions = .allocate(capacity: conditions.count)
        _ = self.conditions.initialize(from: conditions.map { Unmanaged.passRetained($0) })
        self.domainConditions = DomainConditionIndex(conditions)
        let elapsed = ContinuousClock.now - clock
        statistics.compileSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        self.statistics = statistics
    }

    deinit {
        ruleMeta.deallocate()
        for condition in conditions { condition.release() }
        conditions.deinitialize().deallocate()
    }

    private static func sameConditionFlags(_ a: Trigger, _ b: Trigger) -> Bool {
        a.topURLFilterIsCaseSensitive == b.topURLFilterIsCaseSensitive && a.frameURLFilterIsCaseSensitive == b.frameURLFilterIsCaseSensitive
    }

    static func kind(of action: Action) -> ActionKind {
        switch action {
        case .block: return .block
        case .blockCookies: return .blockCookies
        case .cssDisplayNone: return .cssDisplayNone
        case .ignorePreviousRules: return .ignorePrevious
        case .ignoreFollowingRules: return .ignoreFollowing
        case .makeHTTPS: return .makeHTTPS
        case .notify: return .notify
        case .redirect: return .redirect
        case .modifyHeaders: return .modifyHeaders
        }
    }

    /// A rule's list and index, from its global number.
    func reference(_ rule: Int32) -> RuleReference {
        let list = lists[Int(ruleList[Int(rule)])]
        let local = list.rules[Int(ruleIndexInList[Int(rule)])]
        return RuleReference(source: list.source, index: local.index, line: local.line)
    }
}

/// Names one rule: its list and index, for explanations and statistics.
public struct RuleReference: Sendable, Hashable, CustomStringConvertible {
    public var source: String
    public var index: Int
    public var line: Int?

    public var description: String {
        "\(source)\(line.map { ":\($0)" } ?? ""): rule \(index)"
    }
}
