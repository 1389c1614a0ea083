import Foundation

/// The text a reader knows a rule by: the AdBlock filter it was converted
/// from, a css-display-none rule's selector, else the rule's own JSON.
///
/// A compiled engine keeps no rule text (with EasyList it would take tens
/// of MiB for pages a reader rarely opens), so the pages that name rules
/// (`/_limot/stats`, a page's panel) read it back from the list's file when
/// they are shown.
public enum RuleText {
    /// The text of each rule of the list at `path` whose JSON index is in
    /// `indexes`; an index the file does not hold (it changed since it was
    /// compiled) or a file that cannot be read has no entry.
    public static func texts(inFile path: String, indexes: Set<Int>) -> [Int: String] {
        guard !indexes.isEmpty,
              let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
              size <= RuleFileLoader.maximumFileSize,
              let data = FileManager.default.contents(atPath: path) else { return [:] }
        let bytes = Array(data)
        let isAdblock = AdblockListDetection.isAdblockList(path: path, bytes: bytes)
        let parsed = isAdblock ? AdblockListDetection.parse(bytes, source: path) : RuleListParser.parse(bytes, source: path)
        guard let list = parsed.list else { return [:] }
        let wanted = list.rules.filter { indexes.contains($0.index) }
        let filters = isAdblock ? lines(Set(wanted.compactMap(\.line)), of: bytes) : [:]
        var texts: [Int: String] = [:]
        for rule in wanted {
            if let line = rule.line, let filter = filters[line] {
                texts[rule.index] = filter
            } else if case .cssDisplayNone(let selector) = rule.action {
                texts[rule.index] = selector
            } else {
                texts[rule.index] = RuleListJSON.json(rule)
            }
        }
        return texts
    }

    /// The lines numbered `wanted` (from 1, split at LF as
    /// `AdblockConverter` numbers them), without surrounding whitespace.
    private static func lines(_ wanted: Set<Int>, of bytes: [UInt8]) -> [Int: String] {
        guard let last = wanted.max() else { return [:] }
        var found: [Int: String] = [:]
        var number = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            if wanted.contains(number) {
                found[number] = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines.union(["\u{FEFF}"]))
            }
            if number >= last { break }
        }
        return found
    }
}
