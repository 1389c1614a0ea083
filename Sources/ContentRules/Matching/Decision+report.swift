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
        var rules: [String] = []
        rules.reserveCapacity(applied.count)
        for rule in applied {
            let reference = engine.reference(rule)
            let action = engine.lists[Int(engine.ruleList[Int(rule)])].locations.actionAtLocation[Int(engine.ruleLocation[Int(rule)])]
            rules.append("{\"list\":\(JSONText.quote(reference.source)),\"rule\":\(reference.index),\"action\":\(JSONText.quote(action.typeName))}")
        }
        let actions = actionSummaries.map(JSONText.quote).joined(separator: ",")
        return "{\"url\":\(JSONText.quote(url)),\"blocked\":\(isBlocked),\"actions\":[\(actions)],\"rules\":[\(rules.joined(separator: ","))]}"
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

/// Minimal JSON text output (strings and their escapes).
public enum JSONText {
    /// A JSON string literal for `text`.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension Diagnostic {
    /// The diagnostic as a JSON object for editors and scripts.
    public var json: String {
        var fields = ["\"severity\":\(JSONText.quote(severity.rawValue))", "\"code\":\(JSONText.quote(code.rawValue))"]
        fields.append("\"file\":" + (file.map(JSONText.quote) ?? "null"))
        fields.append("\"line\":" + (line.map(String.init) ?? "null"))
        fields.append("\"rule\":" + (ruleIndex.map(String.init) ?? "null"))
        fields.append("\"field\":" + (field.map(JSONText.quote) ?? "null"))
        fields.append("\"message\":\(JSONText.quote(message))")
        return "{" + fields.joined(separator: ",") + "}"
    }
}
