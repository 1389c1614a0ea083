import LimotJSON

extension Decision {
    /// The `actions` strings of a `rules match` output line: the load's own
    /// actions, as WebKit reports them (no global stylesheet), with the
    /// css-display-none selectors joined into one.
    public var actionSummaries: [String] {
        var summaries: [String] = []
        var selectors: [String] = []
        for action in actions {
            if case .cssDisplayNone(let selector) = action { selectors.append(selector) } else { summaries.append(action.summary) }
        }
        if !selectors.isEmpty { summaries.append("css-display-none:" + selectors.joined(separator: ",")) }
        return summaries
    }

    /// A readable account for `limot rules explain`. More than
    /// `cosmeticLimit` css-display-none actions of a list are summarised on
    /// one line unless `listAll` is set.
    public func explanation(listAll: Bool = false, cosmeticLimit: Int = 6) -> String {
        var lines: [String] = []
        let verdict: String
        let stylesheets = globalStylesheets
        let getsStylesheet = stylesheets.contains { $0.switchedOffBy == nil }
        if isBlocked {
            verdict = "blocked"
        } else if actions.isEmpty {
            verdict = getsStylesheet ? "allowed, with the global stylesheet only" : "allowed (no rule applies)"
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
            if let ignoredBy = outcome.ignoredBy {
                let overridden = outcome.overridden.map { "rule \($0.index)" }
                let detail = overridden.isEmpty ? "nothing earlier matched" : "discarded " + overridden.joined(separator: ", ")
                let ofList = ignoredBy.source == outcome.source ? "" : " of \(ignoredBy.source)"
                lines.append("  ignore-previous-rules  <- rule \(ignoredBy.index)\(ignoredBy.line.map { " (line \($0))" } ?? "")\(ofList): \(detail)")
            }
            if let stoppedBy = outcome.stoppedBy {
                let cut = outcome.cutOff.map { "rule \($0.index)" }
                lines.append("  ignore-following-rules  <- rule \(stoppedBy.index): " + (cut.isEmpty ? "no later rule matched" : "discarded " + cut.joined(separator: ", ")))
            }
        }
        if !stylesheets.isEmpty {
            lines.append("")
            lines.append("global stylesheets (css-display-none on every document, not among a load's actions)")
            for stylesheet in stylesheets {
                let rules = stylesheet.rules.map { "\($0.index)" }
                let who = "rule" + (rules.count == 1 ? " " : "s ") + rules.prefix(8).joined(separator: ", ") + (rules.count > 8 ? ", …" : "")
                if let off = stylesheet.switchedOffBy {
                    let ofList = off.source == stylesheet.source ? "" : " of \(off.source)"
                    lines.append("  \(stylesheet.source): switched off by ignore-previous-rules  <- rule \(off.index)\(off.line.map { " (line \($0))" } ?? "")\(ofList)")
                } else {
                    let shown = stylesheet.selectors.joined(separator: ",")
                    let text = listAll || shown.count <= 60 ? shown : String(shown.prefix(57)) + "..."
                    lines.append("  \(stylesheet.source): \(stylesheet.selectors.count) selector(s) \(text)  <- \(who)")
                }
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
