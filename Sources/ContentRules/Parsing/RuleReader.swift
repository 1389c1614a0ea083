import LimotJSON

/// Reads one rule object: its trigger, then its action, in WebKit's order of
/// checks (`loadTrigger`, `loadAction`). Each field is checked on its own so
/// that all of a rule's problems are reported, the first being WebKit's.
struct RuleReader {
    let object: JSONObject
    let index: Int

    static let ruleKeys: Set<String> = ["trigger", "action", "_identifier"]
    static let triggerKeys: Set<String> = [
        "url-filter", "url-filter-is-case-sensitive", "top-url-filter-is-case-sensitive",
        "frame-url-filter-is-case-sensitive", "resource-type", "load-type", "load-context", "request-method",
        "if-domain", "unless-domain", "if-top-url", "unless-top-url", "if-frame-url", "unless-frame-url",
        "if-ancestor-frame-url",
    ]
    static let actionKeys: Set<String> = [
        "type", "selector", "notification", "redirect", "priority", "request-headers", "response-headers",
    ]

    /// The rule, or nil when it has an error or WebKit skips it.
    func read(into context: inout RuleListParser.Context) -> Rule? {
        warnAboutUnknownKeys(in: object, known: Self.ruleKeys, path: "", context: &context)
        let trigger = readTrigger(&context)
        let action = readAction(&context)
        guard let trigger, let action else { return nil }
        return Rule(trigger: trigger, action: action, index: index, line: object.line)
    }

    private func error(_ code: DiagnosticCode, _ field: String, _ detail: String, _ context: inout RuleListParser.Context, line: Int? = nil) {
        context.error(code, rule: index, line: line ?? object.line, field: field, detail: detail)
    }

    private func warnAboutUnknownKeys(in object: JSONObject, known: Set<String>, path: String, context: inout RuleListParser.Context) {
        for member in object.members where !known.contains(member.key) {
            var detail = "WebKit ignores the unknown key \"\(member.key)\""
            if let suggestion = Self.closest(to: member.key, in: known) {
                detail += "; did you mean \"\(suggestion)\"?"
            }
            context.warning(.unknownKey, rule: index, line: object.line, field: path + member.key, detail: detail)
        }
    }

