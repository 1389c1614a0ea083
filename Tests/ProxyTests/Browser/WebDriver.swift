import FixtureSupport
import Foundation
import Testing

/// Debian's `chromedriver` as a child process: the W3C WebDriver protocol
/// over HTTP on a loopback port, driving headless Chromium.
final class ChromeDriver: Sendable {
    let port: Int
    private let process: Process

    static let executable = "/usr/bin/chromedriver"
    static let browser = "/usr/bin/chromium"

    /// Why the browser tests cannot run here, or nil when they can.
    static var missing: String? {
        let absent = [executable, browser].filter { !FileManager.default.isExecutableFile(atPath: $0) }
        if absent.isEmpty { return nil }
        return "\(absent.joined(separator: " and ")) not installed: `bash .ci/setup` installs Debian's chromium and chromium-driver"
    }

    /// Starts chromedriver on a port of its choosing and reads the port from
    /// its banner.
    init() throws {
        if let missing = Self.missing { throw BrowserError(missing) }
        (process, port) = try ChildProcesses.startServer(
            URL(fileURLWithPath: Self.executable), ["--port=0"],
            name: "chromedriver", portPattern: #"started successfully on port (\d+)"#
        )
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// A new headless Chromium with a fresh profile. `hostMap` (Chromium's
    /// host rules) sends the fixture hosts to the fixture server, so that a
    /// request that escaped the proxy would reach the fixture ad hosts and be
    /// counted there, instead of failing unseen for want of internet.
    func newSession(hostMap: String) throws -> BrowserSession {
        let arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900",
            "--host-rules=\(hostMap)", "--host-resolver-rules=\(hostMap)", "--ignore-certificate-errors",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--no-first-run", "--no-default-browser-check", "--disable-default-apps",
            // Scripts' windows open as a person's would (the leak tests' windows).
            "--disable-popup-blocking",
            "--lang=de-DE",
        ]
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": ["binary": Self.browser, "args": arguments],
            "goog:loggingPrefs": ["browser": "ALL", "performance": "ALL"],
        ] as [String: Any]]]
        let value = try WebDriverWire.call(port: port, "POST", "/session", capabilities)
        guard let id = (value as? [String: Any])?["sessionId"] as? String else {
            throw BrowserError("chromedriver gave no session: \(value)")
        }
        return BrowserSession(driverPort: port, id: id)
    }
}

/// One browser window, driven through WebDriver.
final class BrowserSession: @unchecked Sendable {
    private let driverPort: Int
    private let id: String

    fileprivate init(driverPort: Int, id: String) {
        self.driverPort = driverPort
        self.id = id
    }

    deinit { _ = try? WebDriverWire.call(port: driverPort, "DELETE", "/session/\(id)", nil) }

