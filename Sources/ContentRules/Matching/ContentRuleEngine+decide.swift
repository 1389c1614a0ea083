import WebURL

extension ContentRuleEngine {
    /// Decides a load: which actions of which lists apply, as WebKit would.
    public func decide(_ request: ResourceRequest) -> Decision {
        let urlString = request.url.serialization
        let isDocument = request.type == .topDocument || request.type == .childDocument
        // WebKit never applies content rules to data: URLs.
        if request.url.scheme == "data" {
            return Decision(engine: self, applied: [], discarded: [], ignoredByRule: [:], stoppedByRule: [:], globalLists: [], isDocument: isDocument)
        }
        let topString = request.pageURL?.serialization ?? ""
        let frameString = request.frameURL?.serialization ?? topString
        var flags = RequestFlags(
            types: request.type.rawValue,
            loadType: request.isThirdParty(publicSuffixList: publicSuffixList) ? LoadTypes.thirdParty.rawValue : LoadTypes.firstParty.rawValue,
            loadContext: request.loadContext.rawValue,
            method: request.method.map { UInt8(RequestMethod.allCases.firstIndex(of: $0)! + 1) } ?? 0)
        var url = Array(urlString.utf8)
        var top = Array(topString.utf8)
        var frame = Array(frameString.utf8)
        return url.withUnsafeMutableBufferPointer { urlBuffer in
            top.withUnsafeMutableBufferPointer { topBuffer in
                frame.withUnsafeMutableBufferPointer { frameBuffer in
                    var keys: [DomainKey] = []
                    DomainKeys.extract(from: UnsafeBufferPointer(topBuffer), into: &keys)
                    let context = ConditionContext(topURL: UnsafeBufferPointer(topBuffer), frameURL: UnsafeBufferPointer(frameBuffer), topDomainKeys: keys)
                    return decide(url: UnsafeBufferPointer(urlBuffer), flags: &flags, context: context, isDocument: isDocument)
                }
            }
        }
    }

    struct RequestFlags {
        var types: UInt32
        var loadType: UInt8
        var loadContext: UInt8
        var method: UInt8
    }

    @inline(__always)
    private func flagsAllow(_ rule: Int, _ flags: RequestFlags) -> Bool {
        let types = ruleTypes[rule]
        if types != 0 && types & flags.types == 0 { return false }
        let loads = ruleLoadTypes[rule]
        if loads != 0 && loads & flags.loadType == 0 { return false }
        let contexts = ruleLoadContexts[rule]
        if contexts != 0 && contexts & flags.loadContext == 0 { return false }
        let method = ruleMethod[rule]
        if method != 0 && method != flags.method { return false }
        return true
    }

    private func decide(url: UnsafeBufferPointer<UInt8>, flags: inout RequestFlags, context: ConditionContext, isDocument: Bool) -> Decision {
        var matched: [Int32] = []
        var memo: [(condition: Int32, allows: Bool)] = []

        func conditionAllows(_ condition: Int32) -> Bool {
            if let known = memo.first(where: { $0.condition == condition }) { return known.allows }
            let allows = conditions[Int(condition)].allows(context)
            memo.append((condition, allows))
            return allows
        }
        func consider(_ rule: Int32) {
            guard flagsAllow(Int(rule), flags) else { return }
            let condition = ruleCondition[Int(rule)]
            if condition >= 0 && !conditionAllows(condition) { return }
            matched.append(rule)
        }

        // Host-anchored filters, by the first label at each possible host start.
        for (prefixNumber, prefix) in HostAnchoredFilter.Prefix.allCases.enumerated() {
            let index = hostIndexes[prefixNumber]
            if index.isEmpty { continue }
            prefix.forEachHostStart(in: url) { start in
                var end = start
                while end < url.count, url[end] != 0x2E, url[end] != 0x2F { end += 1 }
                guard end < url.count, url[end] == 0x2E, let entries = index[hostKey(url, from: start, to: end)] else { return }
                for entry in entries {
                    let filter = hostFilters[Int(entry.filter)]
                    let isMatch: Bool
                    if let confirmation = hostConfirmations[Int(entry.filter)] {
                        isMatch = NativeDomainList.equalPrefix(filter.host, url, start) && confirmation.matches(url)
                    } else {
                        isMatch = filter.pureMatch(in: url, at: start)
                    }
                    if isMatch { consider(entry.rule) }
                }
            }
        }
        // Everything else that is a regex.
        for shard in regexSets {
            do {
                try shard.set.forEachMatch(in: url) { consider(shard.rules[$0]) }
            } catch {
                // The DFA ran out of memory: decide rule by rule rather than miss a block.
                for rule in shard.rules { considerSlowly(rule, url: url, consider: consider) }
            }
        }
        // Rules that match every URL.
        for rule in universalAlways { consider(rule) }
        if !universalIfDomain.isEmpty {
            for key in context.topDomainKeys {
                if let rules = universalIfDomain[key.hash] { for rule in rules { consider(rule) } }
            }
        }
        if !universalUnless.isEmpty {
            var excluded: [Int32] = []
            for key in context.topDomainKeys {
                if let rules = universalUnlessIndex[key.hash] {
                    for rule in rules where !conditionAllows(ruleCondition[Int(rule)]) { excluded.append(rule) }
                }
            }
            for rule in universalUnless where flagsAllow(Int(rule), flags) && !excluded.contains(rule) {
                matched.append(rule)
            }
        }
        return resolve(matched, isDocument: isDocument)
    }

