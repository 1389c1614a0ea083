import WebURL

extension ContentRuleEngine {
    /// Decides a load: which actions of which lists apply, as WebKit would.
    public func decide(_ request: ResourceRequest) -> Decision {
        decide(request, prepared: nil)
    }

    /// Decides a load on a page prepared by `prepare(page:)`, which must be
    /// the request's `pageURL`: the same decision as `decide(_:)`, without
    /// working out the page's facts again.
    public func decide(_ request: ResourceRequest, page: PreparedPage) -> Decision {
        assert(request.pageURL == page.url, "the prepared page is not the request's")
        return decide(request, prepared: page)
    }

    /// `decide(_:page:)` with what it works out from the load's host kept in
    /// `hosts` for the page's next loads from that host (see
    /// `PageHostMemo`): the same decision, for less.
    public func decide(_ request: ResourceRequest, page: PreparedPage, hosts: inout PageHostMemo) -> Decision {
        assert(request.pageURL == page.url, "the prepared page is not the request's")
        return withUnsafeMutablePointer(to: &hosts) { hosts in
            Self.withBytes(request.url.serialization) {
                decide(request, page: page, hosts: hosts, url: $0, host: request.url.hostnameRange, hasPort: request.url.port != nil)
            }
        }
    }

    /// `decide(_:page:hosts:)` of a load whose URL is a canonical http(s)
    /// URL read in place (`CanonicalHTTPBytes`, without a fragment), with
    /// the request's type, page, frame, method and load context; the
    /// request's own `url` is not read. The same decision as for the
    /// `WebURL` of those bytes, which a caller that routes the URL from its
    /// bytes then never makes (see `CanonicalHTTPBytes`).
    public func decide(canonical url: CanonicalHTTPBytes, as request: ResourceRequest, page: PreparedPage,
                       hosts: inout PageHostMemo) -> Decision {
        assert(request.pageURL == page.url, "the prepared page is not the request's")
        assert(url.fragmentRange == nil, "a load's URL with a fragment")
        return withUnsafeMutablePointer(to: &hosts) { hosts in
            // A canonical URL has no port (`WebURL(canonicalHTTP:)`).
            decide(request, page: page, hosts: hosts, url: url.bytes, host: url.hostnameRange, hasPort: false)
        }
    }

    /// `decide(_:)` of a navigation to the page `url` (a canonical http(s)
    /// URL read in place, without a fragment) decided as its own top page,
    /// as WebKit decides a top document: `ResourceRequest(url: page, type:
    /// .topDocument, pageURL: page, method: .get)` of its `WebURL`, which a
    /// caller that only asks whether the rules block the page then never
    /// makes (a link to another site: the sanitizer made the URL's String
    /// and the request's copies of it for each, about 1,000 instructions a
    /// link on the fixture pages, callgrind). The steps of `decide(_:)` up
    /// to the load's flags, with the URL's bytes as the page's and the
    /// frame's, here rather than through the layers above, which every
    /// other decision takes: a page's host passed down to them cost each
    /// decision about 12 instructions more (p58k-images, callgrind).
    public func decide(canonicalPage url: CanonicalHTTPBytes) -> Decision {
        assert(url.fragmentRange == nil, "a page's URL with a fragment")
        let bytes = url.bytes
        // A canonical URL has no port.
        let facts = LoadFacts(isDocument: true, isUpgradable: Self.hasScheme("http", bytes) || Self.hasScheme("ws", bytes))
        let host = UnsafeBufferPointer(rebasing: bytes[url.hostnameRange])
        // First party to itself, as `ResourceRequest.isThirdParty` finds a
        // canonical (lower-case) host the same as the page's.
        let isThirdParty = ResourceRequest.isThirdParty(host: host, pageHost: host, publicSuffixList: publicSuffixList)
        let flags = LoadFlags(
            types: ResourceTypes.topDocument.rawValue,
            loadType: isThirdParty ? LoadTypes.thirdParty.rawValue : LoadTypes.firstParty.rawValue,
            loadContext: ResourceRequest.loadContext(inPageFrame: .topDocument).rawValue,
            method: RequestMethod.get.gateNumber,
            schemes: SchemeTest.passed(by: bytes))
        return decide(url: bytes, flags: flags, facts: facts, top: bytes, frame: bytes, page: nil)
    }

