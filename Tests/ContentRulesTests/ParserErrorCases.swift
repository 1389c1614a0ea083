import Testing
@testable import ContentRules

/// WebKit's `checkCompilerError` cases (TEST InvalidJSON in
/// Tools/TestWebKitAPI/Tests/WebCore/ContentExtensions.cpp), in file order.
/// The cases below are transcribed from that file.
struct CompilerErrorCase: Sendable, CustomTestStringConvertible {
    let number: Int
    let json: String
    /// WebKit's error name, or nil for "no error".
    let expected: String?
    var note: String = ""

    var testDescription: String { "#\(number) \(json.prefix(140)) → \(expected ?? "no error")\(note.isEmpty ? "" : " (\(note))")" }
}

/// `B(x)`: a block rule with url-filter `webkit.org` plus the trigger keys `x`.
private func B(_ extra: String) -> String {
    #"[{"action":{"type":"block"},"trigger":{"url-filter":"webkit.org", "# + extra + "}}]"
}

/// `BA(x)`: the same with url-filter `.*`.
private func BA(_ extra: String) -> String {
    #"[{"action":{"type":"block"},"trigger":{"url-filter":".*", "# + extra + "}}]"
}

/// `R(x)`: a redirect rule with the action keys `x`.
private func R(_ extra: String) -> String {
    #"[{"action":{"type":"redirect","# + extra + #"},"trigger":{"url-filter":"webkit.org"}}]"#
}

/// `M(x)`: a modify-headers rule with the action keys `x`.
private func M(_ extra: String) -> String {
    #"[{"action":{"type":"modify-headers","# + extra + #"},"trigger":{"url-filter":"webkit.org"}}]"#
}