    @discardableResult
    private func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) throws -> Any {
        try WebDriverWire.call(port: driverPort, method, "/session/\(id)\(path)", method == "POST" ? (body ?? [:]) : nil)
    }

    /// Navigates and waits for the page to load.
    func open(_ url: String) throws { try call("POST", "/url", ["url": url]) }
    var url: String { get throws { try call("GET", "/url") as? String ?? "" } }
    func back() throws { try call("POST", "/back") }
    func forward() throws { try call("POST", "/forward") }
    func refresh() throws { try call("POST", "/refresh") }

    /// Opens a new tab and returns its handle (the current one stays current).
    func newTab() throws -> String {
        let value = try call("POST", "/window/new", ["type": "tab"]) as? [String: Any]
        guard let handle = value?["handle"] as? String else { throw BrowserError("no new tab: \(String(describing: value))") }
        return handle
    }

    /// The handles of the session's tabs and windows.
    var handles: [String] { get throws { try call("GET", "/window/handles") as? [String] ?? [] } }
    var handle: String { get throws { try call("GET", "/window") as? String ?? "" } }
    func switchTo(_ handle: String) throws { try call("POST", "/window", ["handle": handle]) }

    /// A middle click on an element, as a person opens a link in a new tab.
    func middleClick(_ selector: String) throws {
        let reference = try element(selector)
        try call("POST", "/actions", ["actions": [[
            "type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"],
            "actions": [
                ["type": "pointerMove", "origin": reference, "x": 0, "y": 0],
                ["type": "pointerDown", "button": 1], ["type": "pointerUp", "button": 1],
            ],
        ] as [String: Any]]])
    }

    /// A key pressed and let go, as a person types it (WebDriver's key
    /// codes: "\u{E00C}" Escape, "\u{E007}" Enter); trusted events, unlike
    /// a script's.
    func press(_ key: String) throws {
        try call("POST", "/actions", ["actions": [[
            "type": "key", "id": "keyboard",
            "actions": [["type": "keyDown", "value": key], ["type": "keyUp", "value": key]],
        ] as [String: Any]]])
    }

    /// The window's size in CSS pixels (a phone's, say).
    func resize(width: Int, height: Int) throws {
        try call("POST", "/window/rect", ["width": width, "height": height])
    }

    /// Runs `script` (a function body) in the page and returns its result.
    @discardableResult
    func run(_ script: String, _ arguments: [Any] = []) throws -> Any {
        try call("POST", "/execute/sync", ["script": script, "args": arguments])
    }

    /// The first element matching `selector`, as WebDriver's reference.
    func element(_ selector: String) throws -> [String: Any] {
        let value = try call("POST", "/element", ["using": "css selector", "value": selector])
        guard let reference = value as? [String: Any] else { throw BrowserError("no element \(selector): \(value)") }
        return reference
    }

    private func elementID(_ selector: String) throws -> String {
        let reference = try element(selector)
        guard let id = reference.values.first as? String else { throw BrowserError("bad element reference \(reference)") }
        return id
    }

    /// A real click (mouse events, default action), as a person would.
    func click(_ selector: String) throws { try call("POST", "/element/\(elementID(selector))/click") }

    /// Types into a field, key by key.
    func type(_ selector: String, _ text: String) throws {
        let id = try elementID(selector)
        try call("POST", "/element/\(id)/clear")
        try call("POST", "/element/\(id)/value", ["text": text])
    }

    /// The window as a PNG.
    func screenshot() throws -> Data {
        guard let base64 = try call("GET", "/screenshot") as? String, let data = Data(base64Encoded: base64) else {
            throw BrowserError("no screenshot")
        }
        return data
    }

    /// A Chrome DevTools Protocol command, through chromedriver.
    func devTools(_ command: String, _ parameters: [String: Any]) throws {
        try call("POST", "/goog/cdp/execute", ["cmd": command, "params": parameters])
    }

    /// The console messages since the last call.
    func consoleMessages() throws -> [String] {
        let entries = try call("POST", "/se/log", ["type": "browser"]) as? [[String: Any]] ?? []
        return entries.compactMap { $0["message"] as? String }
    }

    /// The browser's network activity since the last call, from DevTools
    /// events: the URLs it sent requests for, and those it refused to load
    /// because of the page's Content-Security-Policy (DevTools announces
    /// these too, then reports them as blocked with reason `csp`).
    func networkActivity() throws -> (sent: [String], refusedByPolicy: [String]) {
        let entries = try call("POST", "/se/log", ["type": "performance"]) as? [[String: Any]] ?? []
        var urls: [(id: String, url: String)] = []
        var refused = Set<String>()
        for entry in entries {
            guard let text = entry["message"] as? String,
                  let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                  let message = object["message"] as? [String: Any],
                  let parameters = message["params"] as? [String: Any],
                  let id = parameters["requestId"] as? String else { continue }
            switch message["method"] as? String {
            case "Network.requestWillBeSent":
                if let url = (parameters["request"] as? [String: Any])?["url"] as? String { urls.append((id, url)) }
            case "Network.loadingFailed" where parameters["blockedReason"] as? String == "csp":
                refused.insert(id)
            default:
                break
            }
        }
        return (urls.filter { !refused.contains($0.id) }.map(\.url), urls.filter { refused.contains($0.id) }.map(\.url))
    }

    /// Polls `script` until it returns true; a page the bar reloads (after a
    /// back-forward cache restore) settles a moment after the navigation.
    func wait(until script: String, timeout: Duration = .seconds(10), _ what: String) throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if (try? run(script)) as? Bool == true { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw BrowserError("timed out waiting for \(what)")
    }
}

/// JSON over HTTP/1.1 to chromedriver, with the small raw client the other
/// tests use.
enum WebDriverWire {
    static func call(port: Int, _ method: String, _ path: String, _ body: [String: Any]?) throws -> Any {
        let bytes = try body.map { try Array(JSONSerialization.data(withJSONObject: $0)) }
        let raw = RawHTTP.request(method: method, path: path, host: "127.0.0.1:\(port)",
                                  headers: [("Content-Type", "application/json; charset=utf-8")], body: bytes)
        let response = try RawHTTP.exchange(port: port, raw: raw, timeout: .seconds(60))
        let object = try JSONSerialization.jsonObject(with: Data(response.body), options: [.fragmentsAllowed]) as? [String: Any]
        let value = object?["value"] as Any
        if response.status != 200 {
            let error = (value as? [String: Any]).map { "\($0["error"] ?? ""): \($0["message"] ?? "")" } ?? response.text
            throw BrowserError("WebDriver \(method) \(path) failed (\(response.status)): \(error.prefix(500))")
        }
        return value
    }
}

struct BrowserError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
