extension ContentRuleEngine {
    /// What compiling gathers before the engine's fields are final, in the
    /// steps `init` takes: each list's rules are read (`add`), the filters
    /// left after the host index go to the word indexes
    /// (`buildWordIndexes`), the rest to RE2 sets (`compileRegexSets`), and
    /// the statistics are completed (`countMatchers`).
    struct Builder {
        /// A url-filter that goes to an RE2 set unless a word index takes it.
        typealias SetPattern = (pattern: URLFilterPattern, caseSensitive: Bool, rule: Int32)

        let options: Options
        var statistics = CompileStatistics()
        var lists: [List] = []
        /// Per rule, by global rule number (lists concatenated).
        var ruleList: [Int32] = [], ruleIndexInList: [Int32] = [], ruleGates: [RuleGate] = []
        var ruleLocation: [Int32] = [], ruleActionKind: [ActionKind] = []
        var hostIndex = HostIndex()
        var setPatterns: [SetPattern] = []
        var universalAlways: [Int32] = [], universalUnless: [Int32] = []
        var universalIfDomain: [UInt64: [Int32]] = [:], universalUnlessIndex: [UInt64: [Int32]] = [:]
        var conditions: [CompiledCondition] = []
        /// The conditions made so far, so that rules with equal conditions share one.
        private var conditionIDs: [Condition: [(Trigger, Int32)]] = [:]

        init(options: Options) {
            self.options = options
        }

        /// Step 1, once a list: reads `input`'s rules into the per-rule
        /// tables, its global stylesheet, and the host and universal indexes.
        mutating func add(_ input: RuleList, number listNumber: Int) throws(CompileError) {
            let locations = ActionLocations(rules: input.rules)
            let patterns = try Self.parseURLFilters(of: input)
            let globalRules = addList(input, locations: locations, patterns: patterns)
            for (position, rule) in input.rules.enumerated() {
                let id = Int32(ruleList.count)
                record(rule, list: listNumber, position: position, location: locations.locationOfRule[position])
                if globalRules.contains(position) { continue }  // applied through the stylesheet
                place(rule.trigger, pattern: patterns[position], rule: id)
            }
        }

        /// Each url-filter, parsed once. The list was validated, so an error
        /// here is a bug in the caller.
        private static func parseURLFilters(of input: RuleList) throws(CompileError) -> [URLFilterPattern] {
            var patterns: [URLFilterPattern] = []
            patterns.reserveCapacity(input.rules.count)
            for rule in input.rules {
                do {
                    patterns.append(try URLFilterParser.parse(rule.trigger.urlFilter))
                } catch {
                    throw CompileError(source: input.source, ruleIndex: rule.index, message: "url-filter \"\(rule.trigger.urlFilter)\": \(error)")
                }
            }
            return patterns
        }

        /// Adds the list with its global stylesheet: the css rules that match
        /// every URL, with no flags and no condition, before the first ignore
        /// rule (WebKit's `compileGlobalDisplayNoneStyleSheet` takes the
        /// actions without flags on its DFA's root, below the first
        /// `ignore-previous-rules` location). Returns those rules' positions.
        private mutating func addList(_ input: RuleList, locations: ActionLocations, patterns: [URLFilterPattern]) -> Set<Int> {
            let firstIgnore = input.rules.indices.first {
                input.rules[$0].action == .ignorePreviousRules || input.rules[$0].action == .ignoreFollowingRules
            }.map { locations.locationOfRule[$0] } ?? Int32.max
            var globalSelectors: [String] = []
            var globalRules: [Int] = []
            for (position, rule) in input.rules.enumerated() {
                guard case .cssDisplayNone(let selector) = rule.action, !rule.trigger.hasFlags,
                    locations.locationOfRule[position] < firstIgnore,
                    patterns[position].matchesEverything
                else { continue }
                globalSelectors.append(selector)
                globalRules.append(position)
            }
            statistics.globalSelectors += globalSelectors.count
            lists.append(List(source: input.source, ruleIndexes: input.rules.map { Int32($0.index) }, ruleLines: input.rules.map { Int32($0.line ?? -1) },
                              locations: locations, globalSelectors: globalSelectors, globalRules: globalRules))
            return Set(globalRules)
        }

        /// The per-rule tables: list, index, location, action and gate.
        private mutating func record(_ rule: Rule, list listNumber: Int, position: Int, location: Int32) {
            let trigger = rule.trigger
            statistics.rules += 1
            statistics.rulesByAction[rule.action.typeName, default: 0] += 1
            if case .cssDisplayNone = rule.action { statistics.selectors += 1 }
            ruleList.append(Int32(listNumber))
            ruleIndexInList.append(Int32(position))
            ruleLocation.append(location)
            ruleActionKind.append(ContentRuleEngine.kind(of: rule.action))
            ruleGates.append(RuleGate(
                types: trigger.resourceTypes.rawValue, loadTypes: trigger.loadTypes.rawValue, loadContexts: trigger.loadContexts.rawValue,
                method: trigger.requestMethod?.gateNumber ?? 0,
                schemes: [], condition: conditionID(for: trigger)))
        }