    // The three URLs' bytes are borrowed one inside the other, and each
    // `withBytes` inlines its body more than once (a native string, a small
    // or bridged one): with the whole decision's set-up nested in them,
    // this entry was 16 KB of code of which a request ran a fifth, with 19
    // instruction-cache misses a request (cachegrind, `rules match` on the
    // benchmark corpus). Each body is now one call, and each step a
    // function of its own: 4 KB, 13 misses.
    private func decide(_ request: ResourceRequest, prepared page: PreparedPage?) -> Decision {
        Self.withBytes(request.url.serialization) {
            decide(request, page: page, hosts: nil, url: $0, host: request.url.hostnameRange, hasPort: request.url.port != nil)
        }
    }

    /// The decision once the URL's bytes are at hand: `host` is where its
    /// host sits in them, and `hasPort` whether it names a port (the
    /// request's `url` is not read: see `decide(canonical:as:page:hosts:)`).
    @inline(never)
    private func decide(_ request: ResourceRequest, page: PreparedPage?, hosts: UnsafeMutablePointer<PageHostMemo>?,
                        url urlBuffer: UnsafeBufferPointer<UInt8>, host hostRange: Range<Int>, hasPort: Bool) -> Decision {
        // WebKit never applies content rules to data: URLs, nor a global stylesheet.
        if Self.hasScheme("data", urlBuffer) {
            return Decision(engine: self, applied: [], isDocument: false)
        }
        return Self.withBytes(request.pageURL?.serialization ?? "") {
            decide(request, page: page, hosts: hosts, url: urlBuffer, host: hostRange, hasPort: hasPort, top: $0)
        }
    }

    /// The decision once the URL's and the page's bytes are at hand.
    @inline(never)
    private func decide(_ request: ResourceRequest, page: PreparedPage?, hosts: UnsafeMutablePointer<PageHostMemo>?,
                        url urlBuffer: UnsafeBufferPointer<UInt8>, host hostRange: Range<Int>, hasPort: Bool,
                        top topBuffer: UnsafeBufferPointer<UInt8>) -> Decision
    {
        var facts = LoadFacts(isDocument: request.type == .topDocument || request.type == .childDocument,
                              isUpgradable: (Self.hasScheme("http", urlBuffer) || Self.hasScheme("ws", urlBuffer)) && !hasPort)
        let schemes = SchemeTest.passed(by: urlBuffer)
        // First or third party from the serialisations at hand (`ResourceRequest.isThirdParty`).
        var isThirdParty = true
        if let pageURL = request.pageURL {
            let pageHost = UnsafeBufferPointer(rebasing: topBuffer[pageURL.hostnameRange])
            let host = UnsafeBufferPointer(rebasing: urlBuffer[hostRange])
            if let page, let hosts, let key = PageHostMemo.key(of: urlBuffer, hostRange: hostRange, schemes: schemes) {
                // Both worked out from the bytes up to the host's end alone.
                let known = hosts.pointee.facts(for: key, engine: self, page: page) {
                    PageHostMemo.Facts(isThirdParty: ResourceRequest.isThirdParty(host: host, pageHost: pageHost, page: page),
                                       probes: hostProbes.probes(ofHost: key) { hostIndex.probesFound(in: urlBuffer, schemes: schemes) })
                }
                isThirdParty = known.isThirdParty
                facts.hostProbes = known.probes
            } else if let page {
                isThirdParty = ResourceRequest.isThirdParty(host: host, pageHost: pageHost, page: page)
            } else {
                isThirdParty = ResourceRequest.isThirdParty(host: host, pageHost: pageHost, publicSuffixList: publicSuffixList)
            }
        }
        let flags = LoadFlags(
            types: request.type.rawValue,
            loadType: isThirdParty ? LoadTypes.thirdParty.rawValue : LoadTypes.firstParty.rawValue,
            loadContext: request.loadContext.rawValue,
            method: request.method?.gateNumber ?? 0,
            schemes: schemes)
        guard let frameURL = request.frameURL else {
            return decide(url: urlBuffer, flags: flags, facts: facts, top: topBuffer, frame: topBuffer, page: page)
        }
        return Self.withBytes(frameURL.serialization) { decide(url: urlBuffer, flags: flags, facts: facts, top: topBuffer, frame: $0, page: page) }
    }

