import Logging
import Synchronization

/// A warning said at most once per interval: a full disk fails every write,
/// and one line a minute says so as well as a thousand would.
final class ThrottledWarning: Sendable {
    private let logger: Logger
    private let interval: Duration
    private let last = Mutex<ContinuousClock.Instant?>(nil)

    init(logger: Logger, interval: Duration = .seconds(60)) {
        self.logger = logger
        self.interval = interval
    }

    func warn(_ message: String) {
        let now = ContinuousClock.now
        let due = last.withLock { last in
            guard last.map({ now - $0 >= interval }) ?? true else { return false }
            last = now
            return true
        }
        if due { logger.warning("\(message)") }
    }
}
