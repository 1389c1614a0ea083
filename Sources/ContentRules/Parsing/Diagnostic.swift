/// One finding about a rule list: an error WebKit would reject the list for,
/// or a warning about a rule that is legal but almost certainly not meant.
///
/// Diagnostics carry provenance (file, line, rule index, field) so that a
/// user can fix a 50,000-rule list without bisecting it by hand.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public static func == (a: Diagnostic, b: Diagnostic) -> Bool {
        a.severity == b.severity && a.code == b.code && a.file == b.file && a.line == b.line
            && a.ruleIndex == b.ruleIndex && a.field == b.field && a.message == b.message
    }

    public enum Severity: String, Sendable, Equatable {
        case error, warning
    }

    public var severity: Severity
    public var code: DiagnosticCode
    /// The file the rule list came from, when it came from a file.
    public var file: String?
    /// The line in the file where the rule (or the offending value) starts.
    public var line: Int?
    /// The rule's zero-based index in its list, as WebKit counts.
    public var ruleIndex: Int?
    /// The JSON path of the field, such as `trigger.if-domain[2]`.
    public var field: String?
    /// What is wrong, in words, including the offending value.
    public var message: String
    /// WebKit checks structure before regexes; this orders errors the same way.
    var phase = 0

    public init(
        _ severity: Severity, _ code: DiagnosticCode, file: String? = nil, line: Int? = nil,
        ruleIndex: Int? = nil, field: String? = nil, message: String
    ) {
        self.severity = severity
        self.code = code
        self.file = file
        self.line = line
        self.ruleIndex = ruleIndex
        self.field = field
        self.message = message
    }

    /// `file:line: error: rule 3, trigger.url-filter: message [Code]`
    public var description: String {
        var location = file ?? "<input>"
        if let line { location += ":\(line)" }
        var subject: [String] = []
        if let ruleIndex { subject.append("rule \(ruleIndex)") }
        if let field { subject.append(field) }
        let about = subject.isEmpty ? "" : subject.joined(separator: ", ") + ": "
        return "\(location): \(severity.rawValue): \(about)\(message) [\(code.rawValue)]"
    }
}

/// Stable codes for diagnostics. Errors are named and worded after WebKit's
/// `ContentExtensionError` catalogue, so that a message from limot can be
/// matched with what Safari reports; warnings are limot's own.
public enum DiagnosticCode: String, Sendable, Equatable, CaseIterable {
    // Errors, as in WebKit's ContentExtensionError.
    case jsonInvalid = "JSONInvalid"
    case jsonTopLevelStructureNotAnArray = "JSONTopLevelStructureNotAnArray"
    case jsonInvalidObjectInTopLevelArray = "JSONInvalidObjectInTopLevelArray"
    case jsonInvalidRule = "JSONInvalidRule"
    case jsonContainsNoRules = "JSONContainsNoRules"
    case jsonInvalidTrigger = "JSONInvalidTrigger"
    case jsonInvalidURLFilterInTrigger = "JSONInvalidURLFilterInTrigger"
    case jsonInvalidTriggerFlagsArray = "JSONInvalidTriggerFlagsArray"
    case jsonInvalidStringInTriggerFlagsArray = "JSONInvalidStringInTriggerFlagsArray"
    case jsonInvalidAction = "JSONInvalidAction"
    case jsonInvalidActionType = "JSONInvalidActionType"
    case jsonInvalidCSSDisplayNoneActionType = "JSONInvalidCSSDisplayNoneActionType"
    case jsonInvalidRegex = "JSONInvalidRegex"
    case jsonInvalidConditionList = "JSONInvalidConditionList"
    case jsonTooManyRules = "JSONTooManyRules"
    case jsonDomainNotLowerCaseASCII = "JSONDomainNotLowerCaseASCII"
    case jsonMultipleConditions = "JSONMultipleConditions"
    case jsonInvalidNotification = "JSONInvalidNotification"
    case jsonInvalidRequestMethod = "JSONInvalidRequestMethod"
    case jsonRedirectMissing = "JSONRedirectMissing"
    case jsonRedirectExtensionPathDoesNotStartWithSlash = "JSONRedirectExtensionPathDoesNotStartWithSlash"
    case jsonRedirectURLSchemeInvalid = "JSONRedirectURLSchemeInvalid"
    case jsonRedirectToJavaScriptURL = "JSONRedirectToJavaScriptURL"
    case jsonRedirectURLInvalid = "JSONRedirectURLInvalid"
    case jsonRedirectInvalidType = "JSONRedirectInvalidType"
    case jsonRedirectInvalidPort = "JSONRedirectInvalidPort"
    case jsonRedirectInvalidQuery = "JSONRedirectInvalidQuery"
    case jsonRedirectInvalidFragment = "JSONRedirectInvalidFragment"
    case jsonRemoveParametersNotStringArray = "JSONRemoveParametersNotStringArray"
    case jsonAddOrReplaceParametersNotArray = "JSONAddOrReplaceParametersNotArray"
    case jsonAddOrReplaceParametersKeyValueNotADictionary = "JSONAddOrReplaceParametersKeyValueNotADictionary"
    case jsonAddOrReplaceParametersKeyValueMissingKeyString = "JSONAddOrReplaceParametersKeyValueMissingKeyString"
    case jsonAddOrReplaceParametersKeyValueMissingValueString = "JSONAddOrReplaceParametersKeyValueMissingValueString"
    case jsonModifyHeadersInvalidOperation = "JSONModifyHeadersInvalidOperation"
    case jsonModifyHeadersInfoNotADictionary = "JSONModifyHeadersInfoNotADictionary"
    case jsonModifyHeadersMissingOperation = "JSONModifyHeadersMissingOperation"
    case jsonModifyHeadersMissingHeader = "JSONModifyHeadersMissingHeader"
    case jsonModifyHeadersMissingValue = "JSONModifyHeadersMissingValue"
    case jsonModifyHeadersInvalidPriority = "JSONModifyHeadersInvalidPriority"
    case jsonModifyHeadersNotArray = "JSONModifyHeadersNotArray"
    case jsonErrorWritingSerializedNFA = "ErrorWritingSerializedNFA"
    // Warnings: legal rules that are almost certainly not what was meant.
    case ifDomainNamesResourceHost = "IfDomainNamesResourceHost"
    case invalidSelectorSkipped = "InvalidSelectorSkipped"
    case unknownKey = "UnknownKey"
    case ruleNeverMatches = "RuleNeverMatches"
    /// A filter of an AdBlock list that WebKit cannot express, left out of the conversion.
    case adblockFilterSkipped = "AdblockFilterSkipped"
    // Reading the file at all.
    case fileUnreadable = "FileUnreadable"
}
