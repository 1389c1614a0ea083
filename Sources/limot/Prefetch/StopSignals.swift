import Dispatch
import Foundation
import Lookup

/// Ctrl-C (SIGINT) and SIGTERM as a request to stop: the first one calls
/// `onStop`, a second one ends the process at once (status 130).
///
/// The signals' default disposition (terminate) is replaced by "ignore"
/// before their dispatch sources exist, so that no signal kills the process
/// while the sources are being registered; on Linux, libdispatch then
/// installs its own handler and reads them through a signalfd, and on
/// Darwin through kqueue, which sees ignored signals too.
final class StopSignals: Sendable {
    static let signals: [Int32] = [SIGINT, SIGTERM]

    private let sources: [SignalSource]
    private let received = Locked(0)

    /// DispatchSourceSignal is not declared Sendable; it is only created,
    /// resumed and cancelled here, and its handler runs on one queue.
    private struct SignalSource: @unchecked Sendable {
        let source: DispatchSourceSignal
    }

    /// Installs the sources and waits until they are registered, so that a
    /// signal sent after this returns is not lost.
    static func install(onStop: @escaping @Sendable (Int32) -> Void) async -> StopSignals {
        for signal in signals { _ = Foundation.signal(signal, SIG_IGN) }
        let queue = DispatchQueue(label: "limot.stop-signals")
        let watcher = StopSignals(sources: signals.map {
            SignalSource(source: DispatchSource.makeSignalSource(signal: $0, queue: queue))
        })
        for (signal, wrapped) in zip(signals, watcher.sources) {
            let source = wrapped.source
            source.setEventHandler { [weak watcher] in
                guard let watcher else { return }
                let count = watcher.received.withLock { count in
                    count += 1
                    return count
                }
                if count > 1 {
                    FileHandle.standardError.write(Data("\nlimot: stopped at once (second signal)\n".utf8))
                    _exit(130)
                }
                onStop(signal)
            }
            await withCheckedContinuation { (registered: CheckedContinuation<Void, Never>) in
                source.setRegistrationHandler { registered.resume() }
                source.resume()
            }
        }
        return watcher
    }

    private init(sources: [SignalSource]) {
        self.sources = sources
    }

    /// Whether a stop signal arrived.
    var stopRequested: Bool { received.withLock { $0 > 0 } }

    /// Stops listening; the signals keep being ignored until exit.
    func cancel() {
        for wrapped in sources { wrapped.source.cancel() }
    }
}
