import Foundation
import Testing

@Suite("limot rules")
struct RulesCommandTests {
    @Test("check reports every error and warning of a broken list, WebKit's first")
    func checkBrokenList() throws {
        let result = try LimotProcess.run(["rules", "check", "limot-original.json"])
        #expect(result.status == 1)
        try LimotProcess.expectGolden(result.standardOutput, "check-limot-original.txt")
    }

    @Test("check --json prints machine-readable diagnostics")
    func checkJSON() throws {
        let result = try LimotProcess.run(["rules", "check", "--json", "limot-original.json"])
        #expect(result.status == 1)
        try LimotProcess.expectGolden(result.standardOutput, "check-limot-original.json")
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let diagnostics = object?["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.count == 7)
        #expect(diagnostics.first?["code"] as? String == "JSONDomainNotLowerCaseASCII")
        #expect(diagnostics.first?["rule"] as? Int == 2)
        #expect(Set(diagnostics.compactMap { $0["severity"] as? String }) == ["error", "warning"])
    }

    @Test("the shipped rules pass check with no warnings")
    func shippedRulesAreClean() throws {
        let rules = LimotProcess.repositoryRoot.appendingPathComponent("Rules").path
        let result = try LimotProcess.run(["rules", "check", rules])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(" 0 invalid; 0 errors, 0 warnings"))
        #expect(!result.standardOutput.contains("warning:"))
    }

    @Test("explain names the deciding rules and the ignore-previous-rules that overrode them")
    func explain() throws {
        let blocked = try LimotProcess.run(["rules", "explain", "https://cdn.ads.example/lib.js", "--type", "script", "--page", "https://news.example/", "--rules", "small-list.json"])
        #expect(blocked.status == 0)
        try LimotProcess.expectGolden(blocked.standardOutput, "explain-blocked.txt")
        let overridden = try LimotProcess.run(["rules", "explain", "https://img.other.example/banner/keep.png", "--type", "image", "--page", "https://www.news.example/", "--rules", "small-list.json"])
        try LimotProcess.expectGolden(overridden.standardOutput, "explain-overridden.txt")
        #expect(overridden.standardOutput.contains("ignore-previous-rules  <- rule 2"))
        #expect(overridden.standardOutput.contains("discarded rule 1"))
    }

