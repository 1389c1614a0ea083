import FixtureSupport
import Foundation
import Store
import Testing

/// `limot prefetch` and `limot cache` as a user runs them, against the
/// loopback fixture site reached through `--connect-to` under the real host
/// name, with the shipped rules and site profile.
@Suite("limot prefetch and limot cache against the fixture site", .serialized)
final class PrefetchCommandTests {
    let siteFixture: DictionarySiteFixture
    var authority: TestCertificateAuthority { siteFixture.authority }
    var fixtures: FixtureServer { siteFixture.fixtures }
    var dataDir: URL { siteFixture.dataDir }

    init() throws {
        siteFixture = try DictionarySiteFixture(name: "prefetch")
    }

    private func upstream(port: Int) -> [String] { siteFixture.upstream(port: port) }

    /// `limot prefetch FILE` against `port` (the fixture site unless said), with no delay between requests.
    private func prefetch(_ list: URL, _ arguments: [String] = [], port: Int? = nil) throws -> LimotProcess.Result {
        try LimotProcess.run(["prefetch", list.path, "--delay", "0"] + arguments + upstream(port: port ?? fixtures.port))
    }

    private func writeList(_ text: String, name: String = "words.txt") throws -> URL {
        let file = dataDir.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// The number on the summary line `label` (`  fetched   12`), if there is one.
    static func count(_ label: String, _ result: LimotProcess.Result) -> Int? {
        for line in result.standardOutput.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix(label + " ") else { continue }
            return Int(text.dropFirst(label.count).trimmingCharacters(in: .whitespaces).prefix { $0.isNumber })
        }
        return nil
    }

    /// The search requests the site received, as paths.
    private func searches() throws -> [String] {
        try fixtures.requests().map(\.path).filter { $0.hasPrefix("/search?") }
    }

    /// A copy of the fixture site whose search pages answer after `delay` seconds.
    private func slowSite(delay: Double) throws -> URL {
        let sites = dataDir.appendingPathComponent("slow-sites")
        let search = sites.appendingPathComponent("www.loghatnameh.de/search")
        try FileManager.default.createDirectory(at: search, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: FixtureServer.defaultSites.appendingPathComponent("www.loghatnameh.de/search/_none.html"),
                                         to: search.appendingPathComponent("_none.html"))
        try Data("Delay: \(delay)\n".utf8).write(to: search.appendingPathComponent("_none.html.headers"))
        return sites
    }

    @Test("a word list with a comment, a blank line and a duplicate: each page fetched once, a second run fetches nothing")
    func wordListOnce() throws {
        let list = try writeList("# German, then Persian\nHaus\n\n  Buch  \nHaus\ngehen\nخانه\nHauss\n")
        let first = try prefetch(list)
        #expect(first.status == 0, "\(first.standardOutput)\(first.standardError)")
        #expect(first.standardOutput.hasPrefix("Prefetched 5 words in "), "\(first.standardOutput)")
        #expect(Self.count("fetched", first) == 5, "\(first.standardOutput)")
        #expect(Self.count("no entries", first) == 1, "Hauss has no entries: \(first.standardOutput)")
        #expect(Self.count("failed", first) == 0)
        // No progress bar without a terminal.
        #expect(!first.standardError.contains("ETA") && !first.standardError.contains("\r"), "\(first.standardError)")
        let paths = try searches()
        #expect(paths.count == 5, "\(paths)")
        #expect(Set(paths).count == 5, "a page was fetched twice: \(paths)")
        #expect(paths.contains("/search?q=Haus&dir=de-fa"))
        #expect(paths.contains("/search?q=%D8%AE%D8%A7%D9%86%D9%87&dir=fa-de"))
        // Only the result pages: nothing from the ad hosts.
        #expect(try fixtures.hits().keys.sorted() == ["www.loghatnameh.de"])

        try fixtures.reset()
        let second = try prefetch(list)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(Self.count("already cached", second) == 5, "\(second.standardOutput)")
        #expect(Self.count("fetched", second) == 0)
        #expect(try fixtures.requests().isEmpty, "the second run asked the site")

        // Prefetched words are cached, not kept in the notebook.
        let history = try LimotProcess.run(["history", "list", "--json", "--data-dir", dataDir.path])
        #expect(history.standardOutput == "[]\n", "\(history.standardOutput)")

        // And lookup --offline answers from the cache, with the site gone.
        fixtures.stop()
        let offline = try LimotProcess.run(["lookup", "Buch", "--offline", "--json", "--data-dir", dataDir.path])
        #expect(offline.status == 0, "\(offline.standardError)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(offline.standardOutput.utf8)) as? [String: Any])
        #expect(answer["source_url"] as? String == "https://www.loghatnameh.de/search?q=Buch&dir=de-fa")
        #expect((answer["entries"] as? [Any])?.isEmpty == false)
    }

