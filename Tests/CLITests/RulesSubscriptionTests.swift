import FixtureSupport
import Foundation
import Testing

/// `limot rules subscribe/unsubscribe/list/update` against a list served by
/// the loopback fixture server under its real name (easylist.to), reached
/// through `--connect-to`, and `rules explain/match/check --data-dir` seeing
/// it under its name.
@Suite("rule-list subscriptions", .serialized)
final class RulesSubscriptionTests {
    static let listPath = "/easylist/easylist.txt"
    static let listURL = "http://easylist.to/easylist/easylist.txt"

    /// An AdBlock list: two convertible filters and a scriptlet limot skips.
    static let firstVersion = """
        [Adblock Plus 2.0]
        ! Title: EasyList (fixture)
        ! Expires: 12 hours
        ||ads.example^$third-party
        ||tracker.example^
        example.com##+js(set-constant, x, 1)

        """
    /// One filter gone, two new ones.
    static let secondVersion = """
        [Adblock Plus 2.0]
        ! Title: EasyList (fixture)
        ! Expires: 12 hours
        ||ads.example^$third-party
        ||banners.example^
        ||popups.example^

        """

    let fixtures: FixtureServer
    let dataDir: URL

    init() throws {
        fixtures = try FixtureServer.start()
        dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("limot-subscriptions-\(UUID().uuidString)")
        try fixtures.serveList(at: Self.listPath, Self.firstVersion)
    }

    deinit {
        try? FileManager.default.removeItem(at: dataDir)
    }

    /// `limot ARGUMENTS… --data-dir D`, with easylist.to mapped to the fixture server.
    func limot(_ arguments: [String], network: Bool = true) throws -> LimotProcess.Result {
        var all = arguments + ["--data-dir", dataDir.path]
        if network { all += ["--connect-to", "easylist.to:80:127.0.0.1:\(fixtures.plainPort)"] }
        return try LimotProcess.run(all)
    }

    /// Whether `rules explain --data-dir` blocks `url`, by the subscribed list.
    func explainBlocks(_ url: String) throws -> Bool {
        let result = try limot(["rules", "explain", url, "--type", "script", "--page", "https://www.loghatnameh.de/"], network: false)
        let lines = result.standardOutput.split(separator: "\n")
        return lines.contains("decision: blocked") && lines.contains("easylist")
    }

    /// The stored copy of a subscribed list.
    func storedFile(_ name: String) -> String {
        dataDir.appendingPathComponent("subscriptions/\(name)").path
    }

    func listJSON() throws -> [[String: Any]] {
        let result = try limot(["rules", "list", "--json"], network: false)
        #expect(result.status == 0, "\(result.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
    }

    func subscribe() throws {
        let result = try limot(["rules", "subscribe", Self.listURL])
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test("subscribe downloads, checks and reports the list; explain --data-dir decides with it; unsubscribe removes it")
    func subscribeReportsAndIsUsed() throws {
        #expect(try !explainBlocks("https://tracker.example/t.js"))
        let result = try limot(["rules", "subscribe", Self.listURL])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("subscribed to easylist (\(Self.listURL)): 2 rules"))
        #expect(result.standardOutput.contains("skipped 1 filter WebKit cannot apply: 1 scriptlet injection (##+js)"))
        #expect(FileManager.default.fileExists(atPath: dataDir.appendingPathComponent("subscriptions/easylist.txt").path))
        #expect(try explainBlocks("https://tracker.example/t.js"))

        let list = try listJSON()
        #expect(list.count == 1)
        #expect(list.first?["name"] as? String == "easylist")
        #expect(list.first?["rules"] as? Int == 2)

        let again = try limot(["rules", "subscribe", Self.listURL, "--name", "other"])
        #expect(again.status == 2)
        #expect(again.standardError.contains("already subscribed as easylist"))

        let gone = try limot(["rules", "unsubscribe", "easylist"], network: false)
        #expect(gone.status == 0)
        #expect(try listJSON().isEmpty)
        #expect(try !explainBlocks("https://tracker.example/t.js"))
    }

    @Test("a subscribed list goes by its name in explain, match and check, a shipped list by its base name; explain and check show the files")
    func listsGoByTheirNames() throws {
        try subscribe()
        let explained = try limot(["rules", "explain", "https://tracker.example/t.js", "--type", "script"], network: false)
        let lines = explained.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("easylist"), "the deciding list is headed by its name: \(explained.standardOutput)")
        let listsLine = try #require(lines.first { $0.hasPrefix("lists:") })
        #expect(listsLine.contains("limot-ads (\(LimotProcess.repositoryRoot.path)/Rules/limot-ads.json)"), "\(listsLine)")
        #expect(listsLine.hasSuffix(", easylist (\(storedFile("easylist.txt")))"), "\(listsLine)")

