import Foundation
import Testing

/// `limot rules add/list --user/remove/undo/pause/resume/export`: the
/// reader's own list in `user-rules.json`, as a user types the commands.
/// Outputs are compared with golden files after the data directory and the
/// times of the notes are replaced by placeholders.
@Suite("your own rules from the command line")
final class UserRulesCommandTests {
    let dataDir: URL

    init() {
        dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("limot-user-rules-\(UUID().uuidString)")
    }

    deinit {
        try? FileManager.default.removeItem(at: dataDir)
    }

    var rulesFile: URL { dataDir.appendingPathComponent("user-rules.json") }

    /// `limot ARGUMENTS… --data-dir D`.
    func limot(_ arguments: [String]) throws -> LimotProcess.Result {
        try LimotProcess.run(arguments + ["--data-dir", dataDir.path])
    }

    /// `text` with the data directory and ISO times replaced by `DATA` and `TIME`.
    func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: dataDir.path, with: "DATA")
            .replacingOccurrences(of: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"#, with: "TIME", options: .regularExpression)
    }

    /// Runs each command, which must succeed, and returns their outputs together.
    func transcript(_ commands: [[String]]) throws -> String {
        var text = ""
        for command in commands {
            let result = try limot(command)
            #expect(result.status == 0, "\(command): \(result.standardError)")
            text += "$ limot \(command.joined(separator: " "))\n" + result.standardOutput + result.standardError
        }
        return normalized(text)
    }

    @Test("add takes AdBlock filters and JSON rules, keeps a list `rules check` accepts, and list --user shows each with its note")
    func addAndList() throws {
        let text = try transcript([
            ["rules", "add", "||ads.example^"],
            ["rules", "add", "example.org##.ad-slot", "--page", "https://example.org/artikel"],
            ["rules", "add", "@@||cdn.example^$script"],
            ["rules", "add", #"{"trigger":{"url-filter":"tracker","resource-type":["image"]},"action":{"type":"block"}}"#],
            ["rules", "list", "--user"],
        ])
        try LimotProcess.expectGolden(text, "user-rules-add-list.txt")
        let check = try LimotProcess.run(["rules", "check", rulesFile.path])
        #expect(check.status == 0, "user-rules.json does not pass rules check: \(check.standardOutput)\(check.standardError)")
        let saved = try String(contentsOf: rulesFile, encoding: .utf8)
        #expect(saved.split(separator: "\n").count == 6, "one rule a line between the brackets:\n\(saved)")

        let listed = try limot(["rules", "list", "--user", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [String: Any])
        let rules = try #require(object["rules"] as? [[String: Any]])
        #expect(rules.map { $0["kind"] as? String } == ["block", "hide", "allow", "block"])
        #expect(rules[1]["page"] as? String == "https://example.org/artikel")
        #expect(rules[0]["filter"] as? String == "||ads.example^")
        #expect(object["usable"] as? Bool == true)
    }

    @Test("what WebKit cannot take is refused with the reason, and the list is left as it was", arguments: [
        ("example.org##+js(set-constant, x, 1)", "scriptlet injection"),
        (#"{"trigger":{"url-filter":"("},"action":{"type":"block"}}"#, "trigger.url-filter: Invalid or unsupported regular expression"),
        (#"{"trigger":{"url-filter":".*"},"action":{"type":"css-display-none","selector":"div:has-text(Ad)"}}"#, "selector"),
        ("! a comment", "a comment"),
        ("   ", "no filter given"),
        ("||ads.example^", "already in your list"),
    ])
    func refused(filter: String, reason: String) throws {
        #expect(try limot(["rules", "add", "||ads.example^"]).status == 0)
        let before = try Data(contentsOf: rulesFile)
        let result = try limot(["rules", "add", filter])
        #expect(result.status == 1)
        #expect(result.standardError.contains(reason), "\(result.standardError)")
        #expect(try Data(contentsOf: rulesFile) == before)
    }

    @Test("remove takes rules out by number, refuses a number out of range, and undo puts them back")
    func removeAndUndo() throws {
        for filter in ["||one.example^", "||two.example^", "||three.example^"] {
            #expect(try limot(["rules", "add", filter]).status == 0)
        }
        let outOfRange = try limot(["rules", "remove", "3"])
        #expect(outOfRange.status == 1)
        #expect(outOfRange.standardError.contains("numbered 0 to 2"), "\(outOfRange.standardError)")
        let text = try transcript([["rules", "remove", "0", "2"], ["rules", "list", "--user"], ["rules", "undo"], ["rules", "list", "--user"]])
        try LimotProcess.expectGolden(text, "user-rules-remove-undo.txt")
        #expect(try limot(["rules", "remove", "0", "1", "2"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: rulesFile.path), "no rules is no file (WebKit refuses an empty list)")
    }

    @Test("pause adds one ignore-previous-rules rule for the site's pages; resume removes it; a second resume says it was not paused")
    func pauseAndResume() throws {
        let text = try transcript([
            ["rules", "pause", "example.org"],
            ["rules", "pause", "example.org"],
            ["rules", "pause", "--page", "https://www.loghatnameh.de/dict?word=Haus#top"],
            ["rules", "list", "--user"],
            ["rules", "resume", "example.org"],
        ])
        try LimotProcess.expectGolden(text, "user-rules-pause.txt")
        let again = try limot(["rules", "resume", "example.org"])
        #expect(again.status == 1)
        #expect(again.standardError.contains("not paused for example.org"))
        let bad = try limot(["rules", "pause", "not a site"])
        #expect(bad.status == 1)
        #expect(bad.standardError.contains("is not a site"), "\(bad.standardError)")
    }

    /// Whether `rules explain` says a script from googlesyndication.com (a shipped block) on `page` is blocked.
    func shippedBlockApplies(on page: String) throws -> Bool {
        let result = try limot(["rules", "explain", "https://pagead2.googlesyndication.com/show_ads.js", "--type", "script", "--page", page])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.contains("decision: blocked")
    }

    @Test("your exception beats a shipped block, and a pause lifts every list on the site only; removing them brings the block back")
    func exceptionsAndPausesBeatShippedLists() throws {
        let dictionary = "https://www.loghatnameh.de/dict?word=Haus"
        #expect(try shippedBlockApplies(on: dictionary), "positive control: the shipped lists block it")
        #expect(try limot(["rules", "pause", "www.loghatnameh.de"]).status == 0)
        #expect(!(try shippedBlockApplies(on: dictionary)))
        #expect(try shippedBlockApplies(on: "https://news.example/"), "other sites are still filtered")
        #expect(try limot(["rules", "resume", "www.loghatnameh.de"]).status == 0)
        #expect(try shippedBlockApplies(on: dictionary))

        #expect(try limot(["rules", "add", "@@||googlesyndication.com^$script"]).status == 0)
        let explained = try limot(["rules", "explain", "https://pagead2.googlesyndication.com/show_ads.js", "--type", "script", "--page", dictionary])
        #expect(explained.standardOutput.contains("decision: allowed"), "\(explained.standardOutput)")
        #expect(explained.standardOutput.contains("of your rules"), "the report names the rule of yours that allowed it: \(explained.standardOutput)")
    }

    @Test("a hand edit that breaks a rule is shown in place by list --user, left out (with a warning) by explain, and not overwritten when unreadable")
    func handEdits() throws {
        try FileManager.default.createDirectory(at: dataDir, withIntermediateDirectories: true)
        try Data(#"[{"trigger":{"url-filter":"ads"},"action":{"type":"block"}},{"trigger":{"url-filter":"x"},"action":{"type":"hide"}}]"#.utf8)
            .write(to: rulesFile)
        let listed = try limot(["rules", "list", "--user"])
        #expect(listed.standardOutput.contains("1  added"), "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains("error: ") && listed.standardOutput.contains("action.type"), "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains("does not use it until"), "\(listed.standardOutput)")
        let explained = try limot(["rules", "explain", "https://ads.example/ads.js", "--type", "script", "--page", "https://www.loghatnameh.de/"])
        #expect(explained.status == 0)
        #expect(explained.standardError.contains("user-rules.json has errors"), "\(explained.standardError)")

        let damaged = Data("[{\"trigger\":".utf8)
        try damaged.write(to: rulesFile)
        let added = try limot(["rules", "add", "||ads.example^"])
        #expect(added.status == 1)
        #expect(added.standardError.contains("was left as it is"), "\(added.standardError)")
        #expect(try Data(contentsOf: rulesFile) == damaged)
    }

    @Test("export writes the shipped lists and your rules as one list that `rules check` accepts")
    func export() throws {
        #expect(try limot(["rules", "add", "||ads.example^"]).status == 0)
        let output = dataDir.appendingPathComponent("all.json")
        let result = try limot(["rules", "export", "-o", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        let check = try LimotProcess.run(["rules", "check", "--json", output.path])
        #expect(check.status == 0, "\(check.standardOutput)")
        let exported = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [[String: Any]])
        let shipped = try FileManager.default.contentsOfDirectory(atPath: LimotProcess.repositoryRoot.appendingPathComponent("Rules").path)
            .filter { $0.hasSuffix(".json") }
            .map { try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: LimotProcess.repositoryRoot.appendingPathComponent("Rules/\($0)"))) as? [Any]).count }
            .reduce(0, +)
        #expect(exported.count == shipped + 1)
        #expect(result.standardError.contains("wrote \(shipped + 1) rules"))
    }
}