    @Test("words on standard input with -, and --refresh fetches cached pages again")
    func standardInputAndRefresh() throws {
        let words = "Haus\nBuch\n"
        let first = try LimotProcess.run(["prefetch", "-", "--delay", "0"] + upstream(port: fixtures.port), input: words)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(try searches().count == 2)
        try fixtures.reset()
        let refreshed = try LimotProcess.run(["prefetch", "-", "--refresh", "--delay", "0"] + upstream(port: fixtures.port), input: words)
        #expect(refreshed.status == 0, "\(refreshed.standardError)")
        #expect(try searches().count == 2, "--refresh asks the site for every word")
    }

    @Test("the site cannot be reached: every word listed as failed with the reason, exit 3, nothing cached")
    func unreachable() throws {
        let list = try writeList("Haus\nBuch\n")
        let result = try prefetch(list, ["--retries", "1", "--connect-timeout", "2"], port: closedPort())
        #expect(result.status == 3, "\(result.standardOutput)\(result.standardError)")
        #expect(Self.count("failed", result) == 2, "\(result.standardOutput)")
        let failed = try #require(result.standardOutput.components(separatedBy: "Failed:\n").last)
        #expect(failed.contains("  Haus (de-fa): "), "\(failed)")
        #expect(failed.contains("  Buch (de-fa): "), "\(failed)")
        #expect(failed.contains("www.loghatnameh.de"), "the reason names the site: \(failed)")
        #expect(failed.contains("(2 attempts)"), "one retry: \(failed)")
        let stats = try LimotProcess.run(["cache", "stats", "--json", "--data-dir", dataDir.path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(stats.standardOutput.utf8)) as? [String: Any])
        #expect(json["entries"] as? Int == 0)
    }

    @Test("a search page the rule lists block is a failure, never requested: exit 1")
    func blockedByRules() throws {
        let rules = dataDir.appendingPathComponent("block-search.json")
        try Data(#"[{"trigger": {"url-filter": "/search\\?q=Haus&"}, "action": {"type": "block"}}]"#.utf8).write(to: rules)
        let list = try writeList("Haus\nBuch\n")
        let result = try prefetch(list, ["--rules", rules.path])
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("  Haus (de-fa): the rule lists block https://www.loghatnameh.de/search?q=Haus&dir=de-fa"),
                "\(result.standardOutput)")
        #expect(try searches() == ["/search?q=Buch&dir=de-fa"])
    }

    @Test("a word list that cannot be read: exit 2 naming it; bad options and LIMOT_NO_HISTORY: exit 2")
    func usage() throws {
        let missing = dataDir.appendingPathComponent("no-such-list.txt")
        let result = try prefetch(missing)
        #expect(result.status == 2)
        #expect(result.standardError.contains("no-such-list.txt"), "\(result.standardError)")
        let list = try writeList("Haus\n")
        #expect(try prefetch(list, ["--concurrency", "9"]).status == 2)
        #expect(try prefetch(list, ["--cache-size", "0"]).status == 2)
        let keepsNothing = try LimotProcess.run(["prefetch", list.path] + upstream(port: fixtures.port), environment: ["LIMOT_NO_HISTORY": "1"])
        #expect(keepsNothing.status == 2)
        #expect(keepsNothing.standardError.contains("LIMOT_NO_HISTORY"))
        #expect(try fixtures.requests().isEmpty)
        let empty = try prefetch(try writeList("# nothing\n\n", name: "empty.txt"))
        #expect(empty.status == 1)
        #expect(empty.standardError.contains("lists no words"))
    }

