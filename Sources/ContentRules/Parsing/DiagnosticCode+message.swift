extension DiagnosticCode {
    /// WebKit's own message for its error codes (`ContentExtensionError.cpp`),
    /// verbatim, so limot's output can be searched for alongside Safari's.
    public var webKitMessage: String? {
        switch self {
        case .jsonInvalid: return "Failed to parse the JSON String."
        case .jsonTopLevelStructureNotAnArray: return "Invalid input, the top level structure is not an array."
        case .jsonInvalidObjectInTopLevelArray: return "Invalid object in the top level array."
        case .jsonInvalidRule: return "Invalid rule."
        case .jsonContainsNoRules: return "Empty extension."
        case .jsonInvalidTrigger: return "Invalid trigger object."
        case .jsonInvalidURLFilterInTrigger: return "Invalid url-filter object."
        case .jsonInvalidTriggerFlagsArray: return "Invalid trigger flags array."
        case .jsonInvalidStringInTriggerFlagsArray: return "Invalid string in the trigger flags array."
        case .jsonInvalidConditionList:
            return "Invalid list of if-domain, unless-domain, if-top-url, or unless-top-url conditions."
        case .jsonDomainNotLowerCaseASCII:
            return "Domains must be lower case ASCII. Use punycode to encode non-ASCII characters."
        case .jsonMultipleConditions:
            return "A trigger cannot have more than one condition (if-domain, unless-domain, if-top-url, or unless-top-url)"
        case .jsonTooManyRules: return "Too many rules in JSON array."
        case .jsonInvalidRequestMethod:
            return "The request-method string must be \"get\", \"head\", \"options\", \"trace\", \"put\", \"delete\", \"post\", \"patch\", or \"connect\"."
        case .jsonInvalidAction: return "Invalid action object."
        case .jsonInvalidActionType: return "Invalid action type."
        case .jsonInvalidCSSDisplayNoneActionType: return "Invalid css-display-none action type. Requires a selector."
        case .jsonInvalidNotification: return "A notify action must have a string notification"
        case .jsonInvalidRegex: return "Invalid or unsupported regular expression."
        case .jsonRedirectMissing: return "A redirect action must have a redirect member"
        case .jsonRedirectExtensionPathDoesNotStartWithSlash: return "A redirect extension path must start with a slash"
        case .jsonRedirectURLSchemeInvalid: return "A redirect url scheme must be a valid scheme"
        case .jsonRedirectToJavaScriptURL: return "A redirect url can't have a scheme of javascript"
        case .jsonRedirectURLInvalid: return "A redirect url must be valid"
        case .jsonRedirectInvalidType:
            return "A redirect must have a member named \"extension-path\", \"regex-substitution\", \"transform\" or \"url\""
        case .jsonRedirectInvalidPort:
            return "A redirect port must be either empty or a number between 0 and 65535, inclusive"
        case .jsonRedirectInvalidQuery: return "A redirect query must either be empty or begin with '?'"
        case .jsonRedirectInvalidFragment: return "A redirect fragment must either be empty or begin with '#'"
        case .jsonRemoveParametersNotStringArray: return "A remove-parameters value must be an array of strings"
        case .jsonAddOrReplaceParametersNotArray: return "An add-or-replace-parameters value must be an array"
        case .jsonAddOrReplaceParametersKeyValueNotADictionary:
            return "Members of the add-or-replace-parameters array must be a dictionary"
        case .jsonAddOrReplaceParametersKeyValueMissingKeyString:
            return "Members of the add-or-replace-parameters array must contain a key that is a string"
        case .jsonAddOrReplaceParametersKeyValueMissingValueString:
            return "Members of the add-or-replace-parameters array must contain a value that is a string"
        case .jsonModifyHeadersNotArray: return "A headers member must be an array"
        case .jsonModifyHeadersInfoNotADictionary: return "A modify-headers operation must be a dictionary"
        case .jsonModifyHeadersMissingOperation: return "A modify-headers operation must have an operation"
        case .jsonModifyHeadersInvalidOperation:
            return "A modify-headers operation must have an operation that is either \"set\", \"append\", or \"remove\""
        case .jsonModifyHeadersMissingHeader: return "A modify-headers operation must have a header"
        case .jsonModifyHeadersMissingValue: return "A modify-headers operation of \"set\" or \"append\" must have a value"
        case .jsonModifyHeadersInvalidPriority: return "A priority must be a positive integer"
        case .jsonErrorWritingSerializedNFA: return "Internal I/O error"
        default: return nil
        }
    }
}
