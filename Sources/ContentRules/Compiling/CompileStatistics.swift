/// What a compilation produced, for `limot rules compile` and benchmarks.
public struct CompileStatistics: Sendable {
    public var lists = 0
    public var rules = 0
    public var rulesByAction: [String: Int] = [:]
    /// Rules decided by the host index rather than RE2.
    public var hostIndexedRules = 0
    /// Of those, rules whose shape is decided without running any regex.
    public var nativeHostRules = 0
    /// Rules found through a word their url-filter requires.
    public var wordIndexedRules = 0
    /// Rules found through two characters of a literal their url-filter requires.
    public var literalIndexedRules = 0
    /// Rules whose url-filter matches every URL (WebKit's universal actions).
    public var universalRules = 0
    /// Rules whose url-filter tests only the scheme, indexed with the universal ones.
    public var schemeOnlyRules = 0
    /// Patterns compiled into RE2 sets, and how many sets.
    public var regexSetPatterns = 0
    public var regexSets = 0
    /// Filters confirmed one at a time (index candidates, URL conditions):
    /// matched natively as segments and `.*` gaps, or by their own RE2 regex.
    public var nativePatterns = 0
    public var singleRegexes = 0
    /// Distinct conditions (domain lists and URL regexes).
    public var conditions = 0
    /// css-display-none selectors, and those in the lists' global stylesheets.
    public var selectors = 0
    public var globalSelectors = 0
    public var compileSeconds = 0.0
}