    @Test("Ctrl-C: exit 130 with the summary, the database intact, and the next run fetches only the rest")
    func interrupted() throws {
        let sites = try slowSite(delay: 0.3)
        let site = try FixtureServer.start(sites: sites, tls: (authority.certificateFile, authority.keyFile))
        defer { site.stop() }
        let words = (1...200).map { String(format: "Wort%03d", $0) }
        let list = try writeList(words.joined(separator: "\n") + "\n")
        let run = try LimotRun.start(["prefetch", list.path, "--delay", "0", "--concurrency", "2"] + upstream(port: site.port))
        let store = try LimotStore(directory: dataDir.path)
        let deadline = Date().addingTimeInterval(60)
        while try store.cacheStatistics().entries < 4 {
            try #require(Date() < deadline && run.process.isRunning, "no page stored: \(run.output())")
            Thread.sleep(forTimeInterval: 0.05)
        }
        run.process.interrupt()
        let status = try run.wait(timeout: 20)
        let output = run.output()
        #expect(status == 130, "\(output)")
        #expect(output.standardOutput.contains("interrupted: run the same command again to continue"), "\(output)")
        let stored = try store.cacheStatistics().entries
        #expect(stored >= 4 && stored < 200, "\(stored) pages stored")
        #expect(Self.count("fetched", output) == stored, "\(output.standardOutput)")
        #expect(Self.count("not done", output) == 200 - stored, "\(output.standardOutput)")

        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["sqlite3", dataDir.appendingPathComponent("limot.sqlite3").path, "PRAGMA integrity_check"]
        let checkOutput = Pipe()
        check.standardOutput = checkOutput
        try check.run()
        let verdict = String(decoding: checkOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        #expect(verdict == "ok\n")

        // The rest, quickly now: the site answers at once.
        try FileManager.default.removeItem(at: sites.appendingPathComponent("www.loghatnameh.de/search/_none.html.headers"))
        try site.reset()
        let rest = try LimotProcess.run(["prefetch", list.path, "--delay", "0", "--concurrency", "4"] + upstream(port: site.port))
        #expect(rest.status == 0, "\(rest.standardOutput)\(rest.standardError)")
        let paths = try site.requests().map(\.path)
        #expect(paths.count == 200 - stored, "\(paths.count) requests after \(stored) pages were stored")
        #expect(Set(paths).count == paths.count)
        #expect(Self.count("already cached", rest) == stored, "\(rest.standardOutput)")
        #expect(try store.cacheStatistics().entries == 200)
    }

    @Test("on a terminal (tmux) a progress bar is drawn, then erased for the summary")
    func progressBarInTmux() throws {
        let sites = try slowSite(delay: 0.25)
        let site = try FixtureServer.start(sites: sites, tls: (authority.certificateFile, authority.keyFile))
        defer { site.stop() }
        let list = try writeList((1...12).map { "Wort\($0)" }.joined(separator: "\n") + "\n")
        let tmux = try TmuxScreen(folder: dataDir, columns: 100, rows: 30,
                                  command: [LimotProcess.executable.path, "prefetch", list.path, "--delay", "0", "--concurrency", "1"]
                                      + upstream(port: site.port))
        defer { tmux.stop() }
        var bar = ""
        var screen = ""
        let deadline = Date().addingTimeInterval(60)
        while !screen.contains(TmuxScreen.doneMarker) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            screen = try tmux.capture()
            if let line = screen.split(separator: "\n").first(where: { $0.hasPrefix("[") && $0.contains("words/s") }) {
                bar = String(line)
            }
        }
        #expect(screen.contains(TmuxScreen.doneMarker), "\(screen)")
        #expect(bar.range(of: #"^\[[#.]{18}\] \d+/12 +\d+%  \d+\.\d words/s  ETA (--|\d+(\.\d)?s|\d+m\d\ds)  Wort\d+"#, options: .regularExpression) != nil,
                "no progress bar seen: \(bar)")
        #expect(screen.contains("Prefetched 12 words in "), "\(screen)")
        #expect(!screen.contains("words/s"), "the bar was not erased: \(screen)")
    }

    @Test("cache stats, --json, clear and vacuum")
    func cacheCommands() throws {
        let list = try writeList("Haus\nBuch\ngehen\n")
        #expect(try prefetch(list).status == 0)
        let stats = try LimotProcess.run(["cache", "--data-dir", dataDir.path])
        #expect(stats.status == 0, "\(stats.standardError)")
        #expect(stats.standardOutput.contains("  entries         3 pages\n"), "\(stats.standardOutput)")
        #expect(stats.standardOutput.contains(" of 256 MiB ("), "\(stats.standardOutput)")
        #expect(stats.standardOutput.contains("  www.loghatnameh.de  3 pages  "), "\(stats.standardOutput)")

        let json = try LimotProcess.run(["cache", "stats", "--json", "--cache-size", "10", "--data-dir", dataDir.path])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["entries", "bytes", "limit", "oldest_fetch", "newest_fetch", "hosts", "database_file_bytes"])
        #expect(object["entries"] as? Int == 3)
        #expect(object["limit"] as? Int == 10 << 20)
        #expect((object["bytes"] as? Int ?? 0) > 0)
        #expect((object["database_file_bytes"] as? Int ?? 0) > 0)
        #expect(object["newest_fetch"] is String)
        let hosts = try #require(object["hosts"] as? [[String: Any]])
        #expect(hosts.first?["host"] as? String == "www.loghatnameh.de")
        #expect(hosts.first?["entries"] as? Int == 3)

        let refused = try LimotProcess.run(["cache", "clear", "--data-dir", dataDir.path])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("pass --yes"))
        let cleared = try LimotProcess.run(["cache", "clear", "--yes", "--data-dir", dataDir.path])
        #expect(cleared.status == 0)
        #expect(cleared.standardOutput.hasPrefix("Cleared 3 pages ("), "\(cleared.standardOutput)")
        let again = try LimotProcess.run(["cache", "clear", "--yes", "--data-dir", dataDir.path])
        #expect(again.status == 1)
        #expect(again.standardOutput == "Nothing to clear: the cache is empty.\n")
        let vacuum = try LimotProcess.run(["cache", "vacuum", "--data-dir", dataDir.path])
        #expect(vacuum.status == 0, "\(vacuum.standardError)")
        #expect(vacuum.standardOutput.hasPrefix(dataDir.appendingPathComponent("limot.sqlite3").path + ": "))
        #expect(vacuum.standardOutput.contains(" → "))
        let empty = try LimotProcess.run(["cache", "stats", "--data-dir", dataDir.path])
        #expect(empty.standardOutput.contains("  entries         0 pages\n"))
        #expect(empty.standardOutput.contains("The cache is empty"))
    }
}

