import LimotJSON
import WebURL

/// Reads an `action` object (`loadAction` and the declarativeNetRequest
/// actions' `parse` functions in WebKit), recording problems in order.
struct ActionReader {
    enum Problem {
        case error(DiagnosticCode, field: String, detail: String)
        case warning(DiagnosticCode, field: String, detail: String)
    }

    let object: JSONObject
    let ruleIndex: Int
    private(set) var problems: [Problem] = []

    init(object: JSONObject, ruleIndex: Int) {
        self.object = object
        self.ruleIndex = ruleIndex
    }

    private mutating func fail(_ code: DiagnosticCode, _ field: String, _ detail: String) -> Action? {
        problems.append(.error(code, field: field, detail: detail))
        return nil
    }

    /// The action, or nil on error or when WebKit skips the rule.
    mutating func read() -> Action? {
        let typeValue = object["type"]
        switch typeValue?.stringValue {
        case "block"?: return .block
        case "block-cookies"?: return .blockCookies
        case "ignore-previous-rules"?: return .ignorePreviousRules
        case "ignore-following-rules"?: return .ignoreFollowingRules
        case "make-https"?: return .makeHTTPS
        case "css-display-none"?:
            guard let selector = object["selector"]?.stringValue else {
                let found = object["selector"].map { "\"selector\" is \($0.kindDescription), not a string" } ?? "the action has no \"selector\""
                return fail(.jsonInvalidCSSDisplayNoneActionType, "action.selector", found)
            }
            if let problem = CSSSelectorValidator.problem(in: selector) {
                problems.append(.warning(.invalidSelectorSkipped, field: "action.selector",
                    detail: "WebKit skips this rule: \"\(selector)\" is not a valid selector list (\(problem))"))
                return nil
            }
            return .cssDisplayNone(selector: selector)
        case "notify"?:
            guard let notification = object["notification"]?.stringValue else {
                let found = object["notification"].map { "\"notification\" is \($0.kindDescription), not a string" } ?? "the action has no \"notification\""
                return fail(.jsonInvalidNotification, "action.notification", found)
            }
            return .notify(notification: notification)
        case "redirect"?:
            return readRedirect()
        case "modify-headers"?:
            return readModifyHeaders()
        case let name?:
            var detail = "\"\(name)\" is not an action type"
            let known: Set<String> = ["block", "block-cookies", "ignore-previous-rules", "ignore-following-rules", "make-https", "css-display-none", "notify", "redirect", "modify-headers"]
            if let suggestion = RuleReader.closest(to: name, in: known) { detail += "; did you mean \"\(suggestion)\"?" }
            return fail(.jsonInvalidActionType, "action.type", detail)
        case nil:
            let found = typeValue.map { "\"type\" is \($0.kindDescription), not a string" } ?? "the action has no \"type\""
            return fail(.jsonInvalidActionType, "action.type", found)
        }
    }

    // MARK: redirect

    private mutating func readRedirect() -> Action? {
        guard let redirect = object["redirect"]?.objectValue else {
            return fail(.jsonRedirectMissing, "action.redirect", object["redirect"].map { "\"redirect\" is \($0.kindDescription), not an object" } ?? "the action has no \"redirect\"")
        }
        if let path = redirect["extension-path"]?.stringValue {
            guard path.hasPrefix("/") else {
                return fail(.jsonRedirectExtensionPathDoesNotStartWithSlash, "action.redirect.extension-path", "\"\(path)\"")
            }
            return .redirect(.extensionPath(path))
        }
        if let substitution = redirect["regex-substitution"]?.stringValue {
            return .redirect(.regexSubstitution(substitution))
        }
        if let transform = redirect["transform"]?.objectValue {
            return readTransform(transform).map { .redirect(.transform($0)) }
        }
        if let url = redirect["url"]?.stringValue {
            guard let parsed = try? WebURL(url) else {
                return fail(.jsonRedirectURLInvalid, "action.redirect.url", "\"\(url)\" is not a valid URL")
            }
            if parsed.scheme == "javascript" {
                return fail(.jsonRedirectToJavaScriptURL, "action.redirect.url", "\"\(url)\"")
            }
            return .redirect(.url(url))
        }
        return fail(.jsonRedirectInvalidType, "action.redirect", "found none of them")
    }

