import Dispatch
import Foundation
import Synchronization

/// SIGHUP as a request to read the rule lists again (as daemons take it):
/// `kill -HUP PID` makes a running `limot serve` pick up a hand edit of
/// `user-rules.json` at once rather than at the next look at the files.
/// The signal only raises a flag; the refresher's task takes it.
final class HangupSignal: Sendable {
    private let raised = Atomic<Bool>(false)
    /// Set in `init` and cancelled in `deinit` only.
    private nonisolated(unsafe) let source: any DispatchSourceSignal

    init() {
        // The default action of SIGHUP ends the process: the source takes it instead.
        signal(SIGHUP, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        source.setEventHandler { [weak self] in self?.raised.store(true, ordering: .relaxed) }
        source.resume()
    }

    /// Whether SIGHUP came since the last call.
    func take() -> Bool {
        raised.exchange(false, ordering: .relaxed)
    }

    deinit {
        source.cancel()
    }
}
