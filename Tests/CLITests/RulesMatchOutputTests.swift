import Foundation
import Testing

/// `limot rules match`'s two output forms: by default a load's
/// css-display-none action is written once under a stylesheet number, with
/// `--full-lines` on every line; both must say the same of every request.
@Suite("limot rules match output")
struct RulesMatchOutputTests {
    /// One request's answer as `--full-lines` spells it: its actions in order, its rules by list (sorted).
    struct Answer: Equatable, CustomStringConvertible {
        var url: String
        var blocked: Bool
        var actions: [String]
        var rules: [String: [Int]]
        var globalOff: [String]
        var description: String { "\(url) \(blocked) \(actions) \(rules) \(globalOff)" }
    }

    static func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
        }
    }

    static func answer(_ object: [String: Any], stylesheet: (action: String, rules: [String: [Int]])? = nil) -> Answer {
        var rules = object["rules"] as? [String: [Int]] ?? [:]
        var actions = object["actions"] as? [String] ?? []
        if let stylesheet {
            actions.append(stylesheet.action)
            rules.merge(stylesheet.rules) { $0 + $1 }
        }
        return Answer(url: object["url"] as? String ?? "?", blocked: object["blocked"] as? Bool ?? false, actions: actions,
                      rules: rules.mapValues { $0.sorted() }, globalOff: object["global-off"] as? [String] ?? [])
    }

    /// The default form's answers, each with the stylesheet it names put back;
    /// fails when a stylesheet is named before its definition or defined twice.
    static func answersWithStylesheets(_ output: String) throws -> [Answer] {
        var stylesheets: [Int: (action: String, rules: [String: [Int]])] = [:]
        var answers: [Answer] = []
        for object in try objects(output) {
            if object["url"] == nil, let number = object["stylesheet"] as? Int {
                #expect(stylesheets[number] == nil, "stylesheet \(number) is defined twice")
                #expect(number == stylesheets.count + 1, "stylesheets are numbered in order of first use")
                let action = try #require(object["action"] as? String)
                #expect(action.hasPrefix("css-display-none:"))
                stylesheets[number] = (action, object["rules"] as? [String: [Int]] ?? [:])
                continue
            }
            guard object["url"] != nil else { continue }  // a {"line", "error"} line, in both forms
            var named: (action: String, rules: [String: [Int]])?
            if let number = object["stylesheet"] as? Int {
                let defined = try #require(stylesheets[number] as (action: String, rules: [String: [Int]])?,
                                           "stylesheet \(number) is named before it is defined")
                named = defined
            }
            #expect(!(object["actions"] as? [String] ?? []).contains { $0.hasPrefix("css-display-none:") },
                    "a line of the default form carries no css-display-none action of its own")
            answers.append(answer(object, stylesheet: named))
        }
        return answers
    }

    @Test("by default each css-display-none set is written once, and every line says what --full-lines says",
          arguments: [("requests.jsonl", "small-list.json"), ("global-requests.jsonl", "global-list.json")])
    func stylesheetsSayWhatFullLinesSay(requests: String, list: String) throws {
        let full = try LimotProcess.run(["rules", "match", "--full-lines", "--requests", requests, "--rules", list])
        let short = try LimotProcess.run(["rules", "match", "--requests", requests, "--rules", list])
        #expect(short.status == full.status)
        let fullAnswers = try Self.objects(full.standardOutput).filter { $0["url"] != nil }.map { Self.answer($0) }
        #expect(try Self.answersWithStylesheets(short.standardOutput) == fullAnswers)
    }

    @Test("the default form of the small list's requests")
    func defaultForm() throws {
        let result = try LimotProcess.run(["rules", "match", "--requests", "requests.jsonl", "--rules", "small-list.json"])
        #expect(result.status == 1, "bad request lines make the exit status 1")
        try LimotProcess.expectGolden(result.standardOutput, "match-stylesheets.jsonl")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix(#"{"stylesheet":"#) }.count == 2, "two distinct selector sets: \(lines)")
        #expect(lines.filter { $0.contains(".sponsored,ins.adsbygoogle") }.count == 1, "the common set is written once")
    }

    @Test("--time says on standard error how many lines the requests took and their time, and changes no output line")
    func timeIsReportedApart() throws {
        let plain = try LimotProcess.run(["rules", "match", "--requests", "requests.jsonl", "--rules", "small-list.json"])
        let timed = try LimotProcess.run(["rules", "match", "--time", "--requests", "requests.jsonl", "--rules", "small-list.json"])
        #expect(timed.status == plain.status)
        #expect(timed.standardOutput == plain.standardOutput)
        let requests = try String(contentsOf: LimotProcess.goldenFolder.appendingPathComponent("requests.jsonl"), encoding: .utf8)
        let answered = requests.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }.count
        let report = timed.standardError.split(separator: "\n").first { $0.hasPrefix("requests: ") }
        #expect(report?.hasPrefix("requests: \(answered) lines read, decided and written in ") == true,
                "one answer a line that is not blank: \(timed.standardError)")
        #expect(report?.contains(" ms CPU (") == true && report?.contains(" ms wall") == true)
        #expect(!plain.standardError.contains("requests: "), "no time without --time")
    }

    @Test("a request's line is the same after other requests as alone, in both forms (lines are kept per decision, ignore rules included)",
          arguments: [false, true])
    func linesDoNotDependOnEarlierRequests(fullLines: Bool) throws {
        // Loads that meet the ignore-previous-rules or not, with the plain block's
        // unless-domain rule excluded or not, each kind twice.
        let requests = [
            #"{"url": "https://news.example/allowed/page", "type": "top-document"}"#,
            #"{"url": "https://cdn.example/allowed/x.png", "type": "image", "page": "https://quiet.example/"}"#,
            #"{"url": "https://cdn.example/allowed/y.png", "type": "image", "page": "https://news.example/"}"#,
            #"{"url": "https://news.example/", "type": "top-document"}"#,
            #"{"url": "https://cdn.example/z.png", "type": "image", "page": "https://quiet.example/"}"#,
            #"{"url": "https://cdn.example/allowed/w.png", "type": "image", "page": "https://quiet.example/"}"#,
            #"{"url": "https://news.example/allowed/other", "type": "top-document"}"#,
        ]
        let form = fullLines ? ["--full-lines"] : []
        let together = try LimotProcess.run(["rules", "match", "--requests", "-", "--rules", "global-list.json"] + form,
                                            input: requests.joined(separator: "\n"))
        #expect(together.status == 0)
        let answers = fullLines ? try Self.objects(together.standardOutput).map { Self.answer($0) }
            : try Self.answersWithStylesheets(together.standardOutput)
        #expect(answers.count == requests.count)
        for (request, answer) in zip(requests, answers) {
            let alone = try LimotProcess.run(["rules", "match", "--requests", "-", "--rules", "global-list.json"] + form, input: request)
            let aloneAnswers = fullLines ? try Self.objects(alone.standardOutput).map { Self.answer($0) }
                : try Self.answersWithStylesheets(alone.standardOutput)
            #expect(aloneAnswers == [answer], "\(request)")
        }
    }
}
