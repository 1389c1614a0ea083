/// Tells AdBlock lists from WKContentRuleList JSON, and reads them as rule
/// lists with their skipped filters as warnings.
public enum AdblockListDetection {
    /// Whether the file is an AdBlock list: a `.txt` file, or one whose first
    /// character is not where JSON begins (`[`, `{`), or that begins with an
    /// AdBlock header such as `[Adblock Plus 2.0]`. An empty file is left to
    /// the JSON parser, which reports it as WebKit does.
    public static func isAdblockList(path: String, bytes: [UInt8]) -> Bool {
        if path.lowercased().hasSuffix(".txt") { return true }
        if path.lowercased().hasSuffix(".json") { return false }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"): return false
        case UInt8(ascii: "["):
            // `[Adblock Plus 2.0]`, `[uBlock Origin]`: a letter after the bracket
            // (but not JSON's `[true`, `[false`, `[null`).
            guard index + 1 < bytes.count else { return false }
            let next = bytes[index + 1] | 0x20
            let word = String(decoding: bytes[(index + 1)..<min(bytes.count, index + 6)], as: UTF8.self).lowercased()
            if word.hasPrefix("true") || word.hasPrefix("false") || word.hasPrefix("null") { return false }
            return next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z")
        default: return true
        }
    }

    /// Converts an AdBlock list into a rule list; each skipped filter is an
    /// `AdblockFilterSkipped` warning naming its line. A list with no
    /// convertible filter, or with more rules than Safari takes, is an error.
    public static func parse(_ bytes: [UInt8], source: String) -> ParsedRuleList {
        parseKeepingConversion(bytes, source: source).parsed
    }

    /// `parse`, with the conversion itself: for a report of the filters
    /// skipped, counted by reason (`AdblockConversion.skippedByCategory`).
    public static func parseKeepingConversion(_ bytes: [UInt8], source: String) -> (parsed: ParsedRuleList, conversion: AdblockConversion) {
        let conversion = AdblockConverter.convert(String(decoding: bytes, as: UTF8.self), source: source)
        var diagnostics = conversion.skipped.map { skipped in
            Diagnostic(.warning, .adblockFilterSkipped, file: source, line: skipped.line,
                       message: "\(skipped.reason): \(skipped.text)")
        }
        if conversion.rules.isEmpty {
            diagnostics.insert(Diagnostic(.error, .jsonContainsNoRules, file: source, line: 1,
                message: "Empty extension: no filter of this AdBlock list can be converted (\(conversion.filterCount) filters, \(conversion.skipped.count) skipped)"), at: 0)
            return (ParsedRuleList(list: nil, diagnostics: diagnostics), conversion)
        }
        if conversion.rules.count > RuleListParser.maximumRuleCount {
            diagnostics.insert(Diagnostic(.error, .jsonTooManyRules, file: source, line: 1,
                message: "Too many rules in JSON array: the AdBlock list converts to \(conversion.rules.count) rules; Safari accepts at most \(RuleListParser.maximumRuleCount) in one list (`limot rules convert --split` writes several)"), at: 0)
            return (ParsedRuleList(list: nil, diagnostics: diagnostics), conversion)
        }
        return (ParsedRuleList(list: conversion.ruleList(source: source), diagnostics: diagnostics), conversion)
    }
}
