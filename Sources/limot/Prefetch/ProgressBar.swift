import Foundation
import Lookup

/// The one-line progress bar of `limot prefetch` on standard error:
///
///     [#########.........] 120/500  24%  3.1 words/s  ETA 2m03s  Haus
///
/// redrawn in place at most ``redrawsPerSecond`` times a second, and erased
/// by ``finish()`` so that the summary starts on a clean line.
final class ProgressBar: Sendable {
    static let redrawsPerSecond = 10
    static let barWidth = 18

    private struct State {
        var done: Int
        /// Words fetched (or failed) in this run: the rate counts only these.
        var worked = 0
        var current = ""
        var dirty = true
        var finished = false
    }

    let total: Int
    /// The rate and ETA count from here.
    private let start = ContinuousClock.now
    /// Words still to fetch when the run started.
    private let toFetch: Int
    private let state: Locked<State>
    private let ticker = Locked<Task<Void, Never>?>(nil)

    /// `done` words (already cached ones) count as done from the start.
    init(total: Int, done: Int) {
        self.total = total
        self.toFetch = total - done
        self.state = Locked(State(done: done))
    }

    /// Whether standard error is a terminal a bar can be drawn on.
    static var canDraw: Bool {
        isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// Starts redrawing.
    func begin() {
        let task = Task.detached { [weak self] in
            while !Task.isCancelled {
                self?.redraw()
                try? await Task.sleep(for: .milliseconds(1000 / Self.redrawsPerSecond))
            }
        }
        ticker.withLock { $0 = task }
    }

    func started(_ word: String) {
        state.withLock {
            $0.current = word
            $0.dirty = true
        }
    }

    func finished() {
        state.withLock {
            $0.done += 1
            $0.worked += 1
            $0.dirty = true
        }
    }

    /// Stops redrawing and erases the bar.
    func finish() {
        ticker.withLock { $0?.cancel() }
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            Self.write("\r\u{1B}[K")
        }
    }

    private func redraw() {
        let elapsed = ContinuousClock.now - start
        state.withLock { state in
            guard state.dirty || state.worked > 0, !state.finished else { return }
            state.dirty = false
            let line = Self.line(total: total, done: state.done, worked: state.worked, toFetch: toFetch,
                                 elapsed: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                                 word: state.current, columns: Self.columns())
            Self.write("\r" + line + "\u{1B}[K")
        }
    }

    /// The bar's text, at most `columns - 1` characters wide (a full line
    /// would wrap on some terminals and break the redraw).
    static func line(total: Int, done: Int, worked: Int, toFetch: Int, elapsed: Double, word: String, columns: Int) -> String {
        let fraction = total == 0 ? 1 : Double(done) / Double(total)
        let filled = min(barWidth, Int((fraction * Double(barWidth)).rounded(.down)))
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled) + "]"
        let rate = elapsed > 0 ? Double(worked) / elapsed : 0
        let eta = worked > 0 && rate > 0 ? HumanUnits.duration(Double(max(0, toFetch - worked)) / rate) : "--"
        var line = "\(bar) \(done)/\(total)  \(Int(fraction * 100))%  " + String(format: "%.1f", rate) + " words/s  ETA \(eta)"
        if !word.isEmpty { line += "  " + word }
        let room = max(10, columns - 1)
        if line.count > room { line = String(line.prefix(room - 1)) + "…" }
        return line
    }

    /// Standard error's width, else 80.
    private static func columns() -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 { return Int(size.ws_col) }
        return 80
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
