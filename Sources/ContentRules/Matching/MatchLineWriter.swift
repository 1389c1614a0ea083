import LimotJSON

/// Writes the JSON lines of `limot rules match` into one growing buffer that
/// the caller flushes in large chunks.
///
/// A request's line is `{"url", "blocked", "actions", "stylesheet", "rules"}`
/// (and `"global-off"` when an ignore-previous-rules switched a list's global
/// stylesheet off). Most loads of one page get the same css-display-none
/// rules (a list's universal rules and the page's domain rules: some hundred
/// selectors, kilobytes of text), so by default a line names that set by a
/// number, `"stylesheet": N`, and the set is written once, on a line
/// `{"stylesheet": N, "action", "rules"}` just before the first request line
/// that names it: the output grows with the decisions, not with the rules
/// each one repeats. `fullLines` writes every line whole instead, the set's
/// action and rules inline (the form `rules match --full-lines` prints).
///
/// The part of a line after the URL is made once per distinct decision and
/// copied afterwards (`MatchTailMemo`); and it is made from byte pieces kept
/// per rule (its action as the line spells it), not from strings joined and
/// escaped anew.
///
/// Not copyable, as the buffers it writes into (`LineBytes`) are not.
public struct MatchLineWriter: ~Copyable {
    /// The lines written since the last `removeAll`.
    private var bytes = LineBytes()
    /// Whether every line carries its css-display-none action and rules itself.
    public let fullLines: Bool
    /// The part after the URL of each distinct decision's line.
    private var tails = MatchTailMemo()
    /// The number of each css-display-none rule set already written, by its
    /// applied rules (global numbers, in decision order).
    private var stylesheetNumbers: [RuleNumbers: Int] = [:]
    /// Each rule's texts in a line: its action as the line spells it (once
    /// per action location) and its number in its list; made on first use
    /// (see `MatchLineWriter+ruleTexts.swift`).
    var texts: [UInt8] = []
    /// Where each rule's texts are in `texts`, by global rule number.
    var textBounds: [RuleTextBounds] = []
    /// Each list's source as a JSON string and `:[`, which open its rules in a line, by list number.
    var listHeads: [[UInt8]] = []
    /// The engine's plain universal block split by kind, each in decision
    /// order: its css-display-none rules and the others.
    private var blockSelectorRules: [Int32] = []
    private var blockOtherRules: [Int32] = []
    /// The number of the css-display-none set (0: none) by what decides it
    /// for a load without ignore rules: its specific css-display-none rules,
    /// and the plain block's exclusions after a -1.
    private var stylesheetNumbersByKey: [RuleNumbers: Int] = [:]
    /// The last key looked up there and its number: loads of one page
    /// follow each other and share it, and comparing costs less than hashing.
    private var previousStylesheet: (key: [Int32], number: Int)?
    /// The engine whose rule numbers `tails` and `textBounds` use.
    private var engine: ObjectIdentifier?
    /// The buffers a tail is made in, kept between tails (emptied, with
    /// their room) so that each new tail does not allocate and grow them
    /// anew; nil only while a tail is made in them.
    private var scratch: Scratch? = Scratch()

    private struct Scratch: ~Copyable {
        var tail = LineBytes()
        var selectors: [Int32] = []
        var others: [Int32] = []
        var key: [Int32] = []

        /// Empties the buffers, keeping their room. An empty one is left
        /// alone: emptying costs some seventy instructions even then.
        mutating func removeAll() {
            tail.removeAll()
            if !selectors.isEmpty { selectors.removeAll(keepingCapacity: true) }
            if !others.isEmpty { others.removeAll(keepingCapacity: true) }
            if !key.isEmpty { key.removeAll(keepingCapacity: true) }
        }
    }

    /// For each list (by list number) and action location, a rule whose
    /// texts hold that location's action text (-1: none made yet). WebKit
    /// merges equal actions into one location, so most rules made find
    /// their action's text made already, rather than summarise and escape it
    /// anew (css-display-none groups are whole selector lists).
    var actionTextRules: [[Int32]] = []

    /// Room for the css-display-none sets of most runs (the benchmark corpus has some two hundred).
    private static let stylesheetCapacity = 512

    /// Room for most tails at once (a tail grown piece by piece is copied at each doubling).
    private static let tailCapacity = 512

    public init(reservingCapacity capacity: Int = 0, fullLines: Bool = false) {
        bytes = LineBytes(capacity: capacity)
        self.fullLines = fullLines
    }

