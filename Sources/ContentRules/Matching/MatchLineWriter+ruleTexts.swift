import LimotJSON

/// The pieces `MatchLineWriter` makes a line's tail of: each rule's texts
/// (its action as a line spells it, its number in its list), made once, and
/// the parts of a line written from them.
extension MatchLineWriter {
    /// A rule's texts in `texts`: its action, which is the selectors of a
    /// css-display-none action escaped for a JSON string (the line joins all
    /// of a load's into one string) or any other action's whole quoted
    /// summary, and its number in its list. Rules at one action location
    /// share its action's text.
    struct RuleTextBounds {
        var action = -1..<(-1)
        var number = 0..<0
        var isSelectors = false
        var isMade: Bool { action.lowerBound >= 0 }
    }

    /// `"css-display-none:SELECTORS"`, the rules' selector groups joined by commas.
    func appendSelectorsAction(of rules: [Int32], texts: UnsafeBufferPointer<UInt8>, to out: inout LineBytes) {
        out.append(#""css-display-none:"#)
        for (index, rule) in rules.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            let bounds = textBounds[Int(rule)]
            out.append(UnsafeBufferPointer(rebasing: texts[bounds.action]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `{"list": [numbers], …}`: the rules (in decision order, so grouped by
    /// list) by their lists' sources.
    func appendRules(_ rules: [Int32], of engine: ContentRuleEngine, texts: UnsafeBufferPointer<UInt8>,
                             to out: inout LineBytes) {
        out.append(UInt8(ascii: "{"))
        var start = rules.startIndex
        while start < rules.endIndex {
            let list = engine.ruleList[Int(rules[start])]
            var end = start + 1
            while end < rules.endIndex, engine.ruleList[Int(rules[end])] == list { end += 1 }
            if start > rules.startIndex { out.append(UInt8(ascii: ",")) }
            out.append(listHeads[Int(list)])
            for position in start..<end {
                if position > start { out.append(UInt8(ascii: ",")) }
                let bounds = textBounds[Int(rules[position])]
                out.append(UnsafeBufferPointer(rebasing: texts[bounds.number]))
            }
            out.append(UInt8(ascii: "]"))
            start = end
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Where the rule's texts are in `texts`, made on first use. Inlined
    /// for the rules already made (most of those asked for), the making not.
    @inline(__always)
    mutating func textBounds(of rule: Int32, in engine: ContentRuleEngine) -> RuleTextBounds {
        let known = textBounds[Int(rule)]
        return known.isMade ? known : makeTextBounds(of: rule, in: engine)
    }

    /// Makes a rule's texts in `texts`.
    @inline(never)
    mutating func makeTextBounds(of rule: Int32, in engine: ContentRuleEngine) -> RuleTextBounds {
        let (list, index) = engine.listAndIndex(of: rule)
        let location = Int(engine.ruleLocation[Int(rule)])
        var bounds = RuleTextBounds()
        let sharing = actionTextRules[list][location]
        if sharing >= 0 {
            let shared = textBounds[Int(sharing)]
            (bounds.action, bounds.isSelectors) = (shared.action, shared.isSelectors)
        } else {
            let actionStart = texts.count
            if case .cssDisplayNone(let selectors) = engine.lists[list].locations.actionAtLocation[location] {
                // Escaping works byte by byte, so escaped groups joined are the joined groups escaped.
                var quoted: [UInt8] = []
                JSONWriter.appendQuoted(selectors, to: &quoted)
                quoted.withUnsafeBufferPointer { texts.append(contentsOf: UnsafeBufferPointer(rebasing: $0.dropFirst().dropLast())) }
                bounds.isSelectors = true
            } else {
                JSONWriter.appendQuoted(engine.lists[list].locations.actionAtLocation[location].summary, to: &texts)
            }
            bounds.action = actionStart..<texts.count
            actionTextRules[list][location] = rule
        }
        let numberStart = texts.count
        DecimalDigits.with(index) {
            texts.append(contentsOf: $0)
        }
        bounds.number = numberStart..<texts.count
        textBounds[Int(rule)] = bounds
        return bounds
    }
}
