/// Domain lists of AdBlock filters (`$domain=a.com|~b.com`, `a.com,~b.com##…`)
/// as a WebKit `if-domain` or `unless-domain`.
///
/// AdBlock domains match the page's host and its subdomains, which is
/// WebKit's `*` prefix. One trigger holds one condition, so included and
/// excluded domains together are expressible only when the exclusions are
/// irrelevant (outside every included domain); they are then left out.
enum AdblockDomains {
    /// The name as WebKit accepts it (lower-case ASCII), or nil for entity
    /// names (`google.*`), wildcards and anything not a plain host name.
    static func webKitName(_ name: String) -> String? {
        let lower = name.lowercased()
        guard !lower.isEmpty, !lower.hasPrefix("."), !lower.hasSuffix("."), lower.utf8.allSatisfy({
            ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2E || $0 == 0x5F
        }) else { return nil }
        return lower
    }

    /// Whether `domain` is `parent` or a subdomain of it.
    static func isWithin(_ domain: String, _ parent: String) -> Bool {
        domain == parent || domain.hasSuffix("." + parent)
    }

    /// The condition for these domains: nil when there are none, `if-domain`
    /// for included ones (exclusions outside them dropped), `unless-domain`
    /// for excluded ones alone.
    static func condition(included: [String], excluded: [String]) throws(AdblockSkipReason) -> Condition? {
        if !included.isEmpty {
            let relevant = excluded.filter { exclusion in included.contains { isWithin(exclusion, $0) } }
            guard relevant.isEmpty else { throw .mixedDomains }
            return Condition(kind: .ifDomain, values: unique(included).map { "*" + $0 })
        }
        if !excluded.isEmpty { return Condition(kind: .unlessDomain, values: unique(excluded).map { "*" + $0 }) }
        return nil
    }

    /// An entity name (`google.*`: the name under any public suffix) as an
    /// `if-top-url` regex, or nil when `name` is not one. The suffix is read
    /// as one or two labels of letters (`.de`, `.co.uk`), which covers the
    /// public suffixes entity filters are written for.
    static func entityPattern(_ name: String) -> String? {
        let lower = name.lowercased()
        guard lower.hasSuffix(".*") else { return nil }
        let stem = lower.dropLast(2)
        guard let base = webKitName(String(stem)) else { return nil }
        return "^[a-z][a-z+.-]*://([^/]*\\.)?" + AdblockURLFilter.escaped(base) + "\\.[a-z]+(\\.[a-z]+)?[:/]"
    }

    /// The conditions of the rules a domain list needs: one for plain
    /// domains (or none), and one `if-top-url` for entity names, which
    /// exclusions cannot accompany.
    static func conditions(included: [String], excluded: [String], entities: [String]) throws(AdblockSkipReason) -> [Condition?] {
        guard !entities.isEmpty else { return [try condition(included: included, excluded: excluded)] }
        var conditions: [Condition?] = []
        if !included.isEmpty { conditions.append(try condition(included: included, excluded: excluded)) }
        if excluded.isEmpty {
            conditions.append(Condition(kind: .ifTopURL, values: unique(entities.compactMap(entityPattern))))
        }
        if conditions.isEmpty { throw .unusableDomains(entities.joined(separator: ",") + " with exclusions") }
        return conditions
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}
