import Foundation

/// A task executor with one thread of its own.
///
/// Swift Testing runs every suite of the package in parallel on the shared
/// cooperative pool, and CPU-bound suites elsewhere can hold both of its
/// threads for tens of seconds. A test that bounds how long something takes
/// ("fails fast", "does not block") runs its body here, so that the bound
/// measures the client and not the pool's backlog.
final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopping = false

    init() {
        let thread = Thread { [self] in run() }
        thread.name = "test-executor"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once it has run every job it was given.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Runs `body` (and the child tasks it starts) on a `ThreadExecutor`.
func onOwnThread<T: Sendable>(_ body: (ThreadExecutor) async throws -> T) async throws -> T {
    let executor = ThreadExecutor()
    defer { executor.stop() }
    return try await withTaskExecutorPreference(executor) { try await body(executor) }
}
