import LimotJSON

/// Writes the JSON lines of `limot rules match` into one growing buffer that
/// the caller flushes in large chunks.
///
/// A line is `{"url", "blocked", "actions", "rules"}` (and `"global-off"`
/// when an ignore-previous-rules switched a list's global stylesheet off).
/// Most loads of a corpus get the same few decisions (a list's universal
/// css-display-none rules apply to nearly every load), and a line lists
/// those rules and their selectors, several kilobytes on real lists. So the
/// part of a line after the URL is made once per distinct decision and
/// copied afterwards; and it is made from byte pieces kept per rule (its
/// action as the line spells it), not from strings joined and escaped anew.
public struct MatchLineWriter {
    /// The lines written since the last `removeAll`.
    public private(set) var bytes: [UInt8] = []
    /// The bytes after the URL of each distinct decision (see `Decision.reportKey`).
    private var tails: [[Int32]: [UInt8]] = [:]
    /// Each rule's texts in a line, one after the other: its action as the
    /// line spells it, then its number in its list; made on first use.
    private var texts: [UInt8] = []
    /// Where each rule's texts are in `texts`, by global rule number.
    private var textBounds: [RuleTextBounds] = []
    /// Each list's source as a JSON string, by list number.
    private var quotedSources: [[UInt8]] = []
    /// The engine whose rule numbers `tails` and `textBounds` use.
    private var engine: ObjectIdentifier?

    /// A rule's texts in `texts`: from `start` to `numberStart` its action,
    /// which is the selectors of a css-display-none action escaped for a JSON
    /// string (the line joins all of a load's into one string) or any other
    /// action's whole quoted summary; then to `end` its number in its list.
    private struct RuleTextBounds {
        var start = -1
        var numberStart = 0
        var end = 0
        var isSelectors = false
        var isMade: Bool { start >= 0 }
    }

    /// `{"url":`, the start of every line.
    private static let head = Array(#"{"url":"#.utf8)

    public init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends the decision's line and a newline.
    public mutating func write(_ decision: Decision, url: String) {
        use(decision.engine)
        bytes += Self.head
        JSONWriter.appendQuoted(url, to: &bytes)
        guard let key = decision.reportKey else {
            appendTail(of: decision)
            return
        }
        if let tail = tails[key] {
            bytes += tail
        } else {
            let start = bytes.count
            appendTail(of: decision)
            tails[key] = Array(bytes[start...])
        }
    }

    /// Appends JSON made elsewhere (an error line, a header) and a newline.
    public mutating func write(json text: String) {
        bytes += text.utf8
        bytes.append(0x0A)
    }

    /// Empties the buffer, keeping its capacity (and the memo).
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Starts over the pieces kept per rule when the decisions come from another engine.
    private mutating func use(_ engine: ContentRuleEngine) {
        guard self.engine != ObjectIdentifier(engine) else { return }
        self.engine = ObjectIdentifier(engine)
        tails = [:]
        texts = []
        textBounds = Array(repeating: RuleTextBounds(), count: engine.ruleList.count)
        quotedSources = engine.lists.map { list in
            var quoted: [UInt8] = []
            JSONWriter.appendQuoted(list.source, to: &quoted)
            return quoted
        }
    }

    /// Appends everything after the URL: `"blocked"`, the load's own actions
    /// as WebKit reports them (rules sharing an action location give it once;
    /// the css-display-none selectors joined into one action, last), the
    /// rules behind them by list (their numbers in the list's JSON array),
    /// `"global-off"` when there is one, and the newline.
    private mutating func appendTail(of decision: Decision) {
        let engine = decision.engine
        let applied = decision.applied
        for rule in applied { _ = textBounds(of: rule, in: engine) }
        bytes += #","blocked":"#.utf8
        bytes += (decision.isBlocked ? "true" : "false").utf8
        bytes += #","actions":["#.utf8
        // Read through one buffer: slicing `texts` per piece cost a retain and a generic append each.
        let texts = self.texts
        texts.withUnsafeBufferPointer { texts in
            var selectorRules: [Int32] = []
            var written = 0
            decision.forEachAction(of: applied) { rule, _, _ in
                let bounds = textBounds[Int(rule)]
                if bounds.isSelectors {
                    selectorRules.append(rule)
                    return
                }
                if written > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: texts[bounds.start..<bounds.numberStart]))
                written += 1
            }
            if !selectorRules.isEmpty {
                if written > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes += #""css-display-none:"#.utf8
                for (index, rule) in selectorRules.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    let bounds = textBounds[Int(rule)]
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: texts[bounds.start..<bounds.numberStart]))
                }
                bytes.append(UInt8(ascii: "\""))
            }
            bytes += #"],"rules":{"#.utf8
            var start = applied.startIndex
            while start < applied.endIndex {
                let list = engine.ruleList[Int(applied[start])]
                var end = start + 1
                while end < applied.endIndex, engine.ruleList[Int(applied[end])] == list { end += 1 }
                if start > applied.startIndex { bytes.append(UInt8(ascii: ",")) }
                bytes += quotedSources[Int(list)]
                bytes += #":["#.utf8
                for position in start..<end {
                    if position > start { bytes.append(UInt8(ascii: ",")) }
                    let bounds = textBounds[Int(applied[position])]
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: texts[bounds.numberStart..<bounds.end]))
                }
                bytes.append(UInt8(ascii: "]"))
                start = end
            }
        }
        bytes.append(UInt8(ascii: "}"))
        let switchedOff = decision.globalStylesheetsSwitchedOff
        if !switchedOff.isEmpty {
            bytes += #","global-off":["#.utf8
            for (index, source) in switchedOff.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONWriter.appendQuoted(source, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes += "}\n".utf8
    }

    /// Where the rule's texts are in `texts`, made on first use.
    private mutating func textBounds(of rule: Int32, in engine: ContentRuleEngine) -> RuleTextBounds {
        let known = textBounds[Int(rule)]
        if known.isMade { return known }
        let list = engine.lists[Int(engine.ruleList[Int(rule)])]
        let action = list.locations.actionAtLocation[Int(engine.ruleLocation[Int(rule)])]
        var bounds = RuleTextBounds(start: texts.count)
        if case .cssDisplayNone(let selectors) = action {
            // Escaping works byte by byte, so escaped groups joined are the joined groups escaped.
            var quoted: [UInt8] = []
            JSONWriter.appendQuoted(selectors, to: &quoted)
            texts += quoted.dropFirst().dropLast()
            bounds.isSelectors = true
        } else {
            JSONWriter.appendQuoted(action.summary, to: &texts)
        }
        bounds.numberStart = texts.count
        texts += String(list.ruleIndexes[Int(engine.ruleIndexInList[Int(rule)])]).utf8
        bounds.end = texts.count
        textBounds[Int(rule)] = bounds
        return bounds
    }
}
