import Fetch
import Foundation
import Synchronization

/// A one-line progress bar on standard error for a list being downloaded,
///
///     easylist  [#########.........]  1.2 of 2.3 MiB
///
/// drawn only on a terminal, only once a download is large (over
/// `threshold` bytes), at most ten times a second; `finish()` erases it.
final class DownloadProgress: Sendable {
    static let threshold: Int64 = 512 << 10
    private static let barWidth = 18

    private struct State {
        var lastDraw: ContinuousClock.Instant?
        var drawn = false
    }
    private let name: String
    private let state = Mutex(State())

    private init(name: String) {
        self.name = name
    }

    /// A progress callback for the fetcher, or nil when standard error is
    /// not a terminal (nothing is drawn then).
    static func callback(for name: String) -> (bar: DownloadProgress?, progress: TransferProgress?) {
        guard isatty(STDERR_FILENO) == 1, ProcessInfo.processInfo.environment["TERM"] != "dumb" else { return (nil, nil) }
        let bar = DownloadProgress(name: name)
        return (bar, { received, expected in bar.update(received: received, expected: expected) })
    }

    private func update(received: Int64, expected: Int64?) {
        guard max(received, expected ?? 0) >= Self.threshold else { return }
        let now = ContinuousClock.now
        state.withLock { state in
            if let last = state.lastDraw, now - last < .milliseconds(100) { return }
            state.lastDraw = now
            state.drawn = true
            Self.write("\r" + Self.line(name: name, received: received, expected: expected) + "\u{1B}[K")
        }
    }

    /// Erases the bar, if one was drawn.
    func finish() {
        state.withLock { state in
            if state.drawn { Self.write("\r\u{1B}[K") }
            state.drawn = false
        }
    }

    static func line(name: String, received: Int64, expected: Int64?) -> String {
        let mebibytes = { (bytes: Int64) in String(format: "%.1f", Double(bytes) / 1_048_576) }
        guard let expected, expected > 0 else { return "\(name)  \(mebibytes(received)) MiB" }
        let filled = min(barWidth, Int(Double(received) / Double(expected) * Double(barWidth)))
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled) + "]"
        return "\(name)  \(bar)  \(mebibytes(received)) of \(mebibytes(expected)) MiB"
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
