import FixtureSupport
import Foundation
import Testing

/// libcurl takes a proxy from the environment (`https_proxy`, `ALL_PROXY`…)
/// unless told not to. limot tells it not to (`CURLOPT_PROXY` set empty on
/// every hop): a proxy would make the connections in limot's place, around
/// its address policy (no request to private or loopback addresses on a
/// page's behalf) and its `--connect-to` mapping. These tests run the real
/// `limot lookup` with every proxy variable naming a connection recorder
/// (Tests/Fixtures/connection_recorder.py) and count its connections.
@Suite("limot ignores proxies named in its environment", .serialized)
final class EnvironmentProxyTests {
    let siteFixture: DictionarySiteFixture
    let recorder: Process
    let recorderInput = Pipe()
    let recorderLog: URL
    let recorderPort: Int

    init() throws {
        siteFixture = try DictionarySiteFixture(name: "environment-proxy")
        recorderLog = FileManager.default.temporaryDirectory.appendingPathComponent("limot-proxy-trap-\(UUID().uuidString).log")
        recorder = Process()
        recorder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = FixtureServer.script.deletingLastPathComponent().appendingPathComponent("connection_recorder.py")
        recorder.arguments = ["python3", script.path, "--log", recorderLog.path, "--parent-watch"]
        let output = Pipe()
        recorder.standardOutput = output
        recorder.standardInput = recorderInput
        try recorder.run()
        // The recorder prints {"port": N} once it listens.
        var announcement = ""
        while !announcement.contains("}") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            announcement += String(decoding: chunk, as: UTF8.self)
        }
        guard let digits = announcement.firstMatch(of: /"port": (\d+)/)?.1, let port = Int(digits) else {
            recorder.terminate()
            throw FixtureServerError("the connection recorder did not start: \(announcement)")
        }
        recorderPort = port
    }

    deinit {
        try? recorderInput.fileHandleForWriting.close()
        if recorder.isRunning { recorder.terminate() }
        try? FileManager.default.removeItem(at: recorderLog)
    }

    /// Every variable libcurl (and most other clients) read a proxy from,
    /// naming the recorder; `NO_PROXY` emptied so that nothing inherited
    /// from the test's own environment exempts the site.
    var proxyEnvironment: [String: String] {
        let proxy = "http://127.0.0.1:\(recorderPort)"
        var environment: [String: String] = ["NO_PROXY": "", "no_proxy": ""]
        for name in ["http_proxy", "https_proxy", "HTTPS_PROXY", "HTTP_PROXY", "all_proxy", "ALL_PROXY"] {
            environment[name] = proxy
        }
        return environment
    }

    /// The hosts the recorder's connections named ("?" for a silent one),
    /// waiting up to `patience` for at least `atLeast` of them.
    func recordedHosts(atLeast: Int = 0, patience: Duration = .zero) -> [String] {
        let deadline = ContinuousClock.now + patience
        while true {
            let lines = ((try? String(contentsOf: recorderLog, encoding: .utf8)) ?? "").split(separator: "\n")
            let opened = lines.filter { $0.hasSuffix(" +") }.count
            let names = lines.compactMap { line -> String? in
                let fields = line.split(separator: " ", maxSplits: 2)
                return fields.count == 3 && fields[2] != "+" ? String(fields[2]) : nil
            }
            if (opened >= atLeast && names.count >= opened) || ContinuousClock.now >= deadline {
                return opened > names.count ? names + Array(repeating: "(unnamed yet)", count: opened - names.count) : names
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    @Test("a lookup with every proxy variable set fetches the site itself: the proxy sees no connection")
    func lookupGoesDirect() throws {
        let result = try LimotProcess.run(["lookup", "Haus", "--json"] + siteFixture.upstream(), environment: proxyEnvironment)
        #expect(result.status == 0, "with proxy variables set: \(result.standardError)")
        #expect(result.standardOutput.contains("\"headword\""), "the entries were read: \(result.standardOutput.prefix(300))")
        #expect(try siteFixture.fixtures.hits()["www.loghatnameh.de", default: 0] >= 1, "the lookup reached the site itself")
        #expect(recordedHosts() == [], "limot connected to the proxy named in its environment")
    }

    /// The positive control: the recorder does see, and name, a client that
    /// honours the same variables (Python's urllib asks it to CONNECT to the
    /// site). So an empty record above means limot went direct, not that the
    /// trap was deaf.
    @Test("control: a client that honours the variables connects to the recorder, which names the site")
    func recorderSeesAClientThatHonoursTheVariables() throws {
        let control = Process()
        control.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        control.arguments = ["python3", "-c", """
            import urllib.request
            try: urllib.request.urlopen("https://www.loghatnameh.de/search?q=Haus", timeout=10)
            except Exception: pass
            """]
        control.environment = ProcessInfo.processInfo.environment.merging(proxyEnvironment) { $1 }
        try control.run()
        control.waitUntilExit()
        #expect(recordedHosts(atLeast: 1, patience: .seconds(10)) == ["www.loghatnameh.de"])
    }
}
