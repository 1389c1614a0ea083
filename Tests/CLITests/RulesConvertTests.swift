import Foundation
import Testing

/// `limot rules convert` and AdBlock lists given to `--rules`, on a small
/// list that has every feature the converter handles and some it skips.
@Suite("limot rules convert")
struct RulesConvertTests {
    /// The summary with its timing and temporary folder replaced, so it can be golden.
    private func stable(_ text: String, folder: URL? = nil) -> String {
        var text = text.replacingOccurrences(of: #"in [0-9]+\.[0-9]+ s"#, with: "in T s", options: .regularExpression)
        if let folder { text = text.replacingOccurrences(of: folder.path, with: "OUT") }
        return text
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limot-convert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("converts to JSON on standard output, the summary on standard error")
    func standardOutput() throws {
        let result = try LimotProcess.run(["rules", "convert", "small-adblock.txt"])
        #expect(result.status == 0, "\(result.standardError)")
        try LimotProcess.expectGolden(result.standardOutput, "convert-small-adblock.json")
        try LimotProcess.expectGolden(stable(result.standardError), "convert-small-adblock-summary.txt")
    }

    @Test("--report lists every skipped filter with its line; -o writes a list that rules check accepts")
    func reportAndCheck() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("small.json").path
        let result = try LimotProcess.run(["rules", "convert", "small-adblock.txt", "--report", "-o", output])
        #expect(result.status == 0, "\(result.standardError)")
        try LimotProcess.expectGolden(stable(result.standardOutput, folder: folder), "convert-small-adblock-report.txt")
        #expect(result.standardOutput.contains("small-adblock.txt:21: skipped: option $redirect"))
        let check = try LimotProcess.run(["rules", "check", output])
        #expect(check.status == 0)
        #expect(check.standardOutput.contains("0 errors, 0 warnings"))
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written == (try String(contentsOf: LimotProcess.goldenFolder.appendingPathComponent("convert-small-adblock.json"), encoding: .utf8)))
    }

    @Test("--split writes lists of at most N rules that pass check; --max-rules refuses a larger list")
    func split() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("part.json").path
        let result = try LimotProcess.run(["rules", "convert", "small-adblock.txt", "--split", "8", "-o", output])
        #expect(result.status == 0, "\(result.standardError)")
        let parts = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(parts == ["part-1.json", "part-2.json", "part-3.json"])
        for part in parts {
            let check = try LimotProcess.run(["rules", "check", folder.appendingPathComponent(part).path])
            #expect(check.status == 0)
            let rules = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(part))) as? [Any]
            #expect((rules?.count ?? 99) <= 8)
        }
        // The parts decide as the one list does.
        let request = #"{"url":"https://ads.example.com/keep/x.png","type":"image","page":"https://news.example/"}"# + "\n"
            + #"{"url":"https://ads.example.com/x.js","type":"script","page":"https://news.example/"}"# + "\n"
            + #"{"url":"https://forced.example/x.js","type":"script","page":"https://news.example/"}"# + "\n"
            + #"{"url":"https://ads.example.com/x.js","type":"script","page":"https://www.trusted.example/"}"# + "\n"
        let whole = try LimotProcess.run(["rules", "match", "--full-lines", "--requests", "-", "--rules", "small-adblock.txt"], input: request)
        let split = try LimotProcess.run(["rules", "match", "--full-lines", "--requests", "-", "--rules", folder.path], input: request)
        let blocked = { (text: String) in text.split(separator: "\n").map { $0.contains("\"blocked\":true") } }
        #expect(blocked(whole.standardOutput) == [false, true, true, false])
        #expect(blocked(split.standardOutput) == blocked(whole.standardOutput))

        let tooMany = try LimotProcess.run(["rules", "convert", "small-adblock.txt", "--max-rules", "10"])
        #expect(tooMany.status == 1)
        #expect(tooMany.standardError.contains("17 rules are more than --max-rules 10"))
        let tooSmall = try LimotProcess.run(["rules", "convert", "small-adblock.txt", "--split", "3", "-o", output])
        #expect(tooSmall.status == 1)
        #expect(tooSmall.standardError.contains("must repeat the 3 exceptions"))
        let noOutput = try LimotProcess.run(["rules", "convert", "small-adblock.txt", "--split", "8"])
        #expect(noOutput.status == 2)
    }

    @Test("every --rules takes an AdBlock list: explain names the filter's line")
    func explainAdblockList() throws {
        let result = try LimotProcess.run(["rules", "explain", "https://ads.example.com/keep/x.png", "--type", "image",
                                           "--page", "https://news.example/", "--rules", "small-adblock.txt"])
        #expect(result.status == 0, "\(result.standardError)")
        try LimotProcess.expectGolden(result.standardOutput, "explain-adblock.txt")
        #expect(result.standardOutput.contains("ignore-previous-rules  <- rule 13 (line 12)"))
    }

    @Test("check reports an AdBlock list's skipped filters as warnings with their lines")
    func checkAdblockList() throws {
        let result = try LimotProcess.run(["rules", "check", "small-adblock.txt"])
        #expect(result.status == 0)
        try LimotProcess.expectGolden(result.standardOutput, "check-small-adblock.txt")
        #expect(result.standardOutput.contains("small-adblock.txt:27: warning: non-ASCII characters: /реклама/ [AdblockFilterSkipped]"))
    }

    @Test("a missing input is an error naming the file")
    func missingFile() throws {
        let result = try LimotProcess.run(["rules", "convert", "no-such-list.txt"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("no-such-list.txt: cannot be read (no such file)"))
    }
}
