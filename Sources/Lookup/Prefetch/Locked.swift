import Synchronization

/// A value behind a lock, shareable by reference (a `Mutex` itself cannot be
/// captured by escaping closures): the prefetcher's shared counters, and the
/// CLI's progress and signal state around it.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { try body(&$0) }
    }

    public var value: Value { mutex.withLock { $0 } }
}
