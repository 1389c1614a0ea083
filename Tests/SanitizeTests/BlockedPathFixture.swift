import ContentRules
import FixtureSupport
@testable import Sanitize

/// Rules that block every URL with `/blocked/` in it and nothing else: for
/// tests of how the rewriter reads and removes markup, where which rule
/// blocks does not matter.
enum BlockedPathFixture {
    static let engine = Fixtures.engine(#"[{"trigger": {"url-filter": "/blocked/"}, "action": {"type": "block"}}]"#)

    /// `html` sanitized under these rules, as the reader gets it.
    static func sanitize(_ html: String) -> String {
        Fixtures.sanitize(html, context: Fixtures.context(engine: engine)).html
    }
}