/// A `limot` run in the background, its output in files (pipes could fill
/// up while the test waits), for tests that signal it.
struct LimotRun {
    let process: Process
    let outputFile: URL
    let errorFile: URL

    static func start(_ arguments: [String]) throws -> LimotRun {
        let process = Process()
        process.executableURL = LimotProcess.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LIMOT_RULES"] = LimotProcess.repositoryRoot.appendingPathComponent("Rules").path
        process.environment = environment
        let folder = FileManager.default.temporaryDirectory
        let run = LimotRun(process: process, outputFile: folder.appendingPathComponent("limot-run-\(UUID().uuidString).out"),
                           errorFile: folder.appendingPathComponent("limot-run-\(UUID().uuidString).err"))
        _ = FileManager.default.createFile(atPath: run.outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: run.errorFile.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: run.outputFile)
        process.standardError = try FileHandle(forWritingTo: run.errorFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return run
    }

    /// Waits for the exit; its status. Kills the process after `timeout` seconds.
    func wait(timeout: Double) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                process.waitUntilExit()
                throw FixtureServerError("limot did not exit within \(timeout) s: \(output())")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    func output() -> LimotProcess.Result {
        LimotProcess.Result(status: process.isRunning ? -1 : process.terminationStatus,
                            standardOutput: (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "",
                            standardError: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
    }
}
