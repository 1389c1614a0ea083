import ContentRules
import Foundation
import Testing

/// limot must accept and reject exactly what WebKit does, with the same
/// error. Fixtures/webkit-verdicts.json holds 1,266 rule lists with the
/// verdicts of WebKit's real content-blocker compiler (WebKitGTK 2.50,
/// recorded by `python3 Benchmarks/webkit_oracle.py record`).
@Suite("WebKit's verdicts")
struct WebKitVerdictTests {
    struct Case: Decodable {
        var name: String
        var source: String
        var accepted: Bool
        var message: String?
        var parse_status: String?
    }

    /// Where limot deliberately differs from WebKitGTK 2.50, and why.
    static func knownDifference(_ testCase: Case) -> String? {
        if testCase.source.contains("if-ancestor-frame-url") {
            return "newer WebKit (and limot) parse if-ancestor-frame-url; WebKitGTK 2.50 ignores the key"
        }
        if testCase.source.isEmpty {
            return "WebKitGTK's API refuses empty input before WebKit's parser runs"
        }
        return nil
    }

    static let cases: [Case] = {
        guard let url = Bundle.module.url(forResource: "webkit-verdicts", withExtension: "json", subdirectory: "Fixtures"),
            let data = try? Data(contentsOf: url)
        else { return [] }
        return (try? JSONDecoder().decode([Case].self, from: data)) ?? []
    }()

    @Test("the fixture is there and large")
    func fixtureLoads() {
        #expect(Self.cases.count > 1000)
    }

    @Test("limot accepts and rejects every recorded list as WebKit does, with WebKit's error")
    func verdictsAgree() {
        var mismatches: [String] = []
        var compared = 0
        for testCase in Self.cases where Self.knownDifference(testCase) == nil {
            compared += 1
            let parsed = RuleListParser.parse(testCase.source, source: "case")
            let accepted = parsed.list != nil
            if accepted != testCase.accepted {
                mismatches.append("\(testCase.name): WebKit \(testCase.accepted ? "accepts" : "rejects (\(testCase.message ?? ""))"), limot \(accepted ? "accepts" : "rejects: \(parsed.webKitError?.description ?? "?")")")
                continue
            }
            guard !accepted, let expected = testCase.message else { continue }
            let ours = parsed.webKitError?.code.webKitMessage
            if ours != expected {
                mismatches.append("\(testCase.name): WebKit says \"\(expected)\", limot \"\(ours ?? "nothing")\" (\(parsed.webKitError?.description ?? ""))")
            } else if let status = testCase.parse_status {
                let sentence = status.hasSuffix(".") ? String(status.dropLast()) : status
                if !(parsed.webKitError?.message.contains(sentence) ?? false) {
                    mismatches.append("\(testCase.name): WebKit's regex status \"\(status)\", limot: \(parsed.webKitError?.message ?? "")")
                }
            }
        }
        #expect(compared > 1000)
        #expect(mismatches.isEmpty, Comment(rawValue: "\(mismatches.count) disagreements:\n" + mismatches.joined(separator: "\n")))
    }

    @Test("the deliberate differences are few and explained")
    func knownDifferencesAreFew() {
        let differing = Self.cases.filter { Self.knownDifference($0) != nil }
        #expect(differing.count < 30)
    }
}