    /// Appends the decision's line and a newline, after the line that
    /// defines its css-display-none set when that set is new.
    public mutating func write(_ decision: Decision, url: String) {
        var url = url
        url.withUTF8 { write(decision, url: $0) }
    }

    /// Appends the decision's line for the URL spelled by these UTF-8 bytes.
    public mutating func write(_ decision: Decision, url: UnsafeBufferPointer<UInt8>) {
        write(decision, url: url, mayNeedEscape: true)
    }

    /// `write(_:url:)` for URL bytes the caller knows need no escape in a
    /// JSON string (`MatchRequestReader.URLText.plainBytes`): copied without
    /// looking, where the look cost some 160 instructions a line (callgrind,
    /// benchmark corpus).
    public mutating func write(_ decision: Decision, plainURL url: UnsafeBufferPointer<UInt8>) {
        assert(!ByteScan.needsJSONEscape(url), "the URL needs escaping")
        write(decision, url: url, mayNeedEscape: false)
    }

    private mutating func write(_ decision: Decision, url: UnsafeBufferPointer<UInt8>, mayNeedEscape: Bool) {
        use(decision.engine)
        // The tail first: making it may write the line of a new stylesheet, which comes before.
        let entry = decision.ignoreOutcome == nil ? tailEntry(of: decision) : ignoredTailEntry(of: decision)
        if mayNeedEscape && ByteScan.needsJSONEscape(url) {
            appendHead(url: url, mayNeedEscape: true)
            tails.append(entry, to: &bytes)
        } else {
            // The whole line at once (see `LineBytes.append(_:_:_:_:)`).
            let head: StaticString = #"{"url":""#
            let quote: StaticString = #"""#
            tails.append(entry, after: UnsafeBufferPointer(start: head.utf8Start, count: head.utf8CodeUnitCount), url,
                         UnsafeBufferPointer(start: quote.utf8Start, count: quote.utf8CodeUnitCount), to: &bytes)
        }
    }

    /// The tail of a decision without ignore rules (nearly every load), made the first time.
    private mutating func tailEntry(of decision: Decision) -> Int {
        let (found, hash) = tails.find(decision)
        if let found { return found }
        // Taken out while the tail is made, as the methods that make it change `self`.
        var scratch = self.scratch.take()!
        if fullLines { makeTail(of: decision, into: &scratch.tail) } else { makeShortTail(of: decision, in: &scratch) }
        let entry = scratch.tail.withBytes { tails.add($0, keyOf: decision, hash: hash) }
        scratch.removeAll()
        self.scratch = consume scratch
        return entry
    }

    /// The tail of a decision that met an ignore rule, made the first time:
    /// loads that meet the same ignore rules the same way share it rather
    /// than each merging the plain block anew.
    private mutating func ignoredTailEntry(of decision: Decision) -> Int {
        let key = MatchTailMemo.key(of: decision)
        let (found, hash) = tails.find(key: key)
        if let found { return found }
        var tail = LineBytes(capacity: Self.tailCapacity)
        makeTail(of: decision, into: &tail)
        return tail.withBytes { tails.add($0, key: key, hash: hash) }
    }

