import Foundation
import Synchronization

/// A clock that moves only when a test says so: handed to the HTTP cache,
/// the in-memory responses and the store as their `now`, it lets a test
/// make a copy expire or an entry's last use move on without sleeping.
public final class TestClock: Sendable {
    private let current: Mutex<Date>

    /// Starts at a fixed, recent time, so that what a test sees does not
    /// depend on when it runs.
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        current = Mutex(start)
    }

    /// The time now, for a `now:` parameter.
    public var now: @Sendable () -> Date { { self.current.withLock { $0 } } }

    public func advance(by seconds: TimeInterval) {
        current.withLock { $0.addTimeInterval(seconds) }
    }
}