    /// The decision once the load's flags are known: the page's domain keys
    /// and the domain conditions they meet, borrowed for the decision.
    @inline(never)
    private func decide(url: UnsafeBufferPointer<UInt8>, flags: LoadFlags, facts: LoadFacts, top: UnsafeBufferPointer<UInt8>,
                        frame: UnsafeBufferPointer<UInt8>, page: PreparedPage?) -> Decision
    {
        func decide(keys: UnsafeBufferPointer<DomainKey>, met: UnsafeBufferPointer<Int32>) -> Decision {
            self.decide(url: url, flags: flags, context: ConditionContext(topURL: top, frameURL: frame, topDomainKeys: keys),
                        pageDomainConditions: met, facts: facts)
        }
        if let page {
            return decide(keys: page.domainKeys, met: page.domainConditions)
        }
        // No page (most loads of a corpus without one), or rules that read no
        // domain keys: no keys, no condition met, no array to make and drop.
        if top.isEmpty || !readsDomainKeys {
            return decide(keys: UnsafeBufferPointer(start: nil, count: 0), met: UnsafeBufferPointer(start: nil, count: 0))
        }
        let keys = DomainKeys.extract(from: top)
        return keys.withUnsafeBufferPointer { keys in
            domainConditions.conditionsMet(by: keys, in: top).withUnsafeBufferPointer { decide(keys: keys, met: $0) }
        }
    }

    /// Whether a canonical URL (lower-case scheme) has the scheme `name`.
    @inline(__always)
    static func hasScheme(_ name: StaticString, _ url: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = name.utf8CodeUnitCount
        guard url.count > count, url[count] == UInt8(ascii: ":") else { return false }
        let bytes = name.utf8Start
        for index in 0..<count where url[index] != bytes[index] { return false }
        return true
    }