    /// The known key within a small edit distance of a misspelt one.
    static func closest(to key: String, in known: Set<String>) -> String? {
        func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
            var previous = Array(0...b.count)
            for (i, x) in a.enumerated() {
                var current = [i + 1]
                for (j, y) in b.enumerated() {
                    current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
                }
                previous = current
            }
            return previous[b.count]
        }
        let lowered = Array(key.lowercased().utf8)
        let scored = known.map { ($0, distance(lowered, Array($0.utf8))) }.filter { $0.1 <= 3 }
        return scored.min { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }?.0
    }

    // MARK: trigger

    private func readTrigger(_ context: inout RuleListParser.Context) -> Trigger? {
        guard let triggerObject = object["trigger"]?.objectValue else {
            let found = object["trigger"].map { "\"trigger\" is \($0.kindDescription), not an object" } ?? "the rule has no \"trigger\""
            error(.jsonInvalidTrigger, "trigger", found, &context)
            return nil
        }
        warnAboutUnknownKeys(in: triggerObject, known: Self.triggerKeys, path: "trigger.", context: &context)
        var valid = true
        let urlFilter = triggerObject["url-filter"]?.stringValue ?? ""
        if urlFilter.isEmpty {
            let found: String
            switch triggerObject["url-filter"] {
            case nil: found = "the trigger has no \"url-filter\""
            case .string?: found = "\"url-filter\" is empty"
            case let value?: found = "\"url-filter\" is \(value.kindDescription), not a string"
            }
            error(.jsonInvalidURLFilterInTrigger, "trigger.url-filter", found, &context, line: triggerObject.line(of: "url-filter") ?? triggerObject.line)
            valid = false
        }
        var trigger = Trigger(urlFilter: urlFilter)
        for (key, flag) in [
            ("url-filter-is-case-sensitive", \Trigger.urlFilterIsCaseSensitive),
            ("top-url-filter-is-case-sensitive", \Trigger.topURLFilterIsCaseSensitive),
            ("frame-url-filter-is-case-sensitive", \Trigger.frameURLFilterIsCaseSensitive),
        ] as [(String, WritableKeyPath<Trigger, Bool>)] {
            guard let value = triggerObject[key] else { continue }
            if let bool = value.boolValue {
                trigger[keyPath: flag] = bool
            } else {
                context.warning(.unknownKey, rule: index, line: triggerObject.line(of: key) ?? triggerObject.line, field: "trigger." + key,
                    detail: "\"\(key)\" is \(value.kindDescription); WebKit ignores anything but true or false here")
            }
        }
        valid = readFlags("resource-type", triggerObject, &context) { ResourceTypes(triggerName: $0).map { trigger.resourceTypes.formUnion($0) } != nil } && valid
        valid = readFlags("load-type", triggerObject, &context) { LoadTypes(triggerName: $0).map { trigger.loadTypes.formUnion($0) } != nil } && valid
        valid = readFlags("load-context", triggerObject, &context) { LoadContexts(triggerName: $0).map { trigger.loadContexts.formUnion($0) } != nil } && valid
        if let value = triggerObject["request-method"] {
            if let name = value.stringValue, let method = RequestMethod(httpMethod: name) {
                trigger.requestMethod = method
            } else {
                let found = value.stringValue.map { "\"\($0)\" is not a method" } ?? "\"request-method\" is \(value.kindDescription), not a string"
                error(.jsonInvalidRequestMethod, "trigger.request-method", found, &context, line: triggerObject.line(of: "request-method") ?? triggerObject.line)
                valid = false
            }
        }
        valid = readCondition(triggerObject, into: &trigger, &context) && valid
        return valid ? trigger : nil
    }

    /// Reads a flags array; `accept` records a name and says whether it is known.
    private func readFlags(_ key: String, _ trigger: JSONObject, _ context: inout RuleListParser.Context, accept: (String) -> Bool) -> Bool {
        guard let value = trigger[key] else { return true }
        let line = trigger.line(of: key) ?? trigger.line
        guard let names = value.arrayValue else {
            error(.jsonInvalidTriggerFlagsArray, "trigger.\(key)", "\"\(key)\" is \(value.kindDescription), not an array", &context, line: line)
            return false
        }
        var valid = true
        for (position, name) in names.enumerated() {
            guard let string = name.stringValue, accept(string) else {
                let found = name.stringValue.map { "\"\($0)\" is not a known \(key)" } ?? "\(name.kindDescription) is not a string"
                error(.jsonInvalidStringInTriggerFlagsArray, "trigger.\(key)[\(position)]", found, &context, line: value.elementLines?[position] ?? line)
                valid = false
                continue
            }
        }
        return valid
    }

    private func readCondition(_ triggerObject: JSONObject, into trigger: inout Trigger, _ context: inout RuleListParser.Context) -> Bool {
        var valid = true
        var seen: Condition.Kind?
        for kind in Condition.Kind.allCases {
            guard let value = triggerObject[kind.rawValue] else { continue }
            let field = "trigger.\(kind.rawValue)"
            let line = triggerObject.line(of: kind.rawValue) ?? triggerObject.line
            if let seen {
                error(.jsonMultipleConditions, field, "\"\(kind.rawValue)\" and \"\(seen.rawValue)\" are both given", &context, line: line)
                valid = false
                continue
            }
            seen = kind
            guard let elements = value.arrayValue else {
                error(.jsonInvalidConditionList, field, "\"\(kind.rawValue)\" is \(value.kindDescription), not an array", &context, line: line)
                valid = false
                continue
            }
            if elements.isEmpty {
                error(.jsonInvalidConditionList, field, "\"\(kind.rawValue)\" is empty", &context, line: line)
                valid = false
                continue
            }
            var strings: [String] = []
            var listValid = true
            for (position, element) in elements.enumerated() {
                guard let string = element.stringValue, !string.isEmpty else {
                    let found = element.stringValue != nil ? "an empty string" : "\(element.kindDescription), not a string"
                    error(.jsonInvalidConditionList, "\(field)[\(position)]", "entry \(position) is \(found)", &context, line: value.elementLines?[position] ?? line)
                    listValid = false
                    continue
                }
                strings.append(string)
            }
            if listValid && kind.isDomainList {
                for (position, domain) in strings.enumerated()
                where domain.utf8.contains(where: { $0 >= 0x80 || ($0 >= 0x41 && $0 <= 0x5A) }) {
                    error(.jsonDomainNotLowerCaseASCII, "\(field)[\(position)]", "\"\(domain)\" is not lower-case ASCII", &context, line: value.elementLines?[position] ?? line)
                    listValid = false
                }
            }
            if listValid {
                trigger.condition = Condition(kind: kind, values: strings)
            } else {
                valid = false
            }
        }
        return valid
    }

    // MARK: action

    private func readAction(_ context: inout RuleListParser.Context) -> Action? {
        guard let actionObject = object["action"]?.objectValue else {
            let found = object["action"].map { "\"action\" is \($0.kindDescription), not an object" } ?? "the rule has no \"action\""
            error(.jsonInvalidAction, "action", found, &context)
            return nil
        }
        warnAboutUnknownKeys(in: actionObject, known: Self.actionKeys, path: "action.", context: &context)
        var reader = ActionReader(object: actionObject, ruleIndex: index)
        let action = reader.read()
        for problem in reader.problems {
            switch problem {
            case .error(let code, let field, let detail):
                error(code, field, detail, &context, line: actionObject.line)
            case .warning(let code, let field, let detail):
                context.warning(code, rule: index, line: actionObject.line, field: field, detail: detail)
            }
        }
        return action
    }
}
