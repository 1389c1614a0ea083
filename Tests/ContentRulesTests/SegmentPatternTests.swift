import FixtureSupport
import Testing
@testable import ContentRules

/// The native matcher for filters of literal segments and `.*` gaps must
/// answer exactly as RE2 does for the same url-filter; the indexes confirm
/// nearly all their candidates with it.
@Suite("Native segment patterns")
struct SegmentPatternTests {
    private func answers(_ source: String, _ url: String, caseSensitive: Bool = false, anchored: Bool = false, from start: Int = 0)
        throws -> (native: Bool?, regex: Bool)
    {
        let pattern = try URLFilterParser.parse(source)
        var nativeMatchers = PatternMatchers(), regexMatchers = PatternMatchers()
        let nativeID = nativeMatchers.add(pattern, caseSensitive: caseSensitive, anchored: anchored)
        let regexID = regexMatchers.add(pattern, caseSensitive: caseSensitive, anchored: anchored, native: false)
        let isNative = nativeMatchers.regexCount == 0
        var bytes = Array(url.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            let url = UnsafeBufferPointer(buffer)
            return (isNative ? nativeMatchers.matches(nativeID, in: url, from: start) : nil, regexMatchers.matches(regexID, in: url, from: start))
        }
    }

    @Test("shapes the real lists use are native", arguments: [
        #"/ads/.*banner\."#, #"\.com/track\?id="#, #"^https://.*/.*sw[0-9._].*"#, #"/swell-ct-pv([/:&\?].*)?$"#,
        #"[/:&?]?.*/preroll\?"#, #"/hkz.*([/:&\?].*)?$"#, #"&adb=y&adb=y([/:&\?].*)?$"#,
        "a+.*b", "x.y", "[^a-z]ad[^a-z]",
        // Optional single characters, as variants.
        "ab?c", #"^wss?://.*/ws_client\?zone=gen"#, #"^https?://.*/.*sw[0-9._].*"#,
    ])
    func nativeShapes(_ source: String) throws {
        var matchers = PatternMatchers()
        _ = matchers.add(try URLFilterParser.parse(source), caseSensitive: false)
        #expect(matchers.regexCount == 0)
    }

    @Test("groups, repetitions a gap does not absorb, and more than two optional characters stay with RE2", arguments: [
        "(ab)+x", "xa?b?c?d", "a(bc)?d", "x[0-9]+y", "^https?://([^/]+\\.)?ads\\.com",
    ])
    func regexShapes(_ source: String) throws {
        var matchers = PatternMatchers()
        _ = matchers.add(try URLFilterParser.parse(source), caseSensitive: false)
        #expect(matchers.regexCount == 1)
    }

    @Test("named cases", arguments: [
        // pattern, url, case-sensitive, matches
        (#"/ads/.*banner\."#, "https://a.example/ads/x/banner.gif", false, true),
        (#"/ads/.*banner\."#, "https://a.example/banner.gif/ads/", false, false),
        (#"/ADS/"#, "https://a.example/ads/", false, true),
        (#"/ADS/"#, "https://a.example/ads/", true, false),
        (#"[A-C]x"#, "https://a.example/bx", false, true),
        (#"[^a]x"#, "https://a.test/Ax", false, false),
        (#"/pv([/:&\?].*)?$"#, "https://a.example/pv", false, true),
        (#"/pv([/:&\?].*)?$"#, "https://a.example/pv?x", false, true),
        (#"/pv([/:&\?].*)?$"#, "https://a.example/pvx", false, false),
        (#"/pv([/:&\?].*)?$"#, "https://a.example/pvx/pv&", false, true),
        (#"\.gif$"#, "https://a.example/x.gif", false, true),
        (#"\.gif$"#, "https://a.example/x.gif?y", false, false),
        (#"^https://a\.example/$"#, "https://a.example/", false, true),
        (#"^https://a\.example/$"#, "https://a.example/x", false, false),
        (#"^a.*b.*c$"#, "abxbxc", false, true),
        (#"^a.*b.*c$"#, "abxbxcx", false, false),
    ])
    func namedCases(_ source: String, _ url: String, _ caseSensitive: Bool, _ expected: Bool) throws {
        let (native, regex) = try answers(source, url, caseSensitive: caseSensitive)
        #expect(native == expected)
        #expect(regex == expected)
    }

    @Test("anchored at a place after the start")
    func anchoredTail() throws {
        // A host's tail, confirmed right after the host (offset 17 is after "https://a.example").
        #expect(try answers("/ads", "https://a.example/ads", anchored: true, from: 17) == (true, true))
        #expect(try answers("/ads", "https://a.example/x/ads", anchored: true, from: 17) == (false, false))
        #expect(try answers("[/:&?]?.*/ads", "https://a.example/x/ads", anchored: true, from: 17) == (true, true))
        #expect(try answers("/ads", "https://a.example/x/ads", from: 19) == (true, true))
        #expect(try answers("/ads", "https://a.example/ads/x", from: 18) == (false, false))
    }

    /// Random patterns over a small alphabet, where overlaps and near misses
    /// are common, against random short inputs, from every start, anchored
    /// or not, in both case modes.
    @Test("agrees with RE2 on random patterns and inputs")
    func randomAgreement() throws {
        var generator = SeededGenerator(seed: 0x5E6)
        let pieces = ["a", "b", "B", "/", "?", "\\.", ".", ".*", "[ab]", "[^a]", "[A-B]", "a?", "b*", "a+", "(.*)?", "([/:&\\?].*)?$", "$"]
        let inputAlphabet = Array("aAbB/?.:&x".utf8)
        var checked = 0, native = 0
        for _ in 0..<3_000 {
            var source = Bool.random(using: &generator) ? "^" : ""
            for _ in 0..<Int.random(in: 1...6, using: &generator) { source += pieces.randomElement(using: &generator)! }
            guard let pattern = try? URLFilterParser.parse(source), !pattern.matchesEverything else { continue }
            let caseSensitive = Bool.random(using: &generator)
            let anchored = !pattern.anchoredAtStart && Bool.random(using: &generator)
            var nativeMatchers = PatternMatchers(), regexMatchers = PatternMatchers()
            let nativeID = nativeMatchers.add(pattern, caseSensitive: caseSensitive, anchored: anchored)
            let regexID = regexMatchers.add(pattern, caseSensitive: caseSensitive, anchored: anchored, native: false)
            guard nativeMatchers.regexCount == 0 else { continue }
            native += 1
            for _ in 0..<20 {
                var input = (0..<Int.random(in: 0...10, using: &generator)).map { _ in inputAlphabet.randomElement(using: &generator)! }
                input.withUnsafeMutableBufferPointer { buffer in
                    let url = UnsafeBufferPointer(buffer)
                    for start in pattern.anchoredAtStart ? 0...0 : 0...url.count {
                        let expected = regexMatchers.matches(regexID, in: url, from: start)
                        let actual = nativeMatchers.matches(nativeID, in: url, from: start)
                        #expect(actual == expected, "\(source) case-sensitive \(caseSensitive) anchored \(anchored) on \"\(String(decoding: url, as: UTF8.self))\" from \(start)")
                        checked += 1
                    }
                }
            }
        }
        // The generator must have exercised the native matcher, not skipped everything.
        #expect(native > 1_000)
        #expect(checked > 50_000)
    }
}
