import ContentRules
import Testing
import WebURL
@testable import Sanitize

/// A subresource attribute decided from its bytes as written has the fate
/// the plain way gives it: its references decoded into a String, that
/// String decided, the rewritten path compared with it as Strings. The
/// blocked records (and their rule names, remembered once a page) and the
/// routed hosts are the same too. A navigation attribute likewise.
@Suite struct AttributeURLTests {
    static let pieces = ["https://", "http://", "//", "/", "/", "pagead2.googlesyndication.com", "www.loghatnameh.de", "cdn.example",
                         "/_limot/sub/image/https/www.loghatnameh.de", "img", ".png", ".js", "?", "q=", "&amp;", "&", "&#x2F;", "&quot;",
                         "#", "#top", "a", "Z", "9", " ", "\t", "%41", "é", "K", "\u{037E}", "e\u{301}", "خ", "data:", "mailto:x", ".."]

    static let adOrigins = ["https://pagead2.googlesyndication.com/", "//ad.doubleclick.net/", "http://www.google-analytics.com/"]

    static func fate(_ outcome: ResourcePolicy.AttributeURL) -> String {
        switch outcome {
        case .keep: "keep"
        case .blocked: "blocked"
        case .replace(let bytes, let needsEscaping):
            // The flag the writer trusts: whether escaping would change the value.
            "replace \(String(decoding: bytes, as: UTF8.self))" + (needsEscaping == bytes.contains { "&<>\"".utf8.contains($0) } ? "" : " (needsEscaping wrong)")
        }
    }

    /// The attribute's fate the plain way: decoded, decided as a String, compared as Strings.
    static func plainFate(_ raw: String, type: ResourceTypes, policy: inout ResourcePolicy) -> String {
        let written = Array(raw.utf8).withUnsafeBufferPointer { CharacterReferences.decodeAttribute($0) }
        switch policy.decide(written, type: type) {
        case .unchanged: return "keep"
        case .blocked: return "blocked"
        case .proxied(let path, let fragment):
            let rewritten = path + (fragment.map { "#" + $0 } ?? "")
            return rewritten == written ? "keep" : "replace \(rewritten)"
        }
    }

    @Test(arguments: ["https://www.loghatnameh.de/search?q=Haus", "http://www.loghatnameh.de/a/b", "https://other.example/x"])
    func generatedAttributesHaveThePlainFate(_ document: String) {
        let context = Fixtures.context(document)
        var policy = ResourcePolicy(context: context, base: Fixtures.url(document))
        var plain = ResourcePolicy(context: context, base: Fixtures.url(document))
        var random = SplitMix64(seed: 31)
        var fates: [String: Int] = [:]
        for _ in 0..<5_000 {
            // One in four starts as an ad the shipped rules block, which the rest may change.
            let raw = (random.next(below: 4) == 0 ? Self.adOrigins[random.next(below: Self.adOrigins.count)] : "")
                + random.text(from: Self.pieces, fewerThan: 7, plus: 1)
            let type: ResourceTypes = [.image, .script, .childDocument, .styleSheet][random.next(below: 4)]
            let fate = Array(raw.utf8).withUnsafeBufferPointer { Self.fate(policy.subresource(attribute: $0, type: type)) }
            #expect(fate == Self.plainFate(raw, type: type, policy: &plain), "\(raw) as \(type)")
            fates[String(fate.prefix(while: { $0 != " " })), default: 0] += 1
        }
        #expect(policy.blocked == plain.blocked)
        #expect(policy.hosts == plain.hosts)
        #expect(fates.count == 3 && fates.values.allSatisfy { $0 > 100 }, "\(fates): the generator no longer makes every fate")
    }

    static func fate(_ outcome: ResourcePolicy.AttributeNavigation) -> String {
        switch outcome {
        case .keep(let external): "keep \(external)"
        case .replace(let url, let external): "replace \(external) \(url)"
        }
    }

    /// A navigation attribute's fate the plain way: decoded into a String,
    /// a canonical site path kept or encoded as the parser would, anything
    /// else decided as a String and compared with it as Strings.
    static func plainNavigationFate(_ raw: String, policy: ResourcePolicy) -> String {
        let written = Array(raw.utf8).withUnsafeBufferPointer { CharacterReferences.decodeAttribute($0) }
        if policy.keepsCanonicalSitePaths, let path = CanonicalSitePath.path(of: written) {
            return path == written ? "keep false" : "replace false \(path)"
        }
        switch policy.navigate(written) {
        case .unchanged: return "keep false"
        case .site(let path): return path == written ? "keep false" : "replace false \(path)"
        case .external(let url): return url == written ? "keep true" : "replace true \(url)"
        }
    }

