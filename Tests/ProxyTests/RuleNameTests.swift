import Testing
@testable import Proxy

/// Naming the rules the sanitizer reports ("source#index") and counting
/// their hits a page at a time, each against a plain reference: the search
/// by Character the names were read with before, and a count per resource.
struct RuleNameTests {
    /// The reading by Character that `init(sanitizerReference:)` must match.
    static func referenceName(_ reference: String) -> RuleName? {
        guard let hash = reference.lastIndex(of: "#"), let index = Int(reference[reference.index(after: hash)...]) else { return nil }
        return RuleName(list: String(reference[..<hash]), index: index)
    }

    @Test func aSanitizerReferenceIsNamedAsBySearchingItsCharacters() {
        let written = [
            "/rules/ads.json#12", "limot-ads#0", "your rules#7", "a#b#3", "#5", "list#", "list", "", "list#+4", "list#-4",
            "list#1#", "list#12x", "list#\u{301}3", "list\u{600}#3", "list\u{301}#3", "list#3\u{301}", "#\u{20E3}1",
            "list\r#3", "list\r\n#3", "فهرست#9", "liste-ä#10", "a##2", "list# 3", "list#٣",
            "list#0012", "list#123456789012345678", "list#1234567890123456789", "list#99999999999999999999",
            "list#9223372036854775807", "list#9223372036854775808", "list#3 ", "list#3/", "list#:", "list#\u{0}",
        ]
        for reference in written {
            #expect(RuleName(sanitizerReference: reference) == Self.referenceName(reference), "\(reference.unicodeScalars.map { $0.value })")
        }
        #expect(RuleName(sanitizerReference: "/rules/ads.json#12") == RuleName(list: "/rules/ads.json", index: 12))
        // Random mixes of the pieces that matter: the marker, digits and
        // signs, letters, and marks that join a Character before or after.
        let pieces = ["#", "#", "1", "2", "0", "+", "-", "a", "/", ".", " ", "ä", "ف", "\u{301}", "\u{600}", "\u{20E3}", "\r", "\n", "\u{200D}", "🇩",
                      "9", "12345678", ":", "\u{0}"]
        var generator = SeededGenerator(seed: 20)
        for _ in 0..<20_000 {
            let reference = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(RuleName(sanitizerReference: reference) == Self.referenceName(reference), "\(reference.unicodeScalars.map { $0.value })")
        }
    }

    @Test func aPagesBlocksCountedAtOnceCountAsEachOnItsOwn() {
        let page: [[RuleName]] = [
            [RuleName(list: "ads", index: 3)],
            [RuleName(list: "ads", index: 3), RuleName(list: "trackers", index: 1)],
            [],
            [RuleName(list: "trackers", index: 1), RuleName(list: "ads", index: 4), RuleName(list: "ads", index: 3)],
        ]
        let atOnce = RuleHits()
        atOnce.record(.block, rules: page.flatMap { $0 }, decidedWith: "f", current: "f")
        let oneByOne = RuleHits()
        for rules in page { oneByOne.record(.block, rules: rules, decidedWith: "f", current: "f") }
        for list in ["ads", "trackers"] {
            #expect(atOnce.counts(list: list).byRule == oneByOne.counts(list: list).byRule)
        }
        #expect(atOnce.counts(list: "ads").byRule == [3: [.block: 3], 4: [.block: 1]])
    }
}

/// A repeatable source of random numbers (SplitMix64), so that a failing
/// input comes back on the next run.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
