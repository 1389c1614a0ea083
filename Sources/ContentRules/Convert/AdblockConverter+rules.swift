extension AdblockConverter {
    /// The section, triggers and action of a network filter: one trigger,
    /// or one per alternative of a `/regex/` with disjunctions.
    static func rules(for filter: AdblockNetworkFilter) throws(AdblockSkipReason) -> (Section, [Trigger], Action) {
        let translation = try AdblockURLFilter.translate(filter.pattern, matchCase: filter.options.matchCase)
        if filter.isException && filter.options.document {
            guard translation.urlFilters.count == 1 else { throw .unsupportedException("document with a disjunction") }
            return (.documentExceptions, [try pageException(translation, filter.options)], .ignorePreviousRules)
        }
        let conditions = try AdblockDomains.conditions(included: filter.options.includedDomains, excluded: filter.options.excludedDomains,
                                                       entities: filter.options.includedEntities)
        var triggers: [Trigger] = []
        var result: (Section, Action) = (.blocks, .block)
        for urlFilter in translation.urlFilters {
            for condition in conditions {
                let (section, trigger, action) = rule(for: filter, urlFilter: urlFilter, condition: condition)
                triggers.append(trigger)
                result = (section, action)
            }
        }
        return (result.0, triggers, result.1)
    }

    /// The section, trigger and action of a network filter with this url-filter and page condition.
    private static func rule(for filter: AdblockNetworkFilter, urlFilter: String, condition: Condition?) -> (Section, Trigger, Action) {
        let options = filter.options
        var trigger = Trigger(urlFilter: urlFilter)
        trigger.urlFilterIsCaseSensitive = options.matchCase
        trigger.loadTypes = options.loadTypes
        trigger.requestMethod = options.requestMethod
        trigger.condition = condition
        if filter.isException && (options.genericHiding || options.elementHiding) {
            // The page's own load: `ignore-previous-rules` there drops the
            // element hiding before it (and the global style sheet).
            trigger.resourceTypes = .document
            return (options.genericHiding && !options.elementHiding ? .genericHidingExceptions : .elementHidingExceptions, trigger, .ignorePreviousRules)
        }
        trigger.resourceTypes = options.resourceTypes
        if filter.isException { return (.exceptions, trigger, .ignorePreviousRules) }
        return (options.important ? .importantBlocks : .blocks, trigger, .block)
    }

    /// `@@pattern$document`: every load on pages whose address matches the
    /// pattern, as an `if-domain` when the pattern is `||host^`, else as an
    /// `if-top-url` regex.
    private static func pageException(_ translation: AdblockURLFilter.Translation, _ options: AdblockOptions) throws(AdblockSkipReason) -> Trigger {
        guard options.includedDomains.isEmpty && options.excludedDomains.isEmpty else {
            throw .unsupportedException("document with $domain")
        }
        var trigger = Trigger(urlFilter: ".*")
        trigger.loadTypes = options.loadTypes
        if let host = translation.host {
            trigger.condition = Condition(kind: .ifDomain, values: ["*" + host])
        } else if translation.urlFilter != ".*" {
            trigger.condition = Condition(kind: .ifTopURL, values: [translation.urlFilter])
            trigger.topURLFilterIsCaseSensitive = options.matchCase
        } else {
            throw .unsupportedException("document on every page")
        }
        return trigger
    }

    /// The pending rule of an element hiding filter, after the `#@#`
    /// exceptions for its selector.
    static func rules(for filter: AdblockCosmeticFilter, exceptions: HidingException?, source: Int32, line: Int, text: Substring) throws(AdblockSkipReason) -> [Pending] {
        var included = filter.includedDomains
        var excluded = filter.excludedDomains
        if let exceptions {
            if exceptions.everywhere { throw .disabledByException }
            if included.isEmpty {
                excluded += exceptions.domains
            } else {
                included.removeAll { domain in exceptions.domains.contains { AdblockDomains.isWithin(domain, $0) } }
                if included.isEmpty { throw .disabledByException }
            }
        }
        return try AdblockDomains.conditions(included: included, excluded: excluded, entities: []).map { condition in
            var trigger = Trigger(urlFilter: ".*")
            trigger.condition = condition
            let section: Section = condition == nil || condition?.kind == .unlessDomain ? .genericHiding : .specificHiding
            return Pending(section: section, trigger: trigger, action: .cssDisplayNone(selector: filter.selector), source: source, line: line, text: text, key: nil)
        }
    }
}
