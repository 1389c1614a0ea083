import LimotJSON

/// The outcome of reading one rule list: the rules WebKit would keep, and
/// everything found on the way.
public struct ParsedRuleList: Sendable {
    /// The list, or nil when it has errors (WebKit would refuse the whole list).
    public var list: RuleList?
    /// Every error and warning, errors in the order WebKit checks them.
    public var diagnostics: [Diagnostic]

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }

    /// The one error WebKit itself would report: it stops at the first
    /// structural error, and checks regexes only once the whole list is
    /// structurally valid.
    public var webKitError: Diagnostic? { errors.first }
}

/// Reads WKContentRuleList JSON with WebKit's semantics (`ContentExtensionParser.cpp`).
///
/// Unlike WebKit it does not stop at the first problem: every rule is
/// checked and every error reported, ordered so that the first one is the
/// error WebKit would give.
public struct RuleListParser {
    /// Safari's limit on rules in one list.
    public static let maximumRuleCount = 150_000

    /// Parses a rule list from JSON bytes. `source` names it in diagnostics.
    public static func parse(_ bytes: [UInt8], source: String) -> ParsedRuleList {
        var context = Context(source: source)
        // Each rule is read as soon as its JSON is: the parsed JSON of a
        // large list never stands in memory whole.
        var rules: [Rule] = []
        var elementCount = 0
        let nonArray: JSONValue?
        do {
            nonArray = try JSONParser.forEachElement(of: bytes) { element, line in
                let index = elementCount
                elementCount += 1
                guard let object = element.objectValue else {
                    context.error(.jsonInvalidRule, rule: index, line: line, detail: "rule \(index) is \(element.kindDescription), not an object")
                    return
                }
                if let rule = RuleReader(object: object, index: index).read(into: &context) {
                    rules.append(rule)
                }
            }
        } catch {
            // WebKit reports a syntax error alone: what the rules before it said is dropped.
            context = Context(source: source)
            context.error(.jsonInvalid, line: error.line, detail: "\(error.message) at line \(error.line), column \(error.column)")
            return ParsedRuleList(list: nil, diagnostics: context.diagnostics)
        }
        if let nonArray {
            context.error(.jsonTopLevelStructureNotAnArray, line: 1, detail: "the top level is \(nonArray.kindDescription)")
            return ParsedRuleList(list: nil, diagnostics: context.diagnostics)
        }
        if elementCount > maximumRuleCount {
            context.error(.jsonTooManyRules, line: 1, detail: "\(elementCount) rules; Safari accepts at most \(maximumRuleCount) in one list")
        }
        if context.diagnostics.allSatisfy({ $0.severity != .error }) && rules.isEmpty {
            context.error(.jsonContainsNoRules, line: 1, detail: elementCount == 0 ? "the list is empty" : "every rule was skipped")
        }
        // Regexes are checked only after the structure, as WebKit's compiler does.
        let structureErrors = context.diagnostics.filter { $0.severity == .error }.count
        for rule in rules {
            RegexChecker.check(rule, into: &context)
            RuleLinter.lint(rule, into: &context)
        }
        context.diagnostics = context.diagnostics.enumerated()
            .sorted { Context.webKitOrder($0.element, $1.element) || (!Context.webKitOrder($1.element, $0.element) && $0.offset < $1.offset) }
            .map(\.element)
        let valid = structureErrors == 0 && context.diagnostics.allSatisfy { $0.severity != .error }
        return ParsedRuleList(
            list: valid ? RuleList(source: source, rules: rules, declaredRuleCount: elementCount) : nil,
            diagnostics: context.diagnostics)
    }

    /// Parses a rule list from a JSON string.
    public static func parse(_ text: String, source: String) -> ParsedRuleList {
        parse(Array(text.utf8), source: source)
    }

    /// Collects diagnostics with their provenance.
    struct Context {
        let source: String
        var diagnostics: [Diagnostic] = []
        /// Structural errors come before regex errors, then by rule index.
        private var phase = 0

        init(source: String) {
            self.source = source
        }

        mutating func error(_ code: DiagnosticCode, rule: Int? = nil, line: Int? = nil, field: String? = nil, detail: String? = nil) {
            add(.error, code, rule: rule, line: line, field: field, detail: detail)
        }

        mutating func warning(_ code: DiagnosticCode, rule: Int? = nil, line: Int? = nil, field: String? = nil, detail: String) {
            add(.warning, code, rule: rule, line: line, field: field, detail: detail)
        }

        private mutating func add(_ severity: Diagnostic.Severity, _ code: DiagnosticCode, rule: Int?, line: Int?, field: String?, detail: String?) {
            // WebKit's own sentence first (so it can be searched for), then the specifics.
            var message = code.webKitMessage ?? ""
            if let detail, !detail.isEmpty {
                if message.isEmpty {
                    message = detail
                } else {
                    if message.hasSuffix(".") { message.removeLast() }
                    message += ": " + detail
                }
            }
            var diagnostic = Diagnostic(severity, code, file: source, line: line, ruleIndex: rule, field: field, message: message)
            diagnostic.phase = code == .jsonInvalidRegex ? 1 : 0
            diagnostics.append(diagnostic)
        }

        /// Errors first; among errors, structural ones (in rule order) before regex ones.
        static func webKitOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
            func key(_ d: Diagnostic) -> (Int, Int, Int) {
                (d.severity == .error ? 0 : 1, d.severity == .error ? d.phase : 0, d.ruleIndex ?? -1)
            }
            let (ka, kb) = (key(a), key(b))
            if ka != kb { return ka < kb }
            return false
        }
    }
}
