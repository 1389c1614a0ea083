import ContentRules
import Foundation

/// A downloaded list, read and compiled as `serve` would use it: a list that
/// does not parse or compile is refused before it replaces anything.
public struct CheckedList: Sendable {
    /// `txt` or `json`, as `Subscription.format`.
    public var format: String
    /// Each rule as its WKContentRuleList JSON: what "+N −M rules" compares.
    public var ruleIdentities: Set<String>
    public var ruleCount: Int
    /// Filters with no WebKit equivalent, by reason.
    public var skipped: [String: Int]
    /// The list's own `! Expires:`, in seconds.
    public var expiresSeconds: Double?

    /// Reads and compiles `bytes` (`name` names the list in diagnostics;
    /// `urlPath` helps tell an AdBlock list from JSON).
    public static func check(_ bytes: [UInt8], name: String, urlPath: String) throws(SubscriptionError) -> CheckedList {
        let isAdblock = AdblockListDetection.isAdblockList(path: urlPath, bytes: bytes)
        let parsed: ParsedRuleList
        var skipped: [String: Int] = [:]
        if isAdblock {
            let (list, conversion) = AdblockListDetection.parseKeepingConversion(bytes, source: name)
            parsed = list
            for entry in conversion.skippedByCategory { skipped[entry.category] = entry.count }
        } else {
            parsed = RuleListParser.parse(bytes, source: name)
        }
        guard let list = parsed.list else {
            throw .unusable(name: name, errors: parsed.errors.map(\.description))
        }
        if !isAdblock, list.declaredRuleCount > list.rules.count {
            skipped["skipped as WebKit does"] = list.declaredRuleCount - list.rules.count
        }
        do {
            _ = try ContentRuleEngine(lists: [list])
        } catch {
            throw .unusable(name: name, errors: ["\(name): \(error)"])
        }
        return CheckedList(format: isAdblock ? "txt" : "json",
                           ruleIdentities: Set(list.rules.map { RuleListJSON.json($0) }),
                           ruleCount: list.rules.count,
                           skipped: skipped,
                           expiresSeconds: isAdblock ? Self.expires(in: bytes) : nil)
    }

    /// The `! Expires: 4 days` (or `12 hours`) of an AdBlock list's header,
    /// in seconds; nil when the header does not say.
    public static func expires(in bytes: [UInt8]) -> Double? {
        let head = String(decoding: bytes.prefix(8192), as: UTF8.self)
        for line in head.split(whereSeparator: \.isNewline).prefix(64) {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("!") else {
                if text.hasPrefix("[") || text.isEmpty { continue }
                break
            }
            let comment = text.dropFirst().trimmingCharacters(in: .whitespaces)
            guard comment.lowercased().hasPrefix("expires:") else { continue }
            let words = comment.dropFirst("expires:".count).split(separator: " ")
            guard let count = words.first.flatMap({ Double($0) }), count > 0 else { return nil }
            let unit = words.dropFirst().first?.lowercased() ?? "days"
            if unit.hasPrefix("h") { return count * 3600 }
            if unit.hasPrefix("d") { return count * 86400 }
            return nil
        }
        return nil
    }
}
