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
        let upgradable = (request.url.scheme == "http" || request.url.scheme == "ws") && request.url.port == nil
        var decision = Self.withBytes(urlString) { urlBuffer in
            Self.withBytes(topString) { topBuffer in
                Self.withBytes(frameString) { frameBuffer in
                    var keys: [DomainKey] = []
                    DomainKeys.extract(from: topBuffer, into: &keys)
                    let context = ConditionContext(topURL: topBuffer, frameURL: frameBuffer, topDomainKeys: keys)
                    return decide(url: urlBuffer, flags: &flags, context: context, isDocument: isDocument)
                }
            }
        }
        decision.isUpgradable = upgradable
        return decision
    }

    /// The UTF-8 bytes of a string without copying them when it is native.
    @inline(__always)
    static func withBytes<Result>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var string = string
        return string.withUTF8(body)
    }

    struct RequestFlags {
        var types: UInt32
        var loadType: UInt8
        var loadContext: UInt8
        var method: UInt8
    }

    @inline(__always)
    private static func flagsAllow(_ meta: RuleMeta, _ flags: RequestFlags) -> Bool {
        if meta.types != 0 && meta.types & flags.types == 0 { return false }
        if meta.loadTypes != 0 && meta.loadTypes & flags.loadType == 0 { return false }
        if meta.loadContexts != 0 && meta.loadContexts & flags.loadContext == 0 { return false }
        if meta.method != 0 && meta.method != flags.method { return false }
        return true
    }

    private func decide(url: UnsafeBufferPointer<UInt8>, flags: inout RequestFlags, context: ConditionContext, isDocument: Bool) -> Decision {
        var matched: [Int32] = []
        // Rules of the pre-sorted universal block, already in decision order.
        var universal: [Int32] = []
        var memo: [(condition: Int32, allows: Bool)] = []

        func conditionAllows(_ condition: Int32) -> Bool {
            if let known = memo.first(where: { $0.condition == condition }) { return known.allows }
            let allows = conditions[Int(condition)].allows(context)
            memo.append((condition, allows))
            return allows
        }
        let meta = UnsafeBufferPointer(ruleMeta)
        func consider(_ rule: Int32) {
            let info = meta[Int(rule)]
            guard Self.flagsAllow(info, flags) else { return }
            if info.condition >= 0 && !conditionAllows(info.condition) { return }
            matched.append(rule)
        }

        // Host-anchored filters, by the first label at each possible host start.
        for (prefixNumber, prefix) in HostAnchoredFilter.Prefix.allCases.enumerated() {
            let index = hostIndexes[prefixNumber]
            if index.isEmpty { continue }
            prefix.forEachHostStart(in: url) { start in
                var end = start
                while end < url.count, url[end] != 0x2E, url[end] != 0x2F { end += 1 }
                guard end < url.count, url[end] == 0x2E else { return }
                index.forEach(hostKey(url, from: start, to: end)) { entry in
                    let filter = hostFilters[Int(entry.filter)]
                    let isMatch: Bool
                    if let confirmation = hostConfirmations[Int(entry.filter)] {
                        isMatch = filter.prefilter(url, at: start)
                            && (hostConfirmationIsTail[Int(entry.filter)]
                                ? confirmation.matches(url, from: start + filter.host.count, anchored: true)
                                : confirmation.matches(url))
                    } else {
                        isMatch = filter.pureMatch(in: url, at: start)
                    }
                    if isMatch { consider(entry.rule) }
                }
            }
        }
        // Filters found through the words of the URL, then everything else that is a regex.
        tokenIndex.forEachMatch(in: url) { consider($0) }
        for shard in regexSets {
            do {
                try shard.set.forEachMatch(in: url) { consider(shard.rules[$0]) }
            } catch {
                // The DFA ran out of memory: decide pattern by pattern rather than miss a block.
                for (index, regex) in shard.fallback.enumerated() where regex.matches(url) { consider(shard.rules[index]) }
            }
        }
        // Rules that match every URL.
        for rule in universalAlways { consider(rule) }
        if !universalIfDomain.isEmpty {
            for key in context.topDomainKeys {
                universalIfDomain.forEach(key.hash) { consider($0) }
            }
        }
        if !universalUnless.isEmpty {
            var excluded: [Int32] = []
            for key in context.topDomainKeys {
                universalUnlessIndex.forEach(key.hash) { rule in
                    if !conditionAllows(meta[Int(rule)].condition) { excluded.append(rule) }
                }
            }
            if universalUnlessIsPlain {
                return resolve(matched, merging: [], plainBlockExcluding: excluded, isDocument: isDocument)
            }
            universal.reserveCapacity(universalUnless.count)
            for rule in universalUnless where Self.flagsAllow(meta[Int(rule)], flags) && !excluded.contains(rule) {
                universal.append(rule)
            }
        }
        return resolve(matched, merging: universal, plainBlockExcluding: nil, isDocument: isDocument)
    }

    /// Orders matched rules by list and location and applies the ignore rules.
    /// With `plainBlockExcluding`, the plain universal block applies too (but
    /// for the excluded rules), within the window the ignore rules leave.
    private func resolve(_ matched: [Int32], merging universal: [Int32], plainBlockExcluding: [Int32]?, isDocument: Bool) -> Decision {
        let meta = UnsafeBufferPointer(ruleMeta)
        @inline(__always) func precedes(_ a: Int32, _ b: Int32) -> Bool {
            let (oa, ob) = (meta[Int(a)].order, meta[Int(b)].order)
            return oa != ob ? oa < ob : a < b
        }
        var sorted = matched
        sorted.sort(by: precedes)
        // Merge with the universal block; drop duplicates (a rule found at two host positions).
        var unique: [Int32] = []
        unique.reserveCapacity(sorted.count + universal.count)
        var (i, j) = (0, 0)
        while i < sorted.count || j < universal.count {
            let next: Int32
            if j == universal.count || (i < sorted.count && precedes(sorted[i], universal[j])) {
                next = sorted[i]
                i += 1
            } else {
                next = universal[j]
                j += 1
            }
            if unique.last != next { unique.append(next) }
        }

        var applied: [Int32] = []
        var discarded: [Int32] = []
        var ignoredBy: [Int32: Int32] = [:]
        var stoppedBy: [Int32: Int32] = [:]
        var globalLists: [Int32] = []
        var start = 0
        for listNumber in 0..<Int32(lists.count) {
            var end = start
            while end < unique.count, meta[Int(unique[end])].order >> 32 == Int64(listNumber) { end += 1 }
            var segment = unique[start..<end]
            if let stop = segment.firstIndex(where: { meta[Int($0)].kind == .ignoreFollowing }) {
                stoppedBy[listNumber] = segment[stop]
                discarded += segment[(stop + 1)...]
                segment = segment[..<stop]
            }
            if let last = segment.lastIndex(where: { meta[Int($0)].kind == .ignorePrevious }) {
                ignoredBy[listNumber] = segment[last]
                discarded += segment[..<last]
                segment = segment[(last + 1)...]
            } else if isDocument && !lists[Int(listNumber)].globalSelectors.isEmpty {
                globalLists.append(listNumber)
            }
            applied += segment
            start = end
        }
        var decision = Decision(engine: self, applied: applied, discarded: discarded, ignoredByRule: ignoredBy, stoppedByRule: stoppedBy, globalLists: globalLists, isDocument: isDocument)
        if let excluded = plainBlockExcluding {
            decision.plainBlock = .init(excluded: excluded)
        }
        return decision
    }
}
