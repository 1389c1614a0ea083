import FixtureSupport
import Foundation
import Testing

/// A running `limot serve` keeps a subscribed list current: the fixture's
/// list changes, and the proxy's next requests are decided by the new rules,
/// without a restart; a failed update keeps the last good version and is
/// shown on /_limot/stats. A list subscribed or unsubscribed by another
/// `limot` is taken up or dropped the same way, by pages and lookups alike.
@Suite("subscriptions in a running proxy")
struct SubscriptionSwapTests {
    static let listPath = "/easylist/easylist.txt"
    static let listURL = "http://easylist.to/easylist/easylist.txt"

    /// A list that blocks the dictionary's page `path` (`$document`: AdBlock
    /// filters leave pages alone without it).
    static func list(blocking path: String) -> String {
        "[Adblock Plus 2.0]\n! Title: swap fixture\n||www.loghatnameh.de/\(path)^$document\n"
    }

    /// Waits (up to 60 s, polling) until `condition` holds; the proxy checks
    /// its lists every second with `--test-subscription-interval 1`.
    static func eventually(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.2)
        }
        Issue.record("timed out waiting until \(what)")
    }

    /// `limot ARGUMENTS…` run to its end, as a second process beside the proxy.
    static func limot(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = LimotServe.executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "limot \(arguments.joined(separator: " "))")
    }

    /// Runs `body` with a testbed of its own (the shared one's fixture
    /// server must see requests for the site hosts only: HostileInputTests
    /// checks it), a data directory removed afterwards, and the
    /// `--connect-to` that sends easylist.to to the fixture server.
    static func withTestbed(_ body: (_ testbed: ProxyTestbed, _ dataDir: String, _ mapping: String) throws -> Void) throws {
        let testbed = try ProxyTestbed.dedicated()
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("limot-swap-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        try body(testbed, dataDir, "easylist.to:80:127.0.0.1:\(testbed.fixtures.plainPort)")
    }

    /// Whether `browser` gets the proxy's blocked page for the site's `path`.
    static func blocked(_ path: String, _ browser: TestBrowser) throws -> Bool {
        let response = try browser.request("/" + path)
        return response.status == 403 && response.text.contains("Blocked by your rules")
    }

    @Test("an updated list is swapped in without a restart; a failed update keeps it and is on /_limot/stats")
    func swapsUpdatedList() throws {
        try Self.withTestbed { testbed, dataDir, mapping in
            try testbed.fixtures.serveList(at: Self.listPath, Self.list(blocking: "swap-one"))

            try Self.limot(["rules", "subscribe", Self.listURL, "--data-dir", dataDir, "--connect-to", mapping])

            let proxy = try testbed.startProxy(["--connect-to", mapping, "--test-subscription-interval", "1"], dataDir: dataDir)
            let browser = TestBrowser(port: proxy.port)
            func blocked(_ path: String) throws -> Bool { try Self.blocked(path, browser) }
            #expect(try blocked("swap-one"))
            #expect(try !blocked("swap-two"))

            try testbed.fixtures.serveList(at: Self.listPath, Self.list(blocking: "swap-two"))
            try Self.eventually("the new list decides") { try blocked("swap-two") }
            #expect(try !blocked("swap-one"), "the old list's rule is gone with it")

            let stats = try browser.request("/_limot/stats").text
            #expect(stats.contains("easylist"))
            #expect(stats.contains(Self.listURL))

            try testbed.fixtures.serveList(at: Self.listPath, "", mode: .error)
            try Self.eventually("/_limot/stats shows the failure") {
                try browser.request("/_limot/stats").text.contains("the server answered 500")
            }
            #expect(try blocked("swap-two"), "the last good version stays in use")
            #expect(proxy.log().contains("easylist: update failed"))
        }
    }

    @Test("your rules added by another limot, or edited by hand, apply without a restart; a broken edit is logged and not applied; SIGHUP reads them at once")
    func takesUpYourRulesLive() throws {
        try Self.withTestbed { testbed, dataDir, _ in
            let proxy = try testbed.startProxy([], dataDir: dataDir)
            let browser = TestBrowser(port: proxy.port)
            #expect(try !Self.blocked("mine-one", browser))

            try Self.limot(["rules", "add", "||www.loghatnameh.de/mine-one^$document", "--data-dir", dataDir])
            try Self.eventually("the rule added meanwhile decides") { try Self.blocked("mine-one", browser) }
            #expect(try browser.request("/mine-one").text.contains("your rules:"), "named as the reader knows the list")

            let file = dataDir + "/user-rules.json"
            let good = try String(contentsOfFile: file, encoding: .utf8)
            try Data(#"[{"trigger":{"url-filter":"mine-two"},"action":{"type":"hide"}}]"#.utf8).write(to: URL(fileURLWithPath: file))
            try Self.eventually("the broken edit is logged") { proxy.log().contains("your rules:") && proxy.log().contains("the rules in use stay") }
            #expect(try Self.blocked("mine-one", browser), "the rules in use stay while the edit is broken")

            try Data(good.utf8).write(to: URL(fileURLWithPath: file))
            Thread.sleep(forTimeInterval: 3)
            // An edit the look at the file cannot see (same inode, size and
            // modification time: written in place, the time put back) is
            // taken up on SIGHUP alone.
            var before = stat()
            stat(file, &before)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
            try handle.write(contentsOf: Data(good.replacingOccurrences(of: "mine-one", with: "mine-two").utf8))
            try handle.truncate(atOffset: UInt64(good.utf8.count))
            try handle.close()
            var times = [before.st_atim, before.st_mtim]
            #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
            Thread.sleep(forTimeInterval: 3)
            #expect(try Self.blocked("mine-one", browser), "positive control: without SIGHUP the edit is not seen")
            kill(proxy.pid, SIGHUP)
            try Self.eventually("the fixed edit decides") { try Self.blocked("mine-two", browser) }
            #expect(try !Self.blocked("mine-one", browser))
        }
    }

    @Test("a list subscribed by another limot is used without a restart, by pages and lookups, under its name; unsubscribed, it is dropped")
    func takesUpSubscriptionsLive() throws {
        try Self.withTestbed { testbed, dataDir, mapping in
            try testbed.fixtures.serveList(at: Self.listPath, Self.list(blocking: "swap-one") + "||www.loghatnameh.de/search^$document\n")

            let proxy = try testbed.startProxy(["--connect-to", mapping], dataDir: dataDir)
            let browser = TestBrowser(port: proxy.port)
            func lookupBlocked() throws -> Bool {
                let response = try browser.request("/_limot/lookup?q=Haus")
                return response.status == 403 && response.text.contains("A rule blocks the dictionary")
            }
            #expect(try !Self.blocked("swap-one", browser))
            #expect(try !lookupBlocked())

            try Self.limot(["rules", "subscribe", Self.listURL, "--data-dir", dataDir, "--connect-to", mapping])
            try Self.eventually("the list subscribed meanwhile decides") { try Self.blocked("swap-one", browser) }
            #expect(try lookupBlocked(), "the lookup page decides with the rules in use, not those the proxy started with")
            let page = try browser.request("/swap-one").text
            #expect(page.contains("easylist:"), "the rule is named by its list's name: \(page.prefix(800))")
            #expect(!page.contains("subscriptions/easylist.txt"))

            try Self.limot(["rules", "unsubscribe", "easylist", "--data-dir", dataDir])
            try Self.eventually("the list unsubscribed meanwhile no longer decides") { try !Self.blocked("swap-one", browser) }
            #expect(try !lookupBlocked())
        }
    }
}