    @Test("match answers one line per request, in order, and flags bad lines")
    func match() throws {
        let result = try LimotProcess.run(["rules", "match", "--full-lines", "--requests", "requests.jsonl", "--rules", "small-list.json"])
        #expect(result.status == 1, "bad request lines make the exit status 1")
        try LimotProcess.expectGolden(result.standardOutput, "match.jsonl")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 11)
        #expect(lines[0].contains("\"blocked\":true"))
        #expect(lines[1].contains("\"blocked\":false"))
        #expect(result.standardError.contains("requests.jsonl:9:"))
    }

    @Test("match gives a list's global stylesheet once, never on a request's line, and marks where it is off")
    func matchGlobalStylesheet() throws {
        let result = try LimotProcess.run(["rules", "match", "--full-lines", "--global-stylesheets", "--requests", "global-requests.jsonl", "--rules", "global-list.json"])
        #expect(result.status == 0)
        try LimotProcess.expectGolden(result.standardOutput, "match-global.jsonl")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0] == ##"{"global-stylesheets":[{"list":"global-list.json","rules":[0,1],"selectors":[".ad-banner","#sponsor"]}]}"##)
        #expect(lines.dropFirst().allSatisfy { !$0.contains(".ad-banner") && !$0.contains("#sponsor") })
        #expect(!lines[1].contains("global-off"))
        #expect(lines[2].hasSuffix(#","global-off":["global-list.json"]}"#), "the ignore-previous-rules of /allowed/ switches it off")
        let plain = try LimotProcess.run(["rules", "match", "--full-lines", "--requests", "global-requests.jsonl", "--rules", "global-list.json"])
        #expect(plain.standardOutput.split(separator: "\n").count == 3, "without --global-stylesheets, one line a request")
    }

    @Test("explain shows the global stylesheet in its own section, or the ignore rule that switched it off")
    func explainGlobalStylesheet() throws {
        let applied = try LimotProcess.run(["rules", "explain", "https://news.example/", "--rules", "global-list.json"])
        try LimotProcess.expectGolden(applied.standardOutput, "explain-global.txt")
        #expect(applied.standardOutput.contains("global-list.json: 2 selector(s) .ad-banner,#sponsor  <- rules 0, 1"))
        let off = try LimotProcess.run(["rules", "explain", "https://news.example/allowed/page", "--rules", "global-list.json"])
        try LimotProcess.expectGolden(off.standardOutput, "explain-global-off.txt")
        #expect(off.standardOutput.contains("global-list.json: switched off by ignore-previous-rules  <- rule 4 (line 6)"))
    }

    @Test("match reads standard input")
    func matchStandardInput() throws {
        let result = try LimotProcess.run(["rules", "match", "--full-lines", "--requests", "-", "--rules", "small-list.json"],
                                          input: "{\"url\":\"https://cdn.ads.example/a.png\",\"type\":\"image\"}\n")
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("{\"url\":\"https://cdn.ads.example/a.png\",\"blocked\":true"))
    }

    @Test("match reads a request the same however its JSON line is spelled")
    func matchRequestSpellings() throws {
        // The first two lines take match's direct reader, the others the JSON
        // parser (an escape, an unknown key, a number); all name one request.
        let spellings = [
            #"{"url":"https://cdn.ads.example/lib.js","type":"script","page":"https://news.example/","frame":null}"#,
            #" { "type" : "image", "page": "https://other.example/", "url": "https://cdn.ads.example/lib.js", "type": "script", "page": "https://news.example/" } "#,
            #"{"url":"https:\/\/cdn.ads.example\/lib.js","type":"script","page":"https://news.example/"}"#,
            #"{"url":"https://cdn.ads.example/lib.js","type":"script","page":"https://news.example/","note":{"seen":[1,2]}}"#,
            #"{"url":"https://cdn.ads.example/lib.js","type":"script","page":"https://news.example/","id":7}"#,
        ]
        let result = try LimotProcess.run(["rules", "match", "--full-lines", "--requests", "-", "--rules", "small-list.json"],
                                          input: spellings.joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == spellings.count)
        #expect(Set(lines).count == 1, "one request, one answer: \(lines)")
        #expect(lines.first?.hasPrefix(#"{"url":"https://cdn.ads.example/lib.js","blocked":true"#) == true)
    }

    @Test("match words a bad line as the JSON parser does, whichever reader saw it first")
    func matchBadLines() throws {
        let input = [
            #"{"url":null,"type":"script"}"#,
            #"{"url":"https://a.example/","type":5}"#,
            #"{"url":"https://a.example/","type":"script""#,
            #"{"type":"script"}"#,
            #"["https://a.example/"]"#,
        ].joined(separator: "\n") + "\n"
        let result = try LimotProcess.run(["rules", "match", "--requests", "-", "--rules", "small-list.json"], input: input)
        #expect(result.status == 1)
        #expect(result.standardOutput.split(separator: "\n") == [
            #"{"line":1,"error":"no \"url\" string"}"#,
            #"{"line":2,"error":"\"type\" must be a string"}"#,
            #"{"line":3,"error":"not a JSON object: line 1, column 44: unterminated object"}"#,
            #"{"line":4,"error":"no \"url\" string"}"#,
            #"{"line":5,"error":"not a JSON object but an array"}"#,
        ])
        #expect(result.standardError.contains("-:3: not a JSON object: line 1, column 44: unterminated object"))
    }

    @Test("compile summarises the lists")
    func compile() throws {
        let summary = FileManager.default.temporaryDirectory.appendingPathComponent("limot-compile-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: summary) }
        let result = try LimotProcess.run(["rules", "compile", "small-list.json", "-o", summary.path])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("compiled 7 rules from 1 list in "))
        #expect(result.standardOutput.contains("css-display-none         2"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: summary)) as? [String: Any]
        #expect(json?["rules"] as? Int == 7)
        #expect(json?["globalSelectors"] as? Int == 0, "rule 6 follows an ignore-previous-rules, so WebKit keeps it out of the global stylesheet")
    }

    @Test("usage errors exit with status 2, unreadable files with 1")
    func exitCodes() throws {
        #expect(try LimotProcess.run(["rules", "bogus"]).status == 2)
        #expect(try LimotProcess.run(["rules", "explain"]).status == 2)
        #expect(try LimotProcess.run(["rules", "explain", "::not a url::"]).status == 2)
        let missing = try LimotProcess.run(["rules", "check", "no-such-file.json"])
        #expect(missing.status == 1)
        #expect(missing.standardOutput.contains("no-such-file.json: error: no such file [FileUnreadable]"))
    }

    @Test("--help documents the commands")
    func help() throws {
        let result = try LimotProcess.run(["rules", "--help"])
        #expect(result.status == 0)
        for command in ["check", "compile", "explain", "match"] {
            #expect(result.standardOutput.contains(command))
        }
    }
}