    private mutating func readTransform(_ object: JSONObject) -> URLTransform? {
        var transform = URLTransform()
        let field = "action.redirect.transform"
        if let fragment = object["fragment"]?.stringValue {
            guard fragment.isEmpty || fragment.hasPrefix("#") else {
                _ = fail(.jsonRedirectInvalidFragment, field + ".fragment", "\"\(fragment)\"")
                return nil
            }
            transform.fragment = fragment
        }
        transform.host = object["host"]?.stringValue
        transform.password = object["password"]?.stringValue
        transform.path = object["path"]?.stringValue
        if let port = object["port"]?.stringValue {
            guard port.isEmpty || Self.parsePort(port) != nil else {
                _ = fail(.jsonRedirectInvalidPort, field + ".port", "\"\(port)\"")
                return nil
            }
            transform.port = port
        }
        if let scheme = object["scheme"]?.stringValue {
            let bytes = Array(scheme.utf8)
            let validScheme = !bytes.isEmpty && bytes[0].isASCIILetter
                && bytes.allSatisfy { $0.isASCIILetter || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
            guard validScheme else {
                _ = fail(.jsonRedirectURLSchemeInvalid, field + ".scheme", "\"\(scheme)\"")
                return nil
            }
            guard scheme.lowercased() != "javascript" else {
                _ = fail(.jsonRedirectToJavaScriptURL, field + ".scheme", "\"\(scheme)\"")
                return nil
            }
            transform.scheme = scheme.lowercased()
        }
        transform.username = object["username"]?.stringValue
        if let queryTransform = object["query-transform"]?.objectValue {
            guard let parsed = readQueryTransform(queryTransform) else { return nil }
            transform.queryTransform = parsed
        } else if let query = object["query"]?.stringValue {
            guard query.isEmpty || query.hasPrefix("?") else {
                _ = fail(.jsonRedirectInvalidQuery, field + ".query", "\"\(query)\"")
                return nil
            }
            transform.query = query
        }
        return transform
    }

    /// A port as WebKit's `parseInteger<uint16_t>` reads it: leading
    /// white space and a `+` allowed, then digits only, at most 65535.
    static func parsePort(_ text: String) -> UInt16? {
        var digits = Substring(text).drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        if digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return UInt16(String(digits.drop { $0 == "0" }.isEmpty ? "0" : String(digits.drop { $0 == "0" })))
    }

    private mutating func readQueryTransform(_ object: JSONObject) -> QueryTransform? {
        var result = QueryTransform()
        let field = "action.redirect.transform.query-transform"
        if let remove = object["remove-parameters"] {
            guard let names = remove.arrayValue?.compactMap(\.stringValue), names.count == remove.arrayValue?.count else {
                _ = fail(.jsonRemoveParametersNotStringArray, field + ".remove-parameters", "found \(remove.kindDescription)")
                return nil
            }
            result.removeParameters = names
        }
        if let add = object["add-or-replace-parameters"] {
            guard let entries = add.arrayValue else {
                _ = fail(.jsonAddOrReplaceParametersNotArray, field + ".add-or-replace-parameters", "found \(add.kindDescription)")
                return nil
            }
            for (position, entry) in entries.enumerated() {
                let entryField = field + ".add-or-replace-parameters[\(position)]"
                guard let pair = entry.objectValue else {
                    _ = fail(.jsonAddOrReplaceParametersKeyValueNotADictionary, entryField, "found \(entry.kindDescription)")
                    return nil
                }
                guard let key = pair["key"]?.stringValue else {
                    _ = fail(.jsonAddOrReplaceParametersKeyValueMissingKeyString, entryField + ".key", "no string \"key\"")
                    return nil
                }
                guard let value = pair["value"]?.stringValue else {
                    _ = fail(.jsonAddOrReplaceParametersKeyValueMissingValueString, entryField + ".value", "no string \"value\"")
                    return nil
                }
                result.addOrReplaceParameters.append(.init(key: key, value: value, replaceOnly: pair["replace-only"]?.boolValue ?? false))
            }
        }
        return result
    }

    // MARK: modify-headers

    private mutating func readModifyHeaders() -> Action? {
        guard let requestHeaders = readHeaderOperations("request-headers"),
            let responseHeaders = readHeaderOperations("response-headers")
        else { return nil }
        // WebKit truncates the number toward zero and wants 0...Int32.max.
        guard case .number(let number)? = object["priority"], number.rounded(.towardZero) >= 0, number.rounded(.towardZero) <= Double(Int32.max) else {
            let found = object["priority"].map { "\"priority\" is \($0.kindDescription)" } ?? "the action has no \"priority\""
            return fail(.jsonModifyHeadersInvalidPriority, "action.priority", found)
        }
        return .modifyHeaders(ModifyHeaders(priority: Int(number.rounded(.towardZero)), requestHeaders: requestHeaders, responseHeaders: responseHeaders))
    }

    private mutating func readHeaderOperations(_ key: String) -> [ModifyHeaders.Operation]? {
        guard let value = object[key] else { return [] }
        guard let entries = value.arrayValue else {
            _ = fail(.jsonModifyHeadersNotArray, "action.\(key)", "\"\(key)\" is \(value.kindDescription)")
            return nil
        }
        var operations: [ModifyHeaders.Operation] = []
        for (position, entry) in entries.enumerated() {
            let field = "action.\(key)[\(position)]"
            guard let info = entry.objectValue else {
                _ = fail(.jsonModifyHeadersInfoNotADictionary, field, "found \(entry.kindDescription)")
                return nil
            }
            guard let operation = info["operation"]?.stringValue else {
                _ = fail(.jsonModifyHeadersMissingOperation, field + ".operation", "no string \"operation\"")
                return nil
            }
            guard let header = info["header"]?.stringValue else {
                _ = fail(.jsonModifyHeadersMissingHeader, field + ".header", "no string \"header\"")
                return nil
            }
            let headerValue = info["value"]?.stringValue
            switch operation {
            case "set", "append":
                guard let headerValue else {
                    _ = fail(.jsonModifyHeadersMissingValue, field + ".value", "\"\(operation)\" needs a string \"value\"")
                    return nil
                }
                operations.append(.init(kind: operation == "set" ? .set : .append, header: header, value: headerValue))
            case "remove":
                operations.append(.init(kind: .remove, header: header, value: nil))
            default:
                _ = fail(.jsonModifyHeadersInvalidOperation, field + ".operation", "\"\(operation)\"")
                return nil
            }
        }
        return operations
    }
}

extension UInt8 {
    var isASCIILetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
}