        let request = #"{"url":"https://tracker.example/t.js","type":"script"}"# + "\n"
        let line = try LimotProcess.run(["rules", "match", "--requests", "-", "--data-dir", dataDir.path], input: request).standardOutput
        #expect(line.contains(#""rules":{"easylist":["#), "\(line)")
        #expect(!line.contains("subscriptions/"), "\(line)")

        // `rules check` with no path checks the same lists, found through
        // --data-dir or, as every command, $LIMOT_DATA_DIR.
        for checked in [try limot(["rules", "check"], network: false),
                        try LimotProcess.run(["rules", "check"], environment: ["LIMOT_DATA_DIR": dataDir.path])] {
            #expect(checked.status == 0, "\(checked.standardError)")
            #expect(checked.standardOutput.contains("easylist (\(storedFile("easylist.txt"))): valid, 2 rules"), "\(checked.standardOutput)")
            #expect(checked.standardOutput.contains("limot-ads (\(LimotProcess.repositoryRoot.path)/Rules/limot-ads.json): valid"))
            #expect(checked.standardOutput.contains("4 files checked: 4 valid, 0 invalid"), "\(checked.standardOutput)")
        }
        let json = try limot(["rules", "check", "--json", "-q"], network: false).standardOutput
        #expect(json.contains(#"{"name":"easylist","file":"\#(storedFile("easylist.txt"))","valid":true,"rules":2"#), "\(json)")
    }

    @Test("a subscription named like a shipped list leaves both named by their files, so that a name says which list decided")
    func clashingNamesFallBackToFiles() throws {
        let subscribed = try limot(["rules", "subscribe", Self.listURL, "--name", "limot-ads"])
        #expect(subscribed.status == 0, "\(subscribed.standardError)")
        let explained = try limot(["rules", "explain", "https://tracker.example/t.js", "--type", "script"], network: false)
        let lines = explained.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains(storedFile("limot-ads.txt")), "\(explained.standardOutput)")
        #expect(!lines.contains("limot-ads"))
        let listsLine = try #require(lines.first { $0.hasPrefix("lists:") })
        #expect(listsLine.hasPrefix("lists:    \(LimotProcess.repositoryRoot.path)/Rules/limot-ads.json, limot-cosmetic ("), "\(listsLine)")
    }

    @Test("a list that does not convert is refused with its errors and nothing is saved")
    func refusedList() throws {
        try fixtures.serveList(at: "/bad/scriptlets.txt", "example.com##+js(nope)\n")
        let result = try limot(["rules", "subscribe", "http://easylist.to/bad/scriptlets.txt"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("JSONContainsNoRules") || result.standardError.contains("no filter of this AdBlock list can be converted"))
        #expect(result.standardError.contains("nothing was saved"))
        #expect(!FileManager.default.fileExists(atPath: dataDir.appendingPathComponent("subscriptions.json").path))
    }

    @Test("update asks conditionally: a 304 changes nothing; a changed list reports +N −M")
    func conditionalUpdate() throws {
        try subscribe()
        try fixtures.reset()
        let unchanged = try limot(["rules", "update", "--force"])
        #expect(unchanged.status == 0, "\(unchanged.standardError)")
        #expect(unchanged.standardOutput.contains("easylist: unchanged, 2 rules"))
        let request = try #require(try fixtures.requests().last { $0.path == Self.listPath })
        #expect(request.header("If-None-Match")?.hasPrefix("\"") == true)
        #expect(request.header("If-Modified-Since") != nil)

        try fixtures.serveList(at: Self.listPath, Self.secondVersion)
        let changed = try limot(["rules", "update", "--force"])
        #expect(changed.status == 0, "\(changed.standardError)")
        #expect(changed.standardOutput.contains("easylist: +2 −1 rules, 3 rules now"))
        #expect(try explainBlocks("https://popups.example/p.js"))
        #expect(try !explainBlocks("https://tracker.example/t.js"))
    }

    @Test("the list's own ! Expires: decides when it is due; --force and a past next update override it")
    func expiresIsHonoured() throws {
        try subscribe()
        let entry = try #require(try listJSON().first)
        let formatter = ISO8601DateFormatter()
        let last = try #require((entry["lastUpdate"] as? String).flatMap(formatter.date(from:)))
        let next = try #require((entry["nextUpdate"] as? String).flatMap(formatter.date(from:)))
        #expect(abs(next.timeIntervalSince(last) - 12 * 3600) < 2, "! Expires: 12 hours")

        try fixtures.reset()
        let notDue = try limot(["rules", "update"])
        #expect(notDue.status == 0)
        #expect(notDue.standardOutput.contains("easylist: not due until"))
        #expect(try fixtures.requests().allSatisfy { $0.path != Self.listPath }, "a list not due is not asked for")

        // The stored next update moved into the past: the list is due.
        let metadata = dataDir.appendingPathComponent("subscriptions.json")
        let text = try String(contentsOf: metadata, encoding: .utf8)
        try text.replacingOccurrences(of: formatter.string(from: next), with: "2000-01-01T00:00:00Z").write(to: metadata, atomically: true, encoding: .utf8)
        let due = try limot(["rules", "update"])
        #expect(due.standardOutput.contains("easylist: unchanged"))
        #expect(try fixtures.requests().contains { $0.path == Self.listPath })
    }

    @Test("a broken download keeps the last good version and is reported", arguments: [
        ("error", "the server answered 500"),
        ("truncated", "closed the connection before the whole body arrived"),
        ("no-rules", "no filter of this AdBlock list can be converted"),
    ])
    func brokenDownloadKeepsLastGoodVersion(mode: String, message: String) throws {
        try subscribe()
        switch mode {
        case "error": try fixtures.serveList(at: Self.listPath, Self.secondVersion, mode: .error)
        case "truncated": try fixtures.serveList(at: Self.listPath, Self.secondVersion, mode: .truncated)
        default: try fixtures.serveList(at: Self.listPath, "example.com##+js(nope)\n")
        }
        let stored = try Data(contentsOf: dataDir.appendingPathComponent("subscriptions/easylist.txt"))
        let result = try limot(["rules", "update", "--force"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("easylist: update failed, the last good version stays (2 rules)"))
        #expect(result.standardError.contains(message))
        #expect(try Data(contentsOf: dataDir.appendingPathComponent("subscriptions/easylist.txt")) == stored)
        #expect(try explainBlocks("https://tracker.example/t.js"))
        let entry = try #require(try listJSON().first)
        #expect((entry["lastError"] as? String)?.contains(message) == true)
    }

    @Test("a JSON list that is not valid JSON keeps the last good JSON version")
    func invalidJSONList() throws {
        let path = "/lists/blocker.json"
        try fixtures.serveList(at: path, #"[{"trigger":{"url-filter":"tracker\\.example"},"action":{"type":"block"}}]"#)
        let subscribed = try limot(["rules", "subscribe", "http://easylist.to\(path)"])
        #expect(subscribed.status == 0, "\(subscribed.standardError)")
        #expect(subscribed.standardOutput.contains("subscribed to blocker"))
        try fixtures.serveList(at: path, #"[{"trigger":{"url-filter":"x"},"#)
        let result = try limot(["rules", "update", "blocker", "--force"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("blocker: update failed"))
        let explained = try limot(["rules", "explain", "https://tracker.example/t.js", "--type", "script"], network: false)
        #expect(explained.standardOutput.contains("decision: blocked\n\nblocker\n"), "\(explained.standardOutput)")
        #expect(explained.standardOutput.contains("blocker (\(storedFile("blocker.json")))"))
    }

    @Test("a damaged subscriptions.json is an error naming the file and line, and is left as it is")
    func damagedMetadata() throws {
        try FileManager.default.createDirectory(at: dataDir, withIntermediateDirectories: true)
        let metadata = dataDir.appendingPathComponent("subscriptions.json")
        let damaged = "{\n  \"subscriptions\": [\n    {\"name\": \"easylist\",\n"
        try damaged.write(to: metadata, atomically: true, encoding: .utf8)
        let result = try limot(["rules", "list"], network: false)
        #expect(result.status == 1)
        #expect(result.standardError.contains("subscriptions.json: line 4"))
        let explain = try limot(["rules", "explain", "https://tracker.example/t.js"], network: false)
        #expect(explain.status == 1)
        #expect(try String(contentsOf: metadata, encoding: .utf8) == damaged)
    }
}
