/// The options of a network filter (what follows `$`), read into what a
/// WebKit trigger can say.
struct AdblockOptions: Equatable {
    /// The resource types the filter applies to (never empty).
    var resourceTypes: ResourceTypes = AdblockOptions.defaultTypes
    var loadTypes: LoadTypes = []
    /// `$domain=` names without `~`, lower-case, without the `*` WebKit needs.
    var includedDomains: [String] = []
    /// `$domain=` names with `~`.
    var excludedDomains: [String] = []
    /// Included entity names (`google.*`), which need an `if-top-url` rule of their own.
    var includedEntities: [String] = []
    /// Included names WebKit cannot say at all.
    var unusableDomains: [String] = []
    var matchCase = false
    var important = false
    var badfilter = false
    var requestMethod: RequestMethod?
    /// `@@…$document`: the whole page is excepted.
    var document = false
    /// `@@…$elemhide`: no element hiding on the page.
    var elementHiding = false
    /// `@@…$generichide`: no generic element hiding on the page.
    var genericHiding = false
    /// Whether any type option was given (a bare `$document` exception
    /// excepts the page; with other types it is a typed exception too).
    var namesTypes = false

    /// Types a filter without type options applies to, as in AdBlock Plus,
    /// uBlock Origin and adblock-rust: everything but the top document and popups.
    static let defaultTypes: ResourceTypes = normalized(
        [.childDocument, .image, .styleSheet, .script, .font, .svgDocument, .media, .fetch, .websocket, .other, .ping])

    /// The type options, by every spelling the lists use.
    static let typeNames: [String: ResourceTypes] = [
        "script": .script, "image": .image, "stylesheet": .styleSheet, "css": .styleSheet, "font": .font,
        "media": .media, "subdocument": .childDocument, "frame": .childDocument,
        "xmlhttprequest": .fetch, "xhr": .fetch, "websocket": .websocket, "ping": .ping, "beacon": .ping,
        "popup": .popup, "other": .other, "object": .other, "object-subrequest": .other,
        "document": .topDocument, "doc": .topDocument,
    ]

    /// Options WebKit has no trigger or action for.
    static let unsupported: Set<String> = [
        "redirect", "redirect-rule", "csp", "removeparam", "queryprune", "rewrite", "replace", "header",
        "permissions", "urltransform", "uritransform", "cname", "denyallow", "to", "ipaddress", "empty", "mp4",
        "inline-script", "inline-font", "webrtc", "sitekey", "app", "network", "cookie", "stealth", "jsonprune",
        "hls", "urlskip", "genericblock", "strict1p", "strict3p", "popunder", "specifichide", "shide",
        "content", "extension", "jsinject", "urlblock", "responseheader", "header-remove",
    ]

    /// Reads the options text (without `$`); `isException` for `@@` filters.
    static func parse(_ text: Substring, isException: Bool) throws(AdblockSkipReason) -> AdblockOptions {
        var options = AdblockOptions()
        var included: ResourceTypes = []
        var excluded: ResourceTypes = []
        for item in text.split(separator: ",", omittingEmptySubsequences: true) {
            let negated = item.hasPrefix("~")
            let body = negated ? item.dropFirst() : item[...]
            let name: String
            let value: Substring?
            if let equals = body.firstIndex(of: "=") {
                name = body[..<equals].lowercased()
                value = body[body.index(after: equals)...]
            } else {
                name = body.lowercased()
                value = nil
            }
            if let types = typeNames[name] {
                options.namesTypes = true
                if name == "document" || name == "doc", isException, !negated {
                    options.document = true
                    continue
                }
                if negated { excluded.formUnion(types) } else { included.formUnion(types) }
                continue
            }
            switch name {
            case "all":
                options.namesTypes = true
                included.formUnion(ResourceTypes.all)
            case "third-party", "3p":
                options.loadTypes = negated ? .firstParty : .thirdParty
            case "first-party", "1p":
                options.loadTypes = negated ? .thirdParty : .firstParty
            case "domain", "from":
                guard let value, !negated else { throw .malformed("$\(name) needs a value") }
                try options.readDomains(value)
            case "match-case":
                options.matchCase = !negated
            case "important":
                options.important = true
            case "badfilter":
                options.badfilter = true
            case "method":
                guard let value, !negated, !value.contains("|"), !value.hasPrefix("~"),
                    let method = RequestMethod(httpMethod: String(value))
                else { throw .unsupportedOption("method=\(value ?? "")") }
                options.requestMethod = method
            case "elemhide", "ehide":
                guard isException else { throw .unsupportedOption(name) }
                options.elementHiding = true
            case "generichide", "ghide":
                guard isException else { throw .unsupportedOption(name) }
                options.genericHiding = true
            default:
                if unsupported.contains(name) { throw .unsupportedOption(name) }
                throw .unknownOption(name)
            }
        }
        if !included.isEmpty {
            options.resourceTypes = normalized(included)
        } else if !excluded.isEmpty {
            options.resourceTypes = normalized(defaultTypes.subtracting(excluded))
        }
        if options.document && included.isEmpty && excluded.isEmpty {
            // `@@||site^$document`: every load of the page, the page itself included.
            options.resourceTypes = .all
        }
        if options.resourceTypes.isEmpty { throw .malformed("the type options exclude every type") }
        if !options.unusableDomains.isEmpty && options.includedDomains.isEmpty && options.includedEntities.isEmpty {
            throw .unusableDomains(options.unusableDomains.joined(separator: "|"))
        }
        return options
    }

    /// WebKit's `other` in a trigger also covers pings and CSP reports, so a
    /// set with `other` always has them: what the JSON says is what limot holds.
    static func normalized(_ types: ResourceTypes) -> ResourceTypes {
        types.contains(.other) ? types.union([.ping, .cspReport]) : types
    }

    /// Reads `a.com|~b.com` into the included and excluded domains.
    private mutating func readDomains(_ value: Substring) throws(AdblockSkipReason) {
        for entry in value.split(separator: "|", omittingEmptySubsequences: true) {
            let negated = entry.hasPrefix("~")
            let name = String(negated ? entry.dropFirst() : entry[...])
            guard let domain = AdblockDomains.webKitName(name) else {
                // An excluded name WebKit cannot say is dropped (the filter then also applies there).
                if !negated {
                    if AdblockDomains.entityPattern(name) != nil { includedEntities.append(name) } else { unusableDomains.append(name) }
                }
                continue
            }
            if negated { excludedDomains.append(domain) } else { includedDomains.append(domain) }
        }
    }
}
