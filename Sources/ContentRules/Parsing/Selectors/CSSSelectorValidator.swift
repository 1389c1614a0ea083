/// Decides whether WebKit's CSS parser accepts a selector list, as WebKit does
/// before keeping a `css-display-none` rule.
///
/// WebKit compiles `{"action": {"type": "css-display-none", "selector": S}}`
/// only if `CSSSelectorParser` (HTML quirks mode, no style sheet, `:has()`
/// enabled) parses `S` as a selector list; otherwise it drops the rule
/// *silently*. limot has to drop exactly the same rules (and say so), and its
/// HTML sanitizer later puts the surviving selectors into a style sheet, so
/// "close enough" is not good enough in either direction.
///
/// This is therefore not a generic Selectors Level 4 grammar but a port of
/// WebKit's behaviour (WebKitGTK 2.50), checked against the real WebKit
/// content-blocker compiler. Its quirks are kept on purpose, among them:
///
/// - The CSS Syntax tokenizer closes blocks at the end of the input, so
///   `[a`, `a:is(b` and `a /* note` are valid.
/// - `:is()`, `:where()`, `:matches()` and `:-webkit-any()` take a *forgiving*
///   selector list: whatever is inside them (even `:is(:has-text(x))` or
///   `:is()`) is accepted, while `:not()`, `:has()` and `:nth-child(… of S)`
///   are strict.
/// - Any `::-webkit-…` pseudo-element is accepted, known or not; unknown
///   pseudo-classes and other unknown pseudo-elements are not.
/// - A namespace prefix other than `*|` or `|` is an error (there is no
///   `@namespace` rule to declare it); `&` is accepted anywhere.
/// - The attribute flag `i` is accepted, `s` is not.
///
/// The one deliberate difference: selectors nested more than
/// ``maximumNestingDepth`` functional pseudo-classes deep are rejected, where
/// WebKit recurses until its stack overflows (at some tens of thousands).
public enum CSSSelectorValidator {
    /// How many functional pseudo-classes and pseudo-elements (`:not(`, `:is(`,
    /// `::slotted(` …) may be nested inside one another. Real selectors use a
    /// handful; the limit only keeps a hostile rule list from exhausting the
    /// stack.
    public static let maximumNestingDepth = 64

    /// Why WebKit would reject `selectorList`, or `nil` when it accepts it.
    ///
    /// The reason is a short sentence for a warning, naming the offending part
    /// and its zero-based offset, counted in Unicode scalars (code points) from
    /// the start of `selectorList`, e.g.
    /// `"unknown pseudo-class ':has-text()' at offset 4"`.
    public static func problem(in selectorList: String) -> String? {
        var tokenizer = Tokenizer(selectorList)
        var parser = Parser(tokens: tokenizer.tokenize(), input: tokenizer.input)
        return parser.problemInSelectorList()
    }

    /// Whether WebKit accepts `selectorList` as the selector of a
    /// `css-display-none` rule; see ``problem(in:)`` for why not.
    public static func isValid(_ selectorList: String) -> Bool {
        problem(in: selectorList) == nil
    }
}
