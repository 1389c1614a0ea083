import Testing
@testable import ContentRules

@Suite("Parser errors (WebKit checkCompilerError)")
struct ParserErrorTests {
    /// A guard on the table, not a test of limot: it transcribes every
    /// `checkCompilerError` call of WebKit's ContentExtensions API tests (112,
    /// 16 of them lists WebKit accepts), so a case lost in an edit shows here.
    /// The parameterised tests below are what check limot.
    @Test func tableHasAllOfWebKitsCases() {
        #expect(compilerErrorCases.count == 112)
        #expect(compilerErrorCases.filter { $0.expected == nil }.count == 16)
    }

    @Test("checkCompilerError", arguments: compilerErrorCases)
    func compilerError(_ testCase: CompilerErrorCase) {
        let parsed = RuleListParser.parse(testCase.json, source: "testFilter")
        #expect(parsed.webKitError?.code.rawValue == testCase.expected,
                "#\(testCase.number): errors \(parsed.errors.map(\.description))")
        if testCase.expected == nil {
            #expect(parsed.errors.isEmpty, "#\(testCase.number): \(parsed.errors.map(\.description))")
            #expect(parsed.list != nil, "#\(testCase.number): a valid list must be returned")
        } else {
            #expect(parsed.list == nil, "#\(testCase.number): a list with errors must not be returned")
            #expect(parsed.webKitError?.severity == .error)
        }
    }

    @Test("spec-derived parser cases", arguments: specDerivedCases)
    func specDerived(_ testCase: CompilerErrorCase) {
        let parsed = RuleListParser.parse(testCase.json, source: "spec")
        #expect(parsed.webKitError?.code.rawValue == testCase.expected, "errors \(parsed.errors.prefix(3).map(\.description))")
        #expect((parsed.list == nil) == (testCase.expected != nil))
    }

    /// Every error case in the table compiles to a list that the engine
    /// accepts when the parser accepts it (WebKit's compile stage succeeds).
    @Test("valid cases compile", arguments: compilerErrorCases.filter { $0.expected == nil && $0.json.count < 10_000 })
    func validCasesCompile(_ testCase: CompilerErrorCase) throws {
        let list = try #require(RuleListParser.parse(testCase.json, source: "testFilter").list)
        #expect(throws: Never.self) { _ = try ContentRuleEngine(lists: [list]) }
    }

    @Test func exactly150000RulesAreKept() throws {
        let parsed = RuleListParser.parse(manyRules(150_000), source: "big")
        let list = try #require(parsed.list)
        #expect(list.rules.count == 150_000)
        #expect(list.rules.last?.index == 149_999)
    }

    // MARK: - limot reports every error, not only WebKit's first

    @Test func threeBadRulesGiveThreeErrorsWithIndicesAndFields() throws {
        let json = """
            [{"action":{"type":"block"},"trigger":{"url-filter":"ok"}},
            {"action":{"type":"block"},"trigger":{"url-filter":""}},
            {"action":{"type":"block"},"trigger":{"url-filter":"ok2"}},
            {"action":{"type":"block"},"trigger":{"url-filter":"x","resource-type":["image","bogus"]}},
            {"action":{"type":"nonsense"},"trigger":{"url-filter":"y"}}]
            """
        let parsed = RuleListParser.parse(json, source: "three.json")
        let errors = parsed.errors
        #expect(errors.count == 3, "\(errors.map(\.description))")
        try #require(errors.count == 3)
        #expect(errors.map(\.code) == [.jsonInvalidURLFilterInTrigger, .jsonInvalidStringInTriggerFlagsArray, .jsonInvalidActionType])
        #expect(errors.map(\.ruleIndex) == [1, 3, 4])
        #expect(errors[0].field == "trigger.url-filter")
        #expect(errors[1].field == "trigger.resource-type[1]")
        #expect(errors[2].field?.hasPrefix("action") == true, "field \(errors[2].field ?? "nil")")
        #expect(errors.map(\.line) == [2, 4, 5], "one rule per line: the line of each rule")
        #expect(errors.allSatisfy { $0.file == "three.json" })
        #expect(parsed.webKitError == errors[0])
        #expect(parsed.list == nil)
    }

    @Test func regexErrorsComeAfterStructuralErrorsButAllAreReported() throws {
        // Rule 0 has a bad regex, rule 2 a structural error: WebKit reports the
        // structural one (it checks regexes only after parsing), limot both.
        let json = """
            [{"action":{"type":"block"},"trigger":{"url-filter":"a|b"}},
            {"action":{"type":"block"},"trigger":{"url-filter":"fine"}},
            {"action":{"type":"block"},"trigger":{"url-filter":"x","if-domain":["UPPER.com"]}},
            {"action":{"type":"block"},"trigger":{"url-filter":"(?=x)"}}]
            """
        let parsed = RuleListParser.parse(json, source: "mixed.json")
        #expect(parsed.webKitError?.code == .jsonDomainNotLowerCaseASCII)
        #expect(parsed.webKitError?.ruleIndex == 2)
        #expect(parsed.webKitError?.field == "trigger.if-domain[0]")
        #expect(parsed.errors.map(\.code) == [.jsonDomainNotLowerCaseASCII, .jsonInvalidRegex, .jsonInvalidRegex])
        #expect(parsed.errors.map(\.ruleIndex) == [2, 0, 3])
        #expect(parsed.errors.dropFirst().allSatisfy { $0.field == "trigger.url-filter" })
        #expect(parsed.errors.map(\.line) == [3, 1, 4])
    }

    @Test func regexErrorsInConditionsNameTheEntry() {
        let json = #"[{"action":{"type":"block"},"trigger":{"url-filter":"x","if-top-url":["fine","bad|regex"]}}]"#
        let parsed = RuleListParser.parse(json, source: "c.json")
        #expect(parsed.errors.count == 1)
        #expect(parsed.webKitError?.code == .jsonInvalidRegex)
        #expect(parsed.webKitError?.field == "trigger.if-top-url[1]")
        #expect(parsed.webKitError?.ruleIndex == 0)
    }

    @Test func nonObjectRulesAreEachReported() {
        let parsed = RuleListParser.parse(#"[5, {"action":{"type":"block"},"trigger":{"url-filter":"a"}}, null, []]"#, source: "n")
        #expect(parsed.errors.map(\.code) == [.jsonInvalidRule, .jsonInvalidRule, .jsonInvalidRule])
        #expect(parsed.errors.map(\.ruleIndex) == [0, 2, 3])
    }

    /// In a pretty-printed list the line of each error is the line where the
    /// rule starts or where the offending value is (Diagnostic.line's contract).
    @Test func lineNumbersInAPrettyPrintedList() throws {
        let json = """
            [
              {
                "trigger": {
                  "url-filter": "good"
                },
                "action": {
                  "type": "block"
                }
              },
              {
                "trigger": {
                  "url-filter": "ok",
                  "load-type": [
                    "third-party",
                    "fourth-party"
                  ]
                },
                "action": {
                  "type": "block"
                }
              },
              {
                "trigger": {
                  "url-filter": "ok"
                },
                "action": {
                  "type": "css-display-none"
                }
              },
              {
                "trigger": {
                  "url-filter": "\\\\d+"
                },
                "action": {
                  "type": "block"
                }
              }
            ]
            """
        let parsed = RuleListParser.parse(json, source: "pretty.json")
        let errors = parsed.errors
        try #require(errors.count == 3, "\(errors.map(\.description))")
        #expect(errors.map(\.code) == [.jsonInvalidStringInTriggerFlagsArray, .jsonInvalidCSSDisplayNoneActionType, .jsonInvalidRegex])
        #expect(errors.map(\.ruleIndex) == [1, 2, 3])
        #expect(errors[0].field == "trigger.load-type[1]")
        #expect(errors[2].field == "trigger.url-filter")
        // The lines of each rule's start and of its offending value, found in the text.
        let lines = json.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let ruleStarts = lines.indices.filter { lines[$0] == "  {" }.map { $0 + 1 }
        func line(of text: String, after start: Int) -> Int {
            (lines.indices.first { $0 + 1 > start && lines[$0].contains(text) } ?? -1) + 1
        }
        try #require(ruleStarts.count == 4)
        let allowed: [Set<Int>] = [
            [ruleStarts[1], line(of: "fourth-party", after: ruleStarts[1])],
            // The selector is missing: the action object or its type is the offending value.
            [ruleStarts[2], line(of: "\"action\"", after: ruleStarts[2]), line(of: "css-display-none", after: ruleStarts[2])],
            [ruleStarts[3], line(of: "d+", after: ruleStarts[3])],
        ]
        for (error, lines) in zip(errors, allowed) {
            #expect(error.line.map { lines.contains($0) } == true,
                    "rule \(error.ruleIndex ?? -1) \(error.code.rawValue): line \(error.line.map(String.init) ?? "nil"), expected one of \(lines.sorted()) (the rule's line or the offending value's)")
        }
    }

    @Test func warningsDoNotMakeTheListInvalid() throws {
        let json = #"[{"action":{"type":"block"},"trigger":{"url-filter":"a","unexpected-identifier-should-be-ignored":5}},{"action":{"type":"css-display-none","selector":"a[[["},"trigger":{"url-filter":"b"}}]"#
        let parsed = RuleListParser.parse(json, source: "w")
        #expect(parsed.errors.isEmpty)
        #expect(parsed.webKitError == nil)
        let list = try #require(parsed.list)
        // The rule with the invalid selector is skipped, as WebKit does.
        #expect(list.rules.count == 1)
        #expect(list.declaredRuleCount == 2)
        #expect(parsed.warnings.contains { $0.code == .invalidSelectorSkipped && $0.ruleIndex == 1 })
        #expect(parsed.warnings.contains { $0.code == .unknownKey && $0.ruleIndex == 0 })
    }

    @Test func aListOfOnlySkippedRulesIsEmpty() {
        let parsed = RuleListParser.parse(#"[{"action":{"type":"css-display-none","selector":"a[[["},"trigger":{"url-filter":"b"}}]"#, source: "s")
        #expect(parsed.webKitError?.code == .jsonContainsNoRules)
    }

    /// Rules are read while the JSON is parsed; a syntax error after some of
    /// them is still the one error, as in WebKit, whatever those rules said.
    @Test func aSyntaxErrorAfterRulesIsTheOnlyError() {
        let json = """
            [{"action":{"type":"block"},"trigger":{"url-filter":"a|b"}},
             {"action":{"type":"block"},"trigger":{}},
             {"action":{"type":"block"},"trigger":{"url-filter":"c"}} x]
            """
        let parsed = RuleListParser.parse(json, source: "x")
        #expect(parsed.diagnostics.map(\.code) == [.jsonInvalid])
        #expect(parsed.diagnostics.first?.line == 3)
        #expect(parsed.list == nil)
    }

    @Test func aTopLevelObjectIsNoList() {
        let parsed = RuleListParser.parse(#"{"rules":[{"action":{"type":"block"},"trigger":{"url-filter":"a"}}]}"#, source: "x")
        #expect(parsed.diagnostics.map(\.code) == [.jsonTopLevelStructureNotAnArray])
        #expect(RuleListParser.parse(#"{"rules": [}"#, source: "x").diagnostics.map(\.code) == [.jsonInvalid])
    }

    /// limot's messages contain WebKit's sentence, so they can be searched for
    /// alongside Safari's (limot may replace the final period by a colon and
    /// add detail).
    @Test func messagesContainWebKitsSentence() {
        for (json, code) in [("[", DiagnosticCode.jsonInvalid), ("[]", .jsonContainsNoRules), ("5", .jsonTopLevelStructureNotAnArray),
                             (#"[{"action":{"type":"block"},"trigger":{"url-filter":"a|b"}}]"#, .jsonInvalidRegex)] {
            let parsed = RuleListParser.parse(json, source: "x")
            #expect(parsed.webKitError?.code == code)
            var sentence = code.webKitMessage ?? "?"
            if sentence.hasSuffix(".") { sentence.removeLast() }
            #expect(parsed.webKitError?.message.hasPrefix(sentence) == true, "\(parsed.webKitError?.message ?? "nil")")
        }
    }

    /// WebKit's `ContentExtensionError` messages, verbatim (spec §1).
    @Test("WebKit's error messages", arguments: [
        ("JSONInvalid", "Failed to parse the JSON String."),
        ("JSONTopLevelStructureNotAnArray", "Invalid input, the top level structure is not an array."),
        ("JSONInvalidObjectInTopLevelArray", "Invalid object in the top level array."),
        ("JSONInvalidRule", "Invalid rule."),
        ("JSONContainsNoRules", "Empty extension."),
        ("JSONInvalidTrigger", "Invalid trigger object."),
        ("JSONInvalidURLFilterInTrigger", "Invalid url-filter object."),
        ("JSONInvalidTriggerFlagsArray", "Invalid trigger flags array."),
        ("JSONInvalidStringInTriggerFlagsArray", "Invalid string in the trigger flags array."),
        ("JSONInvalidConditionList", "Invalid list of if-domain, unless-domain, if-top-url, or unless-top-url conditions."),
        ("JSONDomainNotLowerCaseASCII", "Domains must be lower case ASCII. Use punycode to encode non-ASCII characters."),
        ("JSONMultipleConditions", "A trigger cannot have more than one condition (if-domain, unless-domain, if-top-url, or unless-top-url)"),
        ("JSONTooManyRules", "Too many rules in JSON array."),
        ("JSONInvalidRequestMethod", #"The request-method string must be "get", "head", "options", "trace", "put", "delete", "post", "patch", or "connect"."#),
        ("JSONInvalidAction", "Invalid action object."),
        ("JSONInvalidActionType", "Invalid action type."),
        ("JSONInvalidCSSDisplayNoneActionType", "Invalid css-display-none action type. Requires a selector."),
        ("JSONInvalidNotification", "A notify action must have a string notification"),
        ("JSONInvalidRegex", "Invalid or unsupported regular expression."),
        ("JSONRedirectMissing", "A redirect action must have a redirect member"),
        ("JSONRedirectExtensionPathDoesNotStartWithSlash", "A redirect extension path must start with a slash"),
        ("JSONRedirectURLSchemeInvalid", "A redirect url scheme must be a valid scheme"),
        ("JSONRedirectToJavaScriptURL", "A redirect url can't have a scheme of javascript"),
        ("JSONRedirectURLInvalid", "A redirect url must be valid"),
        ("JSONRedirectInvalidType", #"A redirect must have a member named "extension-path", "regex-substitution", "transform" or "url""#),
        ("JSONRedirectInvalidPort", "A redirect port must be either empty or a number between 0 and 65535, inclusive"),
        ("JSONRedirectInvalidQuery", "A redirect query must either be empty or begin with '?'"),
        ("JSONRedirectInvalidFragment", "A redirect fragment must either be empty or begin with '#'"),
        ("JSONRemoveParametersNotStringArray", "A remove-parameters value must be an array of strings"),
        ("JSONAddOrReplaceParametersNotArray", "An add-or-replace-parameters value must be an array"),
        ("JSONAddOrReplaceParametersKeyValueNotADictionary", "Members of the add-or-replace-parameters array must be a dictionary"),
        ("JSONAddOrReplaceParametersKeyValueMissingKeyString", "Members of the add-or-replace-parameters array must contain a key that is a string"),
        ("JSONAddOrReplaceParametersKeyValueMissingValueString", "Members of the add-or-replace-parameters array must contain a value that is a string"),
        ("JSONModifyHeadersNotArray", "A headers member must be an array"),
        ("JSONModifyHeadersInfoNotADictionary", "A modify-headers operation must be a dictionary"),
        ("JSONModifyHeadersMissingOperation", "A modify-headers operation must have an operation"),
        ("JSONModifyHeadersInvalidOperation", #"A modify-headers operation must have an operation that is either "set", "append", or "remove""#),
        ("JSONModifyHeadersMissingHeader", "A modify-headers operation must have a header"),
        ("JSONModifyHeadersMissingValue", #"A modify-headers operation of "set" or "append" must have a value"#),
        ("JSONModifyHeadersInvalidPriority", "A priority must be a positive integer"),
        ("ErrorWritingSerializedNFA", "Internal I/O error"),
    ])
    func webKitMessage(_ name: String, _ message: String) throws {
        let code = try #require(DiagnosticCode(rawValue: name))
        #expect(code.webKitMessage == message)
    }
}
