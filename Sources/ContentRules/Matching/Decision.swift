/// What the rules decided for one load, with the rules that decided it.
///
/// Cheap to produce (rule numbers only); the actions and references are
/// materialised when asked for.
public struct Decision: Sendable {
    /// An action that applies, and every rule that contributed it.
    public struct AppliedAction: Sendable, Equatable {
        public var action: Action
        public var rules: [RuleReference]
    }

    /// One list's part of the decision.
    public struct ListOutcome: Sendable {
        public var source: String
        /// The actions that apply, in WebKit's order.
        public var actions: [AppliedAction]
        /// The last `ignore-previous-rules` that applied, which discarded `overridden`.
        public var ignoredBy: RuleReference?
        /// Rules that matched but were discarded by `ignoredBy`.
        public var overridden: [RuleReference]
        /// The `ignore-following-rules` that cut off later rules, if any.
        public var stoppedBy: RuleReference?
        /// Rules that matched after `stoppedBy` and were discarded.
        public var cutOff: [RuleReference]
    }

    /// One list's global stylesheet as it stands for this load.
    public struct GlobalStylesheet: Sendable {
        public var source: String
        public var selectors: [String]
        /// The css-display-none rules behind `selectors`.
        public var rules: [RuleReference]
        /// The `ignore-previous-rules` that switched the stylesheet off for
        /// this load; nil when it applies.
        public var switchedOffBy: RuleReference?
    }

    let engine: ContentRuleEngine
    /// Surviving rules (global numbers), sorted by list and location; the
    /// plain universal block is added on demand.
    let specificApplied: [Int32]

    /// The engine's plain universal block, applied but for `excluded`.
    struct PlainBlock: Sendable {
        var excluded: [Int32]
    }
    let plainBlock: PlainBlock?

    /// What ignore rules did to a load, kept apart because few loads meet
    /// one: a decision without them holds only a few references and so
    /// costs little to make, copy and drop.
    struct IgnoreOutcome: Sendable {
        /// Rules discarded by an ignore rule, sorted.
        var discarded: [Int32]
        var ignoredByRule: RuleByList  // list -> ignore-previous rule
        var stoppedByRule: RuleByList  // list -> ignore-following rule
    }
    let ignoreOutcome: IgnoreOutcome?

    /// Whether the load is a document the rules apply to (a data: URL is
    /// not), which gets the lists' global stylesheets.
    public let isDocument: Bool

    /// Made whole in one go (no field set afterwards), so that returning it
    /// from the engine moves it rather than copying it.
    init(engine: ContentRuleEngine, applied: [Int32], ignoreOutcome: IgnoreOutcome? = nil, plainBlock: PlainBlock? = nil,
         isDocument: Bool, isUpgradable: Bool = false)
    {
        self.engine = engine
        self.specificApplied = applied
        self.ignoreOutcome = ignoreOutcome
        self.plainBlock = plainBlock
        self.isDocument = isDocument
        self.isUpgradable = isUpgradable
    }

    private var specificDiscarded: [Int32] { ignoreOutcome?.discarded ?? [] }
    private var ignoredByRule: RuleByList { ignoreOutcome?.ignoredByRule ?? RuleByList() }
    private var stoppedByRule: RuleByList { ignoreOutcome?.stoppedByRule ?? RuleByList() }
    /// Lists with a global stylesheet that an `ignore-previous-rules` of
    /// theirs switched off for this load (whatever its type), as WebKit
    /// leaves the stylesheet out of the load's actions.
    private var globalListsSwitchedOff: [Int32] {
        guard let ignoredByRule = ignoreOutcome?.ignoredByRule, !ignoredByRule.isEmpty else { return [] }
        return engine.listsWithGlobalSelectors.filter { ignoredByRule[$0] != nil }
    }

    /// Lists whose global stylesheet the load gets: for documents, every
    /// list that has one and saw no ignore-previous-rules.
    private var globalLists: [Int32] {
        guard isDocument else { return [] }
        let off = globalListsSwitchedOff
        return off.isEmpty ? engine.listsWithGlobalSelectors : engine.listsWithGlobalSelectors.filter { !off.contains($0) }
    }

    /// The sources of the lists whose global stylesheet an
    /// `ignore-previous-rules` switched off for this load.
    public var globalStylesheetsSwitchedOff: [String] {
        globalListsSwitchedOff.map { engine.lists[Int($0)].source }
    }

    /// Every list's global stylesheet that concerns this load: those a
    /// document gets, and those switched off for any load.
    public var globalStylesheets: [GlobalStylesheet] {
        let applied = globalLists
        let ignoredByRule = ignoreOutcome?.ignoredByRule ?? RuleByList()
        var result: [GlobalStylesheet] = []
        for number in engine.listsWithGlobalSelectors {
            let switchedOffBy = ignoredByRule[number]
            guard switchedOffBy != nil || applied.contains(number) else { continue }
            let list = engine.lists[Int(number)]
            result.append(GlobalStylesheet(
                source: list.source, selectors: list.globalSelectors,
                rules: list.globalRules.map { list.reference($0) },
                switchedOffBy: switchedOffBy.map(engine.reference)))
        }
        return result
    }

