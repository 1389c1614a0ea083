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
        /// Whether the list's global stylesheet applies (documents, no ignore-previous-rules).
        public var globalSelectors: [String]
    }

    let engine: ContentRuleEngine
    /// Surviving rules (global numbers), sorted by list and location.
    let applied: [Int32]
    let discarded: [Int32]
    let ignoredByRule: [Int32: Int32]  // list -> ignore-previous rule
    let stoppedByRule: [Int32: Int32]  // list -> ignore-following rule
    let globalLists: [Int32]
    /// Whether the request was a document (global stylesheets apply).
    public let isDocument: Bool

    /// Whether any list blocks the load.
    public var isBlocked: Bool {
        applied.contains { engine.ruleActionKind[Int($0)] == .block }
    }

    /// Whether cookies must be stripped from the request and response.
    public var blocksCookies: Bool {
        applied.contains { engine.ruleActionKind[Int($0)] == .blockCookies }
    }

    /// Whether an `http:`/`ws:` URL on its default port is to be upgraded.
    public var makesHTTPS: Bool {
        applied.contains { engine.ruleActionKind[Int($0)] == .makeHTTPS }
    }

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

    /// The distinct actions that apply, in order (lists in the order given).
    public var actions: [Action] {
        var result: [Action] = []
        var seen: [(list: Int32, location: Int32)] = []
        for rule in applied {
            let list = engine.ruleList[Int(rule)]
            let location = engine.ruleLocation[Int(rule)]
            if seen.contains(where: { $0.list == list && $0.location == location }) { continue }
            seen.append((list, location))
            let action = engine.lists[Int(list)].locations.actionAtLocation[Int(location)]
            if !result.contains(action) { result.append(action) }
        }
        return result
    }

    /// The full account per list, for `rules explain` and the stats page.
    public var outcomes: [ListOutcome] {
        var outcomes: [ListOutcome] = []
        for (number, list) in engine.lists.enumerated() {
            let listNumber = Int32(number)
            var actions: [AppliedAction] = []
            for rule in applied where engine.ruleList[Int(rule)] == listNumber {
                let action = list.locations.actionAtLocation[Int(engine.ruleLocation[Int(rule)])]
                let reference = engine.reference(rule)
                if let existing = actions.firstIndex(where: { $0.action == action }) {
                    actions[existing].rules.append(reference)
                } else {
                    actions.append(AppliedAction(action: action, rules: [reference]))
                }
            }
            let ignoredBy = ignoredByRule[listNumber]
            let stoppedBy = stoppedByRule[listNumber]
            let global = isDocument && globalLists.contains(listNumber) ? list.globalSelectors : []
            let inList = discarded.filter { engine.ruleList[Int($0)] == listNumber }
            let overridden = inList.filter { ignoredBy != nil && engine.ruleLocation[Int($0)] <= engine.ruleLocation[Int(ignoredBy!)] && $0 != ignoredBy }
            let cutOff = inList.filter { !overridden.contains($0) && $0 != ignoredBy }
            guard !actions.isEmpty || ignoredBy != nil || stoppedBy != nil || !global.isEmpty else { continue }
            outcomes.append(ListOutcome(
                source: list.source, actions: actions,
                ignoredBy: ignoredBy.map(engine.reference), overridden: overridden.map(engine.reference),
                stoppedBy: stoppedBy.map(engine.reference), cutOff: cutOff.map(engine.reference),
                globalSelectors: global))
        }
        return outcomes
    }

    /// The rules behind the applied actions.
    public var decidingRules: [RuleReference] {
        applied.map(engine.reference)
    }
}
