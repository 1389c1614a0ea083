import ContentRules
import Sanitize
import WebURL

/// Recording what the proxy decided for the page on screen: the lines of
/// its panel (`PageLog`) and the rules' hits (`RuleHits`). Called where
/// the decisions are made: a document's markup, its subresources.
extension ProxyCore {
    /// Begins the record of a page just sanitized, with what its markup
    /// blocked and what its document's decision hides; returns its id.
    func beginPageRecord(_ document: SanitizedDocument, address: String, decision: Decision, exchange: Exchange) -> String {
        var loads = blockedLoads(document.blocked, exchange: exchange)
        // Each made once here and handed to `countHits`: `Decision` makes
        // them anew on every read (some 4,000 instructions a page, callgrind).
        let outcomes = decision.outcomes
        let globalStylesheets = decision.globalStylesheets
        for outcome in outcomes {
            for applied in outcome.actions {
                guard case .cssDisplayNone(let selector) = applied.action else { continue }
                let rules = applied.rules.map { RuleName($0, text: selector) }
                loads.append(PageLoad(what: selector, type: "selector", outcome: .hidden, rules: rules))
            }
        }
        // A list's global stylesheet (EasyList's has thousands of
        // selectors) is one line: each selector would crowd out the rest.
        for stylesheet in globalStylesheets where stylesheet.switchedOffBy == nil {
            guard let first = stylesheet.rules.first else { continue }
            let rule = RuleName(list: first.source, index: first.index, text: "the list's stylesheet for every page")
            loads.append(PageLoad(what: "\(stylesheet.selectors.count) selectors", type: "stylesheet", outcome: .hidden, rules: [rule]))
        }
        countHits(of: decision, outcomes: outcomes, globalStylesheets: globalStylesheets, hides: true, decidedWith: exchange.rules.fingerprint)
        return pageLog.begin(session: exchange.session, address: address, loads: loads)
    }

    /// Adds what a framed document or a style sheet of the page blocked.
    func recordBlocked(_ blocked: [BlockedResource], page: WebURL, exchange: Exchange) {
        for load in blockedLoads(blocked, exchange: exchange) {
            pageLog.record(load, session: exchange.session, address: page.serialization)
        }
    }

    /// Adds a subresource the page requested through the proxy, as the
    /// rules decided it (blocked, loaded, or allowed by an exception).
    func recordSubresource(_ url: WebURL, type: ResourceTypes, decision: Decision, page: WebURL, session: String, decidedWith fingerprint: String) {
        countHits(of: decision, hides: type == .childDocument, decidedWith: fingerprint)
        let load: PageLoad
        if decision.isBlocked {
            load = PageLoad(what: url.serialization, type: Self.typeName(type), outcome: .blocked,
                            rules: named(decision.outcomes.flatMap { $0.actions.filter { $0.action == .block }.flatMap(\.rules) }))
        } else if let exceptions = Self.exceptions(in: decision.outcomes), !exceptions.isEmpty {
            load = PageLoad(what: url.serialization, type: Self.typeName(type), outcome: .allowed, rules: named(exceptions))
        } else {
            load = PageLoad(what: url.serialization, type: Self.typeName(type), outcome: .loaded)
        }
        pageLog.record(load, session: session, address: page.serialization)
    }

    /// Counts every rule that acted in `decision`: blocks, hides, cookies
    /// blocked, upgrades made, and the exceptions that undid a rule.
    /// `hides`: the load is a document, whose css-display-none actions are
    /// applied (as in WebKit, a subresource's are not). `fingerprint`: the
    /// rules that decided (hits of rules since replaced are not counted).
    func countHits(of decision: Decision, hides: Bool, decidedWith fingerprint: String) {
        countHits(of: decision, outcomes: decision.outcomes, globalStylesheets: decision.globalStylesheets, hides: hides, decidedWith: fingerprint)
    }