    /// The plain block's rules, but for the excluded ones, that survive the
    /// ignore rules (`surviving`) or that they discarded (not `surviving`),
    /// in decision order.
    private func blockRules(surviving: Bool) -> [Int32] {
        guard let block = plainBlock else { return [] }
        // Most loads keep the whole block (the engine's array, not a copy): no exclusion, no ignore rule.
        var rules = ignoreOutcome.map { blockRules(cutBy: $0, surviving: surviving) } ?? (surviving ? engine.universalUnless : [])
        if !block.excluded.isEmpty { rules.removeAll { block.excluded.contains($0) } }
        return rules
    }

    /// Every applied rule in decision order, the plain block merged in.
    var applied: [Int32] {
        guard plainBlock != nil else { return specificApplied }
        return Self.merge(specificApplied, blockRules(surviving: true), order: engine.ruleOrder)
    }

    /// Rules that matched but were discarded by ignore rules.
    var discarded: [Int32] {
        guard plainBlock != nil else { return specificDiscarded }
        return Self.merge(specificDiscarded, blockRules(surviving: false), order: engine.ruleOrder)
    }

    /// Whether an applied rule has an action of this kind.
    private func applies(_ kind: ContentRuleEngine.ActionKind) -> Bool {
        if specificApplied.contains(where: { engine.ruleActionKind[Int($0)] == kind }) { return true }
        guard let block = plainBlock else { return false }
        let surviving = ignoreOutcome.map { blockRules(cutBy: $0, surviving: true) } ?? engine.universalUnless
        return surviving.contains { engine.ruleActionKind[Int($0)] == kind && !block.excluded.contains($0) }
    }

    /// Whether any list blocks the load.
    public var isBlocked: Bool {
        applies(.block)
    }

    /// Whether cookies must be stripped from the request and response.
    public var blocksCookies: Bool {
        applies(.blockCookies)
    }

    /// Whether the URL is to be upgraded to `https:`/`wss:`: a make-https
    /// action applies and the URL is `http:`/`ws:` on its default port.
    public var makesHTTPS: Bool {
        isUpgradable && applies(.makeHTTPS)
    }

    /// Whether the request's URL is one make-https can upgrade.
    let isUpgradable: Bool

    /// Selectors to hide on the page: the lists' global stylesheets (for
    /// documents) and every applied css-display-none action.
    public var hiddenSelectors: [String] {
        var selectors: [String] = []
        if isDocument {
            for list in globalLists { selectors += engine.lists[Int(list)].globalSelectors }
        }
        for action in actions {
            if case .cssDisplayNone(let selector) = action { selectors.append(selector) }
        }
        return selectors
    }

    /// The actions that apply, in WebKit's order (lists in the order given).
    /// Rules sharing an action location report it once, as in WebKit; equal
    /// actions at different locations are reported each time.
    public var actions: [Action] {
        let applied = self.applied
        var result: [Action] = []
        result.reserveCapacity(applied.count)
        forEachAction(of: applied) { _, list, location in
            result.append(engine.lists[Int(list)].locations.actionAtLocation[Int(location)])
        }
        return result
    }

    /// Calls `body` with the first of `applied` (in decision order) at each
    /// action location, and that location: rules sharing one report its
    /// action once.
    @inline(__always)
    func forEachAction(of applied: [Int32], _ body: (_ rule: Int32, _ list: Int32, _ location: Int32) -> Void) {
        var previous: (list: Int32, location: Int32) = (-1, -1)
        for rule in applied {
            let list = engine.ruleList[Int(rule)]
            let location = engine.ruleLocation[Int(rule)]
            if list == previous.list && location == previous.location { continue }
            previous = (list, location)
            body(rule, list, location)
        }
    }

    /// The full account per list, for `rules explain` and the stats page.
    public var outcomes: [ListOutcome] {
        var outcomes: [ListOutcome] = []
        let allApplied = applied
        for (number, list) in engine.lists.enumerated() {
            let listNumber = Int32(number)
            var actions: [AppliedAction] = []
            var lastLocation: Int32 = -1
            for rule in allApplied where engine.ruleList[Int(rule)] == listNumber {
                let action = list.locations.actionAtLocation[Int(engine.ruleLocation[Int(rule)])]
                let reference = engine.reference(rule)
                let location = engine.ruleLocation[Int(rule)]
                if location == lastLocation, !actions.isEmpty {
                    actions[actions.count - 1].rules.append(reference)
                } else {
                    actions.append(AppliedAction(action: action, rules: [reference]))
                }
                lastLocation = location
            }
            let ignoredBy = ignoredByRule[listNumber]
            let stoppedBy = stoppedByRule[listNumber]
            let discarded = self.discarded
            let inList = discarded.filter { engine.ruleList[Int($0)] == listNumber }
            // An ignore rule of the list that applies after every list overrides all of an earlier list.
            let overridden = inList.filter {
                guard let ignoredBy, $0 != ignoredBy else { return false }
                return engine.ruleList[Int(ignoredBy)] != listNumber || engine.ruleLocation[Int($0)] <= engine.ruleLocation[Int(ignoredBy)]
            }
            let cutOff = inList.filter { !overridden.contains($0) && $0 != ignoredBy }
            guard !actions.isEmpty || ignoredBy != nil || stoppedBy != nil else { continue }
            outcomes.append(ListOutcome(
                source: list.source, actions: actions,
                ignoredBy: ignoredBy.map(engine.reference), overridden: overridden.map(engine.reference),
                stoppedBy: stoppedBy.map(engine.reference), cutOff: cutOff.map(engine.reference)))
        }
        return outcomes
    }

    /// The rules behind the applied actions.
    public var decidingRules: [RuleReference] {
        applied.map(engine.reference)
    }
}