    /// `{"url":` and the URL as a JSON string.
    private mutating func appendHead(url: UnsafeBufferPointer<UInt8>, mayNeedEscape: Bool) {
        if mayNeedEscape && ByteScan.needsJSONEscape(url) {
            bytes.append(#"{"url":"#)
            var quoted: [UInt8] = []
            JSONWriter.appendQuoted(String(decoding: url, as: UTF8.self), to: &quoted)
            bytes.append(quoted)
        } else {
            bytes.append(#"{"url":""#)
            bytes.append(url)
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// Appends JSON made elsewhere (an error line, a header) and a newline.
    public mutating func write(json text: String) {
        var text = text
        text.withUTF8 { bytes.append($0) }
        bytes.append(0x0A)
    }

    /// How many bytes have been written since the last `removeAll`.
    public var count: Int { bytes.count }

    /// Calls `body` with the lines written since the last `removeAll`.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withBytes(body)
    }

    /// Empties the buffer, keeping its capacity (and the memo).
    public mutating func removeAll() {
        bytes.removeAll()
    }

    /// Starts over the pieces kept per rule when the decisions come from another engine.
    private mutating func use(_ engine: ContentRuleEngine) {
        guard self.engine != ObjectIdentifier(engine) else { return }
        self.engine = ObjectIdentifier(engine)
        tails = MatchTailMemo()
        // Room made ahead: grown as they filled, each doubling hashed every
        // key (up to some hundred rules) again, 1.1 M instructions on the corpus.
        stylesheetNumbers = Dictionary(minimumCapacity: Self.stylesheetCapacity)
        stylesheetNumbersByKey = Dictionary(minimumCapacity: Self.stylesheetCapacity)
        previousStylesheet = nil
        let block = engine.universalUnless
        blockSelectorRules = block.filter { engine.ruleActionKind[Int($0)] == .cssDisplayNone }
        blockOtherRules = block.filter { engine.ruleActionKind[Int($0)] != .cssDisplayNone }
        texts = []
        textBounds = Array(repeating: RuleTextBounds(), count: engine.ruleList.count)
        actionTextRules = engine.lists.map { Array(repeating: -1, count: $0.locations.actionAtLocation.count) }
        listHeads = engine.lists.map { list in
            var quoted: [UInt8] = []
            JSONWriter.appendQuoted(list.source, to: &quoted)
            quoted += [UInt8(ascii: ":"), UInt8(ascii: "[")]
            return quoted
        }
    }

    /// Everything after the URL: `"blocked"`, the load's own actions as
    /// WebKit reports them (rules sharing an action location give it once;
    /// the css-display-none selectors joined into one action, last, or named
    /// by `"stylesheet"`), the rules behind them by list (their numbers in
    /// the list's JSON array), `"global-off"` when there is one, and the
    /// newline, to the empty `tail`. Writes the definition of a
    /// css-display-none set seen for the first time to `bytes`.
    private mutating func makeTail(of decision: Decision, into tail: inout LineBytes) {
        let engine = decision.engine
        let applied = decision.applied
        for rule in applied { _ = textBounds(of: rule, in: engine) }
        tail.append(decision.isBlocked ? #","blocked":true,"actions":["# : #","blocked":false,"actions":["#)
        // Read through one buffer: slicing `texts` per piece cost a retain and a generic append each.
        let texts = self.texts
        texts.withUnsafeBufferPointer { texts in
            var selectorRules: [Int32] = []
            // Room for all: grown as it filled, it was copied at each doubling (some hundred rules).
            selectorRules.reserveCapacity(applied.count)
            var written = 0
            decision.forEachAction(of: applied) { rule, _, _ in
                let bounds = textBounds[Int(rule)]
                if bounds.isSelectors {
                    selectorRules.append(rule)
                    return
                }
                if written > 0 { tail.append(UInt8(ascii: ",")) }
                tail.append(UnsafeBufferPointer(rebasing: texts[bounds.action]))
                written += 1
            }
            if fullLines {
                if !selectorRules.isEmpty {
                    if written > 0 { tail.append(UInt8(ascii: ",")) }
                    appendSelectorsAction(of: selectorRules, texts: texts, to: &tail)
                }
                tail.append(#"],"rules":"#)
                appendRules(applied, of: engine, texts: texts, to: &tail)
            } else {
                tail.append(UInt8(ascii: "]"))
                var otherRules = applied
                if !selectorRules.isEmpty {
                    var selectorSet: [Int32] = []
                    selectorSet.reserveCapacity(applied.count)
                    otherRules = []
                    otherRules.reserveCapacity(applied.count)
                    for rule in applied {
                        if textBounds[Int(rule)].isSelectors { selectorSet.append(rule) } else { otherRules.append(rule) }
                    }
                    let number = stylesheetNumber(of: selectorSet, actionRules: selectorRules, engine: engine, texts: texts)
                    tail.append(#","stylesheet":"#)
                    tail.appendDecimal(number)
                }
                tail.append(#","rules":"#)
                appendRules(otherRules, of: engine, texts: texts, to: &tail)
            }
        }
        let switchedOff = decision.globalStylesheetsSwitchedOff
        if !switchedOff.isEmpty {
            tail.append(#","global-off":["#)
            for (index, source) in switchedOff.enumerated() {
                if index > 0 { tail.append(UInt8(ascii: ",")) }
                var quoted: [UInt8] = []
                JSONWriter.appendQuoted(source, to: &quoted)
                tail.append(quoted)
            }
            tail.append(UInt8(ascii: "]"))
        }
        tail.append("}\n")
    }

    /// `makeTail` for the default form of a load without ignore rules (nearly
    /// every load), without the whole list of applied rules: on real lists
    /// that is some hundred rules, most of them the plain block's
    /// css-display-none rules, which the load's stylesheet number stands for.
    /// So the rules other than css-display-none are the specific ones and the
    /// block's few others, and the stylesheet is found by the specific
    /// css-display-none rules and the block's exclusions; the set itself is
    /// made only the first time. Made in `scratch`'s (empty) buffers, the tail in its `tail`.
    private mutating func makeShortTail(of decision: Decision, in scratch: inout Scratch) {
        let engine = decision.engine
        let kinds = engine.ruleActionKind
        for rule in decision.specificApplied {
            if kinds[Int(rule)] == .cssDisplayNone { scratch.selectors.append(rule) } else { scratch.others.append(rule) }
        }
        let specificSelectors = scratch.selectors
        let excluded = decision.plainBlock?.excluded
        if let excluded, !blockOtherRules.isEmpty {
            scratch.others = Decision.merge(scratch.others, blockOtherRules.filter { !excluded.contains($0) }, order: engine.ruleOrder)
        }
        let others = scratch.others
        scratch.key += specificSelectors
        if let excluded {
            scratch.key.append(-1)
            scratch.key += excluded
        }
        let key = scratch.key
        for rule in others { _ = textBounds(of: rule, in: engine) }
        let knownNumber = previousStylesheet?.key == key ? previousStylesheet?.number : stylesheetNumbersByKey[RuleNumbers(key)]
        var newSelectorRules: [Int32] = []
        if knownNumber == nil {
            newSelectorRules = specificSelectors
            if let excluded, !blockSelectorRules.isEmpty {
                newSelectorRules = Decision.merge(specificSelectors, blockSelectorRules.filter { !excluded.contains($0) }, order: engine.ruleOrder)
            }
            for rule in newSelectorRules { _ = textBounds(of: rule, in: engine) }
        }
        // Literals joined where they meet: fewer pieces to append.
        scratch.tail.append(others.contains { kinds[Int($0)] == .block } ? #","blocked":true,"actions":["# : #","blocked":false,"actions":["#)
        let texts = self.texts
        texts.withUnsafeBufferPointer { texts in
            var written = 0
            decision.forEachAction(of: others) { rule, _, _ in
                let bounds = textBounds[Int(rule)]
                if written > 0 { scratch.tail.append(UInt8(ascii: ",")) }
                scratch.tail.append(UnsafeBufferPointer(rebasing: texts[bounds.action]))
                written += 1
            }
            scratch.tail.append(UInt8(ascii: "]"))
            let number: Int
            if let knownNumber {
                number = knownNumber
            } else {
                var actionRules: [Int32] = []
                decision.forEachAction(of: newSelectorRules) { rule, _, _ in actionRules.append(rule) }
                number = newSelectorRules.isEmpty ? 0
                    : stylesheetNumber(of: newSelectorRules, actionRules: actionRules, engine: engine, texts: texts)
                stylesheetNumbersByKey[RuleNumbers(key)] = number
            }
            if previousStylesheet?.key != key { previousStylesheet = (key, number) }
            if number > 0 {
                scratch.tail.append(#","stylesheet":"#)
                scratch.tail.appendDecimal(number)
            }
            scratch.tail.append(#","rules":"#)
            appendRules(others, of: engine, texts: texts, to: &scratch.tail)
        }
        scratch.tail.append("}\n")
    }

    /// The number of the css-display-none set made of `rules`, written on
    /// its own line `{"stylesheet", "action", "rules"}` the first time.
    /// `actionRules` are the first of `rules` at each action location.
    private mutating func stylesheetNumber(of rules: [Int32], actionRules: [Int32], engine: ContentRuleEngine,
                                           texts: UnsafeBufferPointer<UInt8>) -> Int {
        if let known = stylesheetNumbers[RuleNumbers(rules)] { return known }
        let number = stylesheetNumbers.count + 1
        stylesheetNumbers[RuleNumbers(rules)] = number
        var line = LineBytes(capacity: Self.tailCapacity)
        line.append(#"{"stylesheet":"#)
        line.appendDecimal(number)
        line.append(#","action":"#)
        appendSelectorsAction(of: actionRules, texts: texts, to: &line)
        line.append(#","rules":"#)
        appendRules(rules, of: engine, texts: texts, to: &line)
        line.append("}\n")
        line.withBytes { bytes.append($0) }
        return number
    }
}

/// Rule numbers as a dictionary key, hashed as one run of bytes: an
/// `[Int32]` key is hashed number by number, and the stylesheet keys hold
/// up to some hundred rules.
private struct RuleNumbers: Hashable {
    let rules: [Int32]

    init(_ rules: [Int32]) {
        self.rules = rules
    }

    func hash(into hasher: inout Hasher) {
        rules.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
