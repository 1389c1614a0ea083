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
    /// One compiled list: what names its rules and WebKit's action locations.
    ///
    /// The rules themselves are not kept: their triggers live on in the
    /// indexes and their actions in `locations`, and with 100,000 rules the
    /// parsed triggers (url-filters, domain lists) would take tens of MiB.
    public struct List: Sendable {
        public let source: String
        /// Each rule's index in the JSON array, by position in the list.
        let ruleIndexes: [Int32]
        /// Each rule's source line, by position; -1 when not parsed from text.
        let ruleLines: [Int32]
        let locations: ActionLocations
        /// Selectors of the list's global stylesheet, applied to documents
        /// unless an `ignore-previous-rules` of the list applied to the load.
        /// As WebKit's `compileGlobalDisplayNoneStyleSheet`: the
        /// css-display-none rules whose url-filter matches everything, with
        /// no other trigger field, before the list's first ignore rule. They
        /// are not among any load's actions.
        public let globalSelectors: [String]
        /// The rules behind `globalSelectors` (positions in the list), in order.
        public let globalRules: [Int]

        /// The rule at `position` in this list: its JSON index and line.
        public func reference(_ position: Int) -> RuleReference {
            let line = ruleLines[position]
            return RuleReference(source: source, index: Int(ruleIndexes[position]), line: line < 0 ? nil : Int(line))
        }
    }

    public let lists: [List]
    /// The last list, when it applies after every list (`RuleList.appliesAfterEveryList`).
    let listAfterEveryList: Int32?
    /// The lists that have a global stylesheet, by number: what a document
    /// gets when no ignore rule applies.
    let listsWithGlobalSelectors: [Int32]
    public let statistics: CompileStatistics
    let publicSuffixList: PublicSuffixList

    // Per rule, indexed by global rule number (lists concatenated).
    let ruleIndexInList: [Int32]

    /// What the request path reads about a rule, packed in one plain value so
    /// that a decision reads it with one load and no reference counting.
    struct RuleMeta: BitwiseCopyable {
        var gate: RuleGate
        /// What kind of action sits at the rule's location (for ignore handling).
        var kind: ActionKind
        /// List and location in one sortable number: the order of decisions.
        var order: Int64
    }
    /// `RuleMeta` for every rule: allocated once and freed with the engine,
    /// or read in place from `mapping`. Written only during `init`, read-only
    /// afterwards: safe to share.
    nonisolated(unsafe) let ruleMeta: UnsafeMutableBufferPointer<RuleMeta>
    /// The compiled rule cache file the largest tables are read from in
    /// place, kept mapped while the engine lives; nil for a compiled engine.
    let mapping: MappedCacheFile?

    /// Each rule's list, location, order and action kind, from `ruleMeta`.
    var ruleList: RuleColumn<RuleMeta.List> { RuleColumn(ruleMeta) }
    var ruleLocation: RuleColumn<RuleMeta.Location> { RuleColumn(ruleMeta) }
    var ruleOrder: RuleColumn<RuleMeta.Order> { RuleColumn(ruleMeta) }
    var ruleActionKind: RuleColumn<RuleMeta.Kind> { RuleColumn(ruleMeta) }

    // Matching structures.
    let hostIndex: HostIndex
    let tokenIndex: TokenIndex
    let literalIndex: LiteralIndex
    /// RE2 sets, the rule of each pattern, and each pattern on its own
    /// (compiled only if the set's DFA ever runs out of memory).
    let regexSets: [RegexShard]
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
    /// Whether any decision reads the page's domain keys: a native domain
    /// condition, or a rule indexed by domain (`universalIfDomain`,
    /// `universalUnless`). Without one (the shipped lists), a load on a page
    /// that is not prepared skips extracting them, about 720 instructions
    /// a decision (the sanitizer's navigations, callgrind).
    let readsDomainKeys: Bool
    /// Block rules' names as blocked-load records write them, made once
    /// (`Decision.blockingRecordNames`); not part of the compiled form.
    let recordNames = RecordNameMemo()
    /// The host index's probes of the hosts decisions met, for every page
    /// (`HostProbeMemo`); not part of the compiled form.
    let hostProbes = HostProbeMemo()

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
    public convenience init(lists inputLists: [RuleList], options: Options = Options(), publicSuffixList: PublicSuffixList = .shared) throws(CompileError) {
        let clock = ContinuousClock.now
        var builder = Builder(options: options)
        for (number, input) in inputLists.enumerated() {
            try builder.add(input, number: number)
        }
        let (tokenIndex, literalIndex) = builder.buildWordIndexes()
        let regexSets = try builder.compileRegexSets()
        builder.countMatchers(tokenIndex: tokenIndex, literalIndex: literalIndex, regexSets: regexSets.count)
        builder.hostIndex.finish()
        var tables = Tables(
            lists: builder.lists, statistics: builder.statistics, ruleIndexInList: builder.ruleIndexInList,
            ruleMeta: Self.packRuleMeta(gates: builder.ruleGates, kinds: builder.ruleActionKind, lists: builder.ruleList, locations: builder.ruleLocation),
            hostIndex: builder.hostIndex, tokenIndex: tokenIndex, literalIndex: literalIndex, regexSets: regexSets,
            universalAlways: builder.universalAlways, universalIfDomain: HashIndex(builder.universalIfDomain),
            universalUnless: Self.inDecisionOrder(builder.universalUnless, ruleList: builder.ruleList, ruleLocation: builder.ruleLocation),
            universalUnlessIsPlain: Self.arePlain(builder.universalUnless, gates: builder.ruleGates, kinds: builder.ruleActionKind),
            universalUnlessIndex: HashIndex(builder.universalUnlessIndex), conditions: builder.conditions,
            domainConditions: DomainConditionIndex(builder.conditions),
            listAfterEveryList: inputLists.last?.appliesAfterEveryList == true ? Int32(inputLists.count - 1) : nil, mapping: nil)
        let elapsed = ContinuousClock.now - clock
        tables.statistics.compileSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        self.init(tables, publicSuffixList: publicSuffixList)
    }

    /// Everything an engine is made of but the public suffix list: what
    /// compiling builds, and what the compiled rule cache stores and reads
    /// back (`EngineCoding`) so that a start from it builds nothing.
    struct Tables {
        var lists: [List]
        var statistics: CompileStatistics
        var ruleIndexInList: [Int32]
        /// Freed with the engine unless it lies in `mapping`.
        var ruleMeta: UnsafeMutableBufferPointer<RuleMeta>
        var hostIndex: HostIndex
        var tokenIndex: TokenIndex
        var literalIndex: LiteralIndex
        var regexSets: [RegexShard]
        var universalAlways: [Int32]
        var universalIfDomain: HashIndex<Int32>
        /// In decision order.
        var universalUnless: [Int32]
        var universalUnlessIsPlain: Bool
        var universalUnlessIndex: HashIndex<Int32>
        var conditions: [CompiledCondition]
        var domainConditions: DomainConditionIndex
        /// Not stored in the cache: which list is the reader's is a matter of
        /// where the lists come from, given again at every load (as `sources`).
        var listAfterEveryList: Int32?
        /// The cache file that `ruleMeta` and the hash indexes lie in, when read from one.
        var mapping: MappedCacheFile?
    }

    /// The engine made of `tables`, compiled or read from the cache.
    init(_ tables: Tables, publicSuffixList: PublicSuffixList = .shared) {
        self.publicSuffixList = publicSuffixList
        self.lists = tables.lists
        self.listAfterEveryList = tables.listAfterEveryList
        self.listsWithGlobalSelectors = tables.lists.indices.filter { !tables.lists[$0].globalSelectors.isEmpty }.map { Int32($0) }
        self.ruleIndexInList = tables.ruleIndexInList
        self.ruleMeta = tables.ruleMeta
        self.mapping = tables.mapping
        self.hostIndex = tables.hostIndex
        self.tokenIndex = tables.tokenIndex
        self.literalIndex = tables.literalIndex
        self.regexSets = tables.regexSets
        self.universalAlways = tables.universalAlways
        self.universalIfDomain = tables.universalIfDomain
        self.universalUnless = tables.universalUnless
        self.universalUnlessIsPlain = tables.universalUnlessIsPlain
        self.universalUnlessIndex = tables.universalUnlessIndex
        self.conditions = .allocate(capacity: tables.conditions.count)
        _ = self.conditions.initialize(from: tables.conditions.map { Unmanaged.passRetained($0) })
        self.domainConditions = tables.domainConditions
        self.readsDomainKeys = !tables.universalIfDomain.isEmpty || !tables.universalUnless.isEmpty
            || tables.conditions.contains { if case .domains = $0.test { true } else { false } }
        self.statistics = tables.statistics
    }

    /// `RuleMeta` for every rule, in memory the engine frees.
    private static func packRuleMeta(gates: [RuleGate], kinds: [ActionKind], lists: [Int32], locations: [Int32]) -> UnsafeMutableBufferPointer<RuleMeta> {
        let meta = UnsafeMutableBufferPointer<RuleMeta>.allocate(capacity: gates.count)
        // Zeros first, so that the padding the cache file copies is zeros too (the same lists make the same file).
        UnsafeMutableRawBufferPointer(meta).initializeMemory(as: UInt8.self, repeating: 0)
        for index in gates.indices {
            meta[index] = RuleMeta(gate: gates[index], kind: kinds[index], order: RuleMeta.order(list: lists[index], location: locations[index]))
        }
        return meta
    }

    /// `rules` in decision order, so that decisions merge them instead of sorting.
    private static func inDecisionOrder(_ rules: [Int32], ruleList: [Int32], ruleLocation: [Int32]) -> [Int32] {
        rules.sorted {
            (ruleList[Int($0)], ruleLocation[Int($0)], $0) < (ruleList[Int($1)], ruleLocation[Int($1)], $1)
        }
    }

    /// Whether `rules` have no flags and no ignore actions (see `universalUnlessIsPlain`).
    private static func arePlain(_ rules: [Int32], gates: [RuleGate], kinds: [ActionKind]) -> Bool {
        rules.allSatisfy { rule in
            let index = Int(rule)
            let gate = gates[index]
            return gate.types == 0 && gate.loadTypes == 0 && gate.loadContexts == 0 && gate.method == 0 && gate.schemes.isEmpty
                && kinds[index] != .ignorePrevious && kinds[index] != .ignoreFollowing
        }
    }

    deinit {
        if mapping == nil { ruleMeta.deallocate() }
        for condition in conditions { condition.release() }
        conditions.deinitialize().deallocate()
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

    /// A rule's list and its position in that list, from its global number.
    @inline(__always)
    func listAndPosition(of rule: Int32) -> (list: Int, position: Int) {
        (Int(ruleList[Int(rule)]), Int(ruleIndexInList[Int(rule)]))
    }

    /// A rule's list and its index in that list's JSON, from its global
    /// number: how a rule is named to the user. Read field by field, not as
    /// a copy of the whole `List` (a copy retains each of its arrays).
    @inline(__always)
    func listAndIndex(of rule: Int32) -> (list: Int, index: Int) {
        let (list, position) = listAndPosition(of: rule)
        return (list, Int(lists[list].ruleIndexes[position]))
    }

    /// A rule's list, index and line, from its global number.
    func reference(_ rule: Int32) -> RuleReference {
        let (list, position) = listAndPosition(of: rule)
        return lists[list].reference(position)
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
