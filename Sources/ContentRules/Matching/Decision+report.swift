import LimotJSON

extension Decision {
    /// The `actions` strings of a `rules match` output line.
    public var actionSummaries: [String] {
        var summaries = actions.filter { if case .cssDisplayNone = $0 { return false } else { return true } }.map(\.summary)
        let selectors = hiddenSelectors
        if !selectors.isEmpty { summaries.append("css-display-none:" + selectors.joined(separator: ",")) }
        return summaries
    }

    /// One line of JSON for `limot rules match`: the URL, the actions, and
    /// the rules that decided them (list and index).
    public func jsonLine(url: String) -> String {
        var writer = JSONWriter()
        writer.object { writer in
            writer.member("url") { $0.string(url) }
            writer.member("blocked") { $0.raw(isBlocked ? "true" : "false") }
            writer.member("actions") { writer in writer.array(actionSummaries) { $0.string($1) } }
            writer.member("rules") { writer in
                writer.array(applied) { writer, rule in
                    let reference = engine.reference(rule)
                    let action = engine.lists[Int(engine.ruleList[Int(rule)])].locations.actionAtLocation[Int(engine.ruleLocation[Int(rule)])]
                    writer.object { writer in
                        writer.member("list") { $0.string(reference.source) }
                        writer.member("rule") { $0.raw(String(reference.index)) }
                        writer.member("action") { $0.string(action.typeName) }
                    }
                }
            }
        }
        return writer.text
    }

    /// A readable account for `limot rules explain`. More than
    /// `cosmeticLimit` css-display-none actions of a list are summarised on
    /// one line unless `listAll` is set.
    public func explanation(listAll: Bool = false, cosmeticLimit: Int = 6) -> String {
        var lines: [String] = []
        let verdict: String
        if isBlocked {
            verdict = "blocked"
        } else if actions.isEmpty && hiddenSelectors.isEmpty {
            verdict = "allowed (no rule applies)"
        } else {
            verdict = "allowed, with " + actionSummaries.map { $0.split(separator: ":").first.map(String.init) ?? $0 }.joined(separator: ", ")
        }
        lines.append("decision: \(verdict)")
        for outcome in outcomes {
            lines.append("")
            lines.append(outcome.source)
            let cosmetic = outcome.actions.filter { if case .cssDisplayNone = $0.action { return true } else { return false } }
            let summarise = !listAll && cosmetic.count > cosmeticLimit
            for applied in outcome.actions {
                if summarise, case .cssDisplayNone = applied.action { continue }
                let who = applied.rules.map { "rule \($0.index)" + ($0.line.map { " (line \($0))" } ?? "") }.joined(separator: ", ")
                lines.append("  \(Self.describe(applied.action))  <- \(who)")
            }
            if summarise {
                let rules = cosmetic.flatMap(\.rules).map { "\($0.index)" }
                let shown = rules.prefix(8).joined(separator: ", ") + (rules.count > 8 ? ", …" : "")
                lines.append("  css-display-none: \(cosmetic.count) selector groups  <- rules \(shown) (--all lists them)")
            }
            if !outcome.globalSelectors.isEmpty {
                lines.append("  css-display-none: \(outcome.globalSelectors.count) selector(s) of the list's global stylesheet")
            }
            if let ignoredBy = outcome.ignoredBy {
                let overridden = outcome.overridden.map { "rule \($0.index)" }
                let detail = overridden.isEmpty ? "nothing earlier matched" : "discarded " + overridden.joined(separator: ", ")
                lines.append("  ignore-previous-rules  <- rule \(ignoredBy.index)\(ignoredBy.line.map { " (line \($0))" } ?? ""): \(detail)")
            }
            if let stoppedBy = outcome.stoppedBy {
                let cut = outcome.cutOff.map { "rule \($0.index)" }
                lines.append("  ignore-following-rules  <- rule \(stoppedBy.index): " + (cut.isEmpty ? "no later rule matched" : "discarded " + cut.joined(separator: ", ")))
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func describe(_ action: Action) -> String {
        switch action {
        case .cssDisplayNone(let selector):
            return "css-display-none \(selector.count > 60 ? String(selector.prefix(57)) + "..." : selector)"
        case .notify(let text): return "notify \"\(text)\""
        default: return action.summary
        }
    }
}

extension Diagnostic {
    /// The diagnostic as a JSON object for editors and scripts.
    public var json: String {
        var writer = JSONWriter()
        writer.object { writer in
            writer.member("severity") { $0.string(severity.rawValue) }
            writer.member("code") { $0.string(code.rawValue) }
            writer.member("file") { $0.optionalString(file) }
            writer.member("line") { $0.raw(line.map(String.init) ?? "null") }
            writer.member("rule") { $0.raw(ruleIndex.map(String.init) ?? "null") }
            writer.member("field") { $0.optionalString(field) }
            writer.member("message") { $0.string(message) }
        }
        return writer.text
    }
}
