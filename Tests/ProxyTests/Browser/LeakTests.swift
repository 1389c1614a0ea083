import FixtureSupport
import Foundation
import Synchronization
import Testing

/// A listener that every host name resolves to: each connection it sees was
/// caused by the page and went around the proxy (Tests/Fixtures/connection_recorder.py).
final class ConnectionRecorder: Sendable {
    let port: Int
    private let log: URL
    private let process: Process

    init() throws {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("limot-connections-\(UUID().uuidString).log")
        let script = FixtureServer.script.deletingLastPathComponent().appendingPathComponent("connection_recorder.py")
        (process, port) = try ChildProcesses.startServer(
            URL(fileURLWithPath: "/usr/bin/python3"), [script.path, "--log", log.path],
            name: "connection recorder", portPattern: #""port": (\d+)"#)
    }

    deinit { if process.isRunning { process.terminate() } }

    /// The host each connection accepted at or after `start` named (SNI or
    /// Host, "?" for none), but Chromium's own. A silent connection is named
    /// "?" only after eight seconds (a browser starved of CPU can take that
    /// long to say who it is calling), so this waits (up to ten) until every
    /// connection accepted since `start` has its name; and it goes by the
    /// time each was accepted, so a connection the page before opened is
    /// never counted against the page opened next.
    func hosts(acceptedSince start: Date) -> [String] {
        let deadline = Date().addingTimeInterval(10)
        while true {
            var opened: Set<Substring> = [], named: [Substring: String] = [:]
            for line in ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n") {
                let fields = line.split(separator: " ", maxSplits: 2)
                guard fields.count == 3, let accepted = Double(fields[0]), accepted >= start.timeIntervalSince1970 else { continue }
                if fields[2] == "+" { opened.insert(fields[1]) } else { named[fields[1]] = String(fields[2]) }
            }
            if opened.count <= named.count || Date() > deadline {
                return opened.sorted { Int($0) ?? 0 < Int($1) ?? 0 }.map { named[$0] ?? "?" }.filter { !Self.isChromiumsOwn($0) }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// Chromium 156 still checks for component and extension updates, for
    /// a Google account and for optimization hints, whatever the flags
    /// (`--disable-background-networking`, `--disable-component-update`,
    /// `--disable-extensions` tried): those connections are the browser's,
    /// named exactly here, and no page of the tests names these hosts.
    static func isChromiumsOwn(_ host: String) -> Bool {
        host == "accounts.google.com" || host.hasSuffix(".googleapis.com")
            || (host.hasPrefix("clients") && host.hasSuffix(".google.com") && host.dropFirst(7).dropLast(11).allSatisfy(\.isNumber))
    }
}

/// The browser is the judge: a real Chromium, every host name mapped to the
/// connection recorder, its own background traffic off. Each family of ways
/// a page can make the browser connect somewhere is tried by the fixture
/// page `/leaks/?f=FAMILY` (its first-party script builds every URL at run
/// time), and by the dictionary's own pages. Through limot no connection
/// may reach the recorder; straight from the fixture server the same page
/// does connect (the positive control), so each test can fail.
@Suite(.serialized) struct LeakTests {
    private static let shared = Mutex<Result<ConnectionRecorder, any Error>?>(nil)
    static func recorder() throws -> ConnectionRecorder {
        try shared.withLock { recorder in
            if recorder == nil { recorder = Result { try ConnectionRecorder() } }
            return try recorder!.get()
        }
    }

    static let families = [
        "frames", "images", "scripts", "links", "write", "network", "workers", "ping", "speculation", "css",
        "nav-location", "nav-assign", "nav-replace", "nav-history", "nav-open", "nav-anchor", "nav-form", "nav-refresh",
    ]

    /// Opens `path` of the fixture site, straight or through limot, and
    /// returns the connections the recorder saw meanwhile (after a pause
    /// for late loads, windows and navigations).
    private static func connections(opening url: String, in browser: BrowserSession, recorder: ConnectionRecorder, waitFor script: String?) throws -> [String] {
        let start = Date()
        try browser.open(url)
        if let script { try? browser.wait(until: script, timeout: .seconds(5), "the page's script") }
        Thread.sleep(forTimeInterval: 1.5)
        return recorder.hosts(acceptedSince: start)
    }

    /// Opens `url` in a new browser with `hostMap` and returns the
    /// connections seen meanwhile, and the browser. A Chromium that dies
    /// under load (chromedriver: "invalid session id") is started once more;
    /// the connections are counted from when the first browser was up, so a
    /// page that connected and then crashed the browser is still seen.
    private static func fresh(_ url: String, hostMap: String, recorder: ConnectionRecorder, waitFor script: String?) throws -> ([String], BrowserSession) {
        var start: Date?
        for attempt in 1... {
            let browser = try RealBrowserTests.session(hostMap: hostMap)
            // Counted from when the first browser is up: Chromium's own start
            // opens connections, one now and then closed at once without a
            // byte, so nameless ("?") and not told apart from a page's.
            if start == nil { start = Date() }
            let start = start!
            do {
                _ = try connections(opening: url, in: browser, recorder: recorder, waitFor: script)
                return (recorder.hosts(acceptedSince: start), browser)
            } catch let error as BrowserError where attempt < 2 && error.description.contains("invalid session id") {
                print("\(url): the browser died (\(error)); once more with a new one")
            }
        }
        fatalError("unreachable")
    }

    /// The connections a page makes straight from the fixture server (its
    /// browser is closed when this returns: an event stream would go on
    /// reconnecting during the next test).
    private static func control(opening url: String, testbed: ProxyTestbed, recorder: ConnectionRecorder, waitFor script: String) throws -> [String] {
        try fresh(url, hostMap: "MAP www.loghatnameh.de:80 127.0.0.1:\(testbed.fixtures.plainPort), MAP * 127.0.0.1:\(recorder.port), EXCLUDE 127.0.0.1",
                  recorder: recorder, waitFor: script).0
    }

    @Test(arguments: families) func noFamilyConnectsAroundTheProxy(family: String) throws {
        let testbed = try ProxyTestbed.get()
        let recorder = try Self.recorder()
        let tried = "return document.documentElement.dataset.tried === '\(family)' || !location.pathname.startsWith('/leaks/')"

        // Positive control: the same page from the fixture server, no limot.
        // Its browser is closed before the next one starts (an event stream
        // would go on reconnecting).
        let control = try Self.control(opening: "http://www.loghatnameh.de/leaks/?f=\(family)", testbed: testbed, recorder: recorder, waitFor: tried)
        #expect(!control.isEmpty, "\(family): without limot the page made no connection, so this test could not fail")

        // Through limot: nothing but the proxy.
        let origin = "http://127.0.0.1:\(testbed.proxy.port)"
        let (leaked, browser) = try Self.fresh(origin + "/leaks/?f=\(family)", hostMap: "MAP * 127.0.0.1:\(recorder.port), EXCLUDE 127.0.0.1",
                                             recorder: recorder, waitFor: tried)
        #expect(leaked.isEmpty, "\(family): through limot the page connected to \(leaked) (without limot: \(control))")
        for handle in try browser.handles {
            try browser.switchTo(handle)
            let url = try browser.url
            #expect(url.hasPrefix(origin + "/") || url == "about:blank", "\(family): a tab left the proxy for \(url)")
        }
    }

    @Test func aNavigationTheRulesBlockGetsLimotsBlockedPage() throws {
        let testbed = try ProxyTestbed.get()
        let recorder = try Self.recorder()
        let browser = try RealBrowserTests.session(hostMap: "MAP * 127.0.0.1:\(recorder.port), EXCLUDE 127.0.0.1")
        let origin = "http://127.0.0.1:\(testbed.proxy.port)"
        _ = try Self.connections(opening: origin + "/leaks/?f=nav-location", in: browser, recorder: recorder, waitFor: nil)
        try browser.wait(until: "return location.pathname === '/_limot/leave'", "the leave page")
        let text = try RealBrowserTests.text(browser)
        #expect(text.contains("Blocked by your rules") && text.contains("adservice.google.com"), "\(text.prefix(400))")
        #expect(try browser.run("return document.getElementById('limot-bar') !== null") as? Bool == true)
    }

    @Test func theDictionarysOwnPagesConnectNowhereElse() throws {
        let testbed = try ProxyTestbed.get()
        let recorder = try Self.recorder()
        let lazy = "return document.documentElement.dataset.lazyAds === 'tried'"
        let control = try Self.control(opening: "http://www.loghatnameh.de/search?q=Haus", testbed: testbed, recorder: recorder, waitFor: lazy)
        #expect(control.contains("googleads.g.doubleclick.net"), "without limot: \(control)")

        let browser = try RealBrowserTests.session(hostMap: "MAP * 127.0.0.1:\(recorder.port), EXCLUDE 127.0.0.1")
        let origin = "http://127.0.0.1:\(testbed.proxy.port)"
        for path in ["/", "/search?q=Haus", "/search?q=gehen"] {
            let leaked = try Self.connections(opening: origin + path, in: browser, recorder: recorder, waitFor: lazy)
            #expect(leaked.isEmpty, "\(path): connected to \(leaked)")
        }
        // The site's own scripts still run: the inline one, the file, the late loader.
        #expect(try browser.run("return document.documentElement.dataset.siteScript") as? String == "ran")
        #expect(try browser.run("return document.documentElement.dataset.siteJs") as? String == "ran")
        // Its script's control works: the examples toggle on a result page.
        try browser.open(origin + "/search?q=Haus")
        let hidden = "return document.querySelector('.hide-examples') !== null"
        let before = try browser.run(hidden) as? Bool
        try browser.click(".toggle-examples")
        #expect(try browser.run(hidden) as? Bool != before, "the site's example toggle did nothing")
        // Its suggestions for a word it does not know lead to the word.
        let misspelled = try Self.connections(opening: origin + "/search?q=Hauz", in: browser, recorder: recorder, waitFor: nil)
        #expect(misspelled.isEmpty, "\(misspelled)")
        try browser.click(#".suggestions a[href="/search?q=Haus"]"#)
        try browser.wait(until: "return location.search === '?q=Haus'", "the suggestion to open")
        #expect(try RealBrowserTests.text(browser).contains("خانه"))
    }
}
