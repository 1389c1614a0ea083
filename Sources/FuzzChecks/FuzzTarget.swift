/// The fuzz targets, named as their folders under Fuzz/Corpus and
/// Fuzz/Crashers, so that the fuzz executables and the regression tests
/// reach the same check through one name.
public enum FuzzTarget: String, Sendable, CaseIterable {
    case ruleList = "rule-list"
    case urlFilter = "url-filter"
    case htmlSanitizer = "html-sanitizer"
    case cssRewriter = "css-rewriter"
    case resultPage = "result-page"
    case requestLine = "request-line"
    case compiledCache = "compiled-cache"

    /// Runs this target's check on one input: returns when every invariant
    /// holds, throws the first that does not.
    public func check(_ input: [UInt8]) throws(InvariantViolation) {
        switch self {
        case .ruleList: try RuleListCheck.check(input)
        case .urlFilter: try URLFilterCheck.check(input)
        case .htmlSanitizer: try HTMLSanitizerCheck.check(input)
        case .cssRewriter: try CSSRewriterCheck.check(input)
        case .resultPage: try ResultPageCheck.check(input)
        case .requestLine: try RequestLineCheck.check(input)
        case .compiledCache: try CompiledCacheCheck.check(input)
        }
    }

    /// The entry point each fuzz executable's `LLVMFuzzerTestOneInput` calls:
    /// the check, trapping on a violation so that libFuzzer saves the input.
    public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        do {
            try check(input)
        } catch {
            fatalError(error.description)
        }
    }
}

/// A short, printable excerpt of an input or output for a violation's detail.
func excerpt<S: StringProtocol>(_ text: S, limit: Int = 300) -> String {
    let shown = text.count > limit ? text.prefix(limit) + "…" : Substring(text)
    return String(reflecting: String(shown))
}

/// The part of `text` around the first `needle` (the start when it is not
/// there), so that a violation shows where in a long output it is.
func excerpt(_ text: String, around needle: String, limit: Int = 300) -> String {
    guard let found = text.range(of: needle) else { return excerpt(text, limit: limit) }
    let start = text.index(found.lowerBound, offsetBy: -limit / 2, limitedBy: text.startIndex) ?? text.startIndex
    let shown = text[start...]
    return (start == text.startIndex ? "" : "…") + excerpt(shown, limit: limit)
}
