/// One line of an AdBlock Plus / uBlock Origin list, classified.
enum AdblockLine {
    /// Blank lines, `!` comments, `[Adblock Plus 2.0]` headers, `!#if`
    /// preprocessor lines (their contents are kept, as adblock-rust does).
    case comment
    case network(AdblockNetworkFilter)
    case cosmetic(AdblockCosmeticFilter)

    /// Whether `text` (already trimmed) is no filter.
    static func isComment(_ text: Substring) -> Bool {
        guard let first = text.first else { return true }
        return first == "!" || (first == "[" && text.last == "]") || text.hasPrefix("# ") || text == "#"
    }

    /// Classifies and reads `text` (already trimmed).
    static func read(_ text: Substring) throws(AdblockSkipReason) -> AdblockLine {
        if isComment(text) { return .comment }
        if let marker = AdblockCosmeticFilter.marker(in: text) {
            return .cosmetic(try AdblockCosmeticFilter(text, marker: marker))
        }
        return .network(try AdblockNetworkFilter(text))
    }
}

/// A network filter: `[@@]pattern[$options]`.
struct AdblockNetworkFilter {
    var isException: Bool
    var pattern: String
    var options: AdblockOptions
    /// The filter without `badfilter` among its options, in a stable form:
    /// a `$badfilter` filter switches off the filters with the same key.
    var key: String

    init(_ text: Substring) throws(AdblockSkipReason) {
        isException = text.hasPrefix("@@")
        let body = isException ? text.dropFirst(2) : text
        var pattern = body
        var optionText: Substring = ""
        if let dollar = body.lastIndex(of: "$"), Self.looksLikeOptions(body[body.index(after: dollar)...]) {
            pattern = body[..<dollar]
            optionText = body[body.index(after: dollar)...]
        }
        options = try AdblockOptions.parse(optionText, isException: isException)
        self.pattern = String(pattern)
        let kept = optionText.split(separator: ",").map { $0.lowercased() }.filter { $0 != "badfilter" }.sorted()
        key = (isException ? "@@" : "") + pattern + "$" + kept.joined(separator: ",")
        if pattern.isEmpty && optionText.isEmpty { throw .malformed("an empty filter") }
    }

    /// Whether the text after a `$` is an option list rather than part of the
    /// pattern (`$` also appears in URLs and at the end of regexes).
    private static func looksLikeOptions(_ text: Substring) -> Bool {
        guard let first = text.first else { return false }
        guard first == "~" || first.isLetter || first == "1" || first == "3" else { return false }
        let name = text.prefix { $0 != "," && $0 != "=" }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "~") }
    }
}

/// An element hiding filter: `[domains]##selector` or `[domains]#@#selector`.
struct AdblockCosmeticFilter {
    var isException: Bool
    var includedDomains: [String] = []
    var excludedDomains: [String] = []
    var selector: String

    /// The separators of cosmetic filters in the syntaxes of AdBlock Plus,
    /// uBlock Origin and AdGuard, longest first; only `##` and `#@#` are element hiding.
    static let markers = ["#@$?#", "#@%#", "#@?#", "#@$#", "#$?#", "#@#", "#?#", "#$#", "#%#", "##", "$@$", "$$"]

    /// The first cosmetic separator in `text` with a plausible domain list before it.
    static func marker(in text: Substring) -> Range<Substring.Index>? {
        let bytes = text.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "$") {
                let rest = bytes[index...]
                for marker in markers where rest.starts(with: marker.utf8) {
                    let plausible = bytes[..<index].allSatisfy { byte in
                        byte >= 0x80 || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                            || ".-_~,*:[]".utf8.contains(byte)
                    }
                    return plausible ? index..<bytes.index(index, offsetBy: marker.utf8.count) : nil
                }
            }
            index = bytes.index(after: index)
        }
        return nil
    }

    /// The script-dependent operators of uBlock Origin, AdBlock Plus and AdGuard.
    static let proceduralOperators = [
        ":has-text(", ":-abp-contains(", ":-abp-has(", ":-abp-properties(", ":contains(", ":xpath(", ":upward(",
        ":nth-ancestor(", ":remove(", ":remove-attr(", ":remove-class(", ":style(", ":matches-css(",
        ":matches-css-before(", ":matches-css-after(", ":matches-media(", ":matches-path(", ":matches-attr(",
        ":matches-prop(", ":min-text-length(", ":watch-attr(", ":others(", ":if(", ":if-not(", ":spath(",
        ":properties(",
    ]

    init(_ text: Substring, marker: Range<Substring.Index>) throws(AdblockSkipReason) {
        let separator = String(text[marker])
        guard separator == "##" || separator == "#@#" else { throw .cosmeticSyntax(separator) }
        isException = separator == "#@#"
        selector = String(text[marker.upperBound...]).trimmingASCIIWhitespace
        if selector.hasPrefix("+js(") { throw .scriptlet }
        if selector.hasPrefix("^") { throw .cosmeticSyntax(separator + "^") }
        if let procedural = Self.proceduralOperators.first(where: { selector.contains($0) }) {
            throw .proceduralCosmetic(procedural + ")")
        }
        if selector.isEmpty { throw .malformed("an empty selector") }
        // An excluded name WebKit cannot say is dropped (the filter then also
        // hides there); an included one cannot be dropped without hiding everywhere.
        // Entity names (`amazon.*`) are not written as `if-top-url` here, as they
        // are for network filters: a hiding rule's url-filter matches every load,
        // so its regex would run on every decision (four times the median).
        var unusable: [String] = []
        for entry in text[..<marker.lowerBound].split(separator: ",", omittingEmptySubsequences: true) {
            let negated = entry.hasPrefix("~")
            let name = String(negated ? entry.dropFirst() : entry[...])
            if let domain = AdblockDomains.webKitName(name) {
                if negated { excludedDomains.append(domain) } else { includedDomains.append(domain) }
            } else if !negated {
                unusable.append(name)
            }
        }
        if !unusable.isEmpty && includedDomains.isEmpty { throw .unusableDomains(unusable.joined(separator: ",")) }
        if let problem = CSSSelectorValidator.problem(in: selector) { throw .invalidSelector(problem) }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line ends.
    var trimmingASCIIWhitespace: String {
        let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\r" || c == "\n" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