    /// The UTF-8 bytes of a string without copying them when it is native
    /// (borrowed: no copy of the string to retain and release either).
    @inline(__always)
    static func withBytes<Result>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var string = string
        return string.withUTF8(body)
    }

    /// What the decision records about the load besides the rules, and
    /// what it knows of the load's host already.
    private struct LoadFacts {
        var isDocument: Bool
        var isUpgradable: Bool
        /// The host index's probes of the URL's host that find a key, when
        /// a `PageHostMemo` knows them; nil: the decision probes the host.
        var hostProbes: HostProbes? = nil
    }

    private func decide(url: UnsafeBufferPointer<UInt8>, flags: LoadFlags, context: ConditionContext, pageDomainConditions: UnsafeBufferPointer<Int32>,
                        facts: LoadFacts) -> Decision
    {
        let meta = UnsafeBufferPointer(ruleMeta)
        var collector = MatchCollector(load: flags, context: context, meta: meta, conditions: conditions, domainConditions: domainConditions,
                                       pageDomainConditions: pageDomainConditions)
        defer { collector.deallocate() }
        // Host-anchored filters, then filters found through the words of the
        // URL, then through other literals: their flags and conditions are
        // checked before any pattern is matched.
        if let probes = facts.hostProbes {
            hostIndex.collectMatches(in: url, probes: probes, into: &collector)
        } else {
            hostIndex.collectMatches(in: url, into: &collector)
        }
        tokenIndex.collectMatches(in: url, into: &collector)
        literalIndex.collectMatches(in: url, into: &collector)
        // Everything else that is a regex.
        for shard in regexSets {
            do {
                try shard.set.forEachMatch(in: url) { collector.consider(shard.rules[$0]) }
            } catch {
                // The DFA ran out of memory: decide pattern by pattern rather than miss a block.
                for (index, regex) in shard.fallback.enumerated() where regex.matches(url) { collector.consider(shard.rules[index]) }
            }
        }
        // Rules that match every URL (or every URL of a scheme).
        for rule in universalAlways { collector.consider(rule) }
        if !universalIfDomain.isEmpty {
            for key in context.topDomainKeys {
                universalIfDomain.forEach(key.hash) { collector.consider($0) }
            }
        }
        // In decision order without repeats, sorted as the array is made (no
        // uniqueness checks on it afterwards).
        let matched = collector.matched { Self.arrange($0, in: meta) }
        guard !universalUnless.isEmpty else {
            return resolve(matched, merging: [], plainBlockExcluding: nil, facts: facts)
        }
        var excluded: [Int32] = []
        for key in context.topDomainKeys {
            universalUnlessIndex.forEach(key.hash) { rule in
                if !collector.conditionAllows(meta[Int(rule)].gate.condition) { excluded.append(rule) }
            }
        }
        if universalUnlessIsPlain {
            return resolve(matched, merging: [], plainBlockExcluding: excluded, facts: facts)
        }
        // Rules of the pre-sorted universal block, already in decision order.
        var universal: [Int32] = []
        universal.reserveCapacity(universalUnless.count)
        for rule in universalUnless where meta[Int(rule)].gate.admits(flags) && !excluded.contains(rule) {
            universal.append(rule)
        }
        return resolve(matched, merging: universal, plainBlockExcluding: nil, facts: facts)
    }

    /// Applies the ignore rules to the matched rules (`matched`: in decision
    /// order, without repeats), merged with `universal` (in decision order).
    /// With `plainBlockExcluding`, the plain universal block applies too (but
    /// for the excluded rules), within the window the ignore rules leave.
    private func resolve(_ matched: consuming [Int32], merging universal: [Int32], plainBlockExcluding: [Int32]?, facts: LoadFacts) -> Decision {
        let isDocument = facts.isDocument
        let meta = UnsafeBufferPointer(ruleMeta)
        var unique = consume matched
        if !universal.isEmpty {
            unique = Self.merge(unique, universal) { Self.precedes($0, $1, in: meta) }
        }
        let plainBlock = plainBlockExcluding.map { Decision.PlainBlock(excluded: $0) }
        if !unique.contains(where: { meta[Int($0)].kind == .ignorePrevious || meta[Int($0)].kind == .ignoreFollowing }) {
            // The common case: no ignore rule, so every rule applies and every global stylesheet too.
            return Decision(engine: self, applied: unique, plainBlock: plainBlock, isDocument: isDocument, isUpgradable: facts.isUpgradable)
        }
        let (applied, outcome) = applyIgnoreRules(unique)
        return Decision(engine: self, applied: applied, ignoreOutcome: outcome, plainBlock: plainBlock, isDocument: isDocument,
                        isUpgradable: facts.isUpgradable)
    }

    /// Whether rule `a` comes before rule `b` in a decision: by list and
    /// location, then by number.
    @inline(__always)
    private static func precedes(_ a: Int32, _ b: Int32, in meta: UnsafeBufferPointer<RuleMeta>) -> Bool {
        let (oa, ob) = (meta[Int(a)].order, meta[Int(b)].order)
        return oa != ob ? oa < ob : a < b
    }

    /// Sorts matched rules into decision order and drops repeats (a rule
    /// found at two host positions) in place; returns how many remain.
    private static func arrange(_ rules: UnsafeMutableBufferPointer<Int32>, in meta: UnsafeBufferPointer<RuleMeta>) -> Int {
        sort(rules) { precedes($0, $1, in: meta) }
        var kept = 0
        for index in rules.indices where kept == 0 || rules[kept - 1] != rules[index] {
            rules[kept] = rules[index]
            kept += 1
        }
        return kept
    }

    /// Sorts matched rules by `precedes`. A decision matches a handful of
    /// rules, which an insertion sort orders for less than the standard
    /// library's merge sort sets up (16 instructions a request less);
    /// `precedes` orders distinct rules strictly, so any sort gives the
    /// same order.
    @inline(__always)
    private static func sort(_ rules: UnsafeMutableBufferPointer<Int32>, by precedes: (Int32, Int32) -> Bool) {
        guard rules.count > 1 else { return }
        guard rules.count <= 16 else {
            var rules = rules  // the same memory, sorted in place
            rules.sort(by: precedes)
            return
        }
        for index in 1..<rules.count {
            let rule = rules[index]
            var place = index
            while place > 0 && precedes(rule, rules[place - 1]) {
                rules[place] = rules[place - 1]
                place -= 1
            }
            rules[place] = rule
        }
    }

    /// Merges two lists sorted by `precedes`, dropping duplicates.
    private static func merge(_ sorted: [Int32], _ universal: [Int32], precedes: (Int32, Int32) -> Bool) -> [Int32] {
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
        return unique
    }

    /// Applies each list's ignore rules to its matched rules (sorted, unique).
    /// An `ignore-previous-rules` of the list that applies after every list
    /// discards what every earlier list decided as well, and stands as
    /// their ignore rule.
    private func applyIgnoreRules(_ unique: [Int32]) -> (applied: [Int32], outcome: Decision.IgnoreOutcome) {
        let meta = UnsafeBufferPointer(ruleMeta)
        var applied: [Int32] = []
        var discarded: [Int32] = []
        var ignoredBy = Decision.RuleByList()
        var stoppedBy = Decision.RuleByList()
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
                let ignore = segment[last]
                ignoredBy[listNumber] = ignore
                discarded += segment[..<last]
                segment = segment[(last + 1)...]
                if listNumber == listAfterEveryList {
                    for earlier in 0..<listNumber { ignoredBy[earlier] = ignore }
                    discarded = (applied + discarded).sorted { (meta[Int($0)].order, $0) < (meta[Int($1)].order, $1) }
                    applied = []
                }
            }
            applied += segment
            start = end
        }
        return (applied, Decision.IgnoreOutcome(discarded: discarded, ignoredByRule: ignoredBy, stoppedByRule: stoppedBy))
    }
}