    @Test(arguments: ["https://www.loghatnameh.de/search?q=Haus", "http://www.loghatnameh.de/a/b", "https://other.example/x"])
    func generatedNavigationAttributesHaveThePlainFate(_ document: String) {
        let context = Fixtures.context(document)
        var policy = ResourcePolicy(context: context, base: Fixtures.url(document))
        let plain = ResourcePolicy(context: context, base: Fixtures.url(document))
        var random = SplitMix64(seed: 33)
        var fates: [String: Int] = [:]
        for _ in 0..<5_000 {
            // One in four starts as an ad the shipped rules block, one in four as a page of the site.
            let start = random.next(below: 4)
            let raw = (start == 0 ? Self.adOrigins[random.next(below: Self.adOrigins.count)] : start == 1 ? "https://www.loghatnameh.de/" : "")
                + random.text(from: Self.pieces, fewerThan: 7, plus: 1)
            let fate = Array(raw.utf8).withUnsafeBufferPointer { Self.fate(policy.navigation(attribute: $0)) }
            #expect(fate == Self.plainNavigationFate(raw, policy: plain), "\(raw)")
            fates[fate.split(separator: " ").prefix(2).joined(separator: " "), default: 0] += 1
        }
        #expect(fates.count == 4 && fates.values.allSatisfy { $0 > 50 }, "\(fates): the generator no longer makes every fate")
    }

    /// What a rewritten URL is made of (ASCII), each with what may be
    /// written in its place: itself, a canonically equivalent spelling
    /// (Kelvin sign, Greek question mark, Greek varia) or another text.
    static let spellings: [(ascii: String, others: [String])] = [
        ("/", ["/"]), ("a", ["a", "é"]), ("Z", ["Z"]), ("#", ["#", "e\u{301}"]), ("%41", ["%41", "A\u{30A}"]), ("e", ["e", "é"]),
        ("K", ["K", "\u{212A}"]), (";", [";", "\u{037E}"]), ("`", ["`", "\u{1FEF}"]), ("A", ["A", "Å"]),
    ]

    @Test func isWrittenIsStringEquality() {
        var random = SplitMix64(seed: 32)
        var equal = 0
        for _ in 0..<20_000 {
            var (rewritten, written) = ("", "")
            for _ in 0..<random.next(below: 5) {
                let piece = Self.spellings[random.next(below: Self.spellings.count)]
                rewritten += piece.ascii
                written += random.next(below: 2) == 0 ? piece.ascii : piece.others[random.next(below: piece.others.count)]
            }
            if random.next(below: 4) == 0 { written += "a" }
            let shortcut = Array(written.utf8).withUnsafeBufferPointer { ResourcePolicy.isWritten(rewritten, as: $0) }
            #expect(shortcut == (rewritten == written), "\(rewritten.unicodeScalars) against \(written.unicodeScalars)")
            if shortcut && Array(rewritten.utf8) != Array(written.utf8) { equal += 1 }
        }
        #expect(equal > 100, "only \(equal) canonically equal pairs of other bytes: the generator no longer makes them")
    }

    @Test("isASCII reads words as allSatisfy reads bytes, at every length up to 40 and every place of a high byte")
    func isASCIIAgreesWithAllSatisfy() {
        var random = SplitMix64(seed: 34)
        for length in 0...40 {
            for _ in 0..<100 {
                var bytes = (0..<length).map { _ in UInt8(random.next(below: 0x80)) }
                // Now and then one byte with the high bit, anywhere (the last included).
                if length > 0, random.next(below: 2) == 0 { bytes[random.next(below: length)] = UInt8(0x80 + random.next(below: 0x80)) }
                let words = bytes.withUnsafeBufferPointer { ResourcePolicy.isASCII($0) }
                #expect(words == bytes.allSatisfy { $0 < 0x80 }, "\(bytes)")
            }
        }
    }

    /// The origin test of a link (`startsWith`) against `starts(with:)`:
    /// links that share the origin's first bytes and differ at each place
    /// after, the origin whole, and an empty origin.
    @Test("startsWith agrees with starts(with:) at every place a link leaves the prefix")
    func startsWithAgreesWithStartsWith() {
        let origin = Array("https://www.loghatnameh.de".utf8)
        var checked = 0
        for prefix in [origin, []] {
            for place in 0...origin.count {
                for byte: UInt8 in [UInt8(ascii: "/"), UInt8(ascii: "x"), 0xD8] {
                    var link = Array(origin.prefix(place)) + [byte] + Array("/fa/word".utf8)
                    if place < origin.count { link += origin[place...] }
                    guard link.count >= prefix.count else { continue }
                    let found = link.withUnsafeBufferPointer { ResourcePolicy.startsWith($0, prefix) }
                    #expect(found == link.starts(with: prefix), "\(String(decoding: link, as: UTF8.self)) from \(prefix.count)")
                    checked += 1
                }
            }
        }
        #expect(checked > 100)
    }
}