    private func considerSlowly(_ rule: Int32, url: UnsafeBufferPointer<UInt8>, consider: (Int32) -> Void) {
        let list = lists[Int(ruleList[Int(rule)])]
        let trigger = list.rules[Int(ruleIndexInList[Int(rule)])].trigger
        guard let pattern = try? URLFilterParser.parse(trigger.urlFilter) else { return }
        if LazyRegex(pattern: pattern.re2Pattern, caseSensitive: trigger.urlFilterIsCaseSensitive).matches(url) {
            consider(rule)
        }
    }

    /// Orders matched rules by list and location and applies the ignore rules.
    private func resolve(_ matched: [Int32], isDocument: Bool) -> Decision {
        var sorted = matched
        sorted.sort { a, b in
            let (la, lb) = (ruleList[Int(a)], ruleList[Int(b)])
            if la != lb { return la < lb }
            let (pa, pb) = (ruleLocation[Int(a)], ruleLocation[Int(b)])
            return pa != pb ? pa < pb : a < b
        }
        // Drop duplicates (a rule found at two host positions).
        var unique: [Int32] = []
        unique.reserveCapacity(sorted.count)
        for rule in sorted where unique.last != rule { unique.append(rule) }

        var applied: [Int32] = []
        var discarded: [Int32] = []
        var ignoredBy: [Int32: Int32] = [:]
        var stoppedBy: [Int32: Int32] = [:]
        var globalLists: [Int32] = []
        var start = 0
        for listNumber in 0..<Int32(lists.count) {
            var end = start
            while end < unique.count, ruleList[Int(unique[end])] == listNumber { end += 1 }
            var segment = unique[start..<end]
            if let stop = segment.firstIndex(where: { ruleActionKind[Int($0)] == .ignoreFollowing }) {
                stoppedBy[listNumber] = segment[stop]
                discarded += segment[(stop + 1)...]
                segment = segment[..<stop]
            }
            if let last = segment.lastIndex(where: { ruleActionKind[Int($0)] == .ignorePrevious }) {
                ignoredBy[listNumber] = segment[last]
                discarded += segment[..<last]
                segment = segment[(last + 1)...]
            } else if isDocument && !lists[Int(listNumber)].globalSelectors.isEmpty {
                globalLists.append(listNumber)
            }
            applied += segment
            start = end
        }
        return Decision(engine: self, applied: applied, discarded: discarded, ignoredByRule: ignoredBy, stoppedByRule: stoppedBy, globalLists: globalLists, isDocument: isDocument)
    }
}

extension NativeDomainList {
    /// Whether `url` has `name` at `start` (ASCII case-insensitively).
    static func equalPrefix(_ name: [UInt8], _ url: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        start + name.count <= url.count && equal(name, url, start, start + name.count)
    }
}