        /// The number of the trigger's condition, made on first use; -1 without one.
        private mutating func conditionID(for trigger: Trigger) -> Int32 {
            guard let condition = trigger.condition else { return -1 }
            if let existing = conditionIDs[condition]?.first(where: { Self.sameConditionFlags($0.0, trigger) }) {
                return existing.1
            }
            let id = Int32(conditions.count)
            conditions.append(CompiledCondition(condition, trigger: trigger, nativeDomains: options.indexesDomains,
                                                nativePatterns: options.matchesSegmentsNatively))
            conditionIDs[condition, default: []].append((trigger, id))
            return id
        }

        private static func sameConditionFlags(_ a: Trigger, _ b: Trigger) -> Bool {
            a.topURLFilterIsCaseSensitive == b.topURLFilterIsCaseSensitive && a.frameURLFilterIsCaseSensitive == b.frameURLFilterIsCaseSensitive
        }

        /// Puts a rule where a decision finds it: among the universal rules
        /// (by domain where it has a domain condition), the host index, or
        /// the patterns left for the word indexes and RE2 sets.
        private mutating func place(_ trigger: Trigger, pattern: URLFilterPattern, rule id: Int32) {
            let conditionID = ruleGates[Int(id)].condition
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
                return
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
                    return
                }
                if let domains = nativeDomains, trigger.condition?.kind == .ifDomain {
                    ruleGates[Int(id)].schemes = schemes
                    for entry in domains.entries { universalIfDomain[entry.hash, default: []].append(id) }
                    statistics.schemeOnlyRules += 1
                    return
                }
            }
            if options.indexesHosts, let host = HostAnchoredFilter.recognize(trigger.urlFilter, caseSensitive: trigger.urlFilterIsCaseSensitive) {
                hostIndex.add(host, pattern: pattern, caseSensitive: trigger.urlFilterIsCaseSensitive, rule: id, gate: ruleGates[Int(id)],
                              native: options.matchesSegmentsNatively)
                return
            }
            setPatterns.append((pattern, trigger.urlFilterIsCaseSensitive, id))
        }

        /// Step 2: the word and literal indexes take what filters they can
        /// from the RE2 sets' share.
        mutating func buildWordIndexes() -> (TokenIndex, LiteralIndex) {
            var tokenIndex = TokenIndex()
            var literalIndex = LiteralIndex()
            if options.indexesWords {
                (tokenIndex, setPatterns) = TokenIndex.build(setPatterns, gates: ruleGates, native: options.matchesSegmentsNatively)
                (literalIndex, setPatterns) = LiteralIndex.build(setPatterns, gates: ruleGates, native: options.matchesSegmentsNatively)
            }
            statistics.wordIndexedRules = tokenIndex.count
            statistics.literalIndexedRules = literalIndex.count
            return (tokenIndex, literalIndex)
        }

        /// Step 3: RE2 sets for the remaining filters, split by case
        /// sensitivity and into sets of at most `patternsPerRegexSet`.
        func compileRegexSets() throws(CompileError) -> [RegexShard] {
            var regexSets: [RegexShard] = []
            for caseSensitive in [false, true] {
                let group = setPatterns.filter { $0.caseSensitive == caseSensitive }
                var start = 0
                while start < group.count {
                    let slice = group[start..<min(start + ContentRuleEngine.patternsPerRegexSet, group.count)]
                    do {
                        regexSets.append(try RegexShard(compiling: slice.map(\.pattern.re2Pattern), caseSensitive: caseSensitive, rules: slice.map(\.rule)))
                    } catch {
                        let rule = error.patternIndex.map { slice[slice.startIndex + $0].rule }
                        let list = rule.map { Int(ruleList[Int($0)]) } ?? 0
                        throw CompileError(source: lists[list].source, ruleIndex: rule.map { Int(ruleIndexInList[Int($0)]) }, message: error.message)
                    }
                    start += ContentRuleEngine.patternsPerRegexSet
                }
            }
            return regexSets
        }

        /// Step 4: the statistics of what the steps before made.
        mutating func countMatchers(tokenIndex: TokenIndex, literalIndex: LiteralIndex, regexSets: Int) {
            statistics.hostIndexedRules = hostIndex.count
            statistics.nativeHostRules = hostIndex.pureCount
            statistics.lists = lists.count
            statistics.regexSetPatterns = setPatterns.count
            statistics.regexSets = regexSets
            statistics.conditions = conditions.count
            var matcherSets = [hostIndex.confirmations, tokenIndex.matchers, literalIndex.matchers]
            for condition in conditions { if case .patterns(let matchers, _) = condition.test { matcherSets.append(matchers) } }
            statistics.singleRegexes = matcherSets.reduce(0) { $0 + $1.regexCount }
            statistics.nativePatterns = matcherSets.reduce(0) { $0 + $1.count } - statistics.singleRegexes
        }
    }
}
