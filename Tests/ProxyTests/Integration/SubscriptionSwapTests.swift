import FixtureSupport
import Foundation
import Testing

/// A running `limot serve` keeps a subscribed list current: the fixture's
/// list changes, and the proxy's next requests are decided by the new rules,
/// without a restart; a failed update keeps the last good version and is
/// shown on /_limot/stats.
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

    @Test("an updated list is swapped in without a restart; a failed update keeps it and is on /_limot/stats")
    func swapsUpdatedList() throws {
        // A testbed of its own: the shared one's fixture server must see
        // requests for the site hosts only (HostileInputTests checks it).
        let testbed = try ProxyTestbed.dedicated()
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("limot-swap-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let mapping = "easylist.to:80:127.0.0.1:\(testbed.fixtures.plainPort)"
        try testbed.fixtures.serveList(at: Self.listPath, Self.list(blocking: "swap-one"))

        let subscribe = Process()
        subscribe.executableURL = LimotServe.executable
        subscribe.arguments = ["rules", "subscribe", Self.listURL, "--data-dir", dataDir, "--connect-to", mapping]
        subscribe.standardOutput = FileHandle.nullDevice
        try subscribe.run()
        subscribe.waitUntilExit()
        try #require(subscribe.terminationStatus == 0)

        let proxy = try testbed.startProxy(["--connect-to", mapping, "--test-subscription-interval", "1"], dataDir: dataDir)
        let browser = TestBrowser(port: proxy.port)
        func blocked(_ path: String) throws -> Bool {
            let response = try browser.request("/" + path)
            return response.status == 403 && response.text.contains("Blocked by your rules")
        }
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