    /// `countHits(of:hides:decidedWith:)` with the decision's outcomes and
    /// global stylesheets as the caller has already read them.
    private func countHits(of decision: Decision, outcomes: [Decision.ListOutcome], globalStylesheets: [Decision.GlobalStylesheet],
                           hides: Bool, decidedWith fingerprint: String) {
        let current = configuration.rules.current.fingerprint
        var byKind: [RuleHits.Kind: [RuleName]] = [:]
        for outcome in outcomes {
            for applied in outcome.actions {
                let kind: RuleHits.Kind
                switch applied.action {
                case .block: kind = .block
                case .cssDisplayNone where hides: kind = .hide
                case .blockCookies: kind = .blockCookies
                case .makeHTTPS where decision.makesHTTPS: kind = .makeHTTPS
                default: continue
                }
                // Appended in place: `+=` with a mapped array made the
                // array and then grew the kind's into a new buffer.
                byKind[kind, default: []].append(contentsOf: applied.rules.lazy.map { RuleName($0) })
            }
        }
        if let exceptions = Self.exceptions(in: outcomes) { byKind[.allow] = exceptions.map { RuleName($0) } }
        for stylesheet in globalStylesheets where hides && stylesheet.switchedOffBy == nil {
            byKind[.hide, default: []].append(contentsOf: stylesheet.rules.lazy.map { RuleName($0) })
        }
        for (kind, rules) in byKind {
            ruleHits.record(kind, rules: rules, decidedWith: fingerprint, current: current)
        }
    }

    /// The `ignore-previous-rules` that undid another rule's action for
    /// this load (a list's outcome names it with what it discarded); nil
    /// when none did.
    private static func exceptions(in outcomes: [Decision.ListOutcome]) -> [RuleReference]? {
        let found = outcomes.compactMap { outcome in outcome.overridden.isEmpty ? nil : outcome.ignoredBy }
        return found.isEmpty ? nil : Array(Set(found)).sorted { ($0.source, $0.index) < ($1.source, $1.index) }
    }

    /// Lines for what the sanitizer blocked, its rules named and counted.
    private func blockedLoads(_ blocked: [BlockedResource], exchange: Exchange) -> [PageLoad] {
        let current = configuration.rules.current.fingerprint
        // Each resource's names in an array of its size (compactMap grew
        // one from empty), and named again only when the reader's list is read.
        let names = blocked.map { resource in
            var names: [RuleName] = []
            names.reserveCapacity(resource.rules.count)
            for reference in resource.rules {
                if let name = RuleName(sanitizerReference: reference) { names.append(name) }
            }
            return names
        }
        // The reader's list is looked at (two `stat`s) only when one of
        // their own rules blocked something: most pages' blocks are the lists'.
        let readers = names.contains { $0.contains(where: \.isReadersOwn) } ? userRulesSnapshot?.current() : nil
        // The hits of all the page's blocks counted at once: one lock and
        // one look-up of the list's counts, not one a resource (the same
        // counts, which do not depend on the order of the rules).
        var hits: [RuleName] = []
        hits.reserveCapacity(names.reduce(0) { $0 + $1.count })
        let loads = zip(blocked, names).map { resource, names in
            let rules = readers == nil ? names : names.map { $0.withReadersText(readers) }
            hits.append(contentsOf: rules)
            return PageLoad(what: resource.url, type: Self.typeName(resource.type), outcome: .blocked, rules: rules)
        }
        ruleHits.record(.block, rules: hits, decidedWith: exchange.rules.fingerprint, current: current)
        return loads
    }

    /// What each of `names` is called on a page that shows it: the
    /// reader's own rules by their filter as their list stands, the others
    /// by their text read back from their list's file.
    func displayNames(_ names: some Sequence<RuleName>) -> [RuleName: RuleName] {
        let distinct = Array(Set(names))
        let readers = userRulesSnapshot?.current()
        let named = ruleTexts.named(distinct.map { $0.withReadersText(readers) }, rules: configuration.rules.current)
        return Dictionary(uniqueKeysWithValues: zip(distinct, named))
    }

    /// Names rules, with the reader's own rules' text.
    private func named(_ references: [RuleReference]) -> [RuleName] {
        let readers = userRulesSnapshot?.current()
        return references.map { RuleName($0).withReadersText(readers) }
    }

    /// A resource type as WebKit's rules spell it (`image`, `style-sheet`).
    static func typeName(_ type: ResourceTypes) -> String {
        ResourceTypes.triggerNames.first { $0.types == type }?.name ?? "other"
    }
}