let compilerErrorCases: [CompilerErrorCase] = {
    var cases: [(String, String?)] = [
        /* 1 */ ("[", "JSONInvalid"),
        /* 2 */ ("123", "JSONTopLevelStructureNotAnArray"),
        /* 3 */ ("{}", "JSONTopLevelStructureNotAnArray"),
        /* 4 */ ("[5]", "JSONInvalidRule"),
        /* 5 */ ("[]", "JSONContainsNoRules"),
        /* 6 */ (#"[{"action":{"type":"block"},"trigger":5}]"#, "JSONInvalidTrigger"),
        /* 7 */ (#"[{"action":{"type":"block"},"trigger":{"url-filter":""}}]"#, "JSONInvalidURLFilterInTrigger"),
        /* 8 */ (#"[{"action":{"type":"block"},"trigger":{"url-filter":{}}}]"#, "JSONInvalidURLFilterInTrigger"),
        /* 9 */ (B(#""load-type":{}"#), "JSONInvalidTriggerFlagsArray"),
        /* 10 */ (B(#""load-type":["invalid"]"#), "JSONInvalidStringInTriggerFlagsArray"),
        /* 11 */ (B(#""load-type":[5]"#), "JSONInvalidStringInTriggerFlagsArray"),
        /* 12 */ (B(#""load-type":5"#), "JSONInvalidTriggerFlagsArray"),
        /* 13 */ (B(#""load-type":"first-party""#), "JSONInvalidTriggerFlagsArray"),
        /* 14 */ (B(#""load-type":null"#), "JSONInvalidTriggerFlagsArray"),
        /* 15 */ (B(#""load-type":false"#), "JSONInvalidTriggerFlagsArray"),
        /* 16 */ (B(#""resource-type":{}"#), "JSONInvalidTriggerFlagsArray"),
        /* 17 */ (B(#""resource-type":["invalid"]"#), "JSONInvalidStringInTriggerFlagsArray"),
        /* 18 */ (B(#""resource-type":[5]"#), "JSONInvalidStringInTriggerFlagsArray"),
        /* 19 */ (B(#""resource-type":5"#), "JSONInvalidTriggerFlagsArray"),
        /* 20 */ (B(#""resource-type":"document""#), "JSONInvalidTriggerFlagsArray"),
        /* 21 */ (B(#""resource-type":null"#), "JSONInvalidTriggerFlagsArray"),
        /* 22 */ (B(#""resource-type":false"#), "JSONInvalidTriggerFlagsArray"),
        /* 23 */ (#"[{"action":{"type":"notify"},"trigger":{"url-filter":".*"}}]"#, "JSONInvalidNotification"),
        /* 24 */ (#"[{"action":{"type":"notify","notification":5},"trigger":{"url-filter":".*"}}]"#, "JSONInvalidNotification"),
        /* 25 */ (#"[{"action":{"type":"notify","notification":[]},"trigger":{"url-filter":".*"}}]"#, "JSONInvalidNotification"),
        /* 26 */ (#"[{"action":{"type":"notify","notification":"here's my notification"},"trigger":{"url-filter":".*"}}]"#, nil),
        /* 27 */ (#"[{"action":{"type":"notify","notification":"\u1234"},"trigger":{"url-filter":".*"}}]"#, nil),
        /* 28 */ (manyRules(150_000), nil),
        /* 29 */ (manyRules(150_001), "JSONTooManyRules"),
        /* 30 */ (BA(#""request-method":"foo""#), "JSONInvalidRequestMethod"),
        /* 31 */ (BA(#""request-method":null"#), "JSONInvalidRequestMethod"),
        /* 32 */ (BA(#""request-method":false"#), "JSONInvalidRequestMethod"),
        /* 33 */ (BA(#""request-method":1"#), "JSONInvalidRequestMethod"),
        /* 34 */ (BA(#""request-method":[]"#), "JSONInvalidRequestMethod"),
        /* 35 */ (BA(#""request-method":{}"#), "JSONInvalidRequestMethod"),
        /* 36 */ (B(#""if-domain":{}"#), "JSONInvalidConditionList"),
        /* 37 */ (B(#""if-domain":[5]"#), "JSONInvalidConditionList"),
        /* 38 */ (B(#""if-domain":["a"]"#), nil),
        /* 39 */ (B(#""if-domain":"a""#), "JSONInvalidConditionList"),
        /* 40 */ (B(#""if-domain":false"#), "JSONInvalidConditionList"),
        /* 41 */ (B(#""if-domain":null"#), "JSONInvalidConditionList"),
        /* 42 */ (B(#""unless-domain":{}"#), "JSONInvalidConditionList"),
        /* 43 */ (B(#""unless-domain":[5]"#), "JSONInvalidConditionList"),
        /* 44 */ (B(#""unless-domain":[""]"#), "JSONInvalidConditionList"),
        /* 45 */ (B(#""unless-domain":"a""#), "JSONInvalidConditionList"),
        /* 46 */ (B(#""unless-domain":null"#), "JSONInvalidConditionList"),
        /* 47 */ (B(#""unless-domain":false"#), "JSONInvalidConditionList"),
        /* 48 */ (B(#""unless-domain":["A"]"#), "JSONDomainNotLowerCaseASCII"),
        /* 49 */ (B(#""unless-domain":["\u00DC"]"#), "JSONDomainNotLowerCaseASCII"),
        /* 50 */ (B(#""unless-domain":["0"]"#), nil),
        /* 51 */ (B(#""unless-domain":["a"]"#), nil),
        /* 52 */ (B(#""if-domain":[],"unless-domain":["a"]"#), "JSONInvalidConditionList"),
        /* 53 */ (B(#""unless-domain":[]"#), "JSONInvalidConditionList"),
        /* 54 */ (B(#""if-domain":5"#), "JSONInvalidConditionList"),
        /* 55 */ (B(#""unless-domain":5"#), "JSONInvalidConditionList"),
        /* 56 */ (B(#""if-domain":5,"unless-domain":5"#), "JSONInvalidConditionList"),
        /* 57 */ (B(#""if-domain":[]"#), "JSONInvalidConditionList"),
        /* 58 */ (B(#""if-domain":["a"],"unless-domain":[]"#), "JSONMultipleConditions"),
        /* 59 */ (#"[{"action":5,"trigger":{"url-filter":"webkit.org"}}]"#, "JSONInvalidAction"),
        /* 60 */ (#"[{"action":{"type":"invalid"},"trigger":{"url-filter":"webkit.org"}}]"#, "JSONInvalidActionType"),
        /* 61 */ (#"[{"action":{"type":"css-display-none"},"trigger":{"url-filter":"webkit.org"}}]"#, "JSONInvalidCSSDisplayNoneActionType"),
        /* 62 */ (#"[{"action":{"type":"ignore-previous-rules"},"trigger":{"url-filter":"webkit.org"}},{"action":{"type":"css-display-none","selector":".hidden"},"trigger":{"url-filter":".*"}}]"#, nil),
        /* 63 */ (BA(#""if-domain":["a"]"#), nil),
        /* 64 */ (BA(#""unless-domain":["a"]"#), nil),
        /* 65 */ (#"[{"action":{"type":"block"},"trigger":{"url-filter":"["}}]"#, "JSONInvalidRegex"),
        /* 66 */ (B(#""if-domain":["a"],"unless-domain":["a"]"#), "JSONMultipleConditions"),
        /* 67 */ (B(#""if-top-url":["a"],"unless-top-url":[]"#), "JSONMultipleConditions"),
        /* 68 */ (B(#""if-frame-url":["a"],"unless-frame-url":[]"#), "JSONMultipleConditions"),
        /* 69 */ (B(#""if-top-url":["a"],"if-frame-url":[]"#), "JSONMultipleConditions"),
        /* 70 */ (B(#""if-top-url":["a"],"unless-top-url":["a"]"#), "JSONMultipleConditions"),
        /* 71 */ (B(#""if-domain":["a"],"if-top-url":["a"]"#), "JSONMultipleConditions"),
        /* 72 */ (B(#""if-top-url":[],"unless-domain":["a"]"#), "JSONMultipleConditions"),
        /* 73 */ (B(#""if-top-url":["a"],"if-domain":["a"]"#), "JSONMultipleConditions"),
        /* 74 */ (B(#""if-ancestor-frame-url":["a"],"if-frame-url":["a"]"#), "JSONMultipleConditions"),
        /* 75 */ (B(#""if-ancestor-frame-url":["a"],"unless-frame-url":["a"]"#), "JSONMultipleConditions"),
        /* 76 */ (B(#""if-ancestor-frame-url":["a"],"if-domain":["a"]"#), "JSONMultipleConditions"),
        /* 77 */ (B(#""if-ancestor-frame-url":["a"],"unless-domain":["a"]"#), "JSONMultipleConditions"),
        /* 78 */ (B(#""if-ancestor-frame-url":["a"],"if-top-url":["a"]"#), "JSONMultipleConditions"),
        /* 79 */ (B(#""if-ancestor-frame-url":["a"],"unless-top-url":["a"]"#), "JSONMultipleConditions"),
        /* 80 */ (#"[{"action":{"type":"block"},"trigger":{"url-filter":"webkit.org","if-top-url":["a"]}}, {"action":{"type":"block"},"trigger":{"url-filter":"webkit.org","if-domain":["a"]}}]"#, nil),
        /* 81 */ (#"[{"action":{"type":"block"},"trigger":{"url-filter":"webkit.org","if-top-url":["a"]}}, {"action":{"type":"block"},"trigger":{"url-filter":"webkit.org","unless-domain":["a"]}}]"#, nil),
        /* 82 */ (#"[{"action":{"type":"block"},"trigger":{"url-filter":"test\\.html", "unless-top-url":["["]}}]"#, "JSONInvalidRegex"),
        /* 83 */ (#"[{"action":{"type":"block"},"trigger":{"url-filter":"webkit.org", "unexpected-identifier-should-be-ignored":5}}]"#, nil),
        // Redirect and modify-headers.
        /* 84 */ (#"[{"action":{"type":"redirect"},"trigger":{"url-filter":"webkit.org"}}]"#, "JSONRedirectMissing"),
        /* 85 */ (R(#""redirect":{}"#), "JSONRedirectInvalidType"),
        /* 86 */ (R(#""redirect":{"transform":{"query-transform":{"remove-parameters":5}}}"#), "JSONRemoveParametersNotStringArray"),
        /* 87 */ (R(#""redirect":{"transform":{"query-transform":{"remove-parameters":[5]}}}"#), "JSONRemoveParametersNotStringArray"),
        /* 88 */ (R(#""redirect":{"transform":{"query-transform":{"add-or-replace-parameters":5}}}"#), "JSONAddOrReplaceParametersNotArray"),
        /* 89 */ (R(#""redirect":{"transform":{"query-transform":{"add-or-replace-parameters":[5]}}}"#), "JSONAddOrReplaceParametersKeyValueNotADictionary"),
        /* 90 */ (R(#""redirect":{"transform":{"query-transform":{"add-or-replace-parameters":[{}]}}}"#), "JSONAddOrReplaceParametersKeyValueMissingKeyString"),
        /* 91 */ (R(#""redirect":{"transform":{"query-transform":{"add-or-replace-parameters":[{"key":5}]}}}"#), "JSONAddOrReplaceParametersKeyValueMissingKeyString"),
        /* 92 */ (R(#""redirect":{"transform":{"query-transform":{"add-or-replace-parameters":[{"key":"k","value":5}]}}}"#), "JSONAddOrReplaceParametersKeyValueMissingValueString"),
        /* 93 */ (R(#""redirect":{"url":"https://127..1/"}"#), "JSONRedirectURLInvalid"),
        /* 94 */ (R(#""redirect":{"url":"JaVaScRiPt:dostuff"}"#), "JSONRedirectToJavaScriptURL"),
        /* 95 */ (R(#""redirect":{"transform":{"port":"not a number"}}"#), "JSONRedirectInvalidPort"),
        /* 96 */ (R(#""redirect":{"transform":{"port":"65536"}}"#), "JSONRedirectInvalidPort"),
        /* 97 */ (R(#""redirect":{"transform":{"query":"no-question-mark"}}"#), "JSONRedirectInvalidQuery"),
        /* 98 */ (R(#""redirect":{"transform":{"fragment":"no-number-sign"}}"#), "JSONRedirectInvalidFragment"),
        /* 99 */ (R(#""redirect":{"transform":{"port":"65535"}}"#), nil),
        /* 100 */ (R(#""redirect":{"transform":{"port":""}}"#), nil),
        /* 101 */ (R(#""redirect":{"extension-path":"/does/start/with/slash/"}"#), nil),
        /* 102 */ (R(#""redirect":{"transform":{"scheme":"!@#$%"}}"#), "JSONRedirectURLSchemeInvalid"),
        /* 103 */ (R(#""redirect":{"transform":{"scheme":"JaVaScRiPt"}}"#), "JSONRedirectToJavaScriptURL"),
        /* 104 */ (R(#""redirect":{"transform":{"scheme":"About"}}"#), nil),
        /* 105 */ (M(#""priority":2,"request-headers":5"#), "JSONModifyHeadersNotArray"),
        /* 106 */ (M(#""priority":2,"request-headers":[5]"#), "JSONModifyHeadersInfoNotADictionary"),
        /* 107 */ (M(#""priority":2,"request-headers":[{}]"#), "JSONModifyHeadersMissingOperation"),
        /* 108 */ (M(#""priority":2,"request-headers":[{"operation":"remove"}]"#), "JSONModifyHeadersMissingHeader"),
        /* 109 */ (M(#""priority":2,"request-headers":[{"operation":"set","header":"testheader"}]"#), "JSONModifyHeadersMissingValue"),
        /* 110 */ (M(#""priority":2,"request-headers":[{"operation":"invalid","header":"testheader"}]"#), "JSONModifyHeadersInvalidOperation"),
        /* 111 */ (M(#""priority":"","request-headers":[{"operation":"remove","header":"testheader"}]"#), "JSONModifyHeadersInvalidPriority"),
        /* 112 */ (M(#""priority":-1,"request-headers":[{"operation":"remove","header":"testheader"}]"#), "JSONModifyHeadersInvalidPriority"),
    ]
    return cases.enumerated().map { CompilerErrorCase(number: $0.offset + 1, json: $0.element.0, expected: $0.element.1) }
}()

/// Further cases derived from the specification's text (webkit-content-rules.md
/// §2, §3.3, §8), not from WebKit's test file; the note names the section.
let specDerivedCases: [CompilerErrorCase] = {
    let cases: [(String, String?, String)] = [
        (BA(#""request-method":"GET""#), nil, "§2.2.9 request-method is case-insensitive"),
        (BA(#""request-method":"Connect""#), nil, "§2.2.9"),
        (B(#""resource-type":[]"#), nil, "§8.3 empty flag arrays mean any"),
        (B(#""load-type":[]"#), nil, "§8.3"),
        (B(#""load-context":[]"#), nil, "§8.3"),
        (B(#""load-context":["top-frame","child-frame"]"#), nil, "§4"),
        (B(#""load-context":["main-frame"]"#), "JSONInvalidStringInTriggerFlagsArray", "§2.2.8"),
        (B(#""load-context":"top-frame""#), "JSONInvalidTriggerFlagsArray", "§2.2.8"),
        (B(#""resource-type":["Image"]"#), "JSONInvalidStringInTriggerFlagsArray", "§4 names are case-sensitive"),
        (B(#""resource-type":["top-document","child-document","raw","csp-report","ping","fetch","websocket","other"]"#), nil, "§4"),
        (B(#""url-filter-is-case-sensitive":"yes","top-url-filter-is-case-sensitive":1,"frame-url-filter-is-case-sensitive":null"#), nil, "§8.4 wrong-typed flags are ignored"),
        (B(#""if-domain":["a", 5]"#), "JSONInvalidConditionList", "§2.2.10c"),
        (B(#""if-domain":["A", 5]"#), "JSONInvalidConditionList", "§2.2.10d the whole list is checked before the domains"),
        (B(#""if-domain":["a|b"]"#), "JSONInvalidRegex", "§2.3 | is not escaped"),
        (B(#""if-domain":["*"]"#), nil, "§2.3 a lone *"),
        (B(#""if-domain":["we?bkit.org", "[x", "a{2}"]"#), nil, "§2.3 ? [ { } are escaped"),
        (B(#""if-top-url":[""]"#), "JSONInvalidConditionList", "§2.2.10c"),
        (B(#""if-frame-url":"x""#), "JSONInvalidConditionList", "§2.2.10b"),
        (B(#""unless-frame-url":[]"#), "JSONInvalidConditionList", "§2.2.10e"),
        (B(#""if-ancestor-frame-url":["a"]"#), nil, "§2.2.10"),
        (B(#""unless-domain":["a"],"if-top-url":[]"#), "JSONMultipleConditions", "§2.2.10a"),
        (B(#""if-top-url":["a|b"]"#), "JSONInvalidRegex", "§5.2"),
        (B(#""if-frame-url":["(?=a)"]"#), "JSONInvalidRegex", "§5.2"),
        (#"[{"action":{"type":"Block"},"trigger":{"url-filter":"x"}}]"#, "JSONInvalidActionType", "§2.4 type is case-sensitive"),
        (#"[{"action":{"type":"block"}}]"#, "JSONInvalidTrigger", "§2.2.1"),
        (#"[{"trigger":{"url-filter":""}}]"#, "JSONInvalidURLFilterInTrigger", "§2.4.3 the trigger is read before the action"),
        (#"[{"trigger":{"url-filter":"x"}}]"#, "JSONInvalidAction", "§2.4.1"),
        (#"[{"action":{"type":"block"},"trigger":{"url-filter":"a|b"}},{"action":{"type":"bogus"},"trigger":{"url-filter":"x"}}]"#,
         "JSONInvalidActionType", "§2.1.6 a later parse error beats an earlier regex error"),
        (#"[{"action":{"type":"block"},"trigger":{"url-filter":"["}},5]"#, "JSONInvalidRule", "§2.1.6"),
        (#"[{"action":{"type":"notify","notification":""},"trigger":{"url-filter":"x"}}]"#, nil, "§2.4 any notification string"),
        (#"[{"action":{"type":"css-display-none","selector":""},"trigger":{"url-filter":"x"}}]"#, "JSONContainsNoRules", "§8.2 an invalid selector skips the rule"),
        (#"[{"action":{"type":"css-display-none","selector":5},"trigger":{"url-filter":"x"}}]"#, "JSONInvalidCSSDisplayNoneActionType", "§2.4"),
        (#"[{"action":{"type":"css-display-none","selector":"a[[["},"trigger":{"url-filter":"x","resource-type":"bad"}}]"#,
         "JSONInvalidTriggerFlagsArray", "§2.4.3 a skipped rule's trigger is still validated"),
        (#"[{"action":{"type":"block"},"trigger":{"url-filter":"^$"}}]"#, nil, "§7 ^$ matches everything, not an error"),
        (#"[{"action":{"type":"block"},"trigger":{"url-filter":"a{1}"}}]"#, "JSONInvalidRegex", "§7 {1} is not accepted"),
        (#"[{"action":{"type":"block"},"trigger":{"url-filter":"a{0,}b{1,}c*?"}}]"#, nil, "§7 {0,} {1,} and non-greedy are accepted"),
        (#"[{"action":{"type":"block"},"trigger":{"url-filter":"a$b"}}]"#, "JSONInvalidRegex", "§7 MisplacedEndOfLine"),
        (R(#""redirect":{"extension-path":"no/slash"}"#), "JSONRedirectExtensionPathDoesNotStartWithSlash", "§3.2a"),
        (R(#""redirect":{"transform":5}"#), "JSONRedirectInvalidType", "§3.2e"),
        (R(#""redirect":{"regex-substitution":"https://\\1.com/"}"#), nil, "§3.2b"),
        (R(#""redirect":{"transform":{"fragment":"","query":""}}"#), nil, "§3.2c empty fragment and query"),
        (R(#""redirect":{"url":"javascript:x"}"#), "JSONRedirectToJavaScriptURL", "§3.2d"),
        (M(#""request-headers":[{"operation":"remove","header":"h"}]"#), "JSONModifyHeadersInvalidPriority", "§3.3.2 priority is required"),
        (M(#""priority":0,"request-headers":[{"operation":"remove","header":"h"}]"#), nil, "§3.3.2 0 is accepted"),
        (M(#""priority":1,"request-headers":[{"operation":"invalid"}]"#), "JSONModifyHeadersMissingHeader", "§3.3.1 header before operation value"),
        (M(#""priority":1,"response-headers":5"#), "JSONModifyHeadersNotArray", "§3.3.1"),
        (M(#""priority":1,"request-headers":[{"operation":"Set","header":"h","value":"v"}]"#), "JSONModifyHeadersInvalidOperation", "§3.3.1 case-sensitive"),
        (M(#""priority":1,"request-headers":[{"operation":"append","header":"h","value":"v"}],"response-headers":[{"operation":"set","header":"h","value":"v"}]"#), nil, "§3.3"),
        ("\"a\"", "JSONTopLevelStructureNotAnArray", "§2.1.2 a string"),
        ("[1,]", "JSONInvalid", "§2 strict JSON"),
        (String(manyRules(150_000).dropLast()) + ",5]", "JSONTooManyRules", "§2.1.3 counted before the rules are read"),
    ]
    return cases.enumerated().map { CompilerErrorCase(number: $0.offset + 1, json: $0.element.0, expected: $0.element.1, note: $0.element.2) }
}()

/// `[` + count × `{"action":{"type":"block"},"trigger":{"url-filter":"a"}}` + `]`.
func manyRules(_ count: Int) -> String {
    let rule = #"{"action":{"type":"block"},"trigger":{"url-filter":"a"}}"#
    return "[" + Array(repeating: rule, count: count).joined(separator: ",") + "]"
}
